// The two reference implementations the benchmark runs beside the sdk's oddsmatcher, written
// independently of it: (a) the naive version (objects, a full Array.prototype.sort, slice) and
// (b) the hand-written floor (Float64Array columns, score first against a size-k binary heap).
// Both rank by the rating b(1 − c)/(l − c), computed as b × ((1 − c)/(l − c)), best first. The
// tie-break, shared with the engine: equal ratings by selection id, then bookmaker, then exchange,
// each in code-unit order (the naive version compares the strings; the floor relies on the
// columns being laid out in that order and compares indices). The pass rule for the minimum
// rating is score >= minRating / 100, as documented for the engine.
import { enabledExchanges } from '../src/exchanges/index';
import { BOOKMAKERS, EXCHANGES, SPORTS, type PairColumns, type PairRecord, type RankedPair } from './oddsmatcher-data';

/** Filters in the form the oddsmatcher's options take them. */
export interface BenchFilters {
  minOdds: number;
  maxOdds: number;
  minRating: number;
  minLiquidity: number;
  startsFrom: string;
  startsTo: string;
  sports: readonly string[];
  marketTypes: readonly string[];
  bookmakers: readonly string[];
  exchangeSettings: Readonly<Record<string, boolean>>;
}

/** The exchanges a member's settings enable (the product's rule, from the sdk's exchanges module). */
export function enabledExchangeNames(settings: Readonly<Record<string, boolean>>): Set<string> {
  return new Set(enabledExchanges(settings).map((e) => e.name));
}

/** (a) The naive version: score every pair into a new object, filter, sort them all, slice. */
export function naiveTopK(pairs: readonly PairRecord[], filters: BenchFilters, k: number): RankedPair[] {
  const sports = new Set(filters.sports);
  const types = new Set(filters.marketTypes);
  const bookmakers = new Set(filters.bookmakers);
  const exchanges = enabledExchangeNames(filters.exchangeSettings);
  const from = Date.parse(filters.startsFrom);
  const to = Date.parse(filters.startsTo);
  const minScore = filters.minRating / 100;
  const scored = pairs.map((p) => ({ pair: p, score: p.backOdds * ((1 - p.commission) / (p.layOdds - p.commission)) }));
  const passing = scored.filter(
    ({ pair: p, score }) =>
      p.backOdds >= filters.minOdds &&
      p.backOdds <= filters.maxOdds &&
      score >= minScore &&
      p.liquidity >= filters.minLiquidity &&
      p.startMs >= from &&
      p.startMs <= to &&
      sports.has(p.sport) &&
      types.has(p.marketType) &&
      bookmakers.has(p.bookmaker) &&
      exchanges.has(p.exchange),
  );
  const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  passing.sort(
    (a, b) =>
      b.score - a.score ||
      byCodeUnits(a.pair.selectionId, b.pair.selectionId) ||
      byCodeUnits(a.pair.bookmaker, b.pair.bookmaker) ||
      byCodeUnits(a.pair.exchange, b.pair.exchange),
  );
  return passing.slice(0, k).map(({ pair, score }) => ({
    selectionId: pair.selectionId,
    bookmaker: pair.bookmaker,
    exchange: pair.exchange,
    score,
  }));
}

/** The floor's filters, compiled to code tables once (outside the timed loop). */
export interface FloorFilters {
  minOdds: number;
  maxOdds: number;
  minScore: number;
  minLiquidity: number;
  fromMs: number;
  toMs: number;
  sportOk: Uint8Array;
  typeOk: Uint8Array;
  bookmakerOk: Uint8Array;
  exchangeOk: Uint8Array;
}

export function compileFloorFilters(filters: BenchFilters, marketTypes: readonly string[]): FloorFilters {
  const table = (names: readonly string[], allowed: ReadonlySet<string>) => Uint8Array.from(names, (n) => (allowed.has(n) ? 1 : 0));
  return {
    minOdds: filters.minOdds,
    maxOdds: filters.maxOdds,
    minScore: filters.minRating / 100,
    minLiquidity: filters.minLiquidity,
    fromMs: Date.parse(filters.startsFrom),
    toMs: Date.parse(filters.startsTo),
    sportOk: table(SPORTS, new Set(filters.sports)),
    typeOk: table(marketTypes, new Set(filters.marketTypes)),
    bookmakerOk: table(BOOKMAKERS, new Set(filters.bookmakers)),
    exchangeOk: table(EXCHANGES, enabledExchangeNames(filters.exchangeSettings)),
  };
}

/**
 * (b) The floor: the fastest straightforward hand-written top k over the columns, for the same
 * filters. One pass, no allocation in the loop, a size-k binary min-heap of (score, index) whose
 * root is the worst kept pair, and score first:
 *
 * 1. Until the heap holds k pairs, every pair is scored, checked against `minScore`, then against
 *    the other filters, and pushed.
 * 2. From then on a pair is scored and skipped unless its score is strictly above the heap's root
 *    (every kept pair passed `minScore`, so the root is at least `minScore`); only a pair above the
 *    root reaches the filter checks, and only one passing them replaces the root.
 *
 * The filter checks run in order of how many of those pairs each rejects (measured on the
 * benchmark data among the 2,000 best-scored pairs, the ones that clear the root: odds range 24%,
 * liquidity 24%, market type 22%, sport 20%, start window 18%, exchange 10%, bookmaker 10%).
 *
 * Tie-break: the columns are in tie-break order (selection id, bookmaker, exchange, code-unit
 * order), so on equal scores the lower index ranks first. A pair arriving later never ranks
 * before an equal-scored kept pair, which is why "strictly above the root" loses nothing. Returns
 * pair indices best first (score descending, then index ascending), and their scores.
 */
