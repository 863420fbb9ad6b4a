import { affiliateLedger } from '@matchkit/sdk/referrals';
import type { QueryAffiliateEarningsArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { requireMember } from '../members/access';
import { refusal } from '../module';
import { affiliateEvents } from './commission';

/**
 * Query.affiliateEarnings: the member's affiliate earnings over [from, to) (default: all time),
 * from the sdk's affiliateLedger. The totals are the ledger through `to` less the ledger before
 * `from`; pending is the balance owed at `to`; months are the sdk's whole UK (Europe/London)
 * months that have an event in the period.
 */
export async function affiliateEarnings(_: unknown, args: QueryAffiliateEarningsArgs, ctx: RequestContext) {
  const me = await requireMember(ctx);
  const from = args.from?.getTime() ?? Number.NEGATIVE_INFINITY;
  const to = args.to?.getTime() ?? Number.POSITIVE_INFINITY;
  if (from > to) throw refusal('BAD_INPUT', 'from: must not be after to');
  const events = await affiliateEvents(ctx.db, me.user.id);
  const through = affiliateLedger(
    ctx.brand,
    events.filter((e) => (e.at as number) < to),
  );
  const before = affiliateLedger(
    ctx.brand,
    events.filter((e) => (e.at as number) < from),
  );
  const months = new Set(through.entries.filter((e) => e.at >= from).map((e) => e.month));
  return {
    commissionRate: through.commissionRate,
    total: through.total - before.total,
    earned: through.earned - before.earned,
    reversed: through.reversed - before.reversed,
    paid: through.paid - before.paid,
    pending: through.pending,
    months: through.months.filter((m) => months.has(m.month)).map((m) => ({ ...m })),
  };
}
