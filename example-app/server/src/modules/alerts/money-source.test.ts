import { describe, expect, it } from 'vitest';
import { createSimulatedFeed } from '@matchkit/app-contract/feed';
import type { FeedPatch } from '@matchkit/sdk/feed';
import {
  alertMatches,
  eachWayAlertRow,
  extraPlaceAlertRow,
  findEachWayCatches,
  findExtraPlaces,
  type MarketIndex,
  type MarketSnapshot,
  type MoneyAlertRule,
} from '@matchkit/sdk/matching';
import { ALERT_SOURCES, createAlertEvaluator, matchKeyOf, type ActiveAlert } from './evaluate';
import { hedgeLiquidity, racesOf, type MoneyWatchedRow } from './money-source';

const START = Date.parse('2026-03-02T10:00:00Z');

/** What a patch changed of a selection's own: a bookmaker price, a win or place lay, its market or event. */
function ownTouched(patch: FeedPatch, market: MarketSnapshot): Set<string> {
  const out = new Set<string>();
  for (const p of patch.upserts.backPrices) out.add(p.selectionId);
  for (const p of patch.upserts.exchangePrices) out.add(p.selectionId);
  const events = new Set(patch.upserts.events.map((e) => e.id));
  const markets = new Set(patch.upserts.markets.map((m) => m.id));
  for (const m of market.markets) if (markets.has(m.id) || events.has(m.eventId)) for (const r of m.runners) out.add(r.id);
  return out;
}

/** Every runner of a race one of `selections` runs in. */
function wholeRaces(selections: ReadonlySet<string>, market: MarketSnapshot): Set<string> {
  const out = new Set(selections);
  for (const m of market.markets) if (m.runners.some((r) => selections.has(r.id))) for (const r of m.runners) out.add(r.id);
  return out;
}

const tools = [
  {
    tool: 'the each-way catcher',
    source: ALERT_SOURCES.eachWayCatcher,
    // The reference: the sdk's finder afresh on the whole feed at the alert's stake and commissions.
    engine: (market: MarketIndex, rule: MoneyAlertRule): MoneyWatchedRow[] =>
      findEachWayCatches({ market, stake: rule.stake, commissions: rule.commissions, limit: 1_000 }).rows.map((r) => ({
        ...eachWayAlertRow(r, rule.stake, hedgeLiquidity(market.snapshot.exchangePrices, r, r.exchangePlaces)),
        layOdds: r.winLayOdds,
      })),
    touched: ownTouched,
  },
  {
    tool: 'the extra place catcher',
    source: ALERT_SOURCES.extraPlaceCatcher,
    engine: (market: MarketIndex, rule: MoneyAlertRule): MoneyWatchedRow[] =>
      findExtraPlaces({ market, stake: rule.stake, commissions: rule.commissions, limit: 1_000 }).rows.map((r) => ({
        ...extraPlaceAlertRow(r, rule.stake, hedgeLiquidity(market.snapshot.exchangePrices, r, r.exchangePlaces)),
        layOdds: r.winLayOdds ?? 0,
      })),
    // Its chance of an extra place reads the whole race.
    touched: (patch: FeedPatch, market: MarketSnapshot) => wholeRaces(ownTouched(patch, market), market),
  },
];