export function floorTopK(c: PairColumns, f: FloorFilters, k: number): { index: Int32Array; score: Float64Array } {
  const heapScore = new Float64Array(Math.max(k, 1));
  const heapIndex = new Int32Array(Math.max(k, 1));
  let size = 0;
  const { backOdds, layOdds, commission, liquidity, startMs, sport, marketType, bookmaker, exchange } = c;
  const { minOdds, maxOdds, minScore, minLiquidity, fromMs, toMs, sportOk, typeOk, bookmakerOk, exchangeOk } = f;
  const n = c.n;
  let i = 0;
  // 1. Filling the heap: sift up. A newcomer has a higher index than every kept pair, so it ranks
  // after any kept pair of equal score: it stops below a parent of lower score only.
  for (; i < n && size < k; i++) {
    const cm = commission[i] as number;
    const b = backOdds[i] as number;
    const score = b * ((1 - cm) / ((layOdds[i] as number) - cm));
    if (!(score >= minScore)) continue;
    if (b < minOdds || b > maxOdds) continue;
    if ((liquidity[i] as number) < minLiquidity) continue;
    if (typeOk[marketType[i] as number] !== 1) continue;
    if (sportOk[sport[i] as number] !== 1) continue;
    const t = startMs[i] as number;
    if (t < fromMs || t > toMs) continue;
    if (exchangeOk[exchange[i] as number] !== 1) continue;
    if (bookmakerOk[bookmaker[i] as number] !== 1) continue;
    let at = size++;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      const ps = heapScore[parent] as number;
      if (ps < score) break;
      heapScore[at] = ps;
      heapIndex[at] = heapIndex[parent] as number;
      at = parent;
    }
    heapScore[at] = score;
    heapIndex[at] = i;
  }
  // 2. The heap is full (or the columns are exhausted): threshold on the root, then filter.
  let root = heapScore[0] as number;
  for (; i < n; i++) {
    const cm = commission[i] as number;
    const b = backOdds[i] as number;
    const score = b * ((1 - cm) / ((layOdds[i] as number) - cm));
    if (!(score > root)) continue;
    if (b < minOdds || b > maxOdds) continue;
    if ((liquidity[i] as number) < minLiquidity) continue;
    if (typeOk[marketType[i] as number] !== 1) continue;
    if (sportOk[sport[i] as number] !== 1) continue;
    const t = startMs[i] as number;
    if (t < fromMs || t > toMs) continue;
    if (exchangeOk[exchange[i] as number] !== 1) continue;
    if (bookmakerOk[bookmaker[i] as number] !== 1) continue;
    // Replace the root and sift down: move the worse child up while it is worse than the
    // newcomer. A child of equal score has a lower index, so it ranks first: the newcomer, the
    // worse of the two, stays above it.
    let at = 0;
    for (;;) {
      const l = 2 * at + 1;
      if (l >= k) break;
      const r = l + 1;
      let worst = l;
      if (r < k) {
        const ls = heapScore[l] as number;
        const rs = heapScore[r] as number;
        if (rs < ls || (rs === ls && (heapIndex[r] as number) > (heapIndex[l] as number))) worst = r;
      }
      const ws = heapScore[worst] as number;
      if (ws >= score) break;
      heapScore[at] = ws;
      heapIndex[at] = heapIndex[worst] as number;
      at = worst;
    }
    heapScore[at] = score;
    heapIndex[at] = i;
    root = heapScore[0] as number;
  }
  // Best first: pop the worst pair off the heap into the last free place, size times.
  const index = new Int32Array(size);
  const score = new Float64Array(size);
  for (let last = size - 1; last >= 0; last--) {
    index[last] = heapIndex[0] as number;
    score[last] = heapScore[0] as number;
    const ms = heapScore[last] as number;
    const mi = heapIndex[last] as number;
    let at = 0;
    for (;;) {
      const l = 2 * at + 1;
      if (l >= last) break;
      const r = l + 1;
      let worst = l;
      if (r < last) {
        const ls = heapScore[l] as number;
        const rs = heapScore[r] as number;
        if (rs < ls || (rs === ls && (heapIndex[r] as number) > (heapIndex[l] as number))) worst = r;
      }
      const ws = heapScore[worst] as number;
      const wi = heapIndex[worst] as number;
      if (ws > ms || (ws === ms && wi < mi)) break;
      heapScore[at] = ws;
      heapIndex[at] = wi;
      at = worst;
    }
    heapScore[at] = ms;
    heapIndex[at] = mi;
  }
  return { index, score };
}
