// `npm run bench:server -- alerts`: 10,000 saved odds alerts over the simulated feed (the server's
// default 60 events), evaluated patch by patch as the server does (modules/alerts/evaluate.ts: the
// sdk's oddsmatcher holding the feed patch by patch at commission 0, ranked once at start; the
// touched selections' rows read off it, each row checked only against the alerts bucketed by its
// bookmaker and sport whose threshold it reaches, rated again at each alert's own commissions, and
// each match's found alerts as one bit per alert). CUSTOM_SHARE of the alerts (default 0.4) carry
// their member's own commissions, each a set of its own (one to three exchanges at free-form rates:
// the worst case, every member different); the others rate at the feed's. Baseline, in the same
// run, over the same patches once the evaluators have taken them all (its garbage, collected
// meanwhile by V8's threads, would count in their CPU; the feed replayed from its seed, checked
// patch by patch, so that no market snapshot is kept through the timed patches): the same engine and rows, then every alert
// checked against every row re-rated at its commissions (oddsmatchRating), and what each alert
// found as a set of match keys, each alert recording its best MATCHES_PER_PATCH new matches of a
// patch as the server does (a naive loop). One process, one core (the evaluation is synchronous). Prints, per patch, the alerts evaluated ((alert, row) checks), the rows ranked, the
// hits, and for both: wall-clock ms and the process's CPU ms (user + system, which a loaded machine
// inflates less) at p50 / p99 / max, and their ratio. Then, apart (a second evaluator, as the
// runner holds one per tool, so it adds nothing to the oddsmatcher's figures): BOOST_ALERTS price
// boost tracker alerts (default 1,000) on the same patches, findPriceBoosts run on the patches that
// touch a boosted selection; and TWO_UP_ALERTS 2UP matcher alerts (default 1,000), findTwoUpMatches
// run over the touched markets on the patches that touch a 2UP price. It is not a test.
import { execSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { createPrng } from '@matchkit/sdk/casino';
import { applyPatchToOddsmatcher, type FeedPatch } from '@matchkit/sdk/feed';
import { createSimulatedFeed } from '@matchkit/app-contract/feed';
import { oddsAlertMatches, oddsmatchRating, type OddsAlertRule } from '@matchkit/sdk/matching';
import { createOddsmatcher } from '@matchkit/sdk/matching';
import {
  commissionsKey,
  createAlertEvaluator,
  priceBoostSource,
  MATCHES_PER_PATCH,
  ROW_LIMIT,
  touchedSelections,
  twoUpSource,
  zeroCommissions,
  type ActiveAlert,
} from '../src/modules/alerts/evaluate';

/** The machine's uptime and load, as `uptime` prints them (at the start and at the end). */
const uptime = () => execSync('uptime', { encoding: 'utf8' }).trim();
console.log(`uptime at the start: ${uptime()}`);

const ALERTS = Number(process.env['ALERTS'] ?? 10_000);
const BOOST_ALERTS = Number(process.env['BOOST_ALERTS'] ?? 1_000);
const TWO_UP_ALERTS = Number(process.env['TWO_UP_ALERTS'] ?? 1_000);
const PATCHES = Number(process.env['PATCHES'] ?? 300);
const CUSTOM_SHARE = Number(process.env['CUSTOM_SHARE'] ?? 0.4);
const SPORTS = ['football', 'horse-racing', 'golf'];

let now = Date.parse('2026-03-02T10:00:00Z');
const feed = createSimulatedFeed({ seed: 11, clock: () => now });
const bookmakers = [...new Set(feed.snapshot().market.backPrices.map((p) => p.bookmaker))];
const exchanges = [...new Set(feed.snapshot().market.exchangePrices.map((p) => p.exchange))];

// Alerts as members save them: thresholds from 95% to 105% (the simulated feed's ratings run
// around 88% at the median and 93% at the 90th percentile, so an alert means a rare match), a third naming a
// bookmaker, a third a sport, some a start window or a least liquidity; CUSTOM_SHARE at their own
// commissions (0 to 5%, to the hundredth of a percent: almost every set differs).
const prng = createPrng(23);
const draw = () => prng.nextFloat();
const ownCommissions = (): Record<string, number> => {
  const own: Record<string, number> = {};
  const count = 1 + Math.floor(draw() * 3);
  for (let k = 0; k < count; k++) own[exchanges[Math.floor(draw() * exchanges.length)] as string] = Math.round(draw() * 500) / 10_000;
  return own;
};
// Rating rules only (the oddsmatcher's kind): ActiveAlert's rule may be a money rule too.
const alerts: (ActiveAlert & { readonly rule: OddsAlertRule })[] = [];
for (let i = 0; i < ALERTS; i++) {
  const pick = <T>(list: readonly T[]) => list[Math.floor(draw() * list.length)] as T;
  const rule: OddsAlertRule = {
    minRating: Math.round((95 + draw() * 10) * 10) / 10,
    ...(draw() < 0.33 ? { bookmaker: pick(bookmakers) } : {}),
    ...(draw() < 0.33 ? { sport: pick(SPORTS) } : {}),
    ...(draw() < 0.25 ? { withinHours: 1 + Math.floor(draw() * 72) } : {}),
    ...(draw() < 0.25 ? { minLiquidity: 1_000 * (1 + Math.floor(draw() * 20)) } : {}),
    ...(draw() < CUSTOM_SHARE ? { commissions: ownCommissions() } : {}),
  };
  alerts.push({ id: `a${i}`, userId: `u${i % 3_000}`, rule });
}
// WARMUP patches (default 0: cold) of another feed (seed 12), evaluated first by an evaluator of its
// own holding the same alerts, all three tools, and not measured: V8 has then compiled the hot code,
// as in a server that has run for a while; the measured evaluators start as cold in state as ever.
const WARMUP = Number(process.env['WARMUP'] ?? 0);
if (WARMUP > 0) {
  let warmNow = now;
  const warmFeed = createSimulatedFeed({ seed: 12, clock: () => warmNow });
  const warm = [createAlertEvaluator(), createAlertEvaluator(priceBoostSource()), createAlertEvaluator(twoUpSource())];
  for (const w of warm) for (const a of alerts) w.set(a);
  for (const w of warm) w.load(warmFeed.snapshot().market, warmFeed.seq);
  for (let i = 0; i < WARMUP; i++) {
    warmNow += warmFeed.intervalMs;
    const patch = warmFeed.tick();
    for (const w of warm) for (const h of w.evaluate(patch, warmFeed.snapshot().market, warmNow).hits) w.markSeen(h.alert.id, [h.matchKey]);
  }
}
const evaluator = createAlertEvaluator();
for (const a of alerts) evaluator.set(a);
// The price boost tracker's alerts: the same kind of rules, thresholds from 90% (boosts rate higher).
const boosts = createAlertEvaluator(priceBoostSource());
for (let i = 0; i < BOOST_ALERTS; i++) {
  const rule = (alerts[i % alerts.length] as (typeof alerts)[number]).rule;
  boosts.set({ id: `b${i}`, userId: `u${i % 3_000}`, rule: { ...rule, minRating: rule.minRating - 5 } });
}
// The 2UP matcher's alerts: the same rules, thresholds from 90% (its rows rate as the oddsmatcher's).
const twoUp = createAlertEvaluator(twoUpSource());
for (let i = 0; i < TWO_UP_ALERTS; i++) {
  const rule = (alerts[i % alerts.length] as (typeof alerts)[number]).rule;
  twoUp.set({ id: `t${i}`, userId: `u${i % 3_000}`, rule: { ...rule, minRating: rule.minRating - 5 } });
}
const twoUpWall: number[] = [];
const twoUpCpu: number[] = [];
const boostCpu: number[] = [];
let twoUpRuns = 0;
let twoUpHits = 0;
const boostWall: number[] = [];
let boostRuns = 0;
let boostHits = 0;
const naiveFound = new Map<string, Set<string>>();

/** Per patch: wall-clock ms and CPU ms, of the server's evaluation and of the naive loop. */
const indexed: number[] = [];
const naive: number[] = [];
const indexedCpu: number[] = [];
const naiveCpu: number[] = [];
const cpuMs = (since: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
};
/** Per patch of the oddsmatcher's evaluator: candidate rows, (row, alert) pairs examined, new hits, CPU ms. */
const perPatch: { seq: number; rows: number; checked: number; hits: number; cpu: number }[] = [];
let checked = 0;
let naiveChecked = 0;
let rows = 0;
let hits = 0;
let naiveHits = 0;
// Every (alert, match) pair each side recorded: compared whole at the end, not only counted. Each
// pair is one number (the alert's index, the match key's number), not a string: a set of strings
// grown by 4,000 a patch was kept alive through every timed patch, and each of V8's young
// collections (run in a timed patch when it falls there) copied what had survived.
const alertIndex = new Map(alerts.map((a, i) => [a.id, i]));
const keyNumbers = new Map<string, number>();
/** Room for this many match keys: an alert's index times it, plus a key's number, stays a small integer. */
const KEY_ROOM = 1 << 16;
const pairOf = (alertId: string, matchKey: string): number => {
  let k = keyNumbers.get(matchKey);
  if (k === undefined) keyNumbers.set(matchKey, (k = keyNumbers.size));
  if (k >= KEY_ROOM) throw new Error(`more than ${KEY_ROOM} match keys: widen KEY_ROOM`);
  return (alertIndex.get(alertId) as number) * KEY_ROOM + k;
};
const indexedPairs = new Set<number>();
const naivePairs = new Set<number>();
const lowest = Math.min(...alerts.map((a) => a.rule.minRating));
// Both rank the feed before the first patch (the server's runner does so at start), and each
// evaluator is primed as the runner primes it then (every alert against every row, nothing kept:
// V8 compiles the evaluation there, not on the first patches). A one-time cost of the process,
// measured here and printed apart from the patches': wall and CPU ms per evaluator.
const atStart: { name: string; wall: number; cpu: number; rows: number; checked: number }[] = [];
for (const [name, e] of [
  ['oddsmatcher', evaluator],
  ['price boost tracker', boosts],
  ['2UP matcher', twoUp],
] as const) {
  const c = process.cpuUsage();
  const t = performance.now();
  e.load(feed.snapshot().market, feed.seq);
  const primed = e.prime(feed.snapshot().market, feed.seq, now);
  atStart.push({ name, wall: performance.now() - t, cpu: cpuMs(c), ...primed });
}
const baseline = createOddsmatcher({
  limit: ROW_LIMIT,
  filters: { minRating: lowest },
  commissions: zeroCommissions(feed.snapshot().market),
});
baseline.load(feed.snapshot().market);
// What each patch was (its seq and sizes), to check that the naive loop, after, reads the same
// patches: it replays the feed from its seed and clock rather than keeping every patch's market
// (a snapshot of the whole feed each, alive through every timed patch: see the pairs above).
const start = now;
const digest = (patch: FeedPatch) =>
  `${patch.seq} ${Object.values(patch.upserts)
    .map((l) => l.length)
    .join(',')} ${Object.values(patch.removes)
    .map((l) => l.length)
    .join(',')}`;
const evaluated: string[] = [];
for (let i = 0; i < PATCHES; i++) {
  now += feed.intervalMs;
  const patch = feed.tick();
  const market = feed.snapshot().market;
  evaluated.push(digest(patch));

  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const result = evaluator.evaluate(patch, market, now);
  for (const h of result.hits) evaluator.markSeen(h.alert.id, [h.matchKey]);
  indexed.push(performance.now() - t0);
  indexedCpu.push(cpuMs(c0));
  for (const h of result.hits) indexedPairs.add(pairOf(h.alert.id, h.matchKey));
  checked += result.checked;
  rows += result.rows;
  hits += result.hits.length;
  perPatch.push({ seq: patch.seq, rows: result.rows, checked: result.checked, hits: result.hits.length, cpu: indexedCpu.at(-1) as number });

  const c2 = process.cpuUsage();
  const t2 = performance.now();
  const boosted = boosts.evaluate(patch, market, now);
  for (const h of boosted.hits) boosts.markSeen(h.alert.id, [h.matchKey]);
  boostWall.push(performance.now() - t2);
  boostCpu.push(cpuMs(c2));
  if (boosted.rows > 0) boostRuns++;
  boostHits += boosted.hits.length;
  const c3 = process.cpuUsage();
  const t3 = performance.now();
  const twoUpFound = twoUp.evaluate(patch, market, now);
  for (const h of twoUpFound.hits) twoUp.markSeen(h.alert.id, [h.matchKey]);
  twoUpWall.push(performance.now() - t3);
  twoUpCpu.push(cpuMs(c3));
  if (twoUpFound.rows > 0) twoUpRuns++;
  twoUpHits += twoUpFound.hits.length;
}

// The naive loop, over the same patches once the evaluators are done: apart, so that the garbage
// it makes (a re-rated row per alert and row, a million a patch) is not collected by V8's
// background threads while an evaluator's patch is timed (process CPU counts every thread).
now = start;
const replay = createSimulatedFeed({ seed: 11, clock: () => now });
for (let i = 0; i < PATCHES; i++) {
  now += replay.intervalMs;
  const patch = replay.tick();
  const market = replay.snapshot().market;
  if (digest(patch) !== evaluated[i]) throw new Error(`the replayed feed differs at patch ${i}: ${digest(patch)}, not ${evaluated[i]}`);
  // Baseline: the same engine and rows, then every alert against every row at its commissions.
  const c1 = process.cpuUsage();
  const t1 = performance.now();
  applyPatchToOddsmatcher(baseline, patch);
  const touched = touchedSelections(patch, market);
  const feedCommission = new Map<string, number>();
  for (const p of market.exchangePrices)
    if (p.places === undefined && touched.has(p.selectionId)) feedCommission.set(`${p.selectionId}|${p.exchange}`, p.commission);
  // Per alert, its new matches of the patch; then its best MATCHES_PER_PATCH (rating, then key) recorded.
  const fresh = new Map<string, { key: string; rating: number }[]>();
  for (const row of baseline.getSnapshot().filter((r) => touched.has(r.selectionId))) {
    const key = `${row.selectionId}|${row.bookmaker}|${row.exchange}`;
    const atFeed = feedCommission.get(`${row.selectionId}|${row.exchange}`) as number;
    for (const a of alerts) {
      naiveChecked++;
      const rating = oddsmatchRating(row.backOdds, row.layOdds, a.rule.commissions?.[row.exchange] ?? atFeed);
      if (!oddsAlertMatches(a.rule, { ...row, rating }, now)) continue;
      if (naiveFound.get(a.id)?.has(key) === true) continue;
      let mine = fresh.get(a.id);
      if (mine === undefined) fresh.set(a.id, (mine = []));
      mine.push({ key, rating });
    }
  }
  let found = 0;
  for (const [id, mine] of fresh) {
    mine.sort((x, y) => y.rating - x.rating || (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
    let seen = naiveFound.get(id);
    if (seen === undefined) naiveFound.set(id, (seen = new Set()));
    for (const { key } of mine.slice(0, MATCHES_PER_PATCH)) {
      seen.add(key);
      naivePairs.add(pairOf(id, key));
    }
    found += Math.min(mine.length, MATCHES_PER_PATCH);
  }
  naive.push(performance.now() - t1);
  naiveCpu.push(cpuMs(c1));
  naiveHits += found;
}

const quantile = (xs: readonly number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
};
const line = (name: string, xs: readonly number[]) =>
  `${name.padEnd(32)} p50 ${quantile(xs, 0.5).toFixed(2)} ms   p99 ${quantile(xs, 0.99).toFixed(2)} ms   max ${Math.max(...xs).toFixed(2)} ms`;

const custom = alerts.filter((a) => a.rule.commissions !== undefined);
console.log(
  `${ALERTS} alerts, ${PATCHES} patches of the simulated feed (${feed.snapshot().market.events.length} events); ` +
    `${WARMUP === 0 ? 'cold (no warm-up)' : `after ${WARMUP} warm-up patches of another feed`}`,
);
console.log(
  `alerts at their member's own commissions: ${custom.length} (${new Set(custom.map((a) => commissionsKey(a.rule.commissions ?? {}))).size} ` +
    `distinct sets), the rest at the feed's; engines: one per tool`,
);
for (const s of atStart)
  console.log(
    `${s.name}, at start (load and prime, once per process, not a patch): wall ${s.wall.toFixed(1)} ms, CPU ${s.cpu.toFixed(1)} ms, ` +
      `${s.rows} rows, ${s.checked} (alert, row) checks`,
  );
console.log(`rows ranked per patch (touched markets): ${(rows / PATCHES).toFixed(1)}`);
console.log(`alerts evaluated per patch: indexed ${(checked / PATCHES).toFixed(0)}, naive ${(naiveChecked / PATCHES).toFixed(0)}`);
const onlyIndexed = [...indexedPairs].filter((pair) => !naivePairs.has(pair)).length;
const onlyNaive = [...naivePairs].filter((pair) => !indexedPairs.has(pair)).length;
const samePairs = onlyIndexed === 0 && onlyNaive === 0 && hits === naiveHits;
console.log(
  `(alert, match) pairs found: indexed ${hits}, naive ${naiveHits}${samePairs ? ' (the same pairs)' : ` (DIFFERENT: ${onlyIndexed} found by the indexed evaluator only, ${onlyNaive} by the naive loop only)`}, ${(hits / PATCHES).toFixed(1)} a patch`,
);
// The worst patches by CPU, with what they did: a patch whose pairs examined are mostly new hits
// is output-bound (the hits themselves), one whose examined pairs mostly do not hit is work-bound.
console.log('oddsmatcher, the 5 worst patches by CPU: seq, candidate rows, pairs examined, new hits, CPU ms');
for (const p of [...perPatch].sort((a, b) => b.cpu - a.cpu).slice(0, 5))
  console.log(
    `  #${p.seq}  rows ${p.rows}  pairs ${p.checked}  new hits ${p.hits} (${((100 * p.hits) / Math.max(1, p.checked)).toFixed(0)}%)  CPU ${p.cpu.toFixed(1)} ms`,
  );
console.log(line('indexed (the server), wall', indexed));
console.log(line('naive loop, wall', naive));
console.log(line('indexed (the server), CPU', indexedCpu));
console.log(line('naive loop, CPU', naiveCpu));
console.log(
  `price boost tracker, ${BOOST_ALERTS} alerts apart: patches with boosted rows ${boostRuns} of ${PATCHES}, pairs found ${boostHits}`,
);
console.log(line('price boost tracker, wall', boostWall));
console.log(line('price boost tracker, CPU', boostCpu));
console.log(`2UP matcher, ${TWO_UP_ALERTS} alerts apart: patches with 2UP rows ${twoUpRuns} of ${PATCHES}, pairs found ${twoUpHits}`);
console.log(line('2UP matcher, wall', twoUpWall));
console.log(line('2UP matcher, CPU', twoUpCpu));
// A patch as the runner takes it: the three evaluators one after the other.
console.log(
  line(
    'all three evaluators, wall',
    indexed.map((ms, i) => ms + (boostWall[i] as number) + (twoUpWall[i] as number)),
  ),
);
const ratio = (a: readonly number[], b: readonly number[], q: number) => (quantile(a, q) / quantile(b, q)).toFixed(1);
console.log(
  `ratio naive / indexed: wall p50 ${ratio(naive, indexed, 0.5)}×, p99 ${ratio(naive, indexed, 0.99)}×; ` +
    `CPU p50 ${ratio(naiveCpu, indexedCpu, 0.5)}×, p99 ${ratio(naiveCpu, indexedCpu, 0.99)}×`,
);
console.log(`uptime at the end: ${uptime()}`);
console.log(
  `load average at the end: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')}`,
);
if (!samePairs) process.exitCode = 1;
