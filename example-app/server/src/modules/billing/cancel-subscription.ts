import { londonDate } from '@matchkit/app-contract';
import type { RequestContext } from '../../kernel';
import { failure } from '../module';
import { queueBillingNotices } from './billing-mail';
import { changeSubscription } from './change-subscription';

/**
 * Mutation.cancelSubscription: appends the sdk's 'cancel' change at this instant. Access lasts to
 * the end of what was paid (a trial to its end) and nothing more is charged; a renewal already
 * taken at the start of the no-charge window stays paid. The mail telling the member that it is
 * cancelled, and until when they keep the plan, is queued in the same transaction.
 */
export async function cancelSubscription(_: unknown, __: unknown, ctx: RequestContext) {
  return changeSubscription(
    ctx,
    'You have no subscription to cancel.',
    (current) => {
      if (current.status.cancelledAt !== null)
        return failure(
          'CONFLICT',
          `Your subscription is cancelled already; you keep your plan until ${londonDate(current.status.accessEndsAt ?? current.status.endsAt)}.`,
        );
      return [...(current.input.changes ?? []), { type: 'cancel', at: ctx.now }];
    },
    async (tx, current) => {
      await queueBillingNotices(ctx.deps, tx, [{ kind: 'cancelled', subscriptionId: current.row.id, at: ctx.now }]);
    },
  );
}
