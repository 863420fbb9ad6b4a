// The oddsmatcher's storage: quotes and pairs in typed-array columns, the dictionaries of
// bookmakers, exchanges, sports and market types, and the filters compiled against them.
//
// Quotes and pairs live in typed-array columns. Each selection owns a contiguous block of back
// quotes, of lay quotes and of pair slots (back i × lay j at pairBase + i·layCap + j), so a pair's
// slot is found from its two quotes in O(1). Each slot also holds copies of its pair's back odds
// and lay factor (f = (1 − c)/(l − c), computed once per lay quote), NaN when the slot holds no
// live pair, kept in step by every re-score.
import type { Market, Runner, SportEvent } from '../model';
import { compile, DEFAULT_LIMIT, defaultIndexTarget, type CompiledFilters, type OddsmatcherTuning, type ResolvedOptions } from './options';
import type { OddsmatchRow } from './types';

/** Score buckets of the ordered index (see buckets.ts). */
export const NB = 16384;
/** Pairs the full ranking's sweep buffers before it checks them against the filters. */
const BUFFER = 256;
/** Words of the index's occupancy map (one bit per bucket). */
export const WORDS = NB >>> 5;

/** Grows a float column to hold at least `need` entries (doubling), keeping its contents. */
export function growF64(a: Float64Array<ArrayBuffer>, need: number): Float64Array<ArrayBuffer> {
  if (need <= a.length) return a;
  const b = new Float64Array(Math.max(need, a.length * 2, 16));
  b.set(a);
  return b;
}
/** Grows an integer column to hold at least `need` entries (doubling; new entries `fill`), keeping its contents. */
export function growI32(a: Int32Array<ArrayBuffer>, need: number, fill = 0): Int32Array<ArrayBuffer> {
  if (need <= a.length) return a;
  const b = new Int32Array(Math.max(need, a.length * 2, 16));
  b.set(a);
  if (fill !== 0) b.fill(fill, a.length);
  return b;
}

/** Grows a byte column to hold at least `need` entries (doubling), keeping its contents. */
export function growU8(a: Uint8Array<ArrayBuffer>, need: number): Uint8Array<ArrayBuffer> {
  if (need <= a.length) return a;
  const b = new Uint8Array(Math.max(need, a.length * 2, 16));
  b.set(a);
  return b;
}

/** Runs a generator of steps to its end, without pausing. */
export function drain(steps: Generator<void, void, void>): void {
  for (let r = steps.next(); r.done !== true; r = steps.next());
}

/** A dictionary of lower-case keys to small integer codes, with each key's rank in code-unit order. */
export class Dictionary {
  readonly codes = new Map<string, number>();
  readonly names: string[] = [];
  rank = new Int32Array(16);

  /** Code of `name`, registering it; `added` tells whether it is new (ranks changed). */
  code(name: string): number {
    const known = this.codes.get(name);
    if (known !== undefined) return known;
    const code = this.names.length;
    this.codes.set(name, code);
    this.names.push(name);
    this.rank = growI32(this.rank, this.names.length);
    const sorted = this.names.slice().sort();
    for (let r = 0; r < sorted.length; r++) this.rank[this.codes.get(sorted[r] as string) as number] = r;
    return code;
  }
}

/**
 * The engine's state: the dictionaries, the columns, the bucket index's lists, the top k and the
 * full ranking's buffers, the options and the compiled filters. It is all declared here so that
 * the engine is one object built by one constructor; each layer above (buckets.ts, topk.ts,
 * rank.ts, ingest.ts) only adds the operations of its concern.
 */
export class Columns {
  // dictionaries
  readonly bookmakers = new Dictionary();
  readonly exchangeDict = new Dictionary();
  readonly sportDict = new Dictionary();
  readonly typeDict = new Dictionary();
  bmAllowed = new Uint8Array(16);
  exAllowed = new Uint8Array(16);
  /** The member's own commission per exchange code, -1 for the feed's. */
  ownCommission = new Float64Array(16).fill(-1);
  sportAllowed = new Uint8Array(16);
  typeAllowed = new Uint8Array(16);

