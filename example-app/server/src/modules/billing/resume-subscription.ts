import type { RequestContext } from '../../kernel';
import { failure } from '../module';
import { changeSubscription } from './change-subscription';

/**
 * Mutation.resumeSubscription: takes back a cancellation while the access it left still lasts. The
 * sdk's 'cancel' change is removed, so the subscription renews as if it had never been cancelled:
 * the next charge is the sdk's (the opening of the no-charge window), and a renewal pass that finds
 * that instant already past charges it at once. After access has ended there is nothing to resume
 * (the member subscribes again).
 */
export function resumeSubscription(_: unknown, __: unknown, ctx: RequestContext) {
  return changeSubscription(ctx, 'You have no subscription to resume: choose a plan to subscribe again.', (current) => {
    const changes = current.input.changes ?? [];
    const last = changes[changes.length - 1];
    if (current.status.cancelledAt === null || last?.type !== 'cancel') {
      return failure('CONFLICT', 'Your subscription is not cancelled, so there is nothing to resume.');
    }
    return changes.slice(0, -1);
  });
}
