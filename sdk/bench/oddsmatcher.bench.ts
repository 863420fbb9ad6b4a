// `npm run bench`: the oddsmatcher benchmark (issue 3). Not a test: timed runs are noisy.
//
// Ranks 1,000,000 back/lay pairs for the top 100 with every filter on, three ways in the same
// run: the sdk's oddsmatcher (the real engine, imported from the sdk source), (a) a naive version
// and (b) a hand-written floor (sdk/bench/oddsmatcher-baselines.ts). Checks that all three return
// the same top 100, times price ticks on 100,000 markets, and ends with one summary line.
//
// Environment: BENCH_MARKETS (default 100000), BENCH_SEED (default 20250811), BENCH_TICKS
// (default 20000).
import { createOddsmatcher, type OddsmatchRow } from '../src/matching/index';
import { compileFloorFilters, floorTopK, naiveTopK } from './oddsmatcher-baselines';
import {
  BENCH_FILTERS,
  buildPairRecords,
  generateBenchData,
  ladderMove,
  seededRandom,
  type PairRecord,
  type RankedPair,
} from './oddsmatcher-data';
import { collect, median, positiveInt, print } from './util';

/** Collects garbage, then idles so that the collector's concurrent threads finish before timing. */
async function settle(): Promise<void> {
  collect();
  await new Promise((resolve) => setTimeout(resolve, 300));
}

const MARKETS = positiveInt('BENCH_MARKETS', 100_000);
const SEED = Number(process.env['BENCH_SEED'] ?? 20_250_811);
const TICKS = positiveInt('BENCH_TICKS', 20_000);
const K = 100;

const quantile = (xs: readonly number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] as number;
};
const fmt = (x: number, d = 2) => x.toFixed(d);

function fromRows(rows: readonly OddsmatchRow[]): RankedPair[] {
  return rows.map((r) => ({ selectionId: r.selectionId, bookmaker: r.bookmaker, exchange: r.exchange, score: r.rating }));
}

