import { betToWire } from '@matchkit/app-contract';
import type { MutationSettleBetArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { requireTracker } from './access';
import { settleStoredBet } from './bets';
import { publishChanges } from './publish';

/** Mutation.settleBet: the sdk's settleBet on the stored bet; settledProfit is computed there, never taken from the client. */
export async function settleBet(_: unknown, args: MutationSettleBetArgs, ctx: RequestContext) {
  const userId = await requireTracker(ctx);
  const { id, results, settledAt } = args.input;
  const bet = await settleStoredBet(ctx.db, userId, id, { at: settledAt, results: results ?? null }, new Date(ctx.now));
  await publishChanges(ctx.deps, userId, [{ change: 'updated', id }]);
  return betToWire(bet);
}
