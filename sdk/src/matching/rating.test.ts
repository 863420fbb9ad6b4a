import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchRating } from '../calculators/rating';
import { MatchkitValidationError } from '../errors/errors';
import { findPriceBoosts } from './finders/priceBoostTracker';
import { football, race } from './finders/test-fixtures';
import { findTwoUpMatches } from './finders/twoUp';
import { createOddsmatcher } from './oddsmatcher';
import { oddsmatchRating, qualifyingRating } from './rating';

describe('oddsmatchRating', () => {
  it('equals, bit for bit, the rating of the oddsmatcher’s row at the same commission', () => {
    const commissions = { smarkets: 0.013, betfair: 0 };
    const matcher = createOddsmatcher({ limit: 100, commissions });
    const backs = [1.37, 2.1, 3.3, 7.8, 21];
    const lays = [1.41, 2.16, 3.25, 8.2, 23.5];
    matcher.load({
      events: [{ id: 'e1', name: 'A v B', sport: 'football', startsAt: '2030-06-01T15:00:00Z' }],
      markets: [
        {
          id: 'e1/mo',
          eventId: 'e1',
          type: 'match-odds',
          name: 'Match Odds',
          runners: backs.map((_, i) => ({ id: `e1/mo/${i}`, name: `R${i}` })),
        },
      ],
      backPrices: backs.map((odds, i) => ({ bookmaker: 'bet-co', selectionId: `e1/mo/${i}`, odds })),
      exchangePrices: lays.flatMap((odds, i) =>
        ['smarkets', 'betfair', 'matchbook'].map((exchange) => ({
          exchange,
          selectionId: `e1/mo/${i}`,
          commission: 0.02,
          back: null,
          lay: { odds, liquidity: 10_000 },
        })),
      ),
    });
    const rows = matcher.getSnapshot();
    expect(rows).toHaveLength(15);
    for (const row of rows) expect(oddsmatchRating(row.backOdds, row.layOdds, row.commission)).toBe(row.rating);
  });

  it('refuses odds of 1 or less and a commission outside [0, 1), naming each argument', () => {
    try {
      oddsmatchRating(1, Number.NaN, 1);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(MatchkitValidationError);
      expect((error as MatchkitValidationError).issues.map((i) => i.path)).toEqual(['backOdds', 'layOdds', 'commission']);
    }
  });
});

describe('qualifyingRating', () => {
  const odds = fc.double({ min: 1, max: 1e6, minExcluded: true, noNaN: true });
  const commission = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });
  /** The formula as the calculators wrote it before the finders shared it, written out here: a change to either shows. */
  const written = (b: number, l: number, k: number) => (100 * (b - 0) * (1 - k)) / (l - k);

  it('law: equals the calculators’ matchRating of a qualifying bet, and the formula as written, bit for bit', () => {
    fc.assert(
      fc.property(odds, odds, commission, (b, l, k) => {
        const r = qualifyingRating(b, l, k);
        expect(Object.is(r, matchRating({ betType: 'qualifying', backOdds: b, layOdds: l, layCommission: k }))).toBe(true);
        expect(Object.is(r, written(b, l, k))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('law: refuses what matchRating refuses (odds of 1 or less, over 1,000,000 or not numbers; a commission outside [0, 1) or not a number)', () => {
    const anything = fc.oneof(
      fc.double(),
      fc.constantFrom(0, 1, 1e6, 1e6 + 1, 2e6, -0.01, 0.99, Number.NaN, Number.POSITIVE_INFINITY),
      fc.constantFrom<unknown>('0.02', '3', null, undefined, false, true, '', [], {}),
    );
    fc.assert(
      fc.property(anything, anything, anything, (b, l, k) => {
        let calculators: unknown;
        try {
          calculators = matchRating({ betType: 'qualifying', backOdds: b, layOdds: l, layCommission: k } as never);
        } catch (error) {
          calculators = error;
        }
        let finders: unknown;
        try {
          finders = qualifyingRating(b as number, l as number, k as number);
        } catch (error) {
          finders = error;
        }
        // Both refuse, or both give the same number (a layCommission absent from matchRating's input is its default: left out).
        if (k === undefined) return;
        expect(finders instanceof MatchkitValidationError).toBe(calculators instanceof MatchkitValidationError);
        if (!(finders instanceof MatchkitValidationError)) expect(Object.is(finders, calculators)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('equals, bit for bit, the rating of the price boost tracker’s and the 2UP matcher’s rows at their commission', () => {
    const boosts = findPriceBoosts({ market: race(), commissions: { smarkets: 0.013 } }).rows;
    const twoUps = findTwoUpMatches({ market: football(), commissions: { smarkets: 0.013 } }).rows;
    expect(boosts.length).toBeGreaterThan(0);
    expect(twoUps.length).toBeGreaterThan(0);
    for (const row of [...boosts, ...twoUps]) expect(qualifyingRating(row.backOdds, row.layOdds, row.commission)).toBe(row.rating);
  });

  it('refuses bad arguments, naming each', () => {
    try {
      qualifyingRating(Number.POSITIVE_INFINITY, 2e6, '0.02' as never);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(MatchkitValidationError);
      expect((error as MatchkitValidationError).issues.map((i) => [i.path, i.message])).toEqual([
        ['backOdds', 'must be decimal odds above 1'],
        ['layOdds', 'must be at most 1000000'],
        ['commission', 'must be a fraction from 0 to below 1'],
      ]);
    }
  });
});