/** First difference between two rankings (scores compared as rating percentages), or null. */
function difference(a: readonly RankedPair[], b: readonly RankedPair[], asPercent: [boolean, boolean]): string | null {
  if (a.length !== b.length) return `lengths ${a.length} and ${b.length}`;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as RankedPair;
    const y = b[i] as RankedPair;
    const xs = asPercent[0] ? x.score : x.score * 100;
    const ys = asPercent[1] ? y.score : y.score * 100;
    if (x.selectionId !== y.selectionId || x.bookmaker !== y.bookmaker || x.exchange !== y.exchange || xs !== ys) {
      return `row ${i}: ${JSON.stringify(x)} vs ${JSON.stringify(y)}`;
    }
  }
  return null;
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const data = generateBenchData(MARKETS, SEED, false);
  const { snapshot, columns } = data;
  const genMs = performance.now() - t0;
  const filters = BENCH_FILTERS;
  const floorFilters = compileFloorFilters(filters, data.marketTypes);
  const floorRanked = (): RankedPair[] => {
    const r = floorTopK(columns, floorFilters, K);
    return Array.from(r.index, (p, j) => {
      const back = snapshot.backPrices[columns.backIndex[p] as number] as (typeof snapshot.backPrices)[number];
      const lay = snapshot.exchangePrices[columns.layIndex[p] as number] as (typeof snapshot.exchangePrices)[number];
      return { selectionId: back.selectionId, bookmaker: back.bookmaker, exchange: lay.exchange, score: r.score[j] as number };
    });
  };

  const matcher = createOddsmatcher({ limit: K, filters });
  await settle();
  const tl = performance.now();
  matcher.load(snapshot);
  const loadMs = performance.now() - tl;
  const stats = matcher.stats();
  print(
    `oddsmatcher benchmark, seed ${SEED}: ${MARKETS} markets, ${stats.selections} selections, ` +
      `${stats.pairs} back/lay pairs (generated in ${fmt(genMs, 0)} ms), top ${K}`,
  );
  print(
    `filters on: odds ${filters.minOdds}-${filters.maxOdds}, rating >= ${filters.minRating}%, liquidity >= ${filters.minLiquidity}p, ` +
      `3 of 5 sports, 3 of 4 market types, 9 of 10 bookmakers, 3 of 5 exchanges, ` +
      `a ${fmt((Date.parse(filters.startsTo) - Date.parse(filters.startsFrom)) / 86_400_000)}-day start window of 7: ` +
      `${stats.candidates} pairs pass (${fmt((100 * stats.candidates) / stats.pairs, 1)}%)`,
  );
  print(`engine load (validate the snapshot with zod/mini, lay out columns, rank): ${fmt(loadMs, 0)} ms`);

  // --- agreement (engine and floor; the naive version below) -------------------------------
  const engineTop = fromRows(matcher.getSnapshot());
  const floorTop = floorRanked();
  const d1 = difference(engineTop, floorTop, [true, false]);
  if (d1 !== null || engineTop.length !== K) {
    console.error(`DISAGREEMENT: engine vs floor: ${d1 ?? 'same'}; engine rows ${engineTop.length}`);
    process.exitCode = 1;
    return;
  }

  // --- full ranking ----------------------------------------------------------------------------
  // No collection right before a timed run: the collector's concurrent threads would share the
  // two cores with it. One settle, warm-up runs, then engine and floor runs interleaved.
  const runs = { engine: [] as number[], floor: [] as number[], naive: [] as number[] };
  const timeEngine = () => {
    const t = performance.now();
    matcher.setOptions({ filters });
    const ms = performance.now() - t;
    if (matcher.getSnapshot().length !== K) throw new Error('engine lost rows');
    return ms;
  };
  const timeFloor = () => {
    const t = performance.now();
    const r = floorTopK(columns, floorFilters, K);
    const ms = performance.now() - t;
    if (r.index.length !== K) throw new Error('floor lost rows');
    return ms;
  };
  await settle();
  for (let w = 0; w < 5; w++) {
    timeEngine();
    timeFloor();
  }
  for (let r = 0; r < 15; r++) {
    runs.engine.push(timeEngine());
    runs.floor.push(timeFloor());
  }

  // The naive version's objects exist only for its own runs (they triple the heap).
  const pairs: PairRecord[] = buildPairRecords(data);
  const naiveTop = naiveTopK(pairs, filters, K);
  const d2 = difference(naiveTop, floorTop, [false, false]);
  if (d2 !== null) {
    console.error(`DISAGREEMENT: naive vs floor: ${d2}`);
    process.exitCode = 1;
    return;
  }
  print(
    `agreement: engine, naive and floor return the same top ${K} (ids, order and ratings bit for bit; ` +
      'equal ratings by selection id, bookmaker, exchange)',
  );
  for (let r = 0; r < 3; r++) {
    await settle();
    const t = performance.now();
    const top = naiveTopK(pairs, filters, K);
    runs.naive.push(performance.now() - t);
    if (top.length !== K) throw new Error('naive lost rows');
  }
  pairs.length = 0; // let the naive version's objects go before the ticks
  const n = stats.pairs;
  const E = (median(runs.engine) * 1e6) / n;
  const F = (median(runs.floor) * 1e6) / n;
  const N = (median(runs.naive) * 1e6) / n;
  const range = (xs: number[]) => `${fmt((Math.min(...xs) * 1e6) / n)}-${fmt((Math.max(...xs) * 1e6) / n)}`;
  print(
    `full ranking of ${n} pairs for the top ${K} (median of ${runs.engine.length}, ${runs.floor.length}, ${runs.naive.length} runs; range in brackets):`,
  );
  print(`  engine (createOddsmatcher().setOptions: validate, rescore, index, top ${K} rows): ${fmt(E)} ns/pair [${range(runs.engine)}]`);
  print(`  floor  (Float64Array columns, score first, size-${K} binary heap):       ${fmt(F)} ns/pair [${range(runs.floor)}]`);
  print(`  naive  (objects, full Array.prototype.sort, slice):                      ${fmt(N)} ns/pair [${range(runs.naive)}]`);
  print(`  ratios: engine/floor ${fmt(E / F)}, naive/floor ${fmt(N / F, 0)}, naive/engine ${fmt(N / E, 0)}`);

  // --- price ticks -----------------------------------------------------------------------------
  const random = seededRandom(SEED ^ 0x5eed);
  const backs = snapshot.backPrices.map((p) => ({ ...p }));
  const lays = snapshot.exchangePrices.map((p) => ({ ...p, lay: { ...p.lay } }));
  type Tick = { kind: 'back'; quote: number; price: unknown } | { kind: 'lay'; quote: number; price: unknown };
  const makeTick = (): Tick => {
    if (random() < 0.5) {
      const q = Math.floor(random() * backs.length);
      const b = backs[q] as (typeof backs)[number];
      b.odds = ladderMove(b.odds, random() < 0.5 ? 1 : -1);
      return { kind: 'back', quote: q, price: { bookmaker: b.bookmaker, selectionId: b.selectionId, odds: b.odds } };
    }
    const q = Math.floor(random() * lays.length);
    const l = lays[q] as (typeof lays)[number];
    l.lay.odds = ladderMove(l.lay.odds, random() < 0.5 ? 1 : -1);
    if (random() < 0.3) l.lay.liquidity = Math.round(random() * 100_000);
    return {
      kind: 'lay',
      quote: q,
      price: {
        exchange: l.exchange,
        selectionId: l.selectionId,
        back: null,
        lay: { odds: l.lay.odds, liquidity: l.lay.liquidity },
        commission: l.commission,
      },
    };
  };
  const apply = (tick: Tick) => {
    if (tick.kind === 'back') matcher.setBackPrice(tick.price);
    else matcher.setExchangePrice(tick.price);
  };
  // Ticks aimed at the top rows: every one of them changes the published rows.
  const backAt = new Map(backs.map((b, q) => [`${b.selectionId}\u0000${b.bookmaker}`, q]));
  const hotTick = (): number => {
    const row = matcher.getSnapshot()[Math.floor(random() * K)] as OddsmatchRow;
    const b = backs[backAt.get(`${row.selectionId}\u0000${row.bookmaker}`) as number] as (typeof backs)[number];
    b.odds = ladderMove(b.odds, random() < 0.5 ? 1 : -1);
    const price = { bookmaker: b.bookmaker, selectionId: b.selectionId, odds: b.odds };
    const t = process.hrtime.bigint();
    matcher.setBackPrice(price);
    return Number(process.hrtime.bigint() - t) / 1000;
  };
  // Warm-up (the JIT): random ticks and ticks on the top rows.
  for (let w = 0; w < 2000; w++) apply(makeTick());
  for (let w = 0; w < 500; w++) hotTick();
  const ticks = Array.from({ length: TICKS }, makeTick);
  await settle();
  const tickUs: number[] = [];
  const changedUs: number[] = [];
  for (const tick of ticks) {
    const before = matcher.getSnapshot();
    const t = process.hrtime.bigint();
    apply(tick);
    const us = Number(process.hrtime.bigint() - t) / 1000;
    tickUs.push(us);
    if (matcher.getSnapshot() !== before) changedUs.push(us);
  }
  const T = median(tickUs);
  print(
    `price ticks on ${MARKETS} markets (${TICKS} random ticks: validate, re-score the quote's pairs, re-rank): ` +
      `median ${fmt(T)} us, p90 ${fmt(quantile(tickUs, 0.9))} us, p99 ${fmt(quantile(tickUs, 0.99))} us; ` +
      `${changedUs.length} changed the top ${K} (median ${changedUs.length > 0 ? fmt(median(changedUs)) : '-'} us)`,
  );

  const hotUs = Array.from({ length: 2000 }, hotTick);
  print(
    `ticks on a top-${K} row's back price (2000, every one changes the published rows): median ${fmt(median(hotUs))} us, ` +
      `p99 ${fmt(quantile(hotUs, 0.99))} us`,
  );

  // The incrementally maintained top 100 must equal a full re-rank and the floor on the ticked data.
  const incremental = fromRows(matcher.getSnapshot());
  for (let q = 0; q < backs.length; q++) {
    const odds = (backs[q] as (typeof backs)[number]).odds;
    const r = q >> 1;
    const bi = q & 1;
    columns.backOdds[4 * r + 2 * bi] = odds;
    columns.backOdds[4 * r + 2 * bi + 1] = odds;
  }
  for (let q = 0; q < lays.length; q++) {
    const l = (lays[q] as (typeof lays)[number]).lay;
    const r = q >> 1;
    const li = q & 1;
    for (const p of [4 * r + li, 4 * r + 2 + li]) {
      columns.layOdds[p] = l.odds;
      columns.liquidity[p] = l.liquidity;
    }
  }
  matcher.setOptions({ filters });
  const full = fromRows(matcher.getSnapshot());
  const d3 = difference(incremental, full, [true, true]);
  const d4 = difference(incremental, floorRanked(), [true, false]);
  if (d3 !== null || d4 !== null) {
    console.error(`DISAGREEMENT after ticks: incremental vs full re-rank: ${d3 ?? 'same'}; vs floor: ${d4 ?? 'same'}`);
    process.exitCode = 1;
    return;
  }
  print(`after ${TICKS + 4500} ticks the incremental top ${K} equals a full re-rank and the floor on the same prices`);
  print(
    `oddsmatcher: engine ${fmt(E)} ns/pair, floor ${fmt(F)} ns/pair, naive ${fmt(N)} ns/pair, engine/floor ${fmt(E / F)}, tick ${fmt(T)} us`,
  );
}

await main();
