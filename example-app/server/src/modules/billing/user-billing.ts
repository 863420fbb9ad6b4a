import type { MemberAccess, RequestContext } from '../../kernel';
import { requestBilling } from './member-billing';

/** User.billing: the provider's customer id and the next charge's instant (the sdk's nextCharge), or nulls. */
export async function billing(m: MemberAccess, _: unknown, ctx: RequestContext) {
  const { current } = await requestBilling(ctx, m.user.id);
  return { customerId: m.user.customerId, nextChargeAt: current?.status.nextCharge?.at ?? null };
}
