import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSimulatedFeed } from '@matchkit/app-contract/feed';
import { enabledExchanges } from '@matchkit/sdk/exchanges';
import type { FeedPatch } from '@matchkit/sdk/feed';
import type { oddsAlertMatches } from '@matchkit/sdk/matching';
import {
  alertFigure,
  alertMatches,
  createOddsmatcher,
  findPriceBoosts,
  findTwoUpMatches,
  oddsmatchRating,
  type MarketSnapshot,
  type OddsAlertRule,
} from '@matchkit/sdk/matching';
import {
  ALERT_SOURCES,
  commissionsKey,
  createAlertEvaluator,
  matchKeyOf,
  MATCHES_PER_PATCH,
  oddsmatcherSource,
  pairCandidates,
  pairRateKeyAt,
  priceBoostSource,
  touchedSelections,
  twoUpSource,
  type ActiveAlert,
  type AlertSource,
  type Candidates,
  type Commissions,
  type WatchedRow,
} from './evaluate';

type Row = Parameters<typeof matchKeyOf>[0] & Parameters<typeof oddsAlertMatches>[1];

/** How many times an alert had more new matches in one patch than it records (the cap took effect). */
let capped = 0;

/**
 * The reference: every alert against every touched row; per alert, its new matches (pairs not in
 * `seen`) sorted by rating, highest first, ties by match key, and the first MATCHES_PER_PATCH of
 * them kept (`seen` gains those), as `"{alert id} {match key}"`.
 */
