import type { RequestContext } from '../../kernel';
import { requireTracker } from './access';
import { setAccount as save, type AccountKind } from './balance';

/** Mutation.setAccount: creates or updates a balance-sheet account; returns its all-time balance. */
export async function setAccount(
  _: unknown,
  args: { input: { account: string; kind: AccountKind; restricted?: boolean | null } },
  ctx: RequestContext,
) {
  const userId = await requireTracker(ctx);
  return save(ctx.db, userId, args.input);
}
