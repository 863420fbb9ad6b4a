import type { MutationChangeNameArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { requireViewer } from '../module';
import { loadMemberAccess } from '../members/access';
import { setUserName } from './service';
import { validateNameChange } from '@matchkit/sdk/accounts';
import { firstProblem } from './validation';

/** Mutation.changeName: the member's first and last name, by the sdk's name rules (BAD_INPUT naming the first bad field). */
export async function changeName(_: unknown, { input }: MutationChangeNameArgs, ctx: RequestContext) {
  const userId = requireViewer(ctx);
  const checked = validateNameChange(input);
  if (!checked.ok) return firstProblem(checked.problems);
  await setUserName(ctx.db, userId, checked.value.firstName, checked.value.lastName);
  ctx.logger.info({ userId }, 'name changed');
  return { ok: true, error: null, user: await loadMemberAccess(ctx.db, ctx.brand, userId, ctx.now) };
}