function naiveHits(
  rows: readonly Row[],
  touched: ReadonlySet<string>,
  alerts: readonly ActiveAlert[],
  seen: Set<string>,
  now: number,
): string[] {
  const want: string[] = [];
  for (const a of alerts) {
    const qualifying: { key: string; rating: number }[] = [];
    for (const row of rows) {
      if (!touched.has(row.selectionId)) continue;
      const key = `${a.id} ${matchKeyOf(row)}`;
      if (alertMatches(a.rule, row, now) && !seen.has(key)) qualifying.push({ key, rating: row.rating });
    }
    qualifying.sort((x, y) => y.rating - x.rating || (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
    if (qualifying.length > MATCHES_PER_PATCH) capped++;
    want.push(...qualifying.slice(0, MATCHES_PER_PATCH).map((q) => q.key));
  }
  for (const k of want) seen.add(k);
  return want;
}

describe('the alert evaluator', () => {
  it('records, patch by patch, for every alert with a new match a fresh oddsmatcher on the whole feed gives it, its best MATCHES_PER_PATCH of them', () => {
    let now = Date.parse('2026-03-02T10:00:00Z');
    const feed = createSimulatedFeed({ seed: 9, clock: () => now, eventCount: 16 });
    const bookmakers = [...new Set(feed.snapshot().market.backPrices.map((p) => p.bookmaker))];
    const rules: OddsAlertRule[] = [];
    for (let i = 0; i < 60; i++)
      rules.push({
        minRating: 90 + (i % 15),
        ...(i % 3 === 0 ? { bookmaker: bookmakers[i % bookmakers.length] } : {}),
        ...(i % 4 === 0 ? { sport: ['football', 'horse-racing', 'golf'][i % 3] } : {}),
        ...(i % 5 === 0 ? { withinHours: 1 + (i % 48) } : {}),
        ...(i % 7 === 0 ? { minLiquidity: 2_000 * (i % 5) } : {}),
      });
    const alerts: ActiveAlert[] = rules.map((rule, i) => ({ id: `a${i}`, userId: `u${i % 7}`, rule }));
    const evaluator = createAlertEvaluator();
    for (const a of alerts) evaluator.set(a);
    evaluator.load(feed.snapshot().market, feed.seq);
    const seen = new Set<string>();
    let total = 0;
    let renewed = 0;
    for (let i = 0; i < 25; i++) {
      if (i === 12) {
        // An alert deleted and another saved with its rule: the new one has found nothing yet
        // (it may take the deleted one's place in the evaluator; it must not take what it found).
        const gone = alerts.splice(1, 1)[0] as ActiveAlert;
        evaluator.remove(gone.id);
        const fresh: ActiveAlert = { id: 'a-new', userId: 'u-new', rule: gone.rule };
        alerts.push(fresh);
        evaluator.set(fresh);
      }
      now += feed.intervalMs;
      const patch = feed.tick();
      const market = feed.snapshot().market;
      const got = evaluator.evaluate(patch, market, now).hits.map((h) => `${h.alert.id} ${h.matchKey}`);
      for (const h of got) evaluator.markSeen(h.split(' ')[0] as string, [h.split(' ')[1] as string]);
      // The reference: the whole feed ranked afresh, every alert against every touched row.
      const fresh = createOddsmatcher({ limit: 10_000 });
      fresh.load(market);
      const touched = touchedSelections(patch, market);
      const want = naiveHits(fresh.getSnapshot(), touched, alerts, seen, now);
      expect(got.sort()).toEqual(want.sort());
      total += got.length;
      renewed += got.filter((k) => k.startsWith('a-new ')).length;
    }
    expect(total).toBeGreaterThan(0);
    expect(renewed).toBeGreaterThan(0);
    // Some alert had more new matches in a patch than it records: the cap was tested.
    expect(capped).toBeGreaterThan(0);
  });

  // Each finder an alert may watch, against its engine run afresh on the whole feed.
  it.each([
    {
      tool: 'the price boost tracker',
      source: priceBoostSource,
      engine: (market: MarketSnapshot) => findPriceBoosts({ market, limit: 1_000 }).rows,
      lowest: 85,
    },
    {
      tool: 'the 2UP matcher',
      source: twoUpSource,
      engine: (market: MarketSnapshot) => findTwoUpMatches({ market, limit: 1_000 }).rows,
      lowest: 80,
    },
  ])(
    'records for every alert the best MATCHES_PER_PATCH of the new matches $tool finds afresh on the whole feed, each once, with its engine over the touched markets',
    ({ source, engine, lowest }) => {
      let now = Date.parse('2026-03-02T10:00:00Z');
      const feed = createSimulatedFeed({ seed: 9, clock: () => now, eventCount: 24 });
      const bookmakers = [...new Set(feed.snapshot().market.backPrices.map((p) => p.bookmaker))];
      const alerts: ActiveAlert[] = [];
      for (let i = 0; i < 30; i++)
        alerts.push({
          id: `b${i}`,
          userId: `u${i % 5}`,
          rule: {
            minRating: lowest + (i % 20),
            ...(i % 3 === 0 ? { bookmaker: bookmakers[i % bookmakers.length] } : {}),
            ...(i % 4 === 0 ? { sport: ['football', 'horse-racing', 'golf'][i % 3] } : {}),
            ...(i % 5 === 0 ? { withinHours: 1 + (i % 48) } : {}),
            ...(i % 7 === 0 ? { minLiquidity: 1_000 * (i % 5) } : {}),
          },
        });
      const evaluator = createAlertEvaluator(source());
      for (const a of alerts) evaluator.set(a);
      evaluator.load(feed.snapshot().market, feed.seq);
      const seen = new Set<string>();
      let total = 0;
      for (let i = 0; i < 40; i++) {
        now += feed.intervalMs;
        const patch = feed.tick();
        const market = feed.snapshot().market;
        const got = evaluator.evaluate(patch, market, now).hits.map((h) => `${h.alert.id} ${h.matchKey}`);
        for (const h of got) evaluator.markSeen(h.split(' ')[0] as string, [h.split(' ')[1] as string]);
        const touched = touchedSelections(patch, market);
        const want = naiveHits(engine(market), touched, alerts, seen, now);
        expect(got.sort()).toEqual(want.sort());
        total += got.length;
      }
      expect(total).toBeGreaterThan(0);
    },
  );
});

describe('one engine per tool, whatever the alerts’ commissions', () => {
  // Each tool, with its sdk engine run afresh on the whole feed at some commissions.
  type Settings = Readonly<Record<string, boolean>>;
  const tools: {
    tool: string;
    source: () => AlertSource;
    engine: (market: MarketSnapshot, commissions: Commissions, exchangeSettings: Settings) => readonly Row[];
    /** Whether its rows may lay at betconnect (off by default): the 2UP matcher's never do (no 2UP at its provider). */
    betconnect: boolean;
  }[] = [
    {
      tool: 'the oddsmatcher',
      source: oddsmatcherSource,
      engine: (market, commissions, exchangeSettings) => {
        const m = createOddsmatcher({ limit: 10_000, commissions, filters: { exchangeSettings } });
        m.load(market);
        return m.getSnapshot();
      },
      betconnect: true,
    },
    {
      tool: 'the price boost tracker',
      source: priceBoostSource,
      engine: (market, commissions, exchangeSettings) => findPriceBoosts({ market, limit: 1_000, commissions, exchangeSettings }).rows,
      betconnect: true,
    },
    {
      tool: 'the 2UP matcher',
      source: twoUpSource,
      engine: (market, commissions, exchangeSettings) => findTwoUpMatches({ market, limit: 1_000, commissions, exchangeSettings }).rows,
      betconnect: false,
    },
  ];
  const exchanges = ['betfair', 'smarkets', 'matchbook', 'betdaq', 'betconnect'];
  /** A member's own commissions: some exchanges, at rates from 0 to 0.9 (high ones move the best lay). */
  const commissionSet = fc.dictionary(
    fc.constantFrom(...exchanges),
    fc.oneof(fc.constantFrom(0, 0.01, 0.02, 0.05), fc.double({ min: 0, max: 0.9, noNaN: true })),
    {
      minKeys: 1,
    },
  );

  /** A member's exchange settings: some switched on or off (betconnect, off by default, among them). */
  const settingsOf = (pick: number): Settings | undefined =>
    pick === 0
      ? undefined
      : pick === 1
        ? { betconnect: true }
        : pick === 2
          ? { betconnect: true, smarkets: false }
          : { betfair: false, matchbook: false };

  it.each(tools)(
    'records, for $tool, for every alert the best MATCHES_PER_PATCH of the new matches its sdk engine run at the alert’s own commissions and exchanges finds (the feed’s and the defaults when none)',
    ({ source, engine, betconnect: laysAtBetconnect }) => {
      let total = 0;
      let custom = 0;
      let own = 0;
      let betconnect = 0;
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 1_000_000 }),
          fc.array(commissionSet, { minLength: 1, maxLength: 3 }),
          fc.array(
            fc.record({
              minRating: fc.double({ min: 80, max: 104, noNaN: true }),
              set: fc.integer({ min: -3, max: 2 }),
              exchanges: fc.integer({ min: -2, max: 3 }),
            }),
            {
              minLength: 1,
              maxLength: 12,
            },
          ),
          (seed, sets, picks) => {
            let now = Date.parse('2026-03-02T10:00:00Z');
            const feed = createSimulatedFeed({ seed, clock: () => now, eventCount: 10 });
            // Most alerts at the feed's commissions (a negative pick), the others at one of the sets.
            const alerts: ActiveAlert[] = picks.map((p, i) => {
              const commissions = p.set < 0 ? undefined : sets[p.set % sets.length];
              const exchangeSettings = settingsOf(Math.max(0, p.exchanges));
              return {
                id: `c${i}`,
                userId: `u${i % 4}`,
                rule: { minRating: p.minRating, ...(commissions === undefined ? {} : { commissions }) },
                ...(exchangeSettings === undefined ? {} : { exchangeSettings }),
              };
            });
            const evaluator = createAlertEvaluator(source());
            for (const a of alerts) evaluator.set(a);
            evaluator.load(feed.snapshot().market, feed.seq);
            const groups = new Map<string, { commissions: Commissions; exchangeSettings: Settings; alerts: ActiveAlert[] }>();
            for (const a of alerts) {
              const commissions = a.rule.commissions ?? {};
              const exchangeSettings = a.exchangeSettings ?? {};
              const key = `${commissionsKey(commissions)} ${JSON.stringify(exchangeSettings)}`;
              const group = groups.get(key) ?? { commissions, exchangeSettings, alerts: [] };
              group.alerts.push(a);
              groups.set(key, group);
            }
            const seen = new Set<string>();
            for (let i = 0; i < 6; i++) {
              now += feed.intervalMs;
              const patch = feed.tick();
              const market = feed.snapshot().market;
              const got = evaluator.evaluate(patch, market, now).hits.map((h) => `${h.alert.id} ${h.matchKey}`);
              for (const h of got) evaluator.markSeen(h.split(' ')[0] as string, [h.split(' ')[1] as string]);
              const touched = touchedSelections(patch, market);
              const want = [...groups.values()].flatMap((g) =>
                naiveHits(engine(market, g.commissions, g.exchangeSettings), touched, g.alerts, seen, now),
              );
              expect(got.sort()).toEqual(want.sort());
              total += got.length;
              custom += got.filter((k) => alerts.find((a) => k.startsWith(`${a.id} `))?.rule.commissions !== undefined).length;
              own += got.filter((k) => alerts.find((a) => k.startsWith(`${a.id} `))?.exchangeSettings !== undefined).length;
              betconnect += got.filter((k) => k.endsWith('|betconnect')).length;
            }
          },
        ),
        { numRuns: 8, seed: 23 },
      );
      expect(total).toBeGreaterThan(0);
      expect(custom).toBeGreaterThan(0);
      // Members with their own exchanges were told, some at an exchange off by default.
      expect(own).toBeGreaterThan(0);
      expect(betconnect > 0).toBe(laysAtBetconnect);
    },
  );

  it.each(tools)(
    'finds at once, for $tool, for an alert saved or edited (threshold down), exactly the best MATCHES_PER_PATCH new matches its sdk engine afresh on the whole feed gives that alert alone',
    ({ source, engine }) => {
      let added = 0;
      let edited = 0;
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 1_000_000 }),
          commissionSet,
          fc.record({
            minRating: fc.double({ min: 80, max: 104, noNaN: true }),
            own: fc.boolean(),
            exchanges: fc.integer({ min: 0, max: 3 }),
            bookmaker: fc.boolean(),
          }),
          fc.double({ min: 0, max: 15, noNaN: true }),
          (seed, commissions, fresh, drop) => {
            let now = Date.parse('2026-03-02T10:00:00Z');
            const feed = createSimulatedFeed({ seed, clock: () => now, eventCount: 10 });
            const evaluator = createAlertEvaluator(source());
            // Alerts held before, at the feed's commissions: the engine holds the feed at their lowest.
            const before: ActiveAlert[] = [0, 1, 2].map((i) => ({ id: `old${i}`, userId: `u${i}`, rule: { minRating: 92 + 4 * i } }));
            for (const a of before) evaluator.set(a);
            evaluator.load(feed.snapshot().market, feed.seq);
            const seen = new Set<string>();
            const reference = (market: MarketSnapshot, a: ActiveAlert, touched: ReadonlySet<string>) =>
              naiveHits(engine(market, a.rule.commissions ?? {}, a.exchangeSettings ?? {}), touched, [a], seen, now);
            const tick = () => {
              now += feed.intervalMs;
              const patch = feed.tick();
              const market = feed.snapshot().market;
              const got = evaluator.evaluate(patch, market, now).hits.map((h) => `${h.alert.id} ${h.matchKey}`);
              for (const h of got) evaluator.markSeen(h.split(' ')[0] as string, [h.split(' ')[1] as string]);
              const touched = touchedSelections(patch, market);
              expect(got.sort()).toEqual(before.flatMap((a) => reference(market, a, touched)).sort());
            };
            for (let i = 0; i < 3; i++) tick();
            const market = feed.snapshot().market;
            const every = new Set(market.markets.flatMap((m) => m.runners.map((r) => r.id)));
            const bookmaker = market.backPrices[seed % market.backPrices.length]?.bookmaker;
            const exchangeSettings = settingsOf(fresh.exchanges);
            const alert: ActiveAlert = {
              id: 'new',
              userId: 'u-new',
              rule: {
                minRating: fresh.minRating,
                ...(fresh.own ? { commissions } : {}),
                ...(fresh.bookmaker && bookmaker !== undefined ? { bookmaker } : {}),
              },
              ...(exchangeSettings === undefined ? {} : { exchangeSettings }),
            };
            // Saved: evaluated at once against the feed as it is, no patch needed.
            evaluator.set(alert);
            const got = evaluator.evaluateAlert('new', market, feed.seq, now).hits.map((h) => `${h.alert.id} ${h.matchKey}`);
            for (const h of got) evaluator.markSeen('new', [h.split(' ')[1] as string]);
            expect(got.sort()).toEqual(reference(market, alert, every).sort());
            added += got.length;
            // Edited, its threshold down: the matches now reached, never one found before.
            const old = before[2] as ActiveAlert;
            const lower: ActiveAlert = { ...old, rule: { ...old.rule, minRating: (old.rule as OddsAlertRule).minRating - drop } };
            before[2] = lower;
            evaluator.set(lower);
            const again = evaluator.evaluateAlert(lower.id, market, feed.seq, now).hits.map((h) => `${h.alert.id} ${h.matchKey}`);
            for (const h of again) evaluator.markSeen(lower.id, [h.split(' ')[1] as string]);
            expect(again.sort()).toEqual(reference(market, lower, every).sort());
            edited += again.length;
            // Patches go on as before, the new alert among the others.
            before.push(alert);
            for (let i = 0; i < 2; i++) tick();
          },
        ),
        { numRuns: 8, seed: 41 },
      );
      expect(added).toBeGreaterThan(0);
      expect(edited).toBeGreaterThan(0);
    },
  );
});

