import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getBrand } from '../../brands/brands';
import type { BrandId } from '../../brands/schema';
import { subscriptionEvents, yearlySaving, type Charge } from '../index';

const DAY = 86_400_000;

// A plan of either brand and an instant from 2025 (the primary brand's August sales) to 2030.
const planAt = fc
  .record({
    brand: fc.constantFrom<BrandId>('primary', 'secondary'),
    planIndex: fc.nat(),
    at: fc.oneof(
      fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2030, 0, 1) }),
      fc.integer({ min: Date.UTC(2025, 7, 10), max: Date.UTC(2025, 7, 20) }),
    ),
  })
  .map(({ brand, planIndex, at }) => {
    const plans = getBrand(brand).plans;
    return { brand, plan: (plans[planIndex % plans.length] as { name: string }).name, at };
  });

const charges = (brand: BrandId, plan: string, term: 'month' | 'year', at: number): Charge[] =>
  subscriptionEvents(brand, { id: 'sub_1', plan, term, startedAt: at }, at + 400 * DAY).filter((e): e is Charge => e.type === 'payment');

describe('yearlySaving laws', () => {
  it('the saving is what the timeline charges for twelve monthly terms less one yearly term bought at the same instant, or zero', () => {
    fc.assert(
      fc.property(planAt, ({ brand, plan, at }) => {
        const months = charges(brand, plan, 'month', at).filter((c) => c.termIndex <= 12);
        expect(months).toHaveLength(12);
        const [year] = charges(brand, plan, 'year', at);
        const monthly = months.reduce((sum, c) => sum + c.amount, 0);
        expect(yearlySaving(brand, plan, at)).toBe(Math.max(0, monthly - (year as Charge).amount));
      }),
      { numRuns: 60 },
    );
  });

  it('a sale never makes the saving smaller than the usual prices give', () => {
    const usual = Date.UTC(2027, 0, 15);
    fc.assert(
      fc.property(planAt, ({ brand, plan, at }) => {
        expect(yearlySaving(brand, plan, at)).toBeGreaterThanOrEqual(yearlySaving(brand, plan, usual));
      }),
    );
  });
});
