import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getBrand } from '../brands/brands';
import type { BrandId } from '../brands/schema';
import { validationPaths } from '../internal/testing/validation';
import {
  classifyRevenueChange,
  monthlyRevenueAt,
  revenueChanges,
  revenueMovements,
  subscriptionEvents,
  termPrice,
  type Charge,
  type LedgerEvent,
  type LedgerGrant,
  type RevenueChange,
  type SubscriptionInput,
} from './index';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 1);

/** Raw ledgers: payments and trials over 2026, some building on earlier payments, some refunded (as grants.prop.test.ts builds them). */
const rawLedger = fc
  .record({
    brand: fc.constantFrom<BrandId>('primary', 'secondary'),
    grants: fc.array(
      fc.record({
        trial: fc.boolean(),
        plan: fc.nat(),
        start: fc.integer({ min: 0, max: 300 }),
        days: fc.constantFrom(0, 7, 14, 28, 30, 31, 61, 62, 63, 365, 366),
        base: fc.option(fc.nat(), { nil: null }),
        early: fc.integer({ min: 0, max: 8 }),
      }),
      { maxLength: 7 },
    ),
    refunds: fc.array(fc.record({ which: fc.nat(), after: fc.integer({ min: 0, max: 90 * DAY }) }), { maxLength: 3 }),
  })
  .map(({ brand, grants, refunds }) => {
    const plans = getBrand(brand).plans;
    const entries: LedgerGrant[] = [];
    grants.forEach((g, i) => {
      const earlier = entries.filter((e) => e.type === 'payment');
      const base = !g.trial && g.base !== null && earlier.length > 0 ? (earlier[g.base % earlier.length] as LedgerGrant).id : null;
      entries.push({
        type: g.trial ? 'trial' : 'payment',
        id: `g${i}`,
        plan: (plans[g.plan % plans.length] as { name: string }).name,
        periodStart: T0 + g.start * DAY,
        periodEnd: T0 + (g.start + g.days) * DAY,
        basePaymentId: base,
        at: T0 + (g.start - g.early) * DAY,
      });
    });
    const payments = entries.filter((e) => e.type === 'payment');
    const refundEntries: LedgerEvent[] = [];
    for (const r of refunds) {
      if (payments.length === 0) break;
      const pay = payments[r.which % payments.length] as LedgerGrant;
      if (refundEntries.some((e) => e.type === 'refund' && e.paymentId === pay.id)) continue;
      refundEntries.push({ type: 'refund', paymentId: pay.id, at: (pay.at as number) + r.after });
    }
    return { brand, ledger: [...entries, ...refundEntries] as LedgerEvent[] };
  });

/** A subscription's own ledger: monthly or yearly, perhaps a trial, up to three upgrades, perhaps a cancellation, perhaps one payment refunded. */
const subscriptionLedger = fc
  .record({
    term: fc.constantFrom<'month' | 'year'>('month', 'year'),
    trial: fc.boolean(),
    startedAt: fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2027, 0, 1) }),
    gaps: fc.array(fc.integer({ min: 0, max: 200 * DAY }), { maxLength: 3 }),
    cancelAfter: fc.option(fc.integer({ min: 0, max: 500 * DAY }), { nil: null }),
    refund: fc.option(fc.record({ which: fc.nat(), after: fc.integer({ min: 0, max: 40 * DAY }) }), { nil: null }),
  })
  .map(({ term, trial, startedAt, gaps, cancelAfter, refund }) => {
    const slugs = ['platinum-upgrade', 'diamond-upgrade', 'pro-upgrade'];
    let t = startedAt + 8 * DAY;
    const changes: NonNullable<SubscriptionInput['changes']>[number][] = [
      ...gaps.map((g, i) => ({ type: 'upgrade' as const, slug: slugs[i] as string, at: (t += g) })),
    ];
    // A cancelled subscription cannot be upgraded: the cancellation comes after the last upgrade.
    if (cancelAfter !== null) changes.push({ type: 'cancel', at: t + cancelAfter });
    const sub: SubscriptionInput = { id: 'sub_1', plan: 'platinum', term, trial, startedAt, changes };
    const events = subscriptionEvents('primary', sub, startedAt + 800 * DAY);
    const payments = events.filter((e): e is Charge => e.type === 'payment');
    const refunded = refund === null ? undefined : payments[refund.which % Math.max(1, payments.length)];
    const ledger: LedgerEvent[] =
      refunded === undefined || refund === null
        ? [...events]
        : [...events, { type: 'refund', paymentId: refunded.id, at: refunded.at + refund.after }];
    return { brand: 'primary' as BrandId, ledger, events, refunded: refunded !== undefined && refund !== null };
  });

const anyLedger = fc.oneof(rawLedger, subscriptionLedger);

/** Instants to probe a ledger at: every candidate instant, a millisecond either side, and some at random. */
function probes(ledger: readonly LedgerEvent[], extra: readonly number[]): number[] {
  const xs = ledger.flatMap((e) => (e.type === 'refund' ? [e.at as number] : [e.periodStart as number, e.periodEnd as number]));
  return [...xs.flatMap((x) => [x - 1, x, x + 1]), ...extra].filter((x) => x >= 0);
}

