import { eq } from 'drizzle-orm';
import { subscriptionStatus } from '@matchkit/sdk/billing';
import type { RequestContext } from '../../kernel';
import { subscriptions } from '../../db/schema';
import { loadMemberAccess } from '../members/access';
import { failure, requireViewer } from '../module';
import { currentSubscription, lockMember, memberSubscriptions, storedChange } from './subscriptions';

/**
 * Mutation.resumeSubscription: takes back a cancellation while the access it left still lasts. The
 * sdk's 'cancel' change is removed, so the subscription renews as if it had never been cancelled:
 * the next charge is the sdk's (the opening of the no-charge window), and a renewal pass that finds
 * that instant already past charges it at once. After access has ended there is nothing to resume
 * (the member subscribes again).
 */
export async function resumeSubscription(_: unknown, __: unknown, ctx: RequestContext) {
  const userId = requireViewer(ctx);
  const refused = await ctx.db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const current = currentSubscription(ctx.brand, await memberSubscriptions(tx, userId), ctx.now);
    if (current === null) return failure('NOT_FOUND', 'You have no subscription to resume: choose a plan to subscribe again.');
    const changes = current.input.changes ?? [];
    const last = changes[changes.length - 1];
    if (current.status.cancelledAt === null || last?.type !== 'cancel') {
      return failure('CONFLICT', 'Your subscription is not cancelled, so there is nothing to resume.');
    }
    const kept = changes.slice(0, -1);
    subscriptionStatus(ctx.brand, { ...current.input, changes: kept }, ctx.now);
    await tx
      .update(subscriptions)
      .set({ changes: kept.map(storedChange) })
      .where(eq(subscriptions.id, current.row.id));
    return null;
  });
  if (refused !== null) return refused;
  return { ok: true, error: null, user: await loadMemberAccess(ctx.db, ctx.brand, userId, ctx.now) };
}
