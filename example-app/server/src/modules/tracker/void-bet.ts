import { betToWire } from '@matchkit/app-contract';
import type { MutationVoidBetArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { requireTracker } from './access';
import { voidStoredBet } from './bets';
import { publishChanges } from './publish';

/** Mutation.voidBet: the sdk's voidBet on the stored bet. */
export async function voidBet(_: unknown, args: MutationVoidBetArgs, ctx: RequestContext) {
  const userId = await requireTracker(ctx);
  const bet = await voidStoredBet(ctx.db, userId, args.input.id, args.input.voidedAt, new Date(ctx.now));
  await publishChanges(ctx.deps, userId, [{ change: 'updated', id: bet.id }]);
  return betToWire(bet);
}
