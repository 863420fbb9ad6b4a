import { useBrand } from '@matchkit/react';
import { cheapestPlanFor } from '@matchkit/sdk/entitlements';
import type { Plan } from '@matchkit/sdk/model';
import type { QuickLink } from './api/quickLinks';

/** The cheapest plan that unlocks a locked link (the sdk's cheapestPlanFor), or undefined when the link is unlocked or no plan sells it. */
export function useUnlockingPlan(link: QuickLink): Plan | undefined {
  const brand = useBrand();
  if (link.unlocked || link.capability === null) return undefined;
  return cheapestPlanFor(brand, link.capability);
}