describe('what the evaluator remembers', () => {
  it.each([
    { tool: 'the oddsmatcher', source: oddsmatcherSource },
    { tool: 'the 2UP matcher', source: twoUpSource },
    { tool: 'the each-way catcher', source: ALERT_SOURCES.eachWayCatcher },
  ])('keeps no group, bucket or memo slot of $tool past the alerts that made them', ({ source }) => {
    let now = Date.parse('2026-03-02T10:00:00Z');
    const feed = createSimulatedFeed({ seed: 7, clock: () => now, eventCount: 12 });
    const evaluator = createAlertEvaluator(source());
    const money = source === ALERT_SOURCES.eachWayCatcher;
    const ruleOf = (i: number) =>
      money ? { minProfit: -10_000, stake: 100 + i } : { minRating: 0, commissions: { betfair: i / 1_000, smarkets: 0.01 } };
    const empty = evaluator.sizes();
    // One alert kept throughout, the others each at settings (and stake) of their own, in buckets of their own.
    evaluator.set({ id: 'kept', userId: 'u', rule: money ? { minProfit: -10_000, stake: 100 } : { minRating: 0 } });
    evaluator.load(feed.snapshot().market, feed.seq);
    const tick = () => {
      now += feed.intervalMs;
      const patch = feed.tick();
      for (const h of evaluator.evaluate(patch, feed.snapshot().market, now).hits) evaluator.markSeen(h.alert.id, [h.matchKey]);
    };
    for (let i = 0; i < 3; i++) tick();
    const one = evaluator.sizes();
    const bookmakers = [...new Set(feed.snapshot().market.backPrices.map((p) => p.bookmaker))];
    for (let round = 0; round < 3; round++) {
      for (let i = 1; i <= 50; i++)
        evaluator.set({ id: `a${i}`, userId: `u${i}`, rule: { ...ruleOf(round * 100 + i), bookmaker: bookmakers[i % bookmakers.length] } });
      for (let i = 0; i < 3; i++) tick();
      const many = evaluator.sizes();
      // Every kind of entry grew with them (else this test would show nothing).
      expect(many.groupKeys).toBeGreaterThan(one.groupKeys + 20);
      expect(many.rateAs).toBeGreaterThan(40);
      expect(many.buckets).toBeGreaterThan(one.buckets);
      for (let i = 1; i <= 50; i++) evaluator.remove(`a${i}`);
      for (let i = 0; i < 3; i++) tick();
      // Back to the one alert's size; the memo no larger than the most groups held at once.
      const after = evaluator.sizes();
      expect({ ...after, memoSlots: 0 }).toEqual({ ...one, memoSlots: 0 });
      expect(after.memoSlots).toBeLessThanOrEqual(Math.max(64, 2 * many.groupKeys));
    }
    evaluator.remove('kept');
    expect(evaluator.sizes()).toEqual(empty);
  });

  it('forgets the matches of selections gone from the feed', () => {
    // A short horizon: events start, and are replaced, within the run.
    const origin = Date.UTC(2026, 5, 1, 12) - 2_000;
    const feed = createSimulatedFeed({ seed: 5, clock: () => origin, origin, eventCount: 12, horizonMs: 120_000 });
    const evaluator = createAlertEvaluator();
    evaluator.set({ id: 'a', userId: 'u', rule: { minRating: 0 } });
    evaluator.load(feed.snapshot().market, feed.seq);
    let removed = 0;
    let forgotten = 0;
    const stale: string[] = [];
    for (let i = 0; i < 400; i++) {
      const patch = feed.tick();
      const { market, at } = feed.snapshot();
      const before = [...evaluator.foundKeys()];
      evaluator.markSeen(
        'a',
        evaluator.evaluate(patch, market, at).hits.map((h) => h.matchKey),
      );
      removed += patch.removes.events.length;
      const live = new Set(market.markets.flatMap((m) => m.runners.map((r) => r.id)));
      const now = new Set(evaluator.foundKeys());
      for (const key of now) if (!live.has(key.split('|')[0] as string)) stale.push(key);
      forgotten += before.filter((key) => !now.has(key)).length;
    }
    expect(removed).toBeGreaterThan(0);
    expect(forgotten).toBeGreaterThan(0);
    expect(stale).toEqual([]);
  });
});

