// `npm run bench:server -- patches`: what one odds patch holds at the fan-out bench's scale. The
// stepped simulated feed (FEED_EVENTS events, 600 by default) at 100 ms of market time a patch (what
// 10 patches a second carry) and at 200 ms (what the fan-out bench's patches carried before):
// records per collection, bytes per record and bytes per member's patch for one sport, as the
// feed module's view (the whole slice) serialises them. The GraphQL result a client receives adds
// the fields a record leaves out as nulls (a few bytes a record more).
import { createSteppedFeed } from '@matchkit/app-contract/feed';
import { exchangePriceKey, quoteMoveOf } from '@matchkit/sdk/feed';
import { feedParts, type ExchangePrice } from '@matchkit/sdk/matching';
import { indexFeed, patchView } from '../src/modules/feed/view';

const EVENTS = Number(process.env['FEED_EVENTS'] ?? 600);
const PATCHES = 200;
const SPORTS = ['football', 'horse-racing', 'golf'] as const;
const COLLECTIONS = ['events', 'markets', 'backPrices', 'exchangePrices', 'betBuilders'] as const;
const bytes = (v: unknown) => Buffer.byteLength(JSON.stringify(v));

function measure(marketMs: number) {
  let now = Date.UTC(2026, 5, 1, 12);
  const feed = createSteppedFeed({ seed: 7, clock: () => now, eventCount: EVENTS, intervalMs: marketMs });
  const records = Object.fromEntries(COLLECTIONS.map((c) => [c, { n: 0, bytes: 0 }]));
  const bySport = Object.fromEntries(SPORTS.map((s) => [s, 0]));
  const bySportColumns = Object.fromEntries(SPORTS.map((s) => [s, 0]));
  const held = new Map<string, ExchangePrice>(feed.snapshot().market.exchangePrices.map((p) => [exchangePriceKey(p), p]));
  let moves = 0;
  let liquidityOnly = 0;
  let exchange = 0;
  const last = new Map<string, { back: unknown; lay: unknown; eachWayLay?: unknown }>();
  const oddsOf = (q: unknown) => (q as { odds?: number } | null | undefined)?.odds;
  for (let i = 0; i < PATCHES; i++) {
    now += marketMs;
    const patch = feed.tick();
    const index = indexFeed(feed.snapshot().market, patch.upserts);
    // The prices whose quotes alone moved (what oddsPatches(quoteColumns: true) sends as columns).
    const moved = new Set<string>();
    for (const p of patch.upserts.exchangePrices) {
      const before = held.get(exchangePriceKey(p));
      if (before !== undefined && quoteMoveOf(before, p) !== null) moved.add(exchangePriceKey(p));
      held.set(exchangePriceKey(p), p);
    }
    for (const key of patch.removes.exchangePrices) if (!moved.has(key)) held.delete(key);
    moves += moved.size;
    for (const sport of SPORTS) {
      bySport[sport] = (bySport[sport] ?? 0) + bytes(patchView(patch, { sports: [sport] }, index, feedParts));
      bySportColumns[sport] = (bySportColumns[sport] ?? 0) + bytes(patchView(patch, { sports: [sport] }, index, feedParts, moved));
    }
    const all = patchView(patch, null, index, feedParts);
    for (const c of COLLECTIONS) {
      const r = records[c] as { n: number; bytes: number };
      for (const record of all.upserts[c]) {
        r.n += 1;
        r.bytes += bytes(record);
      }
    }
    for (const p of all.upserts.exchangePrices) {
      const before = last.get(p.key);
      exchange += 1;
      if (
        before !== undefined &&
        oddsOf(before.back) === oddsOf(p.back) &&
        oddsOf(before.lay) === oddsOf(p.lay) &&
        oddsOf(before.eachWayLay) === oddsOf(p.eachWayLay)
      )
        liquidityOnly += 1;
      last.set(p.key, p);
    }
  }
  const m = feed.snapshot().market;
  console.log(`\n${EVENTS} events, ${PATCHES} patches of ${marketMs} ms of market time each`);
  console.log(
    `(the feed: ${m.events.length} events, ${m.markets.length} markets, ${m.backPrices.length} back prices, ${m.exchangePrices.length} exchange prices, ${m.betBuilders?.length ?? 0} bet builders)\n`,
  );
  console.log('| collection | records a patch (all sports) | bytes a record |');
  console.log('|---|---:|---:|');
  for (const c of COLLECTIONS) {
    const r = records[c] as { n: number; bytes: number };
    console.log(`| ${c} | ${(r.n / PATCHES).toFixed(1)} | ${r.n === 0 ? '-' : (r.bytes / r.n).toFixed(0)} |`);
  }
  const perSport = (sizes: Record<string, number>) => {
    const each = SPORTS.map((s) => `${s} ${((sizes[s] ?? 0) / PATCHES / 1024).toFixed(1)} kB`);
    const mean = SPORTS.reduce((sum, s) => sum + (sizes[s] ?? 0), 0) / SPORTS.length / PATCHES / 1024;
    return `${each.join(', ')}; mean ${mean.toFixed(1)} kB`;
  };
  console.log(`\na member's patch for one sport, every record whole: ${perSport(bySport)}`);
  console.log(`the same with quote moves as columns (quoteColumns: true): ${perSport(bySportColumns)}`);
  console.log(`exchange prices whose quotes alone moved: ${(moves / PATCHES).toFixed(1)} a patch`);
  console.log(`exchange prices in patches whose odds did not move (liquidity only): ${liquidityOnly} of ${exchange}`);
}

measure(100);
measure(200);
