import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getBrand } from '../brands';
import { activeSale, saleCountdown } from '../sales';

// The two sale windows of spec section 4, written out by hand as half-open millisecond ranges
// [start, endExclusive): the first from 2025-08-11 09:00 UK time to the END of 2025-08-17
// 23:59:59 (that is, up to 2025-08-18 00:00), the second the whole of 2025-08-18 UK time.
const FIRST_START = Date.parse('2025-08-11T09:00:00+01:00');
const MIDNIGHT_18 = Date.parse('2025-08-18T00:00:00+01:00');
const MIDNIGHT_19 = Date.parse('2025-08-19T00:00:00+01:00');
const WINDOWS = [
  { start: FIRST_START, endExclusive: MIDNIGHT_18 },
  { start: MIDNIGHT_18, endExclusive: MIDNIGHT_19 },
];

const sales = getBrand('primary').sales;
const DAY = 86_400_000;

/** Instants spread over the sale weeks, weighted towards each window's edges. */
const instant = fc.oneof(
  fc.integer({ min: FIRST_START - 3 * DAY, max: MIDNIGHT_19 + 3 * DAY }),
  fc
    .tuple(
      fc.constantFrom(FIRST_START, MIDNIGHT_18 - 1000, MIDNIGHT_18, MIDNIGHT_19 - 1000, MIDNIGHT_19),
      fc.integer({ min: -2000, max: 2000 }),
    )
    .map(([edge, offset]) => edge + offset),
);

describe('sale laws', () => {
  it("from the first sale's start to the second sale's end exactly one sale is active at every instant, and none outside", () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: FIRST_START - 5000, max: MIDNIGHT_19 + 5000 }), instant), (t) => {
        const active = sales.filter((s) => activeSale([s], t) !== undefined);
        const inside = FIRST_START <= t && t < MIDNIGHT_19;
        expect(active).toHaveLength(inside ? 1 : 0);
        expect(activeSale('primary', t)).toBe(active[0]);
      }),
      { numRuns: 1000 },
    );
  });

  it('a sale is active exactly in its half-open window [start, end of the named second)', () => {
    fc.assert(
      fc.property(instant, (t) => {
        WINDOWS.forEach((w, i) => {
          const sale = sales[i];
          if (sale === undefined) throw new Error(`the primary brand has no sale ${i}`);
          expect(activeSale([sale], new Date(t))).toBe(w.start <= t && t < w.endExclusive ? sale : undefined);
        });
      }),
    );
  });

  it("the countdown's parts add up to the whole seconds left until the end of the named second", () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 1 }), (t, i) => {
        const sale = sales[i];
        const w = WINDOWS[i];
        if (sale === undefined || w === undefined) throw new Error(`the primary brand has no sale ${i}`);
        const c = saleCountdown(sale, t);
        const left = Math.max(0, w.endExclusive - t);
        expect(c.remainingMs).toBe(left);
        expect(c.ended).toBe(t >= w.endExclusive);
        expect(c.hours).toBeLessThan(24);
        expect(c.minutes).toBeLessThan(60);
        expect(c.seconds).toBeLessThan(60);
        expect(c.days * 86_400 + c.hours * 3600 + c.minutes * 60 + c.seconds).toBe(Math.floor(left / 1000));
      }),
    );
  });

  it('the countdown has not ended exactly while the sale is active', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 1 }), (t, i) => {
        const sale = sales[i];
        if (sale === undefined) throw new Error(`the primary brand has no sale ${i}`);
        if (t >= Date.parse(sale.startDate)) expect(saleCountdown(sale, t).ended).toBe(activeSale([sale], t) === undefined);
      }),
    );
  });
});