describe('the engine an alert saved is rated against', () => {
  it('is the feed as passed, even after patches went by with no alert held (a fresh oddsmatcher on the feed gives the same)', () => {
    let now = Date.parse('2026-03-02T10:00:00Z');
    const feed = createSimulatedFeed({ seed: 5, clock: () => now, eventCount: 12 });
    const evaluator = createAlertEvaluator();
    const alert: ActiveAlert = { id: 'a', userId: 'u', rule: { minRating: 90 } };
    evaluator.set(alert);
    evaluator.load(feed.snapshot().market, feed.seq);
    const tick = () => {
      now += feed.intervalMs;
      const patch = feed.tick();
      return evaluator.evaluate(patch, feed.snapshot().market, now);
    };
    for (let i = 0; i < 3; i++) tick();
    // Removed: 60 patches go by the evaluator with no alert held.
    evaluator.remove('a');
    for (let i = 0; i < 60; i++) tick();
    evaluator.set(alert);
    const { market } = feed.snapshot();
    const got = evaluator
      .evaluateAlert('a', market, feed.seq, now)
      .hits.map((h) => `${h.alert.id} ${h.matchKey} ${'rating' in h.row ? h.row.rating : 'none'}`);
    const fresh = createOddsmatcher({ limit: 10_000 });
    fresh.load(market);
    const every = new Set(market.markets.flatMap((m) => m.runners.map((r) => r.id)));
    const want = naiveHits(fresh.getSnapshot(), every, [alert], new Set(), now);
    expect(got.map((g) => g.split(' ').slice(0, 2).join(' ')).sort()).toEqual(want.sort());
    expect(want.length).toBe(MATCHES_PER_PATCH);
    // The ratings are the feed's now, not the engine's of 60 patches ago.
    const rated = new Map(fresh.getSnapshot().map((r) => [matchKeyOf(r), r.rating]));
    for (const g of got) {
      const [, key, rating] = g.split(' ');
      expect(Number(rating)).toBe(rated.get(key as string));
    }
  });
});

