import { describe, expect, it } from 'vitest';
import { createSimulatedFeed } from '@matchkit/app-contract/feed';
import {
  createOddsmatcher,
  findPriceBoosts,
  findTwoUpMatches,
  oddsAlertMatches,
  type MarketSnapshot,
  type OddsAlertRule,
} from '@matchkit/sdk/matching';
import { createAlertEvaluator, matchKeyOf, priceBoostSource, touchedSelections, twoUpSource, type ActiveAlert } from './evaluate';

/**
 * The reference: every alert against every touched row, each (alert, match) pair once (`seen`
 * keeps the pairs already found and gains the new ones), as `"{alert id} {match key}"`.
 */
function naiveHits(
  rows: readonly (Parameters<typeof matchKeyOf>[0] & Parameters<typeof oddsAlertMatches>[1])[],
  touched: ReadonlySet<string>,
  alerts: readonly ActiveAlert[],
  seen: Set<string>,
  now: number,
): string[] {
  const want: string[] = [];
  for (const row of rows) {
    if (!touched.has(row.selectionId)) continue;
    for (const a of alerts) {
      const key = `${a.id} ${matchKeyOf(row)}`;
      if (oddsAlertMatches(a.rule, row, now) && !seen.has(key)) want.push(key);
    }
  }
  for (const k of want) seen.add(k);
  return want;
}
describe('the alert evaluator', () => {
  it('finds, patch by patch, the pairs a fresh oddsmatcher on the whole feed and a loop over every alert find', () => {
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
    'finds the matches $tool finds afresh on the whole feed, each once, with its engine over the touched markets',
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

describe('what the evaluator remembers', () => {
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
