import { describe, expect, it } from 'vitest';
import { feedPartsFor, findEachWayCatches, findPriceBoosts, indexMarketSnapshot, sliceMarketSnapshot } from '@matchkit/sdk/matching';

// One race: bet-a boosts the horse from 4 to 5 (max £10), with each-way terms; bet-b prices it at 3.9.
const race = {
  events: [{ id: 'r', sport: 'horse-racing', name: '14:30 Ascot', startsAt: '2026-06-01T13:30:00Z' }],
  markets: [
    {
      id: 'r/win',
      eventId: 'r',
      type: 'win',
      name: 'Win',
      runners: [
        { id: 'r/win/1', name: 'A' },
        { id: 'r/win/2', name: 'B' },
      ],
      exchangePlaces: 3,
    },
  ],
  backPrices: [
    { bookmaker: 'bet-a', selectionId: 'r/win/1', odds: 5, boostedFrom: 4, maxStake: 1000, eachWay: { places: 3, placeFraction: 0.2 } },
    { bookmaker: 'bet-b', selectionId: 'r/win/1', odds: 3.9, eachWay: { places: 3, placeFraction: 0.2 } },
  ],
  exchangePrices: [
    { exchange: 'smarkets', selectionId: 'r/win/1', commission: 0.02, back: null, lay: { odds: 4.2, liquidity: 50_000 } },
    { exchange: 'smarkets', selectionId: 'r/win/1', places: 3, commission: 0.02, back: null, lay: { odds: 1.9, liquidity: 50_000 } },
  ],
};

describe('boosts belong to the price boost tracker', () => {
  it('slices a boosted price, for a tool that does not read boosts, as the bookmaker’s standard price', () => {
    const slice = sliceMarketSnapshot(race, feedPartsFor(['eachWayCatcher']));
    expect(slice.backPrices[0]).toEqual({
      bookmaker: 'bet-a',
      selectionId: 'r/win/1',
      odds: 4,
      eachWay: { places: 3, placeFraction: 0.2 },
    });
    expect(slice.backPrices[1]).toBe(race.backPrices[1]);
    const tracker = sliceMarketSnapshot(race, feedPartsFor(['priceBoostTracker']));
    expect(tracker.backPrices[0]).toEqual({ bookmaker: 'bet-a', selectionId: 'r/win/1', odds: 5, boostedFrom: 4, maxStake: 1000 });
  });

  it('gives the price boost tracker the boost with its maximum stake, and the each-way catcher the standard price', () => {
    const market = indexMarketSnapshot(race);
    expect(findPriceBoosts({ market }).rows).toMatchObject([{ bookmaker: 'bet-a', backOdds: 5, boostedFrom: 4, maxStake: 1000 }]);
    const ew = findEachWayCatches({ market }).rows.filter((r) => r.bookmaker === 'bet-a');
    expect(ew.length).toBeGreaterThan(0);
    expect(ew.every((r) => r.backOdds === 4)).toBe(true);
  });
});
