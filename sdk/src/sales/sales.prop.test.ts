import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getBrand } from '../brands';
import { activeSale, saleCountdown } from '../sales';

// The two sale windows of spec section 4, as inclusive millisecond ranges: the first from
// 2025-08-11 09:00 to 2025-08-17 23:59:59 UK time, the second the whole of 2025-08-18 UK time.
const WINDOWS = [
  { start: Date.parse('2025-08-11T09:00:00+01:00'), end: Date.parse('2025-08-17T23:59:59+01:00') },
  { start: Date.parse('2025-08-18T00:00:00+01:00'), end: Date.parse('2025-08-19T00:00:00+01:00') - 1 },
];

const sales = getBrand('primary').sales;
const DAY = 86_400_000;

/** Instants spread over the sale weeks, weighted towards each window's edges. */
const instant = fc.oneof(
  fc.integer({ min: (WINDOWS[0]?.start ?? 0) - 3 * DAY, max: (WINDOWS[1]?.end ?? 0) + 3 * DAY }),
  fc
    .tuple(fc.constantFrom(...WINDOWS.flatMap((w) => [w.start, w.end])), fc.integer({ min: -2000, max: 2000 }))
    .map(([edge, offset]) => edge + offset),
);

describe('sale laws', () => {
  it('a sale is active exactly between its start and end inclusive', () => {
    fc.assert(
      fc.property(instant, (t) => {
        const inside = WINDOWS.findIndex((w) => w.start <= t && t <= w.end);
        expect(activeSale('primary', t)).toBe(inside < 0 ? undefined : sales[inside]);
        WINDOWS.forEach((w, i) => {
          const sale = sales[i];
          if (sale === undefined) throw new Error(`the primary brand has no sale ${i}`);
          expect(activeSale([sale], new Date(t))).toBe(w.start <= t && t <= w.end ? sale : undefined);
        });
      }),
    );
  });

  it('the countdown\'s parts add up to the whole seconds left', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...sales), (t, sale) => {
        const c = saleCountdown(sale, t);
        const left = Math.max(0, Date.parse(sale.endDate) - t);
        expect(c.remainingMs).toBe(left);
        expect(c.ended).toBe(t > Date.parse(sale.endDate));
        expect(c.hours).toBeLessThan(24);
        expect(c.minutes).toBeLessThan(60);
        expect(c.seconds).toBeLessThan(60);
        expect(c.days * 86_400 + c.hours * 3600 + c.minutes * 60 + c.seconds).toBe(Math.floor(left / 1000));
      }),
    );
  });
});