describe('revenue laws', () => {
  it('the changes are the step function of monthlyRevenueAt: at every instant the revenue is the after of the last change at or before it', () => {
    fc.assert(
      fc.property(
        anyLedger,
        fc.array(fc.integer({ min: Date.UTC(2024, 11, 1), max: Date.UTC(2029, 0, 1) }), { maxLength: 10 }),
        ({ brand, ledger }, extra) => {
          const changes = revenueChanges(brand, ledger);
          for (const t of probes(ledger, extra)) {
            const last = changes.filter((c) => c.at <= t).at(-1);
            expect(monthlyRevenueAt(brand, ledger, t)).toBe(last?.after ?? 0);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('each change’s before is the previous change’s after (0 for the first), at strictly increasing instants, and changes something', () => {
    fc.assert(
      fc.property(anyLedger, ({ brand, ledger }) => {
        const changes = revenueChanges(brand, ledger);
        changes.forEach((c, i) => {
          const prev = changes[i - 1];
          expect(c.before).toBe(prev?.after ?? 0);
          if (prev !== undefined) expect(c.at).toBeGreaterThan(prev.at);
          expect(c.after).not.toBe(c.before);
          expect(Number.isSafeInteger(c.after) && c.after >= 0).toBe(true);
        });
      }),
      { numRuns: 150 },
    );
  });

  it('the changes do not depend on the order of the ledger', () => {
    const shuffled = rawLedger.chain((c) =>
      fc.shuffledSubarray(c.ledger, { minLength: c.ledger.length, maxLength: c.ledger.length }).map((s) => ({ ...c, shuffled: s })),
    );
    fc.assert(
      fc.property(shuffled, ({ brand, ledger, shuffled }) => {
        expect(revenueChanges(brand, shuffled)).toEqual(revenueChanges(brand, ledger));
      }),
    );
  });

  it('an unrefunded subscription is worth the recurring price of the highest plan paid for, on the term it was bought on, a twelfth of a year rounded down', () => {
    // The reference reads the term from each Charge's own `term` (not from its period) and the
    // payments in force from their periods alone (no refunds in these ledgers).
    fc.assert(
      fc.property(
        subscriptionLedger.filter((c) => !c.refunded),
        fc.array(fc.integer({ min: 0, max: 800 * DAY }), { minLength: 1, maxLength: 8 }),
        ({ brand, events }, offsets) => {
          const plans = getBrand(brand).plans.map((p) => p.name);
          const payments = events.filter((e): e is Charge => e.type === 'payment');
          const start = Math.min(...events.map((e) => e.periodStart));
          for (const t of [...offsets.map((o) => start + o), ...payments.map((p) => p.periodStart)]) {
            const inForce = payments.filter((p) => p.periodStart <= t && t < p.periodEnd);
            const top = Math.max(-1, ...inForce.map((p) => plans.indexOf(p.plan)));
            const worth = inForce
              .filter((p) => plans.indexOf(p.plan) === top)
              .map((p) => {
                const price = termPrice(brand, p.plan, { term: p.term, at: p.at });
                return p.term === 'year' ? Math.floor(price / 12) : price;
              });
            expect(monthlyRevenueAt(brand, events, t)).toBe(Math.max(0, ...worth));
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('over any window, mrrEnd = mrrStart + new + expansion - contraction - churned, with mrrStart and mrrEnd the revenue just before from and to', () => {
    fc.assert(
      fc.property(
        anyLedger,
        fc.integer({ min: Date.UTC(2024, 11, 1), max: Date.UTC(2028, 0, 1) }),
        fc.integer({ min: 0, max: 400 * DAY }),
        ({ brand, ledger }, from, length) => {
          const changes = revenueChanges(brand, ledger);
          const to = from + length;
          const m = revenueMovements(changes, from, to);
          expect(m.mrrEnd).toBe(m.mrrStart + m.new + m.expansion - m.contraction - m.churned);
          expect(m.mrrStart).toBe(monthlyRevenueAt(brand, ledger, from - 1));
          expect(m.mrrEnd).toBe(monthlyRevenueAt(brand, ledger, to - 1));
          for (const x of [m.new, m.expansion, m.contraction, m.churned]) expect(x).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('a window split in two moves what the whole window moves', () => {
    fc.assert(
      fc.property(
        anyLedger,
        fc.integer({ min: Date.UTC(2024, 11, 1), max: Date.UTC(2028, 0, 1) }),
        fc.integer({ min: 0, max: 200 * DAY }),
        fc.integer({ min: 0, max: 200 * DAY }),
        ({ brand, ledger }, from, a, b) => {
          const changes = revenueChanges(brand, ledger);
          const whole = revenueMovements(changes, from, from + a + b);
          const first = revenueMovements(changes, from, from + a);
          const second = revenueMovements(changes, from + a, from + a + b);
          expect(second.mrrStart).toBe(first.mrrEnd);
          expect({ ...whole, mrrEnd: 0 }).toEqual({
            mrrStart: first.mrrStart,
            mrrEnd: 0,
            new: first.new + second.new,
            expansion: first.expansion + second.expansion,
            contraction: first.contraction + second.contraction,
            churned: first.churned + second.churned,
          });
          expect(whole.mrrEnd).toBe(second.mrrEnd);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('a change is classified by the signs alone: from 0 new, to 0 churned, else up expansion and down contraction', () => {
    const change = fc
      .tuple(fc.integer({ min: 0, max: 200_000 }), fc.integer({ min: 0, max: 200_000 }), fc.integer({ min: 0, max: 2 ** 40 }))
      .filter(([b, a]) => a !== b)
      .map(([before, after, at]): RevenueChange => ({ at, before, after }));
    fc.assert(
      fc.property(change, (c) => {
        const expected = c.before === 0 ? 'new' : c.after === 0 ? 'churned' : c.after > c.before ? 'expansion' : 'contraction';
        expect(classifyRevenueChange(c)).toBe(expected);
      }),
    );
  });

  it('a change that changes nothing is refused, naming change.after', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200_000 }), (p) => {
        expect(validationPaths(() => classifyRevenueChange({ at: 0, before: p, after: p }))).toEqual(['change.after']);
      }),
    );
  });
});