  // events
  evIndex = new Map<string, number>();
  evData: SportEvent[] = [];
  evMarkets: number[][] = [];
  evStart = new Float64Array(16);
  evSport = new Int32Array(16);
  evAlive = new Uint8Array(16);
  nEv = 0;

  // markets
  mkIndex = new Map<string, number>();
  mkData: Market[] = [];
  mkSels: number[][] = [];
  mkEvent = new Int32Array(16);
  mkType = new Int32Array(16);
  mkAlive = new Uint8Array(16);
  nMk = 0;

  // selections
  selIndex = new Map<string, number>();
  selRunner: Runner[] = [];
  selMarket = new Int32Array(16);
  /** Copies of the selection's market type and event sport and start (the filters read them). */
  selType = new Int32Array(16);
  selSport = new Int32Array(16);
  selStart = new Float64Array(16);
  selAlive = new Uint8Array(16);
  backBase = new Int32Array(16);
  backLen = new Int32Array(16);
  backCap = new Int32Array(16);
  layBase = new Int32Array(16);
  layLen = new Int32Array(16);
  layCap = new Int32Array(16);
  pairBase = new Int32Array(16);
  nSel = 0;
  liveSel = 0;

  // back quotes
  qbBm = new Int32Array(16);
  /** The odds ranked: a boosted quote's boosted odds with `includeBoosts`, else its odds before the boost. */
  qbOdds = new Float64Array(16);
  /** The odds before a price boost (0: a standard price). */
  qbBoost = new Float64Array(16);
  /** A boosted quote's boosted odds (0: a standard price). */
  qbBoosted = new Float64Array(16);
  /** A boosted price's maximum stake, pence (0: none given). */
  qbMax = new Float64Array(16);
  backUsed = 0;

  // lay quotes
  qlEx = new Int32Array(16);
  qlOdds = new Float64Array(16);
  qlLiq = new Float64Array(16);
  qlFeedComm = new Float64Array(16);
  qlFactor = new Float64Array(16);
  layUsed = 0;

  // pairs, and the bucket index over them
  /**
   * Per pair slot: the back odds and the lay factor of the pair (copies of its quotes', kept in
   * step by every relink), NaN in a slot holding no live pair. The full ranking scans these two
   * columns: one multiplication per pair.
   */
  pBack = new Float64Array(16);
  pFactor = new Float64Array(16);
  pScore = new Float64Array(16);
  pBucket = new Int32Array(16).fill(-1);
  pNext = new Int32Array(16);
  pPrev = new Int32Array(16);
  pSel = new Int32Array(16);
  inTop = new Uint8Array(16);
  pairUsed = 0;
  garbagePairs = 0;
  readonly head = new Int32Array(NB).fill(-1);
  readonly count = new Int32Array(NB);
  readonly bits = new Uint32Array(WORDS);
  /** Pairs in the index (passing the filters and scoring at least `cut`). */
  linked = 0;
  /**
   * The index's cut: it holds exactly the pairs that pass the filters and score at least this
   * (-Infinity: every passing pair). Every pair left out ranks after every pair in it.
   */
  cut = -Infinity;
  /** How many pairs the full ranking puts in the index, for k rows (at least k is used). */
  readonly indexTarget: (limit: number) => number;
  /** The full ranking's heap of the best scores, and its buffer of passing pairs. */
  cutHeap = new Float64Array(16);
  heapSize = 0;
  heapTarget = 0;
  cand = new Int32Array(16);
  candScore = new Float64Array(16);
  nCand = 0;
  /** The full ranking's buffer of pairs at or above the gate (slots and scores). */
  readonly bufPair = new Int32Array(BUFFER);
  readonly bufScore = new Float64Array(BUFFER);
  bufLen = 0;
  /** Buffered pairs checked against the selection-level filters in this full ranking, and failed. */
  selSeen = 0;
  selFail = 0;

