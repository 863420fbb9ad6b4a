// The two reference implementations the benchmark runs beside the sdk's oddsmatcher, written
// independently of it: (a) the naive version (objects, a full Array.prototype.sort, slice) and
// (b) the hand-written floor (Float64Array columns and a size-k binary heap). Both rank by the
// rating b(1 − c)/(l − c), computed as b × ((1 − c)/(l − c)), best first; ties by selection id,
// bookmaker, exchange (code-unit order). The pass rule for the minimum rating is
// score >= minRating / 100, as documented for the engine.
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
  const table = (names: readonly string[], allowed: ReadonlySet<string>) =>
    Uint8Array.from(names, (n) => (allowed.has(n) ? 1 : 0));
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
 * (b) The floor: one pass over the columns, a size-k min-heap of (score, index) whose root is the
 * worst kept pair. Columns are in tie-break order, so on equal scores the lower index wins and a
 * later pair never displaces an equal one. Returns pair indices best first, and their scores.
 */
export function floorTopK(c: PairColumns, f: FloorFilters, k: number): { index: Int32Array; score: Float64Array } {
  const heapScore = new Float64Array(k);
  const heapIndex = new Int32Array(k);
  let size = 0;
  const { backOdds, layOdds, commission, liquidity, startMs, sport, marketType, bookmaker, exchange } = c;
  const { minOdds, maxOdds, minScore, minLiquidity, fromMs, toMs, sportOk, typeOk, bookmakerOk, exchangeOk } = f;
  const n = c.n;
  for (let i = 0; i < n; i++) {
    const b = backOdds[i] as number;
    if (b < minOdds || b > maxOdds) continue;
    const t = startMs[i] as number;
    if (t < fromMs || t > toMs) continue;
    if ((liquidity[i] as number) < minLiquidity) continue;
    if (
      sportOk[sport[i] as number] !== 1 ||
      typeOk[marketType[i] as number] !== 1 ||
      bookmakerOk[bookmaker[i] as number] !== 1 ||
      exchangeOk[exchange[i] as number] !== 1
    ) {
      continue;
    }
    const cm = commission[i] as number;
    const score = b * ((1 - cm) / ((layOdds[i] as number) - cm));
    if (!(score >= minScore)) continue;
    if (size < k) {
      // sift up: parent is worse-or-equal than child in a min-heap (lower score, or equal score and higher index)
      let at = size++;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        const ps = heapScore[parent] as number;
        if (ps < score || (ps === score && (heapIndex[parent] as number) > i)) break;
        heapScore[at] = ps;
        heapIndex[at] = heapIndex[parent] as number;
        at = parent;
      }
      heapScore[at] = score;
      heapIndex[at] = i;
    } else if (score > (heapScore[0] as number)) {
      // replace the root and sift down
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
        if (ws > score || (ws === score && (heapIndex[worst] as number) < i)) break;
        heapScore[at] = ws;
        heapIndex[at] = heapIndex[worst] as number;
        at = worst;
      }
      heapScore[at] = score;
      heapIndex[at] = i;
    }
  }
  const order = Array.from({ length: size }, (_, j) => j).sort(
    (a, b) => (heapScore[b] as number) - (heapScore[a] as number) || (heapIndex[a] as number) - (heapIndex[b] as number),
  );
  return {
    index: Int32Array.from(order, (j) => heapIndex[j] as number),
    score: Float64Array.from(order, (j) => heapScore[j] as number),
  };
}
