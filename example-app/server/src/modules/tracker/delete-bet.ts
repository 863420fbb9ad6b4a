import type { MutationDeleteBetArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { requireTracker } from './access';
import { deleteStoredBet } from './bets';
import { publishChanges } from './publish';

/** Mutation.deleteBet: removes one of the member's bets and returns its id. */
export async function deleteBet(_: unknown, args: MutationDeleteBetArgs, ctx: RequestContext) {
  const userId = await requireTracker(ctx);
  await deleteStoredBet(ctx.db, userId, args.id);
  await publishChanges(ctx.deps, userId, [{ change: 'deleted', id: args.id }]);
  return args.id;
}
