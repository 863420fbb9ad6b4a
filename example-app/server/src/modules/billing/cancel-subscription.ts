import { londonDate } from '@matchkit/app-contract';
import type { RequestContext } from '../../kernel';
import { failure } from '../module';
import { sendBillingMail } from './billing-mail';
import { changeSubscription } from './change-subscription';

/**
 * Mutation.cancelSubscription: appends the sdk's 'cancel' change at this instant. Access lasts to
 * the end of what was paid (a trial to its end) and nothing more is charged; a renewal already
 * taken at the start of the no-charge window stays paid. Once the change has committed, the
 * member is mailed that it is cancelled and until when they keep the plan.
 */
export async function cancelSubscription(_: unknown, __: unknown, ctx: RequestContext) {
  let cancelled: string | null = null;
  const result = await changeSubscription(ctx, 'You have no subscription to cancel.', (current) => {
    if (current.status.cancelledAt !== null)
      return failure(
        'CONFLICT',
        `Your subscription is cancelled already; you keep your plan until ${londonDate(current.status.accessEndsAt ?? current.status.endsAt)}.`,
      );
    cancelled = current.row.id;
    return [...(current.input.changes ?? []), { type: 'cancel', at: ctx.now }];
  });
  if (result.ok && cancelled !== null) await sendBillingMail(ctx.deps, [{ kind: 'cancelled', subscriptionId: cancelled, at: ctx.now }]);
  return result;
}