describe('patches queued behind a full load', () => {
  it('never pair a back of one seq with a lay of another: every hit’s (back, lay) was the feed’s at some seq', () => {
    let now = Date.parse('2026-03-02T10:00:00Z');
    const feed = createSimulatedFeed({ seed: 13, clock: () => now, eventCount: 12 });
    const evaluator = createAlertEvaluator();
    const bookmakers = [...new Set(feed.snapshot().market.backPrices.map((p) => p.bookmaker))];
    // Many alerts, none told anything: each patch's hits are many rows of the engine.
    const alerts: ActiveAlert[] = bookmakers.map((bookmaker, i) => ({ id: `b${i}`, userId: 'u', rule: { minRating: 90, bookmaker } }));
    for (const a of alerts) evaluator.set(a);
    evaluator.load(feed.snapshot().market, feed.seq);
    const markets: MarketSnapshot[] = [feed.snapshot().market];
    const patches = [];
    for (let i = 0; i < 12; i++) {
      now += feed.intervalMs;
      patches.push(feed.tick());
      markets.push(feed.snapshot().market);
    }
    // The runner hands every queued patch the feed as it is now (the latest).
    const { market: latest, seq } = feed.snapshot();
    const pairs = new Set<string>();
    for (const m of markets) {
      for (const b of m.backPrices)
        for (const p of m.exchangePrices)
          if (p.places === undefined && p.lay !== null && p.selectionId === b.selectionId)
            pairs.add(`${b.selectionId}|${b.bookmaker}|${p.exchange} ${b.odds} ${p.lay.odds}`);
    }
    let hits = 0;
    patches.forEach((patch, i) => {
      // A lower threshold saved after the first patch: the next one full-loads the latest feed.
      if (i === 1) evaluator.set({ id: 'low', userId: 'u', rule: { minRating: 80 } });
      for (const h of evaluator.evaluate(patch, latest, now, seq).hits) {
        hits++;
        expect(pairs.has(`${h.matchKey} ${h.row.backOdds} ${h.row.layOdds}`), h.matchKey).toBe(true);
      }
    });
    expect(hits).toBeGreaterThan(0);
  });
});

