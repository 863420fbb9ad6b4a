import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidationError } from '../errors/errors';
import {
  STANDARD_FRACTIONS,
  impliedProbability,
  oddsFromAmerican,
  oddsFromFractional,
  oddsFromProbability,
  toAmerican,
  toFractional,
} from './index';

const odds = fc.oneof(fc.double({ min: 1.01, max: 50, noNaN: true }), fc.double({ min: 1, max: 1e6, minExcluded: true, noNaN: true }));
const relClose = (a: number, b: number, rel = 1e-12) => Math.abs(a - b) <= rel * Math.max(Math.abs(a), Math.abs(b));
const RUNS = { numRuns: 1000 };

describe('odds conversion laws', () => {
  it('odds conversions round-trip: decimal → American → decimal', () => {
    fc.assert(
      fc.property(odds, (d) => {
        expect(relClose(oddsFromAmerican(toAmerican(d)), d)).toBe(true);
      }),
      RUNS,
    );
  });

  it('odds conversions round-trip: decimal → probability → decimal', () => {
    fc.assert(
      fc.property(odds, (d) => {
        expect(relClose(oddsFromProbability(impliedProbability(d)), d)).toBe(true);
      }),
      RUNS,
    );
  });

  it('odds conversions round-trip: American → decimal → American (evens, ±100, comes back as +100)', () => {
    expect(toAmerican(oddsFromAmerican(-100))).toBe(100);
    const american = fc.oneof(fc.double({ min: 100, max: 1e7, noNaN: true }), fc.double({ min: -1e7, max: -100.0001, noNaN: true }));
    fc.assert(
      fc.property(american, (a) => {
        expect(relClose(toAmerican(oddsFromAmerican(a)), a, 1e-9)).toBe(true);
      }),
      RUNS,
    );
  });

  it('American prices are accepted exactly when their decimal odds are in (1, 1e6]; the rest throw the typed error naming american', () => {
    // The domain worked out by hand: +a gives 1 + a/100 ≤ 1e6 for a ≤ 99,999,900; -a gives
    // 1 + 100/a, which is above 1 in doubles while 100/a > 2^-53, i.e. a < 100 × 2^53 ≈ 9.007e17.
    // Values within a hair of those two edges are left to the unit tests.
    const hi = 99_999_900;
    const lo = 100 * 2 ** 53;
    const anyAmerican = fc.oneof(
      fc.double({ min: 100, max: 2 * hi, noNaN: true }),
      fc.double({ min: -2 * lo, max: -100, noNaN: true }),
      fc.double({ min: -100, max: 100, noNaN: true }),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
    );
    fc.assert(
      fc.property(anyAmerican, (a) => {
        fc.pre(Math.abs(a - hi) > hi * 1e-12 && Math.abs(-a - lo) > lo * 1e-12);
        const inDomain = (a >= 100 && a <= hi) || (a <= -100 && -a < lo);
        let odds: number | undefined;
        let caught: unknown;
        try {
          odds = oddsFromAmerican(a);
        } catch (e) {
          caught = e;
        }
        if (inDomain) {
          expect(odds).toBeGreaterThan(1);
          expect(odds).toBeLessThanOrEqual(1e6);
        } else {
          expect(isValidationError(caught), String(a)).toBe(true);
          if (isValidationError(caught)) expect(caught.issues.map((i) => i.path)).toEqual(['american']);
        }
      }),
      RUNS,
    );
  });

  it('odds conversions round-trip: every standard fraction → decimal → fraction', () => {
    for (const f of STANDARD_FRACTIONS) expect(toFractional(oddsFromFractional(f))).toBe(f);
  });

  it('toFractional returns a standard price no further from the odds than any other standard price', () => {
    const decimals = STANDARD_FRACTIONS.map(oddsFromFractional);
    fc.assert(
      fc.property(odds, (d) => {
        const picked = oddsFromFractional(toFractional(d));
        for (const other of decimals) expect(Math.abs(picked - d)).toBeLessThanOrEqual(Math.abs(other - d));
      }),
      RUNS,
    );
  });

  it('any fraction n/d reads as 1 + n/d', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 1, max: 999 }), (n, d) => {
        expect(relClose(oddsFromFractional(`${n}/${d}`), 1 + n / d, 1e-15)).toBe(true);
      }),
      RUNS,
    );
  });
});
