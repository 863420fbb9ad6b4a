// Issue 20, defect 8 (select options): the oddsmatcher's and the finders' filters offered the
// feed's raw keys ("horse-racing", "over-under-2-5", "alder-bet"). Every sport, market type and
// bookmaker of the simulated feed reads as words, with no key left in the label.
import { describe, expect, it } from 'vitest';
import { createSimulatedFeed } from './feed/index';
import { findIdentifiers } from './identifiers';
import { accountLabel, marketLabel, sportLabel } from './names';

const market = createSimulatedFeed({ seed: 7, clock: () => Date.UTC(2026, 5, 1, 12) }).snapshot().market;
const keys = new Set([
  ...market.events.map((e) => e.sport),
  ...market.markets.map((m) => m.type),
  ...market.backPrices.map((p) => p.bookmaker),
  ...market.exchangePrices.map((p) => p.exchange),
]);
const names = Object.fromEntries(market.markets.map((m) => [m.type, m.name]));

describe('the feed’s keys as a member reads them', () => {
  it('worked: a sport, a bookmaker, a market type', () => {
    expect(sportLabel('horse-racing')).toBe('Horse racing');
    expect(accountLabel('alder-bet')).toBe('Alder Bet');
    expect(marketLabel('over-under-2-5', { 'over-under-2-5': 'Over/Under 2.5 Goals' })).toBe('Over/Under 2.5 Goals');
  });

  it('no label of the simulated feed shows a key', () => {
    const labels = [
      ...new Set(market.events.map((e) => sportLabel(e.sport))),
      ...new Set(market.markets.map((m) => marketLabel(m.type, names))),
      ...new Set(market.backPrices.map((p) => accountLabel(p.bookmaker))),
    ];
    expect(labels.length).toBeGreaterThan(5);
    expect(labels.flatMap((l) => findIdentifiers(l, keys))).toEqual([]);
  });
});
