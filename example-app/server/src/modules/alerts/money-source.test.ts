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
import { ALERT_SOURCES, MATCHES_PER_PATCH, createAlertEvaluator, matchKeyOf, type ActiveAlert, type WatchedRow } from './evaluate';
import { hedgeLiquidity, racesOf, type MoneyWatchedRow } from './money-source';

const START = Date.parse('2026-03-02T10:00:00Z');

/** A member's exchange settings (exchange to on/off). */
type Settings = Readonly<Record<string, boolean>>;

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
    engine: (market: MarketIndex, rule: MoneyAlertRule, exchangeSettings?: Settings): MoneyWatchedRow[] =>
      findEachWayCatches({ market, stake: rule.stake, commissions: rule.commissions, exchangeSettings, limit: 1_000 }).rows.map((r) => ({
        ...eachWayAlertRow(r, rule.stake, hedgeLiquidity(market.snapshot.exchangePrices, r, r.exchangePlaces)),
        layOdds: r.winLayOdds,
      })),
    touched: ownTouched,
  },
  {
    tool: 'the extra place catcher',
    source: ALERT_SOURCES.extraPlaceCatcher,
    engine: (market: MarketIndex, rule: MoneyAlertRule, exchangeSettings?: Settings): MoneyWatchedRow[] =>
      findExtraPlaces({ market, stake: rule.stake, commissions: rule.commissions, exchangeSettings, limit: 1_000 }).rows.map((r) => ({
        ...extraPlaceAlertRow(r, rule.stake, hedgeLiquidity(market.snapshot.exchangePrices, r, r.exchangePlaces)),
        layOdds: r.winLayOdds ?? 0,
      })),
    // Its chance of an extra place reads the whole race.
    touched: (patch: FeedPatch, market: MarketSnapshot) => wholeRaces(ownTouched(patch, market), market),
  },
];