  // top k
  top = new Int32Array(DEFAULT_LIMIT + 1);
  topLen = 0;
  /** The rows of `top`, position by position. */
  topRows: OddsmatchRow[] = [];
  scratch = new Int32Array(256);
  /** The top k must be read afresh from the index (after a full ranking). */
  needFull = false;
  /** Some top pair left, or some pair may have entered, since the last publication. */
  dirty = false;
  /** Pairs linked since the last publication that may rank among the top k. */
  entering: number[] = [];
  /** The k-th row when the top k was last published (null when fewer than k pairs passed). */
  thr: { score: number; sel: string; bm: string; ex: string } | null = null;
  rows: readonly OddsmatchRow[] = Object.freeze([]);

  options: ResolvedOptions;
  f: CompiledFilters;
  snr = 0;

  constructor(options: ResolvedOptions, tuning: OddsmatcherTuning) {
    this.options = options;
    this.indexTarget = tuning.indexTarget ?? defaultIndexTarget;
    this.top = new Int32Array(options.limit + 1);
    this.f = compile(options.filters);
    this.snr = options.rankBy === 'snrRetention' ? 1 : 0;
  }

  // ----- dictionaries and filters -----------------------------------------------------------

  bmCode(name: string): number {
    const before = this.bookmakers.names.length;
    const code = this.bookmakers.code(name);
    if (code === before) {
      this.bmAllowed = growU8(this.bmAllowed, code + 1);
      this.bmAllowed[code] = this.f.bookmakers === null || this.f.bookmakers.has(name) ? 1 : 0;
    }
    return code;
  }

  exCode(name: string): number {
    const before = this.exchangeDict.names.length;
    const code = this.exchangeDict.code(name);
    if (code === before) {
      this.exAllowed = growU8(this.exAllowed, code + 1);
      this.exAllowed[code] = this.f.exchanges.has(name) ? 1 : 0;
      this.ownCommission = growF64(this.ownCommission, code + 1);
      this.ownCommission[code] = this.options.commissions[name] ?? -1;
    }
    return code;
  }

  sportCode(name: string): number {
    const before = this.sportDict.names.length;
    const code = this.sportDict.code(name);
    if (code === before) {
      this.sportAllowed = growU8(this.sportAllowed, code + 1);
      this.sportAllowed[code] = this.f.sports === null || this.f.sports.has(name) ? 1 : 0;
    }
    return code;
  }

  typeCode(name: string): number {
    const before = this.typeDict.names.length;
    const code = this.typeDict.code(name);
    if (code === before) {
      this.typeAllowed = growU8(this.typeAllowed, code + 1);
      this.typeAllowed[code] = this.f.marketTypes === null || this.f.marketTypes.has(name) ? 1 : 0;
    }
    return code;
  }

  commissionFor(ex: number, feed: number): number {
    const own = this.ownCommission[ex] as number;
    return own === -1 ? feed : own;
  }

  /**
   * Writes back quote q. A boosted price (`boostedFrom` above 0) is ranked at its boosted odds
   * only when the member asks for boosts; otherwise at the bookmaker's standard price, the odds
   * before the boost.
   */
  writeBack(q: number, bm: number, odds: number, boostedFrom: number, maxStake: number): void {
    this.qbBm[q] = bm;
    this.qbBoost[q] = boostedFrom;
    this.qbBoosted[q] = boostedFrom === 0 ? 0 : odds;
    this.qbMax[q] = boostedFrom === 0 ? 0 : maxStake;
    this.qbOdds[q] = boostedFrom === 0 || this.f.includeBoosts ? odds : boostedFrom;
  }

  /** A row's boost fields for back quote q: none on a standard price, nor while boosts are not ranked. */
  boostOf(q: number): { boostedFrom?: number; maxStake?: number } {
    const from = this.qbBoost[q] as number;
    if (from === 0 || !this.f.includeBoosts) return {};
    const max = this.qbMax[q] as number;
    return max === 0 ? { boostedFrom: from } : { boostedFrom: from, maxStake: max };
  }

