import type { MutationAddBalanceEntryArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { requireTracker } from './access';
import { addBalanceEntry as add } from './balance';

/** Mutation.addBalanceEntry: a deposit, withdrawal, bonus or adjustment, validated by the sdk. */
export async function addBalanceEntry(_: unknown, args: MutationAddBalanceEntryArgs, ctx: RequestContext) {
  const userId = await requireTracker(ctx);
  return add(ctx.db, userId, args.input);
}