// Each case runs the finder afresh on the whole feed at every patch: 8 to 15 s on a loaded 2-core
// machine, past the server project's 30 s when the machine is busier still.
describe.each(tools)('money alerts on $tool', { timeout: 120_000 }, ({ source, engine, touched }) => {
  it('find, patch by patch, the best pairs the finder afresh on the whole feed at the alert’s stake, commissions and exchanges finds, once', () => {
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
        // Some members switched exchanges off (one of the feed's, or all but one), or one on that is off by default.
        ...(i % 3 === 2 ? { exchangeSettings: Object.fromEntries(exchanges.map((e, k) => [e, i % 2 === 0 ? k !== 0 : k === 1])) } : {}),
        ...(i === 4 ? { exchangeSettings: { betconnect: true } } : {}),
      });
    const evaluator = createAlertEvaluator(source());
    for (const a of alerts) evaluator.set(a);
    evaluator.load(feed.snapshot().market, feed.seq);
    const seen = new Set<string>();
    let total = 0;
    let capped = 0;
    /** Hits of alerts whose member chose their exchanges. */
    let own = 0;
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
      // One ranking per (stake, commissions, exchange settings) the alerts ask for.
      const ranked = new Map<string, MoneyWatchedRow[]>();
      const rowsFor = (a: (typeof alerts)[number]) => {
        const key = JSON.stringify([a.rule.stake, a.rule.commissions, a.exchangeSettings]);
        let rows = ranked.get(key);
        if (rows === undefined) ranked.set(key, (rows = racesNear.flatMap((race) => engine(race, a.rule, a.exchangeSettings))));
        return rows;
      };
      for (const a of alerts) {
        const qualifying: { key: string; matchKey: string; profit: number }[] = [];
        for (const row of rowsFor(a)) {
          const key = `${a.id} ${matchKeyOf(row)}`;
          if (!near.has(row.selectionId) || seen.has(key)) continue;
          if (!alertMatches(a.rule, row, now)) continue;
          qualifying.push({ key, matchKey: matchKeyOf(row), profit: row.profitOnStake });
          figures.set(key, row.profitOnStake);
        }
        // At most its best MATCHES_PER_PATCH (by profit, ties by match key); the rest stay unfound.
        qualifying.sort((x, y) => y.profit - x.profit || (x.matchKey < y.matchKey ? -1 : x.matchKey > y.matchKey ? 1 : 0));
        if (qualifying.length > MATCHES_PER_PATCH) capped++;
        want.push(...qualifying.slice(0, MATCHES_PER_PATCH).map((q) => q.key));
      }
      for (const k of want) seen.add(k);
      expect(got.sort()).toEqual(want.sort());
      // Each hit is the finder's own row at the alert's stake and commissions: the same figure.
      for (const h of hits) expect(h.row).toMatchObject({ profitOnStake: figures.get(`${h.alert.id} ${h.matchKey}`) });
      total += got.length;
      own += hits.filter((h) => h.alert.exchangeSettings !== undefined).length;
    }
    // Some alert met the cap: the best-five rule was exercised.
    expect(capped).toBeGreaterThan(0);
    expect(own).toBeGreaterThan(0);
    expect(total).toBeGreaterThan(0);
  });

  it('find for alerts on two stakes, held together (the finder run once per settings), what two evaluators each holding one stake find', () => {
    let now = START;
    const feed = createSimulatedFeed({ seed: 5, clock: () => now, eventCount: 10 });
    const exchanges = [...new Set(feed.snapshot().market.exchangePrices.map((p) => p.exchange))];
    const own = Object.fromEntries(exchanges.map((e, k) => [e, k % 2 === 0 ? 0.02 : 0.05]));
    // The same settings on two stakes (£10 and £37.50 a part), thresholds from a £2 loss to a 75p profit.
    const stakes = [1000, 3750];
    const alerts: ActiveAlert[] = [];
    for (let i = 0; i < 16; i++)
      alerts.push({
        id: `s${i}`,
        userId: `u${i % 3}`,
        rule: {
          minProfit: -200 + 25 * (i % 8) * (i % 2 === 0 ? 1 : 2),
          stake: stakes[i % 2] as number,
          ...(i % 4 < 2 ? { commissions: own } : {}),
        },
      });
    const together = createAlertEvaluator(source());
    const apart = stakes.map((stake) => {
      const e = createAlertEvaluator(source());
      for (const a of alerts) if ((a.rule as MoneyAlertRule).stake === stake) e.set(a);
      return e;
    });
    for (const a of alerts) together.set(a);
    for (const e of [together, ...apart]) e.load(feed.snapshot().market, feed.seq);
    /** A hit as it is recorded: the alert, the match and what the member is shown of its figure (whole pence). */
    const shown = (h: { alert: ActiveAlert; matchKey: string; row: WatchedRow }) =>
      `${h.alert.id} ${h.matchKey} ${'profitOnStake' in h.row ? `${Math.round(h.row.profitOnStake)} on ${h.row.stake}` : 'rated'}`;
    let total = 0;
    const byStake = new Set<number>();
    for (let i = 0; i < 12; i++) {
      now += feed.intervalMs;
      const patch = feed.tick();
      const market = feed.snapshot().market;
      const got = together.evaluate(patch, market, now).hits;
      for (const h of got) together.markSeen(h.alert.id, [h.matchKey]);
      const want = apart.flatMap((e) => {
        const hits = e.evaluate(patch, market, now).hits;
        for (const h of hits) e.markSeen(h.alert.id, [h.matchKey]);
        return hits;
      });
      expect(got.map(shown).sort()).toEqual(want.map(shown).sort());
      total += got.length;
      for (const h of got) byStake.add((h.alert.rule as MoneyAlertRule).stake);
    }
    // Both stakes found matches: the one scaled from the other's ranking among them.
    expect(total).toBeGreaterThan(0);
    expect([...byStake].sort()).toEqual(stakes);
  });

  it('find at once, for an alert saved or edited, the best pairs the finder afresh on the whole feed at its stake, commissions and exchanges finds', () => {
    let now = START;
    const feed = createSimulatedFeed({ seed: 6, clock: () => now, eventCount: 10 });
    const exchanges = [...new Set(feed.snapshot().market.exchangePrices.map((p) => p.exchange))];
    const evaluator = createAlertEvaluator(source());
    evaluator.set({ id: 'held', userId: 'u0', rule: { minProfit: 0, stake: 1000 } });
    evaluator.load(feed.snapshot().market, feed.seq);
    for (let i = 0; i < 3; i++) {
      now += feed.intervalMs;
      const patch = feed.tick();
      for (const h of evaluator.evaluate(patch, feed.snapshot().market, now).hits) evaluator.markSeen(h.alert.id, [h.matchKey]);
    }
    const market = feed.snapshot().market;
    const races = racesOf(market);
    let total = 0;
    const alerts: (ActiveAlert & { rule: MoneyAlertRule })[] = [
      { id: 'n1', userId: 'u1', rule: { minProfit: -150, stake: 2500 } },
      { id: 'n2', userId: 'u2', rule: { minProfit: -40, stake: 600, commissions: Object.fromEntries(exchanges.map((e) => [e, 0.01])) } },
      { id: 'n3', userId: 'u3', rule: { minProfit: -300, stake: 1000 }, exchangeSettings: { [exchanges[0] as string]: false } },
    ];
    const seen = new Set<string>();
    const check = (a: (typeof alerts)[number]) => {
      evaluator.set(a);
      const hits = evaluator.evaluateAlert(a.id, market, feed.seq, now).hits;
      for (const h of hits) evaluator.markSeen(a.id, [h.matchKey]);
      const qualifying = races
        .flatMap((race) => engine(race, a.rule, a.exchangeSettings))
        .filter((row) => !seen.has(`${a.id} ${matchKeyOf(row)}`) && alertMatches(a.rule, row, now))
        .sort((x, y) => y.profitOnStake - x.profitOnStake || (matchKeyOf(x) < matchKeyOf(y) ? -1 : 1))
        .slice(0, MATCHES_PER_PATCH)
        .map((row) => `${a.id} ${matchKeyOf(row)}`);
      for (const k of qualifying) seen.add(k);
      expect(hits.map((h) => `${h.alert.id} ${h.matchKey}`).sort()).toEqual(qualifying.sort());
      total += hits.length;
    };
    for (const a of alerts) check(a);
    // n1 edited, its threshold down: the pairs it now reaches, never those found before.
    check({ ...(alerts[0] as (typeof alerts)[number]), rule: { minProfit: -400, stake: 2500 } });
    expect(total).toBeGreaterThan(MATCHES_PER_PATCH);
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
