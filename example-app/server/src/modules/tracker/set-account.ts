import type { MutationSetAccountArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { requireTracker } from './access';
import { setAccount as save } from './balance';

/** Mutation.setAccount: creates or updates a balance-sheet account; returns its all-time balance. */
export async function setAccount(_: unknown, args: MutationSetAccountArgs, ctx: RequestContext) {
  const userId = await requireTracker(ctx);
  return save(ctx.db, userId, args.input);
}
