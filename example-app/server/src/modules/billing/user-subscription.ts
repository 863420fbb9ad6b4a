import type { MemberAccess, RequestContext } from '../../kernel';
import { requestBilling } from './member-billing';
import type { StoredChange } from './subscriptions';

/** What made the latest cancel: its stored cause (a refund or a chargeback), else the member. */
export function cancellerOf(changes: readonly StoredChange[]): 'member' | 'refund' | 'chargeback' {
  const cancel = [...changes].reverse().find((c) => c.type === 'cancel');
  return cancel !== undefined && 'cause' in cancel && cancel.cause !== undefined ? cancel.cause : 'member';
}

/**
 * User.subscription: the member's current subscription (the sdk's subscriptionStatus at the
 * request's instant), or null when none is in force. isLegacy is false: this server sells no
 * legacy prices. cancelledAt and paymentFailedAt tell apart the two reasons a subscription stops
 * renewing (the member cancelled, which they may take back; a charge failed, which they may not);
 * pendingDowngrade is the move to a lower plan waiting for its term.
 */
export async function subscription(m: MemberAccess, _: unknown, ctx: RequestContext) {
  const { current } = await requestBilling(ctx, m.user.id);
  if (current === null) return null;
  const { status } = current;
  return {
    billingTerm: current.input.term,
    isTrial: status.state === 'trial',
    isLegacy: false,
    endsAt: status.endsAt,
    cancelledAt: status.cancelledAt,
    cancelledBy: status.cancelledAt === null ? null : cancellerOf(current.row.changes),
    paymentFailedAt: status.paymentFailedAt,
    pendingDowngrade:
      status.pendingDowngrade === null
        ? null
        : { plan: status.pendingDowngrade.plan, startsAt: status.pendingDowngrade.at, chargedAt: status.pendingDowngrade.chargedAt },
  };
}
