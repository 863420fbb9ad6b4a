import { betToWire } from '@matchkit/app-contract';
import type { MutationRecordBetArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { requireTracker } from './access';
import { recordBet as record } from './bets';
import { publishChanges } from './publish';

/** Mutation.recordBet: a new open bet, its id assigned here, validated by the sdk's parseBet. */
export async function recordBet(_: unknown, args: MutationRecordBetArgs, ctx: RequestContext) {
  const userId = await requireTracker(ctx);
  const bet = await record(ctx.db, ctx.brand, userId, args.input, new Date(ctx.now));
  await publishChanges(ctx.deps, userId, [{ change: 'created', id: bet.id }]);
  return betToWire(bet);
}