describe.each(tools)('money alerts on $tool', ({ source, engine, touched }) => {
  it('find, patch by patch, each pair the finder afresh on the whole feed at the alert’s stake and commissions finds, once', () => {
    let now = START;
    const feed = createSimulatedFeed({ seed: 9, clock: () => now, eventCount: 10 });
    const bookmakers = [
      ...new Set(
        feed
          .snapshot()
          .market.backPrices.filter((p) => p.eachWay !== undefined)
          .map((p) => p.bookmaker),
      ),
    ];
    const exchanges = [...new Set(feed.snapshot().market.exchangePrices.map((p) => p.exchange))];
    const alerts: (ActiveAlert & { rule: MoneyAlertRule })[] = [];
    for (let i = 0; i < 12; i++)
      alerts.push({
        id: `m${i}`,
        userId: `u${i % 5}`,
        rule: {
          // From a £1 loss to a 50p profit, on stakes of £2 to £50 a part.
          minProfit: -100 + 25 * (i % 7),
          stake: [200, 1000, 2500, 5000][i % 4] as number,
          ...(i % 3 === 0 ? { bookmaker: bookmakers[i % bookmakers.length] } : {}),
          ...(i % 5 === 0 ? { withinHours: 1 + (i % 48) } : {}),
          ...(i % 7 === 0 ? { minLiquidity: 1_000 * (i % 5) } : {}),
          ...(i % 4 === 1 ? { commissions: Object.fromEntries(exchanges.map((e, k) => [e, (k + i) % 3 === 0 ? 0 : 0.05])) } : {}),
        },
      });
    const evaluator = createAlertEvaluator(source());
    for (const a of alerts) evaluator.set(a);
    evaluator.load(feed.snapshot().market, feed.seq);
    const seen = new Set<string>();
    let total = 0;
    for (let i = 0; i < 15; i++) {
      now += feed.intervalMs;
      const patch = feed.tick();
      const market = feed.snapshot().market;
      const hits = evaluator.evaluate(patch, market, now).hits;
      const got = hits.map((h) => `${h.alert.id} ${h.matchKey}`);
      for (const h of hits) evaluator.markSeen(h.alert.id, [h.matchKey]);
      const near = touched(patch, market);
      const want: string[] = [];
      const figures = new Map<string, number>();
      // Only the races of touched selections: the others find nothing new.
      const racesNear = racesOf({
        ...market,
        markets: market.markets.filter((m) => m.runners.some((r) => near.has(r.id))),
      });
      // One ranking per (stake, commissions) the alerts ask for.
      const ranked = new Map<string, MoneyWatchedRow[]>();
      const rowsFor = (rule: MoneyAlertRule) => {
        const key = JSON.stringify([rule.stake, rule.commissions]);
        let rows = ranked.get(key);
        if (rows === undefined) ranked.set(key, (rows = racesNear.flatMap((race) => engine(race, rule))));
        return rows;
      };
      for (const a of alerts)
        for (const row of rowsFor(a.rule)) {
          const key = `${a.id} ${matchKeyOf(row)}`;
          if (!near.has(row.selectionId) || seen.has(key)) continue;
          if (!alertMatches(a.rule, row, now)) continue;
          want.push(key);
          figures.set(key, row.profitOnStake);
        }
      for (const k of want) seen.add(k);
      expect(got.sort()).toEqual(want.sort());
      // Each hit is the finder's own row at the alert's stake and commissions: the same figure.
      for (const h of hits) expect(h.row).toMatchObject({ profitOnStake: figures.get(`${h.alert.id} ${h.matchKey}`) });
      total += got.length;
    }
    expect(total).toBeGreaterThan(0);
  });

  it('find nothing for a threshold no row of the feed reaches, nor for a row on another stake', () => {
    let now = START;
    const feed = createSimulatedFeed({ seed: 4, clock: () => now, eventCount: 10 });
    const evaluator = createAlertEvaluator(source());
    // £1,000 of profit on a £10 stake: no each-way bet of the feed comes near.
    evaluator.set({ id: 'high', userId: 'u', rule: { minProfit: 100_000, stake: 1000 } });
    evaluator.load(feed.snapshot().market, feed.seq);
    let best = -Infinity;
    for (let i = 0; i < 8; i++) {
      now += feed.intervalMs;
      const patch = feed.tick();
      expect(evaluator.evaluate(patch, feed.snapshot().market, now).hits).toEqual([]);
      for (const race of racesOf(feed.snapshot().market))
        for (const r of engine(race, { minProfit: 0, stake: 1000 })) best = Math.max(best, r.profitOnStake);
    }
    // The finder has rows, all below the threshold.
    expect(best).toBeGreaterThan(-Infinity);
    expect(best).toBeLessThan(100_000);
  });
});
