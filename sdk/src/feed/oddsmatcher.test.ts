import { describe, expect, it } from 'vitest';
import { createOddsmatcher, type MarketSnapshot } from '../matching/index';
import { diffMarkets, emptyPatch } from './contract';
import { applyPatchToOddsmatcher } from './oddsmatcher';

const event = (id: string) => ({ id, sport: 'football', name: `${id} home v away`, startsAt: '2026-06-01T15:00:00.000Z' });
const market = (eventId: string) => ({
  id: `${eventId}/mo`,
  eventId,
  type: 'match-odds',
  name: 'Match Odds',
  runners: [
    { id: `${eventId}/mo/a`, name: 'Home' },
    { id: `${eventId}/mo/b`, name: 'Away' },
  ],
});
const lay = (exchange: string, selectionId: string, odds: number, places?: number) => ({
  exchange,
  selectionId,
  ...(places === undefined ? {} : { places }),
  back: null,
  lay: { odds, liquidity: 10_000 },
  commission: 0.02,
});

/** The feed at each step: prices move, a price and a market go, a place price and an event come. */
const steps: MarketSnapshot[] = [
  {
    events: [event('e1')],
    markets: [market('e1')],
    backPrices: [
      { bookmaker: 'alder-bet', selectionId: 'e1/mo/a', odds: 2.1 },
      { bookmaker: 'birch-bet', selectionId: 'e1/mo/a', odds: 2.2 },
      { bookmaker: 'alder-bet', selectionId: 'e1/mo/b', odds: 1.8 },
    ],
    exchangePrices: [lay('smarkets', 'e1/mo/a', 2.24), lay('smarkets', 'e1/mo/b', 1.86)],
  },
  {
    events: [event('e1')],
    markets: [market('e1')],
    backPrices: [
      { bookmaker: 'alder-bet', selectionId: 'e1/mo/a', odds: 2.16 },
      { bookmaker: 'alder-bet', selectionId: 'e1/mo/b', odds: 1.8 },
    ],
    exchangePrices: [lay('smarkets', 'e1/mo/a', 2.2), lay('smarkets', 'e1/mo/b', 1.86), lay('smarkets', 'e1/mo/a', 1.3, 3)],
  },
  {
    events: [event('e1'), event('e2')],
    markets: [market('e1'), market('e2')],
    backPrices: [
      { bookmaker: 'alder-bet', selectionId: 'e1/mo/a', odds: 2.16 },
      { bookmaker: 'birch-bet', selectionId: 'e2/mo/b', odds: 3.1 },
    ],
    exchangePrices: [lay('smarkets', 'e1/mo/a', 2.2), lay('smarkets', 'e2/mo/b', 3.15)],
  },
  {
    events: [event('e2')],
    markets: [market('e2')],
    backPrices: [{ bookmaker: 'birch-bet', selectionId: 'e2/mo/b', odds: 3.05 }],
    exchangePrices: [lay('smarkets', 'e2/mo/b', 3.15)],
  },
];

describe('applyPatchToOddsmatcher', () => {
  it('leaves the oddsmatcher with the rows of the feed after each patch, as a fresh load gives', () => {
    const matcher = createOddsmatcher({ limit: 100 });
    matcher.load(steps[0]);
    let rows = 0;
    for (let i = 1; i < steps.length; i++) {
      const next = steps[i] as MarketSnapshot;
      applyPatchToOddsmatcher(matcher, diffMarkets(steps[i - 1] as MarketSnapshot, next, i, 0));
      const fresh = createOddsmatcher({ limit: 100 });
      fresh.load(next);
      expect(matcher.getSnapshot()).toEqual(fresh.getSnapshot());
      rows += fresh.getSnapshot().length;
    }
    expect(rows).toBeGreaterThan(0);
  });

  it('refuses a patch with quote moves, naming resolveQuoteMoves, and applies nothing', () => {
    const matcher = createOddsmatcher({ limit: 100 });
    matcher.load(steps[0]);
    const before = matcher.getSnapshot();
    const patch = {
      ...emptyPatch(1, 0),
      upserts: { ...emptyPatch(1, 0).upserts, backPrices: [{ bookmaker: 'alder-bet', selectionId: 'e1/mo/a', odds: 9 }] },
      quoteMoves: [{ key: 'smarkets:win:e1/mo/a', back: null, lay: { odds: 5, liquidity: 10_000 }, eachWayLay: null }],
    };
    expect(() => applyPatchToOddsmatcher(matcher, patch)).toThrow(TypeError);
    expect(() => applyPatchToOddsmatcher(matcher, patch)).toThrow(/^quoteMoves: .*resolveQuoteMoves\(view, patch\)/);
    expect(matcher.getSnapshot()).toEqual(before);
    applyPatchToOddsmatcher(matcher, { ...emptyPatch(1, 0), quoteMoves: [] });
  });
});
