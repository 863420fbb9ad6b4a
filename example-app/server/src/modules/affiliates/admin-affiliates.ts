// The console's affiliates page (administrators only): every affiliate with commission, each with
// their statement now by the sdk's commissionStatement (pending, under review, payable, paid: the
// same rules as the affiliate's own page and the payout check), and one affiliate's statement with
// its payments and payouts; and the affiliate programme's revenue and commission by London month.
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { commissionStatement } from '@matchkit/sdk/referrals';
import type { QueryAdminAffiliateProgrammeArgs, QueryAdminAffiliateStatementArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { affiliateEntries, users } from '../../db/schema';
import { londonDayAfter, londonMidnight, readRange } from '../analytics/funnel';
import { commissionEvents, loadCommissionStatement } from './commission';
import { requireAdmin } from './admin';
import { statementView } from './earnings';

/** Query.adminAffiliates: every member with an affiliate entry, payable first, then by the most earned. */
export async function adminAffiliates(_: unknown, __: unknown, ctx: RequestContext) {
  await requireAdmin(ctx);
  const rows = await ctx.db.select().from(affiliateEntries).orderBy(asc(affiliateEntries.at));
  const byAffiliate = new Map<string, (typeof rows)[number][]>();
  for (const r of rows) {
    const list = byAffiliate.get(r.affiliateId);
    if (list === undefined) byAffiliate.set(r.affiliateId, [r]);
    else list.push(r);
  }
  const ids = [...byAffiliate.keys()];
  const people =
    ids.length === 0
      ? []
      : await ctx.db.select({ id: users.id, email: users.email, username: users.username }).from(users).where(inArray(users.id, ids));
  const who = new Map(people.map((p) => [p.id, p]));
  return ids
    .map((id) => {
      const statement = commissionStatement(ctx.brand, commissionEvents(byAffiliate.get(id) ?? []), { at: ctx.now });
      return {
        member: id,
        email: who.get(id)?.email ?? '',
        username: who.get(id)?.username ?? '',
        referredPayments: statement.entries.length,
        total: statement.total,
        pending: statement.pending,
        underReview: statement.held,
        payable: statement.payable,
        paid: statement.paid,
      };
    })
    .sort((a, b) => b.payable - a.payable || b.total - a.total || (a.member < b.member ? -1 : 1));
}

/** Query.adminAffiliateStatement: one affiliate's statement now, every payment and payout, for administrators. */
export async function adminAffiliateStatement(_: unknown, args: QueryAdminAffiliateStatementArgs, ctx: RequestContext) {
  await requireAdmin(ctx);
  const statement = await loadCommissionStatement(ctx.db, ctx.brand, args.member, ctx.now);
  const payouts = await ctx.db
    .select({ id: affiliateEntries.id, reference: affiliateEntries.reference })
    .from(affiliateEntries)
    .where(and(eq(affiliateEntries.affiliateId, args.member), eq(affiliateEntries.kind, 'payout')));
  // Administrators see the payment's own id (members see an opaque one).
  return statementView(statement, (paymentId) => paymentId, new Map(payouts.map((p) => [p.id, p.reference])));
}

/** Query.adminAffiliateProgramme: referred members' payments and refunds, commission earned and reversed, and payouts, by London month. */
export async function adminAffiliateProgramme(_: unknown, args: QueryAdminAffiliateProgrammeArgs, ctx: RequestContext) {
  await requireAdmin(ctx);
  const { from, to } = readRange(args.from, args.to);
  const month = sql<string>`to_char(${affiliateEntries.at} at time zone 'Europe/London', 'YYYY-MM')`;
  const sum = (kind: 'payment' | 'refund' | 'payout', column: typeof affiliateEntries.amount | typeof affiliateEntries.commission) =>
    sql<number>`coalesce(sum(${column}) filter (where ${affiliateEntries.kind} = ${kind}), 0)::int`.mapWith(Number);
  const rows = await ctx.db
    .select({
      month,
      revenue: sum('payment', affiliateEntries.amount),
      commission: sum('payment', affiliateEntries.commission),
      refunded: sum('refund', affiliateEntries.amount),
      reversed: sum('refund', affiliateEntries.commission),
      paidOut: sum('payout', affiliateEntries.amount),
    })
    .from(affiliateEntries)
    .where(and(gte(affiliateEntries.at, londonMidnight(from)), lt(affiliateEntries.at, londonDayAfter(to))))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return { from, to, months: rows };
}
