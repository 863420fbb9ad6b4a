import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getBrand } from '../brands';
import { cheapestPlanFor, grantedCapabilities } from '../entitlements';

const brands = [getBrand('primary'), getBrand('secondary')];

/** Every code either catalogue mentions (plans, features, tools, admin, forced tiers). */
const catalogueCodes = [
  ...new Set(
    brands.flatMap((b) => [
      b.adminCapability,
      ...b.forcedTiers.map((f) => f.capability),
      ...b.plans.map((p) => p.capability),
      ...b.features.flatMap((f) => f.capabilities),
      ...b.tools.map((t) => t.capability),
    ]),
  ),
];

/** Codes of the catalogues and made-up codes of the right shape. */
const anyCode = fc.oneof(
  fc.constantFrom(...catalogueCodes),
  fc.tuple(fc.stringMatching(/^[A-Z][A-Z0-9]{0,3}$/), fc.stringMatching(/^[A-Z0-9]{1,4}$/)).map(([head, tail]) => `${head}-${tail}`),
);

describe('cheapestPlanFor laws', () => {
  it('the plan returned grants the code and no cheaper plan does', () => {
    fc.assert(
      fc.property(fc.constantFrom(...brands), anyCode, (brand, code) => {
        const plan = cheapestPlanFor(brand, code);
        const granting = brand.plans.filter((p) => grantedCapabilities(brand, p).includes(code));
        if (plan === undefined) {
          // undefined exactly when no plan grants the code
          expect(granting).toEqual([]);
          return;
        }
        expect(grantedCapabilities(brand, plan)).toContain(code);
        for (const other of granting) expect(other.price.monthly).toBeGreaterThanOrEqual(plan.price.monthly);
      }),
      { numRuns: 500 },
    );
  });

  it('a plan is never cheaper than the cheapest plan for any code it grants', () => {
    fc.assert(
      fc.property(fc.constantFrom(...brands), fc.nat(), (brand, i) => {
        const plan = brand.plans[i % brand.plans.length];
        if (plan === undefined) throw new Error('the brand has no plans');
        for (const code of grantedCapabilities(brand, plan)) {
          const cheapest = cheapestPlanFor(brand, code);
          expect(cheapest?.price.monthly).toBeLessThanOrEqual(plan.price.monthly);
        }
      }),
    );
  });

  it('is the same for a brand id and its catalogue', () => {
    fc.assert(
      fc.property(fc.constantFrom('primary' as const, 'secondary' as const), anyCode, (id, code) => {
        expect(cheapestPlanFor(id, code)).toBe(cheapestPlanFor(getBrand(id), code));
      }),
    );
  });
});
