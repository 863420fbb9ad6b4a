import { betToWire } from '@matchkit/app-contract';
import type { QueryTrackedBetsArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { requireTracker } from './access';
import { decodeCursor, encodeCursor } from './cursor';
import { readFilter } from './filter';
import { countBets, pageOfBets } from './queries';
import { badField } from './validation';

/** The largest page a client may ask for. */
export const MAX_PAGE = 200;

/** Query.trackedBets: the member's bets, newest first by placedAt then id, in keyset pages. */
export async function trackedBets(_: unknown, args: QueryTrackedBetsArgs, ctx: RequestContext) {
  const userId = await requireTracker(ctx);
  const filter = readFilter(args.filter);
  const first = args.first ?? 50;
  if (first < 0 || first > MAX_PAGE) throw badField('first', `must be from 0 to ${MAX_PAGE}`);
  const after = args.after === undefined || args.after === null ? null : decodeCursor(args.after);
  if (after === null && args.after !== undefined && args.after !== null) throw badField('after', 'is not a cursor of this list');
  const page = await pageOfBets(ctx.db, userId, filter, first, after);
  const totalCount = await countBets(ctx.db, userId, filter);
  const last = page.bets[page.bets.length - 1];
  return {
    nodes: page.bets.map(betToWire),
    pageInfo: { endCursor: last === undefined ? null : encodeCursor(last), hasNextPage: page.hasNextPage },
    totalCount,
  };
}