  /** The back quote as the feed gave it (boosted odds and the boost's fields on a boosted price). */
  feedBack(q: number): { odds: number; boostedFrom?: number; maxStake?: number } {
    const from = this.qbBoost[q] as number;
    if (from === 0) return { odds: this.qbOdds[q] as number };
    const max = this.qbMax[q] as number;
    const odds = this.qbBoosted[q] as number;
    return max === 0 ? { odds, boostedFrom: from } : { odds, boostedFrom: from, maxStake: max };
  }

  /** Re-reads every boosted quote's ranked odds after `includeBoosts` changed. */
  rewriteBoosts(): void {
    for (let q = 0; q < this.backUsed; q++) {
      const from = this.qbBoost[q] as number;
      if (from !== 0) this.qbOdds[q] = this.f.includeBoosts ? (this.qbBoosted[q] as number) : from;
    }
  }

  layOk(j: number): number {
    return this.exAllowed[this.qlEx[j] as number] === 1 && (this.qlLiq[j] as number) >= this.f.minLiquidity ? 1 : 0;
  }

  /**
   * Whether selection s passes the selection-level filters (sport, market type, start). A live
   * selection's market and event are live (removing either removes its selections).
   */
  selectionOk(s: number): boolean {
    const start = this.selStart[s] as number;
    return (
      this.selAlive[s] === 1 &&
      this.typeAllowed[this.selType[s] as number] === 1 &&
      this.sportAllowed[this.selSport[s] as number] === 1 &&
      start >= this.f.fromMs &&
      start <= this.f.toMs
    );
  }

  /** Copies the market type and the event's sport and start of selection s's market onto it. */
  copyMarket(s: number): void {
    const m = this.selMarket[s] as number;
    const e = this.mkEvent[m] as number;
    this.selType[s] = this.mkType[m] as number;
    this.selSport[s] = this.evSport[e] as number;
    this.selStart[s] = this.evStart[e] as number;
  }

  // ----- growing the columns ------------------------------------------------------------------

  ensureEvents(n: number): void {
    this.evStart = growF64(this.evStart, n);
    this.evSport = growI32(this.evSport, n);
    this.evAlive = growU8(this.evAlive, n);
  }

  ensureMarkets(n: number): void {
    this.mkEvent = growI32(this.mkEvent, n);
    this.mkType = growI32(this.mkType, n);
    this.mkAlive = growU8(this.mkAlive, n);
  }

  ensureSelections(n: number): void {
    this.selMarket = growI32(this.selMarket, n);
    this.selType = growI32(this.selType, n);
    this.selSport = growI32(this.selSport, n);
    this.selStart = growF64(this.selStart, n);
    this.selAlive = growU8(this.selAlive, n);
    this.backBase = growI32(this.backBase, n);
    this.backLen = growI32(this.backLen, n);
    this.backCap = growI32(this.backCap, n);
    this.layBase = growI32(this.layBase, n);
    this.layLen = growI32(this.layLen, n);
    this.layCap = growI32(this.layCap, n);
    this.pairBase = growI32(this.pairBase, n);
  }

  ensureBacks(n: number): void {
    this.qbBm = growI32(this.qbBm, n);
    this.qbOdds = growF64(this.qbOdds, n);
    this.qbBoost = growF64(this.qbBoost, n);
    this.qbBoosted = growF64(this.qbBoosted, n);
    this.qbMax = growF64(this.qbMax, n);
  }

  ensureLays(n: number): void {
    this.qlEx = growI32(this.qlEx, n);
    this.qlOdds = growF64(this.qlOdds, n);
    this.qlLiq = growF64(this.qlLiq, n);
    this.qlFeedComm = growF64(this.qlFeedComm, n);
    this.qlFactor = growF64(this.qlFactor, n);
  }

  ensurePairs(n: number): void {
    this.pBack = growF64(this.pBack, n);
    this.pFactor = growF64(this.pFactor, n);
    this.pScore = growF64(this.pScore, n);
    this.pBucket = growI32(this.pBucket, n, -1);
    this.pNext = growI32(this.pNext, n);
    this.pPrev = growI32(this.pPrev, n);
    this.pSel = growI32(this.pSel, n);
    this.inTop = growU8(this.inTop, n);
  }
}
