// Issue 24: a row's age is its oldest price's, as the provider dated it; the simulated feed's
// prices carry no date, so the finders show no age for them.
import { describe, expect, it } from 'vitest';
import type { FeedSnapshot } from '@matchkit/sdk/feed';
import type { MarketSnapshot } from '@matchkit/sdk/matching';
import { formatAge, priceTimes, rowPricesAt } from './ages';

const T = Date.parse('2026-03-02T10:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const market: MarketSnapshot = {
  events: [],
  markets: [],
  backPrices: [
    { bookmaker: 'alder-bet', selectionId: 's1', odds: 2.1, source: 'odds-api', updatedAt: iso(T - 40_000) },
    { bookmaker: 'alder-bet', selectionId: 's2', odds: 3.1, source: 'odds-api', updatedAt: iso(T - 90_000) },
    { bookmaker: 'birch-bet', selectionId: 's1', odds: 2.05 },
  ],
  exchangePrices: [
    {
      exchange: 'betfair',
      selectionId: 's1',
      back: null,
      lay: { odds: 2.14, liquidity: 1000 },
      commission: 0.05,
      updatedAt: iso(T - 2_000),
    },
    {
      exchange: 'betfair',
      selectionId: 's1',
      places: 3,
      back: null,
      lay: { odds: 1.3, liquidity: 1000 },
      commission: 0.05,
      updatedAt: iso(T - 5_000),
    },
    {
      exchange: 'betfair',
      selectionId: 's2',
      back: null,
      lay: { odds: 3.2, liquidity: 1000 },
      commission: 0.05,
      updatedAt: iso(T - 1_000),
    },
  ],
};
const snapshot = (m: MarketSnapshot): FeedSnapshot => ({ seq: 1, at: T, simulated: false, market: m });

describe('the age of a row’s prices', () => {
  const times = priceTimes(snapshot(market));
  if (times === null) throw new Error('the market has dated prices');

  it('is the oldest of the prices a back/lay row was built from', () => {
    expect(rowPricesAt({ selectionId: 's1', bookmaker: 'alder-bet', exchange: 'betfair', rating: 97 }, times)).toBe(T - 40_000);
  });

  it('reads prices named by an enclosing object (a Lucky 15 under its bookmaker) and in lists (an acca’s legs)', () => {
    const lucky = {
      bookmaker: 'alder-bet',
      selections: [
        { selectionId: 's1', exchange: 'betfair' },
        { selectionId: 's2', exchange: 'betfair' },
      ],
    };
    expect(rowPricesAt(lucky, times)).toBe(T - 90_000);
    const acca = { legs: [{ selectionId: 's1', bookmaker: 'birch-bet', exchange: 'betfair' }] };
    // birch-bet's price is undated: the exchange's (its place market's, the older) dates the row.
    expect(rowPricesAt(acca, times)).toBe(T - 5_000);
  });

  it('is unknown when none of the row’s prices is dated, and a simulated snapshot has no dated price', () => {
    expect(rowPricesAt({ selectionId: 's9', bookmaker: 'alder-bet', exchange: 'betfair' }, times)).toBeNull();
    const undated: MarketSnapshot = {
      ...market,
      backPrices: market.backPrices.map(({ source: _s, updatedAt: _u, ...p }) => p),
      exchangePrices: market.exchangePrices.map(({ source: _s, updatedAt: _u, ...p }) => p),
    };
    expect(priceTimes(snapshot(undated))).toBeNull();
  });

  it('reads in seconds, minutes, then hours', () => {
    expect([formatAge(40_400), formatAge(-5), formatAge(59_600), formatAge(3_599_000), formatAge(7_300_000)]).toEqual([
      '40 s ago',
      '0 s ago',
      '1 min ago',
      '59 min ago',
      '2 h ago',
    ]);
  });
});
