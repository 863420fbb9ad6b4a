// The one write behind the member's own subscription mutations (cancel, resume, downgrade and taking
// a downgrade back): under the member's billing lock, it reads the current subscription, lets the
// mutation rewrite its list of sdk changes (or refuse), has the sdk's timeline check the new list,
// and stores it, then runs the mutation's `after` in the same transaction (the cancellation queues
// its mail there). The member's access is answered after the transaction.
import { eq } from 'drizzle-orm';
import { subscriptionStatus, type SubscriptionChange } from '@matchkit/sdk/billing';
import type { Db } from '../../db/client';
import type { RequestContext } from '../../kernel';
import { subscriptions } from '../../db/schema';
import { loadMemberAccess } from '../members/access';
import { failure, requireViewer } from '../module';
import { currentSubscription, lockMember, memberSubscriptions, storedChange, type SubscriptionState } from './subscriptions';

/** A mutation's refusal, as `failure` makes it. */
export type Refusal = ReturnType<typeof failure>;

/**
 * Replaces the changes of the viewer's current subscription with what `rewrite` returns, or answers
 * its refusal; NOT_FOUND with `whenNone` when the member has no current subscription. `after` runs
 * in the transaction once the new changes are stored.
 */
export async function changeSubscription(
  ctx: RequestContext,
  whenNone: string,
  rewrite: (current: SubscriptionState) => readonly SubscriptionChange[] | Refusal,
  after?: (tx: Db, current: SubscriptionState) => Promise<void>,
): Promise<{ ok: true; error: null; user: Awaited<ReturnType<typeof loadMemberAccess>> } | Refusal> {
  const userId = requireViewer(ctx);
  const refused = await ctx.db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const current = currentSubscription(ctx.brand, await memberSubscriptions(tx, userId), ctx.now);
    if (current === null) return failure('NOT_FOUND', whenNone);
    const changes = rewrite(current);
    if (!Array.isArray(changes)) return changes as Refusal;
    subscriptionStatus(ctx.brand, { ...current.input, changes }, ctx.now);
    await tx
      .update(subscriptions)
      .set({ changes: changes.map(storedChange) })
      .where(eq(subscriptions.id, current.row.id));
    await after?.(tx, current);
    return null;
  });
  if (refused !== null) return refused;
  return { ok: true, error: null, user: await loadMemberAccess(ctx.db, ctx.brand, userId, ctx.now) };
}
