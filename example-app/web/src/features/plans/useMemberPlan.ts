// The plan the signed-in member holds (the sdk's planTier over their capabilities, as the account
// page reads it), or undefined for a visitor, a member without a plan or an administrator; and
// what a plan's card or column offers that member.
import { useBrand, usePlanTier } from '@matchkit/react';
import { downgradeOptions } from '@matchkit/sdk/billing';
import type { Brand } from '@matchkit/sdk/brands';
import { useSession } from '../session';

/** The name of the catalogue plan the member holds, or undefined. */
export function useMemberPlan(): string | undefined {
  const brand = useBrand();
  const { entitled } = useSession();
  const tier = usePlanTier(entitled);
  return brand.plans.find((p) => p.name === tier)?.name;
}

/**
 * What a plan offers a member holding `held`: their own plan ('own'); a plan they may move down to
 * at renewal, which is done on the account page, never bought beside the plan they pay for
 * ('move-down', the sdk's downgradeOptions); otherwise its purchase page ('choose').
 */
export function planOffer(brand: Brand, held: string | undefined, plan: string): 'own' | 'move-down' | 'choose' {
  if (held === undefined) return 'choose';
  if (plan === held) return 'own';
  return downgradeOptions(brand, held).includes(plan) ? 'move-down' : 'choose';
}
