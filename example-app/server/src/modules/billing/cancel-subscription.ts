import { londonDate } from '@matchkit/app-contract';
import type { RequestContext } from '../../kernel';
import { failure } from '../module';
import { changeSubscription } from './change-subscription';

/**
 * Mutation.cancelSubscription: appends the sdk's 'cancel' change at this instant. Access lasts to
 * the end of what was paid (a trial to its end) and nothing more is charged; a renewal already
 * taken at the start of the no-charge window stays paid.
 */
export function cancelSubscription(_: unknown, __: unknown, ctx: RequestContext) {
  return changeSubscription(ctx, 'You have no subscription to cancel.', (current) =>
    current.status.cancelledAt !== null
      ? failure(
          'CONFLICT',
          `Your subscription is cancelled already; you keep your plan until ${londonDate(current.status.accessEndsAt ?? current.status.endsAt)}.`,
        )
      : [...(current.input.changes ?? []), { type: 'cancel', at: ctx.now }],
  );
}
