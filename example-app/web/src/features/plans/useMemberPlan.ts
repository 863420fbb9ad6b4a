// The plan the signed-in member holds (the sdk's planTier over their capabilities, as the account
// page reads it), or undefined for a visitor, a member without a plan or an administrator.
import { useBrand, usePlanTier } from '@matchkit/react';
import { useSession } from '../session';

/** The name of the catalogue plan the member holds, or undefined. */
export function useMemberPlan(): string | undefined {
  const brand = useBrand();
  const { entitled } = useSession();
  const tier = usePlanTier(entitled);
  return brand.plans.find((p) => p.name === tier)?.name;
}
