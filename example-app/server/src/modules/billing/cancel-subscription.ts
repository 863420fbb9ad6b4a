import { eq } from 'drizzle-orm';
import { subscriptionStatus } from '@matchkit/sdk/billing';
import { londonDate } from '@matchkit/app-contract';
import type { RequestContext } from '../../kernel';
import { subscriptions } from '../../db/schema';
import { loadMemberAccess } from '../members/access';
import { failure, requireViewer } from '../module';
import { currentSubscription, lockMember, memberSubscriptions, storedChange } from './subscriptions';

/**
 * Mutation.cancelSubscription: appends the sdk's 'cancel' change at this instant. Access lasts to
 * the end of what was paid (a trial to its end) and nothing more is charged; a renewal already
 * taken at the start of the no-charge window stays paid.
 */
export async function cancelSubscription(_: unknown, __: unknown, ctx: RequestContext) {
  const userId = requireViewer(ctx);
  const refused = await ctx.db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const current = currentSubscription(ctx.brand, await memberSubscriptions(tx, userId), ctx.now);
    if (current === null) return failure('NOT_FOUND', 'You have no subscription to cancel.');
    if (current.status.cancelledAt !== null) {
      return failure(
        'CONFLICT',
        `Your subscription is cancelled already; you keep your plan until ${londonDate(current.status.accessEndsAt ?? current.status.endsAt)}.`,
      );
    }
    const changes = [...(current.input.changes ?? []), { type: 'cancel' as const, at: ctx.now }];
    subscriptionStatus(ctx.brand, { ...current.input, changes }, ctx.now);
    await tx
      .update(subscriptions)
      .set({ changes: changes.map(storedChange) })
      .where(eq(subscriptions.id, current.row.id));
    return null;
  });
  if (refused !== null) return refused;
  return { ok: true, error: null, user: await loadMemberAccess(ctx.db, ctx.brand, userId, ctx.now) };
}
