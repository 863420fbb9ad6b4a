import { trackerTotals as totalsOf } from '@matchkit/sdk/tracker';
import type { QueryTrackerTotalsArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { requireTracker } from './access';
import { readFilter } from './filter';
import { loadBets } from './queries';

/** Query.trackerTotals: the sdk's trackerTotals over the member's bets that match the filter. */
export async function trackerTotals(_: unknown, args: QueryTrackerTotalsArgs, ctx: RequestContext) {
  const userId = await requireTracker(ctx);
  return totalsOf(await loadBets(ctx.db, userId, readFilter(args.filter)));
}
