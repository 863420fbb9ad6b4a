import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSimulatedFeed } from '@matchkit/app-contract/feed';
import { alertMatches, indexMarketSnapshot, twoUpLay, type AlertRule } from '@matchkit/sdk/matching';
import { layKeyOf, rateAsOf, uniformRule } from './evaluate';

type Row = Parameters<typeof alertMatches>[1];

const BOOKMAKERS = ['alder-bet', 'bet-co'];
const SPORTS = ['football', 'golf'];
const NOW = Date.parse('2026-03-02T10:00:00Z');

/** Rules of both kinds with any of their optional filters (present or left out). */
const filters = {
  bookmaker: fc.constantFrom(...BOOKMAKERS),
  sport: fc.constantFrom(...SPORTS),
  withinHours: fc.integer({ min: 1, max: 48 }),
  minLiquidity: fc.integer({ min: 0, max: 20_000 }),
  commissions: fc.dictionary(fc.constantFrom('betfair', 'smarkets'), fc.constantFrom(0, 0.02)),
};
const oddsRule = fc.record({ minRating: fc.double({ min: 80, max: 110, noNaN: true }), ...filters }, { requiredKeys: ['minRating'] });
const moneyRule = fc.record(
  { minProfit: fc.integer({ min: -500, max: 500 }), stake: fc.constantFrom(1_000, 2_500), ...filters },
  { requiredKeys: ['minProfit', 'stake'] },
);
const common = {
  bookmaker: fc.constantFrom(...BOOKMAKERS),
  sport: fc.constantFrom(...SPORTS),
  layLiquidity: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: undefined }),
  startsAt: fc.integer({ min: 0, max: 72 }).map((h) => new Date(NOW + h * 3_600_000).toISOString()),
};
const oddsRow = fc.record({ rating: fc.double({ min: 80, max: 110, noNaN: true }), ...common });
const moneyRow = fc.record({ profitOnStake: fc.integer({ min: -600, max: 600 }), stake: fc.constantFrom(1_000, 2_500), ...common });

describe('a rule made uniform (uniformRule)', () => {
  it('is matched by the sdk exactly as the rule itself, for any row of either kind', () => {
    let matched = 0;
    fc.assert(
      fc.property(fc.oneof(oddsRule, moneyRule), fc.oneof(oddsRow, moneyRow), (rule, row) => {
        const want = alertMatches(rule as AlertRule, row as Row, NOW);
        expect(alertMatches(uniformRule(rule as AlertRule), row as Row, NOW)).toBe(want);
        if (want) matched++;
      }),
      { numRuns: 4_000, seed: 23 },
    );
    // Both answers were met often (a law about rules that never match says little).
    expect(matched).toBeGreaterThan(25);
  });

  it('has, for every rule of one kind, the same keys in the same order (one shape per kind)', () => {
    fc.assert(
      fc.property(oddsRule, oddsRule, moneyRule, moneyRule, (a, b, c, d) => {
        expect(Object.keys(uniformRule(a as AlertRule))).toEqual(Object.keys(uniformRule(b as AlertRule)));
        expect(Object.keys(uniformRule(c as AlertRule))).toEqual(Object.keys(uniformRule(d as AlertRule)));
      }),
      { numRuns: 200, seed: 23 },
    );
  });
});

describe('a 2UP lay key (layKeyOf)', () => {
  const exchanges = ['betfair', 'smarkets', 'matchbook', 'betdaq', 'betconnect'];
  /** Commissions and settings from small sets, so that members often share a key with others. */
  const member = fc.record({
    commissions: fc.dictionary(fc.constantFrom(...exchanges), fc.constantFrom(0, 0.02, 0.5)),
    exchangeSettings: fc.dictionary(fc.constantFrom(...exchanges), fc.boolean()),
  });

  it('is the same for two members only when the sdk’s twoUpLay gives them the same lay', () => {
    let shared = 0;
    let sharedApart = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), member, member, (seed, a, b) => {
        const feed = createSimulatedFeed({ seed, clock: () => NOW, eventCount: 10 });
        const market = indexMarketSnapshot(feed.snapshot().market);
        const asA = rateAsOf({ rule: { minRating: 90, commissions: a.commissions }, exchangeSettings: a.exchangeSettings });
        const asB = rateAsOf({ rule: { minRating: 90, commissions: b.commissions }, exchangeSettings: b.exchangeSettings });
        for (const view of market.selections) {
          const selectionId = view.runner.id;
          if (layKeyOf(market, selectionId, asA) !== layKeyOf(market, selectionId, asB)) continue;
          shared++;
          if (asA.key !== asB.key) sharedApart++;
          const lay = (as: typeof asA) =>
            twoUpLay({ market, selectionId, commissions: as.commissions, exchangeSettings: as.exchangeSettings });
          expect(lay(asB)).toEqual(lay(asA));
        }
      }),
      { numRuns: 60, seed: 23 },
    );
    // Members whose settings differ shared a key (the key reads less than the whole settings).
    expect(shared).toBeGreaterThan(0);
    expect(sharedApart).toBeGreaterThan(0);
  });
});
