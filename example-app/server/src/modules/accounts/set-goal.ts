import type { MutationSetGoalArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { failure, requireViewer } from '../module';
import { loadMemberAccess } from '../members/access';
import { setUserGoal } from './service';
import { readGoal } from '@matchkit/sdk/accounts';

/** Mutation.setGoal: records the onboarding goal, one of the brand's goal ids (else BAD_INPUT naming `goal`). */
export async function setGoal(_: unknown, args: MutationSetGoalArgs, ctx: RequestContext) {
  const userId = requireViewer(ctx);
  const goal = readGoal(ctx.brand, args.goal);
  if (!goal.ok) return failure('BAD_INPUT', goal.message, 'goal');
  await setUserGoal(ctx.db, userId, goal.value);
  return { ok: true, error: null, user: await loadMemberAccess(ctx.db, ctx.brand, userId, ctx.now) };
}
