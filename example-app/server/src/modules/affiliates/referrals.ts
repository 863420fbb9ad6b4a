import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { commissionStatement, referralLink } from '@matchkit/sdk/referrals';
import type { RequestContext } from '../../kernel';
import { users } from '../../db/schema';
import { loadMemberAccess, requireMember } from '../members/access';
import { affiliateRows, commissionEvents, loadAffiliateLedger } from './commission';
import { earningsView, statementView } from './earnings';

/** An opaque, stable id of a referral: no member id or personal data leaves the server. */
function referralId(affiliateId: string, referredId: string): string {
  return `ref_${createHash('sha256').update(`${affiliateId}:${referredId}`).digest('base64url').slice(0, 22)}`;
}

/**
 * Query.referrals: the member's code and link (the sdk's referralLink on PUBLIC_ORIGIN), the members
 * they referred (an opaque id, when they joined, their plan now, whether they hold one, whether
 * commission on them is under review), their earnings (the sdk's affiliateLedger) and their
 * commission statement now (the sdk's commissionStatement).
 */
export async function referrals(_: unknown, __: unknown, ctx: RequestContext) {
  const me = await requireMember(ctx);
  const referred = await ctx.db
    .select({ id: users.id, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.referredBy, me.user.id))
    .orderBy(asc(users.createdAt), asc(users.id));
  const rows = await affiliateRows(ctx.db, me.user.id);
  const statement = commissionStatement(ctx.brand, commissionEvents(rows), { at: ctx.now });
  const heldPayments = new Set(statement.entries.filter((e) => e.state === 'held').map((e) => e.paymentId));
  const underReview = new Set(rows.filter((r) => heldPayments.has(r.id)).map((r) => r.referredId));
  const list = [];
  for (const r of referred) {
    const access = await loadMemberAccess(ctx.db, ctx.brand, r.id, ctx.now);
    const plans = access?.plans ?? [];
    list.push({
      id: referralId(me.user.id, r.id),
      joinedAt: r.createdAt,
      plan: plans[plans.length - 1] ?? null,
      active: plans.length > 0,
      underReview: underReview.has(r.id),
    });
  }
  return {
    referralCode: me.user.referralCode,
    referralUrl: referralLink(ctx.brand, me.user.referralCode, { origin: ctx.deps.config.publicOrigin }),
    referredCount: list.length,
    activeCount: list.filter((r) => r.active).length,
    referrals: list,
    earnings: earningsView(await loadAffiliateLedger(ctx.db, ctx.brand, me.user.id)),
    statement: statementView(statement, (paymentId) => referralId(me.user.id, paymentId), new Map(rows.map((r) => [r.id, r.reference]))),
  };
}
