import { eq } from 'drizzle-orm';
import { downgradeOptions, subscriptionStatus, type SubscriptionChange } from '@matchkit/sdk/billing';
import type { RequestContext } from '../../kernel';
import type { MutationScheduleDowngradeArgs } from '../../generated/resolvers';
import { subscriptions } from '../../db/schema';
import { loadMemberAccess } from '../members/access';
import { failure, requireViewer } from '../module';
import { planLabel } from './offers';
import { currentSubscription, lockMember, memberSubscriptions, storedChange, type SubscriptionState } from './subscriptions';

type Refusal = ReturnType<typeof failure>;

/** Appends `change` to the member's current subscription after `check` allows it; the sdk's timeline checks it again before it is stored. */
async function change(
  ctx: RequestContext,
  make: (current: SubscriptionState) => SubscriptionChange | Refusal,
): Promise<{ ok: true; error: null; user: Awaited<ReturnType<typeof loadMemberAccess>> } | Refusal> {
  const userId = requireViewer(ctx);
  const refused = await ctx.db.transaction(async (tx) => {
    await lockMember(tx, userId);
    const current = currentSubscription(ctx.brand, await memberSubscriptions(tx, userId), ctx.now);
    if (current === null) return failure('NOT_FOUND', 'You have no subscription to change.');
    const made = make(current);
    if ('ok' in made) return made;
    const changes = [...(current.input.changes ?? []), made];
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