describe('pairs marked found for an alert no longer held', () => {
  it('are not kept: no slot is taken for it, and an alert saved later with its id has found nothing', () => {
    const evaluator = createAlertEvaluator();
    evaluator.set({ id: 'a', userId: 'u', rule: { minRating: 90 } });
    evaluator.remove('a');
    // Its matches recorded after it was removed (the runner's record awaits the database).
    evaluator.markSeen('a', ['s|b|e']);
    expect([...evaluator.foundKeys()]).toEqual([]);
    evaluator.set({ id: 'a', userId: 'u', rule: { minRating: 90 } });
    expect(evaluator.seen('a', 's|b|e')).toBe(false);
  });
});

describe('a row of a source of own matches (a pair re-rated)', () => {
  // One row, laid at an exchange switched on by default, rated by the sdk's oddsmatchRating.
  const exchange = (enabledExchanges()[0] as { name: string }).name;
  const row: WatchedRow = {
    eventName: 'E',
    marketName: 'Win',
    selectionName: 'S',
    selectionId: 's1',
    bookmaker: 'bet-co',
    exchange,
    backOdds: 3,
    layOdds: 3.05,
    sport: 'football',
    startsAt: '2030-06-01T15:00:00Z',
    rating: oddsmatchRating(3, 3.05, 0),
  };
  const key = matchKeyOf(row);
  const market: MarketSnapshot = { events: [], markets: [], backPrices: [], exchangePrices: [] };
  const none = { events: [], markets: [], backPrices: [], exchangePrices: [], betBuilders: [] };
  let seq = 0;
  /** A patch touching the row's selection (a price of it changed). */
  const touching = (): FeedPatch =>
    ({
      seq: ++seq,
      at: 0,
      upserts: { ...none, backPrices: [{ selectionId: 's1', bookmaker: 'bet-co', odds: 3 }] },
      removes: none,
    }) as unknown as FeedPatch;
  /** A source of that row whose candidates count the rows built (`at` may be replaced). */
  function countingSource(at?: Candidates['at']): { source: AlertSource; built: () => number } {
    let built = 0;
    const source: AlertSource = {
      rateKeyAt: pairRateKeyAt,
      load() {},
      rows(_patch, _market, touched) {
        const candidates = pairCandidates(touched.has('s1') ? [row] : [], market, oddsmatchRating);
        return {
          ...candidates,
          at(r, as) {
            built++;
            return (at ?? candidates.at)(r, as);
          },
        };
      },
    };
    return { source, built: () => built };
  }
  // Both at the same commission there: one group, rated once.
  const rule = { minRating: 90, commissions: { [exchange]: 0.02 } };

  it('is built for the alerts that have not found its match, and only they are told it', () => {
    const { source, built } = countingSource();
    const evaluator = createAlertEvaluator(source);
    for (const id of ['found', 'fresh', 'also-fresh']) evaluator.set({ id, userId: 'u', rule });
    evaluator.markSeen('found', [key]);
    const hits = evaluator.evaluate(touching(), market, Date.parse('2030-06-01T12:00:00Z')).hits;
    expect(hits.map((h) => `${h.alert.id} ${h.matchKey}`).sort()).toEqual([`also-fresh ${key}`, `fresh ${key}`]);
    expect(hits.map((h) => alertFigure(h.row))).toEqual([oddsmatchRating(3, 3.05, 0.02), oddsmatchRating(3, 3.05, 0.02)]);
    // Once for the group, whatever the number of its alerts that take it.
    expect(built()).toBe(1);
  });

  it('is never built when every alert it reaches has found its match', () => {
    const { source, built } = countingSource();
    const evaluator = createAlertEvaluator(source);
    for (const id of ['a', 'b']) {
      evaluator.set({ id, userId: 'u', rule });
      evaluator.markSeen(id, [key]);
    }
    expect(evaluator.evaluate(touching(), market, Date.parse('2030-06-01T12:00:00Z')).hits).toEqual([]);
    expect(built()).toBe(0);
  });

  it('is refused when the source, saying so, re-rates it as another match', () => {
    const { source } = countingSource((r, as) => {
      const rating = pairCandidates([r], market, oddsmatchRating).rating(r, as);
      return rating === undefined ? undefined : { ...r, bookmaker: 'other-co', rating };
    });
    const evaluator = createAlertEvaluator(source);
    evaluator.set({ id: 'a', userId: 'u', rule });
    expect(() => evaluator.evaluate(touching(), market, Date.parse('2030-06-01T12:00:00Z'))).toThrow(/another/);
  });

  it('leaves nothing of a pass a source broke off to the next pass: its hits are all told then', () => {
    // Two rows of one selection; the lower rated is re-rated as another match while `lying`.
    const other: WatchedRow = { ...row, bookmaker: 'other-co', backOdds: 2.9, rating: oddsmatchRating(2.9, 3.05, 0) };
    let lying = true;
    const source: AlertSource = {
      rateKeyAt: pairRateKeyAt,
      load() {},
      rows() {
        const candidates = pairCandidates([row, other], market, oddsmatchRating);
        return {
          ...candidates,
          at: (r, as) => {
            const again = candidates.at(r, as);
            return lying && r === other && again !== undefined ? { ...again, bookmaker: 'bet-co' } : again;
          },
        };
      },
    };
    const evaluator = createAlertEvaluator(source);
    evaluator.set({ id: 'a', userId: 'u', rule });
    const now = Date.parse('2030-06-01T12:00:00Z');
    // The first row kept for the alert, then the second refused.
    expect(() => evaluator.evaluate(touching(), market, now)).toThrow(/another/);
    lying = false;
    const hits = evaluator.evaluate(touching(), market, now).hits;
    expect(hits.map((h) => `${h.alert.id} ${h.matchKey}`)).toEqual([`a ${key}`, `a ${matchKeyOf(other)}`]);
  });

  // Priming (the runner's at start) reads every alert against the feed and keeps nothing.
  it.each(Object.keys(ALERT_SOURCES) as (keyof typeof ALERT_SOURCES)[])(
    'primed at start, the %s evaluator finds patch by patch what one never primed finds, and holds no match found by the priming',
    (tool) => {
      let now = Date.parse('2026-03-02T10:00:00Z');
      const feed = createSimulatedFeed({ seed: 9, clock: () => now, eventCount: 16 });
      const bookmakers = [...new Set(feed.snapshot().market.backPrices.map((p) => p.bookmaker))];
      const exchanges = [...new Set(feed.snapshot().market.exchangePrices.map((p) => p.exchange))];
      const money = tool === 'eachWayCatcher' || tool === 'extraPlaceCatcher';
      const alerts: ActiveAlert[] = [];
      for (let i = 0; i < 40; i++)
        alerts.push({
          id: `a${i}`,
          userId: `u${i % 7}`,
          rule: {
            ...(money ? { minProfit: -100 + 25 * (i % 7), stake: [200, 1000, 2500][i % 3] as number } : { minRating: 85 + (i % 20) }),
            ...(i % 3 === 0 ? { bookmaker: bookmakers[i % bookmakers.length] } : {}),
            ...(i % 5 === 0 ? { withinHours: 1 + (i % 48) } : {}),
            ...(i % 4 === 1 ? { commissions: Object.fromEntries(exchanges.map((e, k) => [e, (k + i) % 3 === 0 ? 0 : 0.05])) } : {}),
          },
          ...(i % 6 === 2 ? { exchangeSettings: Object.fromEntries(exchanges.map((e, k) => [e, k !== 0])) } : {}),
        });
      const primed = createAlertEvaluator(ALERT_SOURCES[tool]());
      const plain = createAlertEvaluator(ALERT_SOURCES[tool]());
      for (const e of [primed, plain]) {
        for (const a of alerts) e.set(a);
        e.load(feed.snapshot().market, feed.seq);
      }
      const read = primed.prime(feed.snapshot().market, feed.seq, now);
      expect(read.checked).toBeGreaterThan(0);
      expect([...primed.foundKeys()]).toEqual([]);
      let total = 0;
      for (let i = 0; i < 12; i++) {
        now += feed.intervalMs;
        const patch = feed.tick();
        const market = feed.snapshot().market;
        const [got, want] = [primed, plain].map((e) => {
          const hits = e.evaluate(patch, market, now).hits;
          for (const h of hits) e.markSeen(h.alert.id, [h.matchKey]);
          return hits.map((h) => `${h.alert.id} ${h.matchKey} ${alertFigure(h.row)}`);
        });
        expect(got).toEqual(want);
        total += (got as string[]).length;
      }
      expect(total).toBeGreaterThan(0);
    },
  );
});
