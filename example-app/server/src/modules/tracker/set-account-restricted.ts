import type { MutationSetAccountRestrictedArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { requireTracker } from './access';
import { setAccountRestricted as save } from './balance';

/** Mutation.setAccountRestricted: flags a bookmaker as restricted (gubbed) or clears the flag. */
export async function setAccountRestricted(_: unknown, args: MutationSetAccountRestrictedArgs, ctx: RequestContext) {
  const userId = await requireTracker(ctx);
  return save(ctx.db, userId, args.account, args.restricted);
}
