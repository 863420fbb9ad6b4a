import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchRating } from '../calculators/rating';
import { MatchkitValidationError } from '../errors/errors';
import { findPriceBoosts } from './finders/priceBoostTracker';
import { race } from './finders/test-fixtures';
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

  it('law: equals the calculators’ matchRating of a qualifying bet, bit for bit', () => {
    fc.assert(
      fc.property(odds, odds, commission, (b, l, k) => {
        expect(
          Object.is(qualifyingRating(b, l, k), matchRating({ betType: 'qualifying', backOdds: b, layOdds: l, layCommission: k })),
        ).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('equals, bit for bit, the rating of the price boost tracker’s rows at their commission', () => {
    const { rows } = findPriceBoosts({ market: race(), commissions: { smarkets: 0.013 } });
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(qualifyingRating(row.backOdds, row.layOdds, row.commission)).toBe(row.rating);
  });

  it('refuses odds of 1 or less and a commission outside [0, 1), naming each argument', () => {
    try {
      qualifyingRating(Number.POSITIVE_INFINITY, 0.5, -0.01);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(MatchkitValidationError);
      expect((error as MatchkitValidationError).issues.map((i) => i.path)).toEqual(['backOdds', 'layOdds', 'commission']);
    }
  });
});
