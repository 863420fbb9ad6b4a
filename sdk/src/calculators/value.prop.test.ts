import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectedValue, kellyFraction } from './index';

const odds = fc.oneof(fc.double({ min: 1.01, max: 50, noNaN: true }), fc.double({ min: 1, max: 1e6, minExcluded: true, noNaN: true }));
const commission = fc.oneof(fc.constant(0), fc.double({ min: 0, max: 0.1, noNaN: true }));
const money = fc.oneof(fc.double({ min: 0, max: 1000, noNaN: true }), fc.double({ min: 0, max: 1e9, noNaN: true }));

describe('value laws', () => {
  it('a cash bet at its fair odds has no expected profit', () => {
    fc.assert(
      fc.property(money, odds, (stake, o) => {
        const r = expectedValue({ stake, odds: o, fairOdds: o });
        expect(Math.abs(r.expectedProfit)).toBeLessThanOrEqual(1e-9 * stake * o + 1e-12);
      }),
      { numRuns: 1000 },
    );
  });

  it('the expected profit is the stake × edge, whether the chance is given as a probability or fair odds', () => {
    fc.assert(
      fc.property(money, odds, odds, fc.constantFrom('cash', 'snr', 'sr' as const), (stake, o, fair, betType) => {
        const a = expectedValue({ stake, odds: o, fairOdds: fair, betType });
        const b = expectedValue({ stake, odds: o, probability: 1 / fair, betType });
        expect(a).toEqual(b);
        expect(Math.abs(a.expectedProfit - stake * a.edge)).toBeLessThanOrEqual(1e-12 * stake * o);
      }),
      { numRuns: 500 },
    );
  });

  it('the Kelly fraction maximises the expected log of the bankroll', () => {
    // Moderate odds and probabilities, so that the growth curve is well resolved in doubles.
    fc.assert(
      fc.property(fc.double({ min: 1.05, max: 20, noNaN: true }), fc.double({ min: 0.01, max: 0.99, noNaN: true }), commission, (o, p, k) => {
        const f = kellyFraction({ odds: o, probability: p, commission: k });
        const w = (o - 1) * (1 - k);
        const growth = (x: number) => p * Math.log(1 + x * w) + (1 - p) * Math.log(1 - x);
        fc.pre(f < 0.99);
        const g = growth(f);
        for (const d of [0.01, 0.001]) {
          if (f + d < 1) expect(growth(f + d)).toBeLessThanOrEqual(g + 1e-12);
          if (f - d >= 0) expect(growth(f - d)).toBeLessThanOrEqual(g + 1e-12);
        }
        // No stake when the edge is not positive.
        if (p * w - (1 - p) <= 0) expect(f).toBe(0);
      }),
      { numRuns: 1000 },
    );
  });
});
