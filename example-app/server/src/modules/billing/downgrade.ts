import { downgradeOptions, type SubscriptionChange } from '@matchkit/sdk/billing';
import type { RequestContext } from '../../kernel';
import type { MutationScheduleDowngradeArgs } from '../../generated/resolvers';
import { failure } from '../module';
import { changeSubscription, type Refusal } from './change-subscription';
import { planLabel } from './offers';
import type { SubscriptionState } from './subscriptions';

/** Appends the change `make` returns to the member's current subscription, or answers its refusal. */
function change(ctx: RequestContext, make: (current: SubscriptionState) => SubscriptionChange | Refusal) {
  return changeSubscription(ctx, 'You have no subscription to change.', (current) => {
    const made = make(current);
    return 'ok' in made ? made : [...(current.input.changes ?? []), made];
  });
}

const label = (ctx: RequestContext, plan: string): string => planLabel(ctx.brand, plan);

/**
 * Mutation.scheduleDowngrade: the sdk's 'downgrade' change at this instant. The plan must be one of
 * the sdk's downgradeOptions for the plan held; the first term not yet charged is charged at its
 * price and the lower plan is held from that term's start (no refund). A cancelled subscription is
 * resumed first (CONFLICT); a plan not below the member's is BAD_INPUT naming `plan`.
 */
export function scheduleDowngrade(_: unknown, args: MutationScheduleDowngradeArgs, ctx: RequestContext) {
  return change(ctx, (current) => {
    const { status } = current;
    if (status.cancelledAt !== null) {
      return failure('CONFLICT', 'Your subscription is cancelled: resume it first to change the plan it renews on.');
    }
    const options = downgradeOptions(ctx.brand, status.plan);
    if (!options.includes(args.plan)) {
      return failure(
        'BAD_INPUT',
        options.length === 0
          ? `${label(ctx, status.plan)} is the lowest plan: there is no plan to move down to.`
          : `Choose a plan below ${label(ctx, status.plan)}: ${options.map((p) => label(ctx, p)).join(' or ')}.`,
        'plan',
      );
    }
    if (status.pendingDowngrade?.plan === args.plan) {
      return failure('CONFLICT', `Your plan already moves to ${label(ctx, args.plan)} at renewal.`);
    }
    return { type: 'downgrade', plan: args.plan, at: ctx.now };
  });
}

/** Mutation.cancelDowngrade: the sdk's 'cancel-downgrade' change: the plan held renews as before. CONFLICT when no downgrade waits. */
export function cancelDowngrade(_: unknown, __: unknown, ctx: RequestContext) {
  return change(ctx, (current) =>
    current.status.pendingDowngrade === null
      ? failure('CONFLICT', 'Your plan is not moving down, so there is nothing to take back.')
      : { type: 'cancel-downgrade', at: ctx.now },
  );
}
