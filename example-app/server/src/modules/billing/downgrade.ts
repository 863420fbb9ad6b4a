import { londonDate } from '@matchkit/app-contract';
import { downgradeOptions, type PendingDowngrade, type SubscriptionChange } from '@matchkit/sdk/billing';
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
 * A downgrade whose term the renewal has charged at the lower price stands (the sdk refuses to
 * take it back or replace it): why, in words; null while it is not charged.
 */
function stands(ctx: RequestContext, d: PendingDowngrade | null): string | null {
  if (d === null || d.chargedAt === null) return null;
  const to = label(ctx, d.plan);
  return `Your renewal on ${londonDate(d.chargedAt)} was already charged at ${to}’s price, so your plan moves to ${to} on ${londonDate(d.at)}`;
}

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
    const charged = stands(ctx, status.pendingDowngrade);
    if (charged !== null) return failure('CONFLICT', `${charged}. You can choose another plan once it starts.`);
    if (status.pendingDowngrade?.plan === args.plan) {
      return failure('CONFLICT', `Your plan already moves to ${label(ctx, args.plan)} at renewal.`);
    }
    return { type: 'downgrade', plan: args.plan, at: ctx.now };
  });
}

/**
 * Mutation.cancelDowngrade: the sdk's 'cancel-downgrade' change: the plan held renews as before.
 * CONFLICT when no downgrade waits, and once the renewal has charged its term at the lower price
 * (the member would otherwise keep the higher plan for a term paid at the lower price; an upgrade,
 * which charges the difference, is the way back up).
 */
export function cancelDowngrade(_: unknown, __: unknown, ctx: RequestContext) {
  return change(ctx, ({ status: { pendingDowngrade } }) => {
    if (pendingDowngrade === null) return failure('CONFLICT', 'Your plan is not moving down, so there is nothing to take back.');
    const charged = stands(ctx, pendingDowngrade);
    if (charged !== null) {
      return failure(
        'CONFLICT',
        `${charged} and this can no longer be taken back. You can upgrade again from then: an upgrade charges only the difference for the rest of the term.`,
      );
    }
    return { type: 'cancel-downgrade', at: ctx.now };
  });
}
