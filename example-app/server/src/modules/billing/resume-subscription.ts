import type { CancelCause } from '../../db/schema';
import type { RequestContext } from '../../kernel';
import { failure } from '../module';
import { changeSubscription } from './change-subscription';
import { cancellerOf } from './user-subscription';

/** Why a cancellation cannot be resumed, by what made it. */
const RESUME_REFUSAL: Record<CancelCause, string> = {
  refund: 'Your payment for this subscription was refunded, so it cannot be resumed: choose a plan to subscribe again.',
  chargeback: 'Your payment for this subscription was disputed with your bank, so it cannot be resumed: choose a plan to subscribe again.',
};

/**
 * Mutation.resumeSubscription: takes back a cancellation while the access it left still lasts. The
 * sdk's 'cancel' change is removed, so the subscription renews as if it had never been cancelled:
 * the next charge is the sdk's (the opening of the no-charge window), and a renewal pass that finds
 * that instant already past charges it at once. After access has ended there is nothing to resume
 * (the member subscribes again). A cancellation a refund or a chargeback made (its stored cause) is
 * refused with the reason: that payment was taken back, so the member subscribes again.
 */
export function resumeSubscription(_: unknown, __: unknown, ctx: RequestContext) {
  return changeSubscription(ctx, 'You have no subscription to resume: choose a plan to subscribe again.', (current) => {
    const changes = current.input.changes ?? [];
    const last = changes[changes.length - 1];
    if (current.status.cancelledAt === null || last?.type !== 'cancel') {
      return failure('CONFLICT', 'Your subscription is not cancelled, so there is nothing to resume.');
    }
    // A refund or a chargeback ended it: resuming would charge that card again. The member buys again.
    const cause = cancellerOf(current.row.changes);
    if (cause !== 'member') return failure('CONFLICT', RESUME_REFUSAL[cause]);
    return changes.slice(0, -1);
  });
}
