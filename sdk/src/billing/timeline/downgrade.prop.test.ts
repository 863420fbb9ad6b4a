// Laws of a downgrade at renewal, over both brands, both terms, trials, and any instant of asking.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getBrand } from '../../brands/brands';
import { validationPaths } from '../../internal/testing/validation';
import type { BrandId } from '../../brands/schema';
import {
  capabilitiesAt,
  downgradeOptions,
  subscriptionEvents,
  subscriptionStatus,
  termPrice,
  type Charge,
  type SubscriptionInput,
} from '../index';

const DAY = 86_400_000;

/** A subscription on a plan with a lower one, and a downgrade asked at any instant of its first two years. */
const asked = fc
  .record({
    brand: fc.constantFrom<BrandId>('primary', 'secondary'),
    planIndex: fc.nat(),
    targetIndex: fc.nat(),
    term: fc.constantFrom<'month' | 'year'>('month', 'year'),
    startedAt: fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2030, 0, 1) }),
    trial: fc.boolean(),
    after: fc.integer({ min: 0, max: 700 * DAY }),
  })
  .map(({ brand, planIndex, targetIndex, term, startedAt, trial, after }) => {
    const plans = getBrand(brand)
      .plans.map((p) => p.name)
      .filter((p) => downgradeOptions(brand, p).length > 0);
    const plan = plans[planIndex % plans.length] as string;
    const options = downgradeOptions(brand, plan);
    const target = options[targetIndex % options.length] as string;
    const sub: SubscriptionInput = { id: 'sub_1', plan, term, startedAt, trial };
    return { brand, sub, target, at: startedAt + after, horizon: startedAt + after + 800 * DAY };
  });

const charges = (brand: BrandId, sub: SubscriptionInput, through: number) =>
  subscriptionEvents(brand, sub, through)
    .filter((e): e is Charge => e.type === 'payment')
    .map((c) => ({ id: c.id, plan: c.plan, amount: c.amount, at: c.at }));

describe('downgrade laws', () => {
  it('a downgrade taken back before its term is charged charges exactly what no downgrade charges; after, it is refused', () => {
    // Taken back at any instant up to two terms later: before its term's renewal charge, or after
    // it (the term then paid at the lower plan's price, so the plan held must move down with it).
    fc.assert(
      fc.property(asked, fc.integer({ min: 1, max: 400 * DAY }), ({ brand, sub, target, at, horizon }, later) => {
        const back = at + later;
        const down: SubscriptionInput = { ...sub, changes: [{ type: 'downgrade', plan: target, at }] };
        const termIndex = subscriptionStatus(brand, down, at).pendingDowngrade?.termIndex;
        const charged = charges(brand, down, horizon).find((c) => c.id === `sub_1:term-${termIndex}`);
        const withBoth: SubscriptionInput = { ...down, changes: [...(down.changes ?? []), { type: 'cancel-downgrade', at: back }] };
        if (charged === undefined || back < charged.at) {
          expect(charges(brand, withBoth, horizon)).toEqual(charges(brand, sub, horizon));
        } else {
          expect(validationPaths(() => subscriptionStatus(brand, withBoth, horizon))).toEqual(['subscription.changes.1.type']);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('a downgrade changes no charge before its term, and charges each term from it at the lower plan’s price', () => {
    fc.assert(
      fc.property(asked, ({ brand, sub, target, at, horizon }) => {
        const down: SubscriptionInput = { ...sub, changes: [{ type: 'downgrade', plan: target, at }] };
        const pending = subscriptionStatus(brand, down, at).pendingDowngrade;
        expect(pending).not.toBeNull();
        const from = pending?.termIndex ?? 0;
        const index = (id: string) => Number(/term-(\d+)$/.exec(id)?.[1]);
        const before = charges(brand, sub, horizon).filter((c) => index(c.id) < from);
        const changed = charges(brand, down, horizon);
        expect(changed.filter((c) => index(c.id) < from)).toEqual(before);
        for (const c of changed.filter((x) => index(x.id) >= from)) {
          expect(c.plan).toBe(target);
          expect(c.amount).toBe(termPrice(brand, target, { term: sub.term, at: c.at, first: index(c.id) === 1 }));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('no refund: the plan held is kept to the end of what was paid, and the lower plan is held from its term', () => {
    fc.assert(
      fc.property(asked, ({ brand, sub, target, at, horizon }) => {
        const down: SubscriptionInput = { ...sub, changes: [{ type: 'downgrade', plan: target, at }] };
        const pending = subscriptionStatus(brand, down, at).pendingDowngrade;
        const starts = pending?.at ?? 0;
        const ledger = subscriptionEvents(brand, down, horizon);
        expect(capabilitiesAt(brand, ledger, Math.max(at, starts - 1)).plans).toEqual([sub.plan]);
        expect(capabilitiesAt(brand, ledger, starts).plans).toEqual([target]);
        expect(subscriptionStatus(brand, down, starts).plan).toBe(target);
      }),
      { numRuns: 60 },
    );
  });
});
