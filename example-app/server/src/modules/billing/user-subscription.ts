import type { MemberAccess, RequestContext } from '../../kernel';
import { requestBilling } from './member-billing';

/**
 * User.subscription: the member's current subscription (the sdk's subscriptionStatus at the
 * request's instant), or null when none is in force. isLegacy is false: this server sells no
 * legacy prices.
 */
export async function subscription(m: MemberAccess, _: unknown, ctx: RequestContext) {
  const { current } = await requestBilling(ctx, m.user.id);
  if (current === null) return null;
  return { billingTerm: current.input.term, isTrial: current.status.state === 'trial', isLegacy: false, endsAt: current.status.endsAt };
}
