// Query.adminMember (administrators): one member's page. The member as the list shows them (the
// sdk's planTier and memberSegment over their ledger, members-query.ts), their billing ledger with
// refunds, their receipts as issued, how many sessions are signed in now and how many members
// they referred.
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import { trackerTotals } from '@matchkit/sdk/tracker';
import type { QueryAdminMemberArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { ledger, refunds, sessions, users } from '../../db/schema';
import { receiptView } from '../billing/receipt-documents';
import { memberReceipts } from '../billing/receipts';
import { memberSummary } from './admin-members';
import { memberRecords } from './members-query';
import { requireAdmin } from './require-admin';
import { loadBets } from '../tracker/queries';

export async function adminMember(_: unknown, args: QueryAdminMemberArgs, ctx: RequestContext) {
  await requireAdmin(ctx);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, args.id)).limit(1);
  if (user === undefined) return null;
  const now = new Date(ctx.now);
  const [[record], rows, refunded, receipts, [signedIn], [referred]] = await Promise.all([
    memberRecords(ctx.db, ctx.brand, [user], ctx.now),
    ctx.db.select().from(ledger).where(eq(ledger.userId, user.id)).orderBy(desc(ledger.at), desc(ledger.id)),
    ctx.db.select().from(refunds).where(eq(refunds.userId, user.id)),
    memberReceipts(ctx.db, user.id),
    ctx.db
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, now))),
    ctx.db.select({ n: count() }).from(users).where(eq(users.referredBy, user.id)),
  ]);
  if (record === undefined) return null;
  const refundOf = new Map(refunded.map((r) => [r.paymentId, r]));
  return {
    member: memberSummary(record),
    payments: rows.map((row) => {
      const refund = refundOf.get(row.id);
      return {
        id: row.id,
        type: row.type,
        plan: row.plan,
        amount: row.amount,
        at: row.at,
        periodStart: row.periodStart,
        periodEnd: row.periodEnd,
        refunded: refund !== undefined,
        refundedAt: refund?.at ?? null,
        refundedAmount: refund?.amount ?? null,
      };
    }),
    receipts: receipts.map((r) => receiptView(ctx.brand, r)),
    emailVerifiedAt: user.emailVerifiedAt,
    activeSessions: signedIn?.n ?? 0,
    referrals: referred?.n ?? 0,
    tracker: trackerTotals(await loadBets(ctx.db, user.id)),
  };
}
