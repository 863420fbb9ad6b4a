import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { removeMargin, type MarginMethod } from './index';

// Markets of 2 to 40 outcomes: fair probabilities scaled to a book of 80% to 150%, plus wide ones.
const market = fc.oneof(
  fc
    .tuple(
      fc.array(fc.double({ min: 0.01, max: 1, noNaN: true }), { minLength: 2, maxLength: 40 }),
      fc.double({ min: 0.8, max: 1.5, noNaN: true }),
    )
    .map(([w, book]) => {
      const total = w.reduce((a, b) => a + b, 0);
      return w.map((x) => Math.min(1e6, Math.max(1.0001, total / (x * book))));
    }),
  fc.array(fc.double({ min: 1, max: 1e6, minExcluded: true, noNaN: true }), { minLength: 2, maxLength: 40 }),
);
// The defining laws of power and odds-ratio are checked on prices from 1.001 to 10000: closer to 1
// the check itself (the log of a probability within 1e-9 of 1, or p / (1 − p) there) cannot be
// computed accurately in doubles, whatever the method did.
const conditioned = fc.array(fc.double({ min: 1.001, max: 1e4, noNaN: true }), { minLength: 2, maxLength: 40 });
const METHODS: MarginMethod[] = ['multiplicative', 'additive', 'power', 'shin', 'odds-ratio'];
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const RUNS = { numRuns: 400 };

describe('margin removal laws', () => {
  for (const method of METHODS) {
    it(`margin-free probabilities sum to 1 and lie in [0, 1]: ${method}`, () => {
      fc.assert(
        fc.property(market, (odds) => {
          const p = removeMargin(odds, method);
          expect(p).toHaveLength(odds.length);
          expect(Math.abs(sum(p) - 1)).toBeLessThanOrEqual(1e-9);
          for (const x of p) {
            expect(x).toBeGreaterThanOrEqual(0);
            expect(x).toBeLessThanOrEqual(1 + 1e-12);
          }
        }),
        RUNS,
      );
    });
  }

  it('margin removal keeps the order of the prices: a shorter price never gets a smaller probability', () => {
    fc.assert(
      fc.property(market, fc.constantFrom(...METHODS), (odds, method) => {
        const p = removeMargin(odds, method);
        for (let i = 0; i < odds.length; i++)
          for (let j = 0; j < odds.length; j++)
            if ((odds[i] as number) < (odds[j] as number)) expect(p[i] as number).toBeGreaterThanOrEqual((p[j] as number) - 1e-12);
      }),
      RUNS,
    );
  });

  it('multiplicative: every fair probability is the same multiple of the implied one', () => {
    fc.assert(
      fc.property(market, (odds) => {
        const ratios = removeMargin(odds, 'multiplicative').map((p, i) => p * (odds[i] as number));
        for (const r of ratios) expect(Math.abs(r - (ratios[0] as number))).toBeLessThanOrEqual(1e-12 * (ratios[0] as number));
      }),
      RUNS,
    );
  });

  it('additive: every outcome above 0 loses the same amount of implied probability', () => {
    fc.assert(
      fc.property(market, (odds) => {
        const p = removeMargin(odds, 'additive');
        const cuts = p.flatMap((x, i) => (x > 0 ? [1 / (odds[i] as number) - x] : []));
        for (const c of cuts) expect(Math.abs(c - (cuts[0] as number))).toBeLessThanOrEqual(1e-12);
        // An outcome set to 0 could not have taken its share of the cut.
        p.forEach((x, i) => {
          if (x === 0) expect(1 / (odds[i] as number)).toBeLessThanOrEqual((cuts[0] as number) + 1e-12);
        });
      }),
      RUNS,
    );
  });

  it('power: every fair probability is the implied one to the same power', () => {
    fc.assert(
      fc.property(conditioned, (odds) => {
        // Outcomes whose probability underflowed to a subnormal carry too few digits to check.
        const k = removeMargin(odds, 'power').flatMap((p, i) => (p > 1e-290 ? [Math.log(p) / Math.log(1 / (odds[i] as number))] : []));
        for (const x of k) expect(Math.abs(x - (k[0] as number))).toBeLessThanOrEqual(1e-9 * Math.abs(k[0] as number));
      }),
      RUNS,
    );
  });

  it('odds-ratio: every outcome has the same ratio of implied odds to fair odds', () => {
    fc.assert(
      fc.property(conditioned, (odds) => {
        const ratios = removeMargin(odds, 'odds-ratio').map((p, i) => {
          const pi = 1 / (odds[i] as number);
          return pi / (1 - pi) / (p / (1 - p));
        });
        for (const r of ratios) expect(Math.abs(r - (ratios[0] as number))).toBeLessThanOrEqual(1e-8 * (ratios[0] as number));
      }),
      RUNS,
    );
  });

  it("Shin: every fair probability comes from one insider share z through Shin's equation", () => {
    fc.assert(
      fc.property(market, (odds) => {
        const pi = odds.map((o) => 1 / o);
        const book = sum(pi);
        const p = removeMargin(odds, 'shin');
        // Shin's equation solved for z from each outcome: π² / book = p(p + z(1 − p))... rearranged:
        // z = (π²/book − p²) / (p(1 − p)).
        const z = p.map((x, i) => ((pi[i] as number) ** 2 / book - x * x) / (x * (1 - x)));
        for (const x of z) expect(Math.abs(x - (z[0] as number))).toBeLessThanOrEqual(1e-7 * Math.max(1, Math.abs(z[0] as number)));
      }),
      RUNS,
    );
  });
});
