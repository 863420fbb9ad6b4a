import { describe, expect, it } from 'vitest';
import { getBrand } from '../brands';
import { MatchkitValidationError } from '../errors';
import { cheapestPlanFor, grantedCapabilities } from '../entitlements';

describe('cheapestPlanFor', () => {
  it('names the lowest plan of the primary brand that grants each tool (spec section 3 and the feature matrix)', () => {
    expect(cheapestPlanFor('primary', 'PA-CAP-006')?.name).toBe('platinum'); // oddsmatcher: every plan
    expect(cheapestPlanFor('primary', 'PA-CAP-051')?.name).toBe('diamond'); // BOG catcher
    expect(cheapestPlanFor('primary', 'MK-CAP-CASINO')?.name).toBe('diamond');
    expect(cheapestPlanFor('primary', 'PA-CAP-045')?.name).toBe('pro'); // lucky finder
    expect(cheapestPlanFor('primary', 'PA-CAP-046')?.name).toBe('pro-plus'); // steam chaser
    expect(cheapestPlanFor('primary', 'PA-CAP-048')?.name).toBe('pro-plus'); // the plan's own code
  });

  it('names the lowest plan of the secondary brand', () => {
    expect(cheapestPlanFor('secondary', 'PA-CAP-006')?.name).toBe('starter');
    expect(cheapestPlanFor('secondary', 'PA-CAP-044')?.name).toBe('advanced');
    expect(cheapestPlanFor('secondary', 'PA-CAP-044')?.paymentFormUrl).toBe('/subscribe/advanced');
    expect(cheapestPlanFor('secondary', 'PA-CAP-040')?.name).toBe('pro');
  });

  it('returns the catalogue plan object itself, with its purchase page', () => {
    const brand = getBrand('primary');
    const plan = cheapestPlanFor(brand, 'PA-CAP-051');
    expect(plan).toBe(brand.plans.find((p) => p.name === 'diamond'));
    expect(plan?.paymentFormUrl).toBe('/subscribe/diamond');
  });

  it('is undefined for a code no plan grants: the admin code, a force-tier code, an unknown code', () => {
    expect(cheapestPlanFor('primary', 'PA-CAP-028')).toBeUndefined();
    expect(cheapestPlanFor('secondary', 'PA-CAP-028')).toBeUndefined();
    expect(cheapestPlanFor('primary', 'PA-CAP-30')).toBeUndefined();
    expect(cheapestPlanFor('primary', 'XX-CAP-999')).toBeUndefined();
    // A code of the primary brand's plans that the secondary brand sells nowhere.
    expect(cheapestPlanFor('secondary', 'PA-CAP-046')).toBeUndefined();
  });

  it('refuses a value that is not a capability code, naming it', () => {
    for (const bad of ['', 'pa-cap-006', 'oddsmatcher', 42, null]) {
      expect(() => cheapestPlanFor('primary', bad as string)).toThrow(MatchkitValidationError);
    }
    expect(() => cheapestPlanFor('primary', 'oddsmatcher')).toThrow(/code/);
  });

  it('refuses an unknown brand', () => {
    expect(() => cheapestPlanFor('tertiary' as 'primary', 'PA-CAP-006')).toThrow(MatchkitValidationError);
  });

  it('agrees with grantedCapabilities: the plan it names grants the code', () => {
    const brand = getBrand('secondary');
    const plan = cheapestPlanFor(brand, 'PA-CAP-049');
    if (plan === undefined) throw new Error('no plan grants the bet builder');
    expect(grantedCapabilities(brand, plan)).toContain('PA-CAP-049');
  });
});
