import * as z from 'zod/mini';
import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';
import { enabledExchanges } from '../exchanges/exchanges';
import { instantSchema, penceSchema } from '../model/schemas';
import { createStore, type ReadableStore } from '../internal/store';
import { parseOrThrow } from '../internal/validate';
import {
  backPriceSchema,
  commissionFractionSchema,
  exchangePriceSchema,
  feedKeySchema,
  marketSchema,
  sportEventSchema,
  type Market,
  type MarketSnapshot,
  type Runner,
  type SportEvent,
} from './model';
import { layFactor } from './rating';
import { backLay, MAX_MONEY } from '../calculators/index';
import { indexMarketSnapshotInSteps, isMarketIndex, parseMarketSnapshot, type MarketIndex, type StepOptions } from './snapshot';

// ---------------------------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------------------------

/**
 * Schema of {@link OddsmatcherFilters}. Every filter is optional; an absent filter lets
 * everything through, except the exchanges, which default to the exchanges enabled by default.
 *
 * @example
 * ```ts
 * import { oddsmatcherFiltersSchema } from '@matchkit/sdk/matching';
 * oddsmatcherFiltersSchema.safeParse({ minOdds: 2, maxOdds: 1.5 }).success; // true (the range check is the matcher's)
 * ```
 */
export const oddsmatcherFiltersSchema = z.object({
  /** Lowest bookmaker back odds shown (inclusive). */
  minOdds: z.optional(z.number().check(z.gte(1, 'must be at least 1'))),
  /** Highest bookmaker back odds shown (inclusive). */
  maxOdds: z.optional(z.number().check(z.gte(1, 'must be at least 1'))),
  /** Lowest ranked figure shown, in percent (rating, or SNR retention when ranking by it). */
  minRating: z.optional(z.number()),
  /** Least money available at the lay price, in integer pence. */
  minLiquidity: z.optional(penceSchema),
  /** Earliest event start shown (inclusive instant). */
  startsFrom: z.optional(instantSchema),
  /** Latest event start shown (inclusive instant). */
  startsTo: z.optional(instantSchema),
  /** Sports shown (lower-case keys); absent: every sport. */
  sports: z.optional(z.array(feedKeySchema)),
  /** Market types shown (lower-case keys); absent: every market type. */
  marketTypes: z.optional(z.array(feedKeySchema)),
  /** Bookmakers shown (lower-case keys); absent: every bookmaker. */
  bookmakers: z.optional(z.array(feedKeySchema)),
  /** The member's exchange settings (exchange name to on/off), read with `enabledExchanges`. */
  exchangeSettings: z.optional(z.record(z.string(), z.boolean())),
});

/**
 * Schema of {@link OddsmatcherOptions}.
 *
 * @example
 * ```ts
 * import { oddsmatcherOptionsSchema } from '@matchkit/sdk/matching';
 * oddsmatcherOptionsSchema.safeParse({ limit: 0 }).success; // false
 * ```
 */
export const oddsmatcherOptionsSchema = z.object({
  /** The filters. */
  filters: z.optional(oddsmatcherFiltersSchema),
  /** What to rank by: the qualifying `rating` or the free-bet `snrRetention`. */
  rankBy: z.optional(z.literal(['rating', 'snrRetention'])),
  /** How many rows to keep (top-k), 1 to 10,000. */
  limit: z.optional(z.int().check(z.gte(1, 'must be at least 1'), z.lte(10_000, 'must be at most 10000'))),
  /**
   * The stake the rows' money figures are worked out for (a cash qualifying stake, and a free bet
   * of the same amount), in integer pence, at most 1e9.
   */
  stake: z.optional(penceSchema.check(z.lte(MAX_MONEY, 'must be at most 1000000000'))),
  /** The member's own commission per exchange (a fraction), overriding the feed's. */
  commissions: z.optional(z.record(feedKeySchema, commissionFractionSchema)),
});

/**
 * The oddsmatcher's filters. A pair is shown when all hold. Bounds are inclusive. An absent filter
 * lets everything through, except the exchanges: only those enabled by `exchangeSettings` (read
 * with `enabledExchanges`, so the defaults apply to exchanges the member has not set) take part.
 *
 * @example
 * ```ts
 * import type { OddsmatcherFilters } from '@matchkit/sdk/matching';
 * const filters: OddsmatcherFilters = { minOdds: 1.5, maxOdds: 8, minRating: 95, sports: ['football'] };
 * ```
 */
export interface OddsmatcherFilters {
  /** Lowest bookmaker back odds shown (inclusive). */
  readonly minOdds?: number | undefined;
  /** Highest bookmaker back odds shown (inclusive). */
  readonly maxOdds?: number | undefined;
  /**
   * Lowest ranked figure shown, in percent: the rating, or the SNR retention when ranking by it.
   * A pair passes when its score (a fraction) is at least `minRating / 100`.
   */
  readonly minRating?: number | undefined;
  /** Least money available at the lay price, in integer pence. */
  readonly minLiquidity?: number | undefined;
  /** Earliest event start shown: an instant with an offset (inclusive). */
  readonly startsFrom?: string | undefined;
  /** Latest event start shown: an instant with an offset (inclusive). */
  readonly startsTo?: string | undefined;
  /** Sports shown (lower-case keys); absent: every sport. */
  readonly sports?: readonly string[] | undefined;
  /** Market types shown (lower-case keys); absent: every market type. */
  readonly marketTypes?: readonly string[] | undefined;
  /** Bookmakers shown (lower-case keys); absent: every bookmaker. */
  readonly bookmakers?: readonly string[] | undefined;
  /** The member's exchange settings (exchange name to on/off); absent: the default exchanges. */
  readonly exchangeSettings?: Readonly<Record<string, boolean>> | undefined;
}

/**
 * The oddsmatcher's options.
 *
 * @example
 * ```ts
 * import type { OddsmatcherOptions } from '@matchkit/sdk/matching';
 * const options: OddsmatcherOptions = { rankBy: 'snrRetention', limit: 50, commissions: { smarkets: 0 } };
 * ```
 */
export interface OddsmatcherOptions {
  /**
   * The filters.
   * @defaultValue `{}` (every pair at an exchange enabled by default)
   */
  readonly filters?: OddsmatcherFilters | undefined;
  /**
   * What to rank by: the qualifying `rating` or the free-bet `snrRetention`.
   * @defaultValue 'rating'
   */
  readonly rankBy?: 'rating' | 'snrRetention' | undefined;
  /**
   * How many rows to keep (the k of top-k), 1 to 10,000.
   * @defaultValue 100
   */
  readonly limit?: number | undefined;
  /**
   * The stake the rows' money figures are worked out for, integer pence (at most 1e9).
   * @defaultValue 1000 (£10)
   */
  readonly stake?: number | undefined;
  /**
   * The member's own commission per exchange (a fraction), replacing the feed's.
   * @defaultValue `{}` (the feed's commissions)
   */
  readonly commissions?: Readonly<Record<string, number>> | undefined;
}

/** Default number of rows. */
const DEFAULT_LIMIT = 100;
/** Default stake, pence (£10). */
const DEFAULT_STAKE = 1000;

// ---------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------

/**
 * One ranked back/lay pair. Odds decimal, money in pence (unrounded where derived), scores in
 * percent (unrounded).
 *
 * @example
 * ```ts
 * import type { OddsmatchRow } from '@matchkit/sdk/matching';
 * const label = (r: OddsmatchRow) => `${r.selectionName}: back ${r.backOdds} at ${r.bookmaker}, lay ${r.layOdds} at ${r.exchange}`;
 * ```
 */
export interface OddsmatchRow {
  /** Id of the event. */
  readonly eventId: string;
  /** Name of the event. */
  readonly eventName: string;
  /** Competition or meeting, or null when not given. */
  readonly competition: string | null;
  /** Sport key. */
  readonly sport: string;
  /** Event start, the instant as given. */
  readonly startsAt: string;
  /** Id of the market. */
  readonly marketId: string;
  /** Name of the market. */
  readonly marketName: string;
  /** Market type key. */
  readonly marketType: string;
  /** Id of the selection (runner). */
  readonly selectionId: string;
  /** Name of the selection. */
  readonly selectionName: string;
  /** Bookmaker key. */
  readonly bookmaker: string;
  /** Bookmaker back odds. */
  readonly backOdds: number;
  /** Exchange key. */
  readonly exchange: string;
  /** Exchange lay odds. */
  readonly layOdds: number;
  /** Money available at the lay odds, pence. */
  readonly layLiquidity: number;
  /** Commission applied (the member's own rate when set, else the feed's), a fraction. */
  readonly commission: number;
  /** Rating, percent: `100 × b(1 − c)/(l − c)`, the share of a qualifying stake kept. */
  readonly rating: number;
  /** SNR free-bet retention, percent: `100 × (b − 1)(1 − c)/(l − c)`. */
  readonly snrRetention: number;
  /**
   * The balanced lay stake for a qualifying bet of the configured stake, pence:
   * S·b/(l − c) (`backLay`, bet type `qualifying`).
   */
  readonly layStake: number;
  /**
   * The qualifying loss for the configured stake, pence, signed (a loss is negative): the equal
   * profit on both outcomes of the balanced lay, L(1 − c) − S (`backLay`'s `profitIfLoses`).
   */
  readonly qualifyingLoss: number;
  /** The balanced lay stake for an SNR free bet of the configured stake, pence: F(b − 1)/(l − c). */
  readonly freeBetLayStake: number;
  /** The profit from an SNR free bet of the configured stake once laid, pence: F × retention. */
  readonly freeBetProfit: number;
}

/**
 * Counters of the oddsmatcher's current state.
 *
 * @example
 * ```ts
 * import type { OddsmatcherStats } from '@matchkit/sdk/matching';
 * const share = (s: OddsmatcherStats) => s.candidates / Math.max(1, s.pairs);
 * ```
 */
export interface OddsmatcherStats {
  /** Live selections. */
  readonly selections: number;
  /** Back/lay pairs on live selections (every bookmaker price times every exchange lay). */
  readonly pairs: number;
  /** Pairs passing the filters (counted afresh on each call: O(pairs)). */
  readonly candidates: number;
}

/**
 * Prices to apply in one batch (one re-rank at the end).
 *
 * @example
 * ```ts
 * import type { PriceBatch } from '@matchkit/sdk/matching';
 * const batch: PriceBatch = { backPrices: [{ bookmaker: 'bet-co', selectionId: 'e1/mo/home', odds: 2.3 }] };
 * ```
 */
export interface PriceBatch {
  /** Bookmaker back prices to set (added or replaced). */
  readonly backPrices?: readonly unknown[];
  /** Exchange prices to set (added or replaced; a null lay removes the lay quote). */
  readonly exchangePrices?: readonly unknown[];
}

/**
 * A live oddsmatcher: holds events, markets and prices, scores every bookmaker back / exchange lay
 * pair, keeps the pairs passing the filters in an ordered index, and publishes the top rows as a
 * store (`getSnapshot` returns the same array until the top rows change).
 *
 * @example
 * ```ts
 * import { createOddsmatcher, type Oddsmatcher } from '@matchkit/sdk/matching';
 * const matcher: Oddsmatcher = createOddsmatcher({ limit: 20 });
 * const unsubscribe = matcher.subscribe(() => console.warn(matcher.getSnapshot()[0]?.rating));
 * ```
 */
export interface Oddsmatcher extends ReadableStore<readonly OddsmatchRow[]> {
  /**
   * Replaces everything with a snapshot and ranks it all. A raw snapshot is validated with
   * `parseMarketSnapshot`; a `MarketIndex` (from `indexMarketSnapshot`) is validated already, so
   * its snapshot is used as it is (validate once, then hand the index to every tool).
   */
  load(snapshot: unknown): void;
  /**
   * {@link Oddsmatcher.load} in steps, for a thread that must stay responsive (a browser page
   * loading a large snapshot): the same ranking as `load` (the same rows, in the same order), but
   * the records are taken in `chunkSize` at a time (events, markets, selections, prices; the
   * ranking's sweep takes 64 pair slots per record) and the top rows are made `chunkSize` at a
   * time, with a `pause` between steps. A raw snapshot is first validated in steps too
   * (`indexMarketSnapshotInSteps`); a `MarketIndex` is used as it is.
   *
   * The snapshot is ranked aside: until the promise resolves, `getSnapshot` keeps the rows ranked
   * before and the other methods act on them. When it resolves the new ranking replaces them
   * whole, ranked with the options in force then (a `setOptions` meanwhile is kept; the ticks and
   * structural changes made meanwhile are not: apply them again after it, as a feed's patches
   * after their snapshot). Aborting the signal, or a later `load` or `loadInSteps`, stops it at
   * its next pause (the promise rejects: with the signal's reason, or an `AbortError`) and leaves
   * the engine as it was.
   *
   * @param snapshot - a raw snapshot, or a `MarketIndex` (validated already)
   * @param options - records a step (default 1000), the pause between steps, an abort signal
   * @returns resolves once the new rows are published
   * @throws MatchkitValidationError (the promise rejects) when a raw snapshot is invalid
   *
   * @example
   * ```ts
   * import { createOddsmatcher, indexMarketSnapshotInSteps } from '@matchkit/sdk/matching';
   * const matcher = createOddsmatcher({ limit: 500 });
   * const snapshot = { events: [], markets: [], backPrices: [], exchangePrices: [] };
   * const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
   * const index = await indexMarketSnapshotInSteps(snapshot, { chunkSize: 500, pause });
   * await matcher.loadInSteps(index, { chunkSize: 500, pause });
   * matcher.getSnapshot(); // the same rows as matcher.load(index) gives
   * ```
   */
  loadInSteps(snapshot: unknown, options?: StepOptions): Promise<void>;
  /** Replaces the options given (others are kept; `filters` is replaced whole) and re-ranks all. */
  setOptions(options: OddsmatcherOptions): void;
  /** The options in force, defaults filled in. */
  getOptions(): OddsmatcherOptions;
  /** Adds or replaces an event; a changed start time or sport re-filters its pairs. */
  upsertEvent(event: unknown): void;
  /** Adds or replaces a market; runners no longer listed are removed with their prices. */
  upsertMarket(market: unknown): void;
  /** Removes an event with its markets, runners and prices (no-op when unknown). */
  removeEvent(eventId: string): void;
  /** Removes a market with its runners and prices (no-op when unknown). */
  removeMarket(marketId: string): void;
  /** Sets one bookmaker back price (a price tick): only the pairs of that price are re-scored. */
  setBackPrice(price: unknown): void;
  /** Removes one bookmaker back price (no-op when absent). */
  removeBackPrice(bookmaker: string, selectionId: string): void;
  /**
   * Sets one exchange price (a tick): only the pairs of its lay quote are re-scored. Place-market
   * prices (`places` set) are ignored: the oddsmatcher lays in the win market. A null `lay`
   * removes the exchange's lay quote.
   */
  setExchangePrice(price: unknown): void;
  /** Removes one exchange's lay quote on a runner (no-op when absent). */
  removeExchangePrice(exchange: string, selectionId: string): void;
  /** Applies many prices, then re-ranks once. All are validated before any is applied. */
  applyPrices(batch: PriceBatch): void;
  /** Counters of the current state (counting the pairs that pass the filters is O(pairs)). */
  stats(): OddsmatcherStats;
}

// ---------------------------------------------------------------------------------------------
// The ordered index
//
// Quotes and pairs live in typed-array columns. Each selection owns a contiguous block of back
// quotes, of lay quotes and of pair slots (back i × lay j at pairBase + i·layCap + j), so a pair's
// slot is found from its two quotes in O(1). Each slot also holds copies of its pair's back odds
// and lay factor (f = (1 − c)/(l − c), computed once per lay quote), NaN when the slot holds no
// live pair, kept in step by every re-score.
//
// The full ranking (load, setOptions) is one sequential sweep over those two columns, score
// first: one subtraction, one multiplication and one comparison per pair against a gate; only the
// pairs at or above the gate are checked against the filters. The gate is the M-th best passing
// score found so far (a size-M min-heap; `minScore` until it fills), M = indexTarget(k) = 2k + 64
// by default. So the full ranking does O(P) arithmetic and about M·ln(P/M) filter checks.
//
// The ordered index holds exactly the pairs that pass the filters and score at least its cut
// (the M-th best passing score at the last full ranking; -Infinity when fewer than M passed, so
// then every passing pair): every pair left out ranks after every pair in it. They are threaded
// into NB = 16384 score buckets (intrusive doubly-linked lists, bucket = ⌊score × 8192⌋, scores
// of 2 or more in the last) with a one-bit-per-bucket occupancy map: link and unlink are O(1),
// the next non-empty bucket below another is found a 32-bucket word at a time.
//
// The top k is a sorted list of pair slots (with their rows) maintained incrementally. A price
// tick re-scores only the pairs of the quote that moved: E pairs for a back price (one per
// exchange lay on the selection), B for a lay (one per bookmaker price); a re-scored pair enters
// the index only when it passes and scores at least the cut. A pair that was in the list leaves
// it; the re-scored pairs that rank before the published k-th row are sorted and merged into it
// in one pass (O(k + m log m) for m of them); when the list is short, it is refilled from the buckets at
// and below the old k-th row (every pair outside the list ranks after it), sorting only the pairs
// gathered there. When the index cannot refill the list (ticks pushed more than its M − k spare
// pairs below the cut, net) everything is ranked again. A tick that touches neither the list nor
// the k-th row changes nothing and publishes nothing. Adding or removing a quote re-scores that
// selection's pairs (moving its block to the end of the columns when it outgrows it; the columns
// are compacted when moved-out blocks outweigh live ones). Changing the options re-scores
// everything.
// ---------------------------------------------------------------------------------------------

const NB = 16384;
/** Pairs the full ranking's sweep buffers before it checks them against the filters. */
const BUFFER = 256;
const SCALE = 8192;
const WORDS = NB >>> 5;

/** The bucket of a score: ⌊score × 8192⌋, scores of 2 or more in the last bucket (monotone). */
function bucketOf(score: number): number {
  return score >= 2 ? NB - 1 : (score * SCALE) | 0;
}

function growF64(a: Float64Array<ArrayBuffer>, need: number): Float64Array<ArrayBuffer> {
  if (need <= a.length) return a;
  const b = new Float64Array(Math.max(need, a.length * 2, 16));
  b.set(a);
  return b;
}
function growI32(a: Int32Array<ArrayBuffer>, need: number, fill = 0): Int32Array<ArrayBuffer> {
  if (need <= a.length) return a;
  const b = new Int32Array(Math.max(need, a.length * 2, 16));
  b.set(a);
  if (fill !== 0) b.fill(fill, a.length);
  return b;
}
/** Runs a generator of steps to its end, without pausing. */
function drain(steps: Generator<void, void, void>): void {
  for (let r = steps.next(); r.done !== true; r = steps.next());
}

function growU8(a: Uint8Array<ArrayBuffer>, need: number): Uint8Array<ArrayBuffer> {
  if (need <= a.length) return a;
  const b = new Uint8Array(Math.max(need, a.length * 2, 16));
  b.set(a);
  return b;
}

/** A dictionary of lower-case keys to small integer codes, with each key's rank in code-unit order. */
class Dictionary {
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

interface CompiledFilters {
  minOdds: number;
  maxOdds: number;
  minScore: number;
  minLiquidity: number;
  fromMs: number;
  toMs: number;
  sports: ReadonlySet<string> | null;
  marketTypes: ReadonlySet<string> | null;
  bookmakers: ReadonlySet<string> | null;
  exchanges: ReadonlySet<string>;
}

interface ResolvedOptions {
  filters: OddsmatcherFilters;
  rankBy: 'rating' | 'snrRetention';
  limit: number;
  stake: number;
  commissions: Readonly<Record<string, number>>;
}

function compile(filters: OddsmatcherFilters): CompiledFilters {
  return {
    minOdds: filters.minOdds ?? 1,
    maxOdds: filters.maxOdds ?? Infinity,
    minScore: filters.minRating === undefined ? -Infinity : filters.minRating / 100,
    minLiquidity: filters.minLiquidity ?? 0,
    fromMs: filters.startsFrom === undefined ? -Infinity : Date.parse(filters.startsFrom),
    toMs: filters.startsTo === undefined ? Infinity : Date.parse(filters.startsTo),
    sports: filters.sports === undefined ? null : new Set(filters.sports),
    marketTypes: filters.marketTypes === undefined ? null : new Set(filters.marketTypes),
    bookmakers: filters.bookmakers === undefined ? null : new Set(filters.bookmakers),
    exchanges: new Set(enabledExchanges(filters.exchangeSettings ?? {}).map((e) => e.name)),
  };
}

function resolveOptions(input: unknown, previous: ResolvedOptions | null): ResolvedOptions {
  const o = parseOrThrow(oddsmatcherOptionsSchema, input, 'oddsmatcher options');
  const filters = o.filters ?? previous?.filters ?? {};
  const issues: ValidationIssue[] = [];
  if (filters.minOdds !== undefined && filters.maxOdds !== undefined && filters.minOdds > filters.maxOdds) {
    issues.push({ path: 'filters.maxOdds', message: `must be at least minOdds (${filters.minOdds})` });
  }
  if (filters.startsFrom !== undefined && filters.startsTo !== undefined && Date.parse(filters.startsFrom) > Date.parse(filters.startsTo)) {
    issues.push({ path: 'filters.startsTo', message: 'must not be before startsFrom' });
  }
  if (issues.length > 0) throw new MatchkitValidationError('oddsmatcher options', issues);
  return {
    filters,
    rankBy: o.rankBy ?? previous?.rankBy ?? 'rating',
    limit: o.limit ?? previous?.limit ?? DEFAULT_LIMIT,
    stake: o.stake ?? previous?.stake ?? DEFAULT_STAKE,
    commissions: o.commissions ?? previous?.commissions ?? {},
  };
}

function sameRecord(a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && b[k] === a[k]);
}

function sameRow(a: OddsmatchRow, b: OddsmatchRow): boolean {
  for (const k in a) if (!Object.is(a[k as keyof OddsmatchRow], b[k as keyof OddsmatchRow])) return false;
  return true;
}

function unknownSelection(subject: string, id: string): MatchkitValidationError {
  return new MatchkitValidationError(subject, [{ path: 'selectionId', message: `unknown selection ${id}: add its market first` }]);
}

class Engine {
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
  qbOdds = new Float64Array(16);
  backUsed = 0;

  // lay quotes
  qlEx = new Int32Array(16);
  qlOdds = new Float64Array(16);
  qlLiq = new Float64Array(16);
  qlFeedComm = new Float64Array(16);
  qlFactor = new Float64Array(16);
  layUsed = 0;

  // pairs and the bucket index
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

  applyOptions(options: ResolvedOptions): void {
    const sameCommissions = sameRecord(this.options.commissions, options.commissions);
    this.options = options;
    const f = compile(options.filters);
    this.f = f;
    this.snr = options.rankBy === 'snrRetention' ? 1 : 0;
    this.bookmakers.names.forEach((n, c) => (this.bmAllowed[c] = f.bookmakers === null || f.bookmakers.has(n) ? 1 : 0));
    this.exchangeDict.names.forEach((n, c) => (this.exAllowed[c] = f.exchanges.has(n) ? 1 : 0));
    this.sportDict.names.forEach((n, c) => (this.sportAllowed[c] = f.sports === null || f.sports.has(n) ? 1 : 0));
    this.typeDict.names.forEach((n, c) => (this.typeAllowed[c] = f.marketTypes === null || f.marketTypes.has(n) ? 1 : 0));
    if (!sameCommissions) {
      this.exchangeDict.names.forEach((n, c) => (this.ownCommission[c] = options.commissions[n] ?? -1));
      for (let s = 0; s < this.nSel; s++) {
        if (this.selAlive[s] === 0) continue;
        const lb = this.layBase[s] as number;
        const ln = this.layLen[s] as number;
        for (let j = lb; j < lb + ln; j++) {
          const c = this.commissionFor(this.qlEx[j] as number, this.qlFeedComm[j] as number);
          this.qlFactor[j] = layFactor(this.qlOdds[j] as number, c);
        }
      }
      this.fillPairs();
    }
    this.clearTop();
    if (this.top.length < options.limit + 1) this.top = new Int32Array(options.limit + 1);
    this.rankAll();
  }

  layOk(j: number): number {
    return this.exAllowed[this.qlEx[j] as number] === 1 && (this.qlLiq[j] as number) >= this.f.minLiquidity ? 1 : 0;
  }

  // ----- the bucket index -------------------------------------------------------------------

  link(p: number, score: number): void {
    const bk = bucketOf(score);
    this.pScore[p] = score;
    this.pBucket[p] = bk;
    const h = this.head[bk] as number;
    this.pNext[p] = h;
    this.pPrev[p] = -1;
    if (h !== -1) this.pPrev[h] = p;
    this.head[bk] = p;
    if ((this.count[bk] as number) === 0) this.bits[bk >>> 5] = (this.bits[bk >>> 5] as number) | (1 << (bk & 31));
    this.count[bk] = (this.count[bk] as number) + 1;
    this.linked++;
  }

  unlink(p: number): void {
    const bk = this.pBucket[p] as number;
    if (bk === -1) return;
    const n = this.pNext[p] as number;
    const pr = this.pPrev[p] as number;
    if (pr === -1) this.head[bk] = n;
    else this.pNext[pr] = n;
    if (n !== -1) this.pPrev[n] = pr;
    this.pBucket[p] = -1;
    const c = (this.count[bk] as number) - 1;
    this.count[bk] = c;
    if (c === 0) this.bits[bk >>> 5] = (this.bits[bk >>> 5] as number) & ~(1 << (bk & 31));
    this.linked--;
    if (this.inTop[p] === 1) {
      this.inTop[p] = 0; // it leaves the top list at the next publication (and may re-enter)
      this.dirty = true;
    }
  }

  /** Highest non-empty bucket at or below `bk`, or -1. */
  nextBucket(bk: number): number {
    let w = bk >>> 5;
    let word = (this.bits[w] as number) & (((bk & 31) === 31 ? 0 : 1 << ((bk & 31) + 1)) - 1);
    for (;;) {
      if (word !== 0) return (w << 5) + 31 - Math.clz32(word);
      if (w === 0) return -1;
      w--;
      word = this.bits[w] as number;
    }
  }

  /** Negative when pair a ranks before pair b. */
  compare(a: number, b: number): number {
    const d = (this.pScore[b] as number) - (this.pScore[a] as number);
    if (d !== 0) return d;
    const sa = this.pSel[a] as number;
    const sb = this.pSel[b] as number;
    if (sa !== sb) return (this.selRunner[sa] as Runner).id < (this.selRunner[sb] as Runner).id ? -1 : 1;
    const stride = this.layCap[sa] as number;
    const oa = a - (this.pairBase[sa] as number);
    const ob = b - (this.pairBase[sa] as number);
    const ia = (oa / stride) | 0;
    const ib = (ob / stride) | 0;
    if (ia !== ib) {
      const bs = this.backBase[sa] as number;
      return (
        (this.bookmakers.rank[this.qbBm[bs + ia] as number] as number) - (this.bookmakers.rank[this.qbBm[bs + ib] as number] as number)
      );
    }
    const ls = this.layBase[sa] as number;
    return (
      (this.exchangeDict.rank[this.qlEx[ls + oa - ia * stride] as number] as number) -
      (this.exchangeDict.rank[this.qlEx[ls + ob - ib * stride] as number] as number)
    );
  }

  /** Re-scores pair (s, i, j) and moves it in the index; notes whether the top k may change. */
  relinkPair(s: number, i: number, j: number, selOk: boolean): void {
    const p = (this.pairBase[s] as number) + i * (this.layCap[s] as number) + j;
    this.unlink(p);
    const qb = (this.backBase[s] as number) + i;
    const ql = (this.layBase[s] as number) + j;
    const b = this.qbOdds[qb] as number;
    this.pBack[p] = b;
    this.pFactor[p] = this.qlFactor[ql] as number;
    if (!selOk) return;
    const f = this.f;
    if (this.bmAllowed[this.qbBm[qb] as number] !== 1 || b < f.minOdds || b > f.maxOdds || this.layOk(ql) !== 1) return;
    const score = (b - this.snr) * (this.qlFactor[ql] as number);
    // Pairs scoring below the index's cut stay out of it (every pair in it ranks before them).
    if (!(score >= f.minScore) || score < this.cut) return;
    this.link(p, score);
    if (!this.needFull && (this.thr === null || this.compareToThreshold(p) <= 0)) {
      this.entering.push(p);
      this.dirty = true;
    }
  }

  /** Negative when pair p ranks before the published k-th row, 0 when it is that row. */
  compareToThreshold(p: number): number {
    const t = this.thr as NonNullable<Engine['thr']>;
    const score = this.pScore[p] as number;
    if (score !== t.score) return score > t.score ? -1 : 1;
    const s = this.pSel[p] as number;
    const sel = (this.selRunner[s] as Runner).id;
    if (sel !== t.sel) return sel < t.sel ? -1 : 1;
    const off = p - (this.pairBase[s] as number);
    const stride = this.layCap[s] as number;
    const i = (off / stride) | 0;
    const bm = this.bookmakers.names[this.qbBm[(this.backBase[s] as number) + i] as number] as string;
    if (bm !== t.bm) return bm < t.bm ? -1 : 1;
    const ex = this.exchangeDict.names[this.qlEx[(this.layBase[s] as number) + off - i * stride] as number] as string;
    return ex === t.ex ? 0 : ex < t.ex ? -1 : 1;
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

  relinkSelection(s: number): void {
    const ok = this.selectionOk(s);
    const bn = this.backLen[s] as number;
    const ln = this.layLen[s] as number;
    for (let i = 0; i < bn; i++) for (let j = 0; j < ln; j++) this.relinkPair(s, i, j, ok);
  }

  /** Unlinks every pair of selection s and marks its slots empty (a relink fills the live ones). */
  unlinkSelection(s: number): void {
    const base = this.pairBase[s] as number;
    const size = (this.backCap[s] as number) * (this.layCap[s] as number);
    for (let p = base; p < base + size; p++) this.unlink(p);
    this.pFactor.fill(NaN, base, base + size);
  }

  // ----- the full ranking ---------------------------------------------------------------------

  /** Unlinks every pair from the index: O(linked pairs + buckets / 32), not O(pairs). */
  clearIndex(): void {
    const { bits, head, count, pBucket, pNext } = this;
    for (let w = 0; w < WORDS; w++) {
      let word = bits[w] as number;
      if (word === 0) continue;
      while (word !== 0) {
        const bit = 31 - Math.clz32(word);
        word &= ~(1 << bit);
        const bk = (w << 5) + bit;
        for (let p = head[bk] as number; p !== -1; p = pNext[p] as number) pBucket[p] = -1;
        head[bk] = -1;
        count[bk] = 0;
      }
      bits[w] = 0;
    }
    this.linked = 0;
  }

  /**
   * Scores every pair and rebuilds the index: one sequential sweep over the pair columns, O(pairs),
   * score first.
   *
   * The index only needs the pairs that can reach the top k before the next full ranking, so it
   * keeps the best M = `indexTarget(k)` of them (at least k). A min-heap of the best M passing
   * scores found so far gives a gate (`minScore` until the heap is full, then the heap's root):
   * the sweep (`scan`, or `scanFiltered` while the heap fills or most pairs fail the
   * selection-level filters) scores each pair with one multiplication and buffers only those at or
   * above the gate; `take` checks the buffered pairs against the filters and offers the passing ones to
   * the heap, raising the gate. At the end the index's cut is the M-th best passing score
   * (`-Infinity` when fewer than M pairs pass: the index then holds every passing pair), and every
   * remembered pair scoring at or above it is linked. Any pair not remembered scored below the
   * gate at its turn, so below the cut: the index holds exactly the passing pairs scoring at
   * least the cut.
   */
  rankAll(): void {
    drain(this.rankAllSteps(Infinity));
  }

  /** {@link Engine.rankAll} in steps: yields after every `pairs` pair slots swept (about). */
  *rankAllSteps(pairs: number): Generator<void, void, void> {
    this.clearIndex();
    this.clearTop();
    const target = Math.max(this.options.limit, Math.floor(this.indexTarget(this.options.limit)) || 0);
    if (this.cutHeap.length < target) this.cutHeap = new Float64Array(target);
    this.heapSize = 0;
    this.heapTarget = target;
    this.nCand = 0;
    this.selSeen = 0;
    this.selFail = 0;
    let gate = this.f.minScore;
    const end = this.pairUsed;
    let mark = 0;
    for (let p = 0; p < end;) {
      p = this.heapSize < target || 2 * this.selFail > this.selSeen ? this.scanFiltered(p, gate) : this.scan(p, gate);
      gate = this.take(gate);
      if (p - mark >= pairs && p < end) {
        mark = p;
        yield;
      }
    }
    const cut = this.heapSize === target ? (this.cutHeap[0] as number) : -Infinity;
    this.cut = cut;
    const cand = this.cand;
    const candScore = this.candScore;
    for (let c = 0; c < this.nCand; c++) {
      const score = candScore[c] as number;
      if (score >= cut) this.link(cand[c] as number, score);
    }
    this.needFull = true;
  }

  /**
   * The full ranking's hot loop: from pair slot `from` on, scores each pair and buffers those
   * scoring at least `gate` (an empty slot scores NaN and fails the test), until the buffer is
   * full. Returns the slot to continue from. It calls nothing, so the compiler keeps the columns'
   * pointers in registers.
   */
  scan(from: number, gate: number): number {
    const { pBack, pFactor, bufPair, bufScore } = this;
    const off = this.snr;
    const cap = bufPair.length;
    const end = this.pairUsed;
    let n = 0;
    let p = from;
    while (p < end) {
      const score = ((pBack[p] as number) - off) * (pFactor[p] as number);
      p++;
      if (!(score >= gate)) continue;
      bufPair[n] = p - 1;
      bufScore[n] = score;
      if (++n === cap) break;
    }
    this.bufLen = n;
    return p;
  }

  /**
   * `scan` for while the heap is not yet full (the gate is still `minScore`, so most pairs clear
   * it): also skips the pairs of selections failing the selection-level filters (sport, market
   * type, start), checked once per selection: the rest of a failing selection's block is skipped.
   * It runs while the heap fills and while most buffered pairs fail those filters: when few pairs
   * pass, the heap's root stays low, most pairs clear the gate, and this keeps the sweep from
   * checking them one by one.
   */
  scanFiltered(from: number, gate: number): number {
    const {
      pBack,
      pFactor,
      pSel,
      bufPair,
      bufScore,
      selAlive,
      selType,
      selSport,
      selStart,
      typeAllowed,
      sportAllowed,
      pairBase,
      backCap,
      layCap,
    } = this;
    const { fromMs, toMs } = this.f;
    const off = this.snr;
    const cap = bufPair.length;
    const end = this.pairUsed;
    let n = 0;
    let p = from;
    let last = -1;
    let ok = false;
    while (p < end) {
      const score = ((pBack[p] as number) - off) * (pFactor[p] as number);
      p++;
      if (!(score >= gate)) continue;
      const s = pSel[p - 1] as number;
      if (s !== last) {
        last = s;
        const start = selStart[s] as number;
        ok =
          selAlive[s] === 1 &&
          typeAllowed[selType[s] as number] === 1 &&
          sportAllowed[selSport[s] as number] === 1 &&
          start >= fromMs &&
          start <= toMs;
        if (!ok) {
          // Skip the rest of the selection's block. The slot is in its live block: a slot outside
          // live blocks holds NaN and never clears the gate.
          p = (pairBase[s] as number) + (backCap[s] as number) * (layCap[s] as number);
          continue;
        }
      }
      if (!ok) continue;
      bufPair[n] = p - 1;
      bufScore[n] = score;
      if (++n === cap) break;
    }
    this.bufLen = n;
    return p;
  }

  /**
   * The full ranking's slow path, for the buffered pairs: those still at or above the gate are
   * checked against the filters (the back odds first, which costs no memory access, then the
   * selection's, which reject the most on a typical feed, then the lay's, then the bookmaker); a
   * pair that passes is remembered and its score offered to the heap of the best `heapTarget`
   * scores. Returns the new gate (the heap's root once it is full).
   */
  take(gate: number): number {
    const f = this.f;
    const { bufPair, bufScore, pBack, pSel, pairBase, layCap, layBase, backBase, qlLiq, qlEx, exAllowed, qbBm, bmAllowed } = this;
    const heap = this.cutHeap;
    const target = this.heapTarget;
    let g = gate;
    for (let t = 0; t < this.bufLen; t++) {
      const score = bufScore[t] as number;
      if (score < g) continue;
      const p = bufPair[t] as number;
      const b = pBack[p] as number;
      if (b < f.minOdds || b > f.maxOdds) continue;
      const s = pSel[p] as number;
      this.selSeen++;
      if (!this.selectionOk(s)) {
        this.selFail++;
        continue;
      }
      const stride = layCap[s] as number;
      const off = p - (pairBase[s] as number);
      const i = (off / stride) | 0;
      const ql = (layBase[s] as number) + off - i * stride;
      if ((qlLiq[ql] as number) < f.minLiquidity || exAllowed[qlEx[ql] as number] !== 1) continue;
      if (bmAllowed[qbBm[(backBase[s] as number) + i] as number] !== 1) continue;
      const nc = this.nCand++;
      if (nc === this.cand.length) {
        this.cand = growI32(this.cand, nc + 1);
        this.candScore = growF64(this.candScore, nc + 1);
      }
      this.cand[nc] = p;
      this.candScore[nc] = score;
      if (this.heapSize < target) {
        // sift up
        let at = this.heapSize++;
        while (at > 0) {
          const parent = (at - 1) >> 1;
          const ps = heap[parent] as number;
          if (ps <= score) break;
          heap[at] = ps;
          at = parent;
        }
        heap[at] = score;
        if (this.heapSize === target) g = heap[0] as number;
      } else if (score > g) {
        // replace the root, sift down
        let at = 0;
        for (;;) {
          const l = 2 * at + 1;
          if (l >= target) break;
          const r = l + 1;
          const w = r < target && (heap[r] as number) < (heap[l] as number) ? r : l;
          const ws = heap[w] as number;
          if (ws >= score) break;
          heap[at] = ws;
          at = w;
        }
        heap[at] = score;
        g = heap[0] as number;
      }
    }
    return g;
  }

  /** Copies every live pair's back odds and lay factor into the pair columns. */
  fillPairs(): void {
    this.fillPairsOf(0, this.nSel);
  }

  /** {@link Engine.fillPairs} for selections `from` to `to` (excluded). */
  fillPairsOf(from: number, to: number): void {
    const { pBack, pFactor, qbOdds, qlFactor } = this;
    for (let s = from; s < to; s++) {
      if (this.selAlive[s] !== 1) continue;
      const bb = this.backBase[s] as number;
      const lb = this.layBase[s] as number;
      const ln = this.layLen[s] as number;
      const stride = this.layCap[s] as number;
      const pb = this.pairBase[s] as number;
      for (let i = 0; i < (this.backLen[s] as number); i++) {
        const b = qbOdds[bb + i] as number;
        for (let j = 0; j < ln; j++) {
          pBack[pb + i * stride + j] = b;
          pFactor[pb + i * stride + j] = qlFactor[lb + j] as number;
        }
      }
    }
  }

  /** Pairs passing the filters, counted afresh: O(pairs). */
  countPassing(): number {
    const f = this.f;
    let n = 0;
    for (let s = 0; s < this.nSel; s++) {
      if (!this.selectionOk(s)) continue;
      const bb = this.backBase[s] as number;
      const lb = this.layBase[s] as number;
      const ln = this.layLen[s] as number;
      for (let i = 0; i < (this.backLen[s] as number); i++) {
        const b = this.qbOdds[bb + i] as number;
        if (this.bmAllowed[this.qbBm[bb + i] as number] !== 1 || b < f.minOdds || b > f.maxOdds) continue;
        for (let j = lb; j < lb + ln; j++) {
          if (this.layOk(j) === 1 && (b - this.snr) * (this.qlFactor[j] as number) >= f.minScore) n++;
        }
      }
    }
    return n;
  }

  /** Forgets the top list (the published rows stay until the next publication). */
  clearTop(): void {
    for (let t = 0; t < this.topLen; t++) this.inTop[this.top[t] as number] = 0;
    this.topLen = 0;
    this.topRows = [];
    this.entering = [];
    this.thr = null;
    this.dirty = false;
  }

  // ----- reading the top k --------------------------------------------------------------------

  /**
   * Brings the top list up to date and publishes it when its content changed: afresh from the
   * index after a full ranking, otherwise incrementally (drop the pairs that left, insert the
   * pairs that may have entered, refill from the buckets at and below the old k-th row).
   */
  refreshTop(): boolean {
    if (this.needFull) {
      this.needFull = false;
      this.clearTop();
      this.refill(NB - 1);
    } else if (this.dirty) {
      this.dirty = false;
      // 1. Drop the pairs that left (unlinked since: their inTop flag was cleared).
      let w = 0;
      for (let t = 0; t < this.topLen; t++) {
        const p = this.top[t] as number;
        if (this.inTop[p] !== 1) continue;
        this.top[w] = p;
        this.topRows[w] = this.topRows[t] as OddsmatchRow;
        w++;
      }
      this.topLen = w;
      this.topRows.length = w;
      // 2. Insert the pairs that rank before the old k-th row (all others rank after it): gather
      // them, sort them and merge them with the list in one pass, O(k + m log m) for m entering
      // pairs (a batch of prices moves hundreds of pairs; one insertion each would be O(m·k)).
      const k = this.options.limit;
      let m = 0;
      for (const p of this.entering) {
        if (this.pBucket[p] === -1 || this.inTop[p] !== 0) continue;
        if (this.thr !== null && this.compareToThreshold(p) > 0) continue;
        this.inTop[p] = 2; // gathered (a pair re-scored twice is listed twice)
        if (m === this.scratch.length) this.scratch = growI32(this.scratch, m + 1);
        this.scratch[m++] = p;
      }
      this.entering = [];
      if (m > 0) {
        const gathered = this.scratch.slice(0, m);
        gathered.sort((a, b) => this.compare(a, b));
        const total = Math.min(k, this.topLen + m);
        const top = new Int32Array(this.top.length);
        const rows = new Array<OddsmatchRow>(total);
        let i = 0;
        let j = 0;
        for (let t = 0; t < total; t++) {
          const g = j < m ? (gathered[j] as number) : -1;
          if (g !== -1 && (i >= this.topLen || this.compare(g, this.top[i] as number) < 0)) {
            top[t] = g;
            rows[t] = this.makeRow(g);
            this.inTop[g] = 1;
            j++;
          } else {
            top[t] = this.top[i] as number;
            rows[t] = this.topRows[i] as OddsmatchRow;
            i++;
          }
        }
        // What did not make the first k leaves (or never enters) the list.
        for (; i < this.topLen; i++) this.inTop[this.top[i] as number] = 0;
        for (; j < m; j++) this.inTop[gathered[j] as number] = 0;
        this.top = top;
        this.topRows = rows;
        this.topLen = total;
      }
      // 3. Refill: every pair outside the list ranks after the old k-th row, so after every row
      // left in the list; the best of them are in its bucket or below.
      if (this.topLen < k) this.refill(this.thr === null ? NB - 1 : bucketOf(this.thr.score));
      // 4. The index ran dry while it leaves pairs out: rank everything again (rare: the index
      // starts with indexTarget(k) pairs and loses them one tick at a time).
      if (this.topLen < k && this.cut !== -Infinity) {
        this.rankAll();
        this.needFull = false;
        this.refill(NB - 1);
      }
    } else return false;
    return this.finishTop();
  }

  /** Notes the k-th row (the threshold of the incremental updates) and publishes the top list. */
  finishTop(): boolean {
    this.thr = null;
    if (this.topLen === this.options.limit) {
      const p = this.top[this.topLen - 1] as number;
      const row = this.topRows[this.topLen - 1] as OddsmatchRow;
      this.thr = { score: this.pScore[p] as number, sel: row.selectionId, bm: row.bookmaker, ex: row.exchange };
    }
    return this.publish();
  }

  /** Appends to the top list the best linked pairs outside it, from bucket `from` down. */
  refill(from: number): void {
    drain(this.refillSteps(from, Infinity));
  }

  /** {@link Engine.refill} in steps: yields after every `size` rows made. */
  *refillSteps(from: number, size: number): Generator<void, void, void> {
    const need = Math.min(this.options.limit - this.topLen, this.linked - this.topLen);
    if (need <= 0) return;
    let n = 0;
    let bk = this.nextBucket(from);
    while (bk !== -1 && n < need) {
      for (let p = this.head[bk] as number; p !== -1; p = this.pNext[p] as number) {
        if (this.inTop[p] === 1) continue;
        if (n === this.scratch.length) this.scratch = growI32(this.scratch, n + 1);
        this.scratch[n++] = p;
      }
      bk = bk === 0 ? -1 : this.nextBucket(bk - 1);
    }
    const gathered = this.scratch.subarray(0, n);
    gathered.sort((a, b) => this.compare(a, b));
    const add = Math.min(need, n);
    for (let t = 0; t < add; t++) {
      if (t > 0 && t % size === 0) yield;
      const p = gathered[t] as number;
      this.top[this.topLen] = p;
      this.topRows[this.topLen] = this.makeRow(p);
      this.inTop[p] = 1;
      this.topLen++;
    }
  }

  /** Publishes the top rows when their content changed; rows with unchanged content keep their object. */
  publish(): boolean {
    const old = this.rows;
    let same = old.length === this.topLen;
    for (let t = 0; t < this.topLen; t++) {
      const row = this.topRows[t] as OddsmatchRow;
      const before = old[t];
      if (before !== undefined && before !== row && sameRow(before, row)) this.topRows[t] = before;
      else if (before !== row) same = false;
    }
    if (same) return false;
    this.rows = Object.freeze(this.topRows.slice());
    return true;
  }

  makeRow(p: number): OddsmatchRow {
    const s = this.pSel[p] as number;
    const stride = this.layCap[s] as number;
    const off = p - (this.pairBase[s] as number);
    const i = (off / stride) | 0;
    const qb = (this.backBase[s] as number) + i;
    const ql = (this.layBase[s] as number) + off - i * stride;
    const m = this.selMarket[s] as number;
    const market = this.mkData[m] as Market;
    const event = this.evData[this.mkEvent[m] as number] as SportEvent;
    const runner = this.selRunner[s] as Runner;
    const b = this.qbOdds[qb] as number;
    const factor = this.qlFactor[ql] as number;
    const ex = this.qlEx[ql] as number;
    const layOdds = this.qlOdds[ql] as number;
    const commission = this.commissionFor(ex, this.qlFeedComm[ql] as number);
    const stake = this.options.stake;
    const qualifying = backLay({ betType: 'qualifying', backStake: stake, backOdds: b, layOdds, layCommission: commission });
    const freeBet = backLay({ betType: 'snr', backStake: stake, backOdds: b, layOdds, layCommission: commission });
    return Object.freeze({
      eventId: event.id,
      eventName: event.name,
      competition: event.competition ?? null,
      sport: event.sport,
      startsAt: event.startsAt,
      marketId: market.id,
      marketName: market.name,
      marketType: market.type,
      selectionId: runner.id,
      selectionName: runner.name,
      bookmaker: this.bookmakers.names[this.qbBm[qb] as number] as string,
      backOdds: b,
      exchange: this.exchangeDict.names[ex] as string,
      layOdds,
      layLiquidity: this.qlLiq[ql] as number,
      commission,
      rating: b * factor * 100,
      snrRetention: (b - 1) * factor * 100,
      layStake: qualifying.layStake,
      qualifyingLoss: qualifying.profitIfLoses,
      freeBetLayStake: freeBet.layStake,
      freeBetProfit: freeBet.profitIfLoses,
    });
  }

  // ----- structure ----------------------------------------------------------------------------

  reset(): void {
    this.clearIndex();
    this.evIndex = new Map();
    this.evData = [];
    this.evMarkets = [];
    this.nEv = 0;
    this.mkIndex = new Map();
    this.mkData = [];
    this.mkSels = [];
    this.nMk = 0;
    this.selIndex = new Map();
    this.selRunner = [];
    this.nSel = 0;
    this.liveSel = 0;
    this.backUsed = 0;
    this.layUsed = 0;
    this.pairUsed = 0;
    this.garbagePairs = 0;
    this.clearTop();
    this.inTop.fill(0);
  }

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

  addEvent(event: SportEvent): number {
    const e = this.nEv++;
    this.ensureEvents(this.nEv);
    this.evIndex.set(event.id, e);
    this.evData[e] = event;
    this.evMarkets[e] = [];
    this.evStart[e] = Date.parse(event.startsAt);
    this.evSport[e] = this.sportCode(event.sport);
    this.evAlive[e] = 1;
    return e;
  }

  addMarket(market: Market, e: number): number {
    const m = this.nMk++;
    this.ensureMarkets(this.nMk);
    this.mkIndex.set(market.id, m);
    this.mkData[m] = market;
    this.mkSels[m] = [];
    (this.evMarkets[e] as number[]).push(m);
    this.mkEvent[m] = e;
    this.mkType[m] = this.typeCode(market.type);
    this.mkAlive[m] = 1;
    for (const runner of market.runners) this.addSelection(runner, m, 0, 0);
    return m;
  }

  /** Adds a selection with room for `backs` back and `lays` lay quotes (lengths start at 0). */
  addSelection(runner: Runner, m: number, backs: number, lays: number): number {
    const s = this.nSel++;
    this.ensureSelections(this.nSel);
    this.selIndex.set(runner.id, s);
    this.selRunner[s] = runner;
    this.selMarket[s] = m;
    this.copyMarket(s);
    this.selAlive[s] = 1;
    this.liveSel++;
    (this.mkSels[m] as number[]).push(s);
    this.backBase[s] = this.backUsed;
    this.backLen[s] = 0;
    this.backCap[s] = backs;
    this.backUsed += backs;
    this.ensureBacks(this.backUsed);
    this.layBase[s] = this.layUsed;
    this.layLen[s] = 0;
    this.layCap[s] = lays;
    this.layUsed += lays;
    this.ensureLays(this.layUsed);
    this.pairBase[s] = this.pairUsed;
    const size = backs * lays;
    this.pairUsed += size;
    this.ensurePairs(this.pairUsed);
    this.pSel.fill(s, this.pairBase[s] as number, this.pairUsed);
    this.pBucket.fill(-1, this.pairBase[s] as number, this.pairUsed);
    this.pFactor.fill(NaN, this.pairBase[s] as number, this.pairUsed);
    return s;
  }

  /** Moves a selection's blocks to the end with room for at least the given quote counts. */
  relocate(s: number, backs: number, lays: number): void {
    this.unlinkSelection(s);
    const bc = Math.max(backs, this.backCap[s] as number);
    const lc = Math.max(lays, this.layCap[s] as number);
    const ob = this.backBase[s] as number;
    const ol = this.layBase[s] as number;
    this.garbagePairs += (this.backCap[s] as number) * (this.layCap[s] as number);
    const nb = this.backUsed;
    this.backUsed += bc;
    this.ensureBacks(this.backUsed);
    this.qbBm.copyWithin(nb, ob, ob + (this.backLen[s] as number));
    this.qbOdds.copyWithin(nb, ob, ob + (this.backLen[s] as number));
    const nl = this.layUsed;
    this.layUsed += lc;
    this.ensureLays(this.layUsed);
    const ll = this.layLen[s] as number;
    this.qlEx.copyWithin(nl, ol, ol + ll);
    this.qlOdds.copyWithin(nl, ol, ol + ll);
    this.qlLiq.copyWithin(nl, ol, ol + ll);
    this.qlFeedComm.copyWithin(nl, ol, ol + ll);
    this.qlFactor.copyWithin(nl, ol, ol + ll);
    this.backBase[s] = nb;
    this.backCap[s] = bc;
    this.layBase[s] = nl;
    this.layCap[s] = lc;
    const np = this.pairUsed;
    this.pairUsed += bc * lc;
    this.ensurePairs(this.pairUsed);
    this.pairBase[s] = np;
    this.pSel.fill(s, np, this.pairUsed);
    this.pBucket.fill(-1, np, this.pairUsed);
    this.pFactor.fill(NaN, np, this.pairUsed);
  }

  removeSelection(s: number): void {
    this.unlinkSelection(s);
    this.selAlive[s] = 0;
    this.liveSel--;
    this.selIndex.delete((this.selRunner[s] as Runner).id);
    this.garbagePairs += (this.backCap[s] as number) * (this.layCap[s] as number);
  }

  removeMarketAt(m: number): void {
    for (const s of this.mkSels[m] as number[]) if (this.selAlive[s] === 1) this.removeSelection(s);
    this.mkSels[m] = [];
    this.mkAlive[m] = 0;
    this.mkIndex.delete((this.mkData[m] as Market).id);
    const e = this.mkEvent[m] as number;
    const list = this.evMarkets[e] as number[];
    const at = list.indexOf(m);
    if (at !== -1) list.splice(at, 1);
  }

  setBack(s: number, bm: number, odds: number): void {
    const bb = this.backBase[s] as number;
    const bn = this.backLen[s] as number;
    let i = 0;
    while (i < bn && this.qbBm[bb + i] !== bm) i++;
    if (i === bn) {
      if (bn === this.backCap[s]) this.relocate(s, Math.max(2, bn * 2), 0);
      const base = this.backBase[s] as number;
      this.qbBm[base + bn] = bm;
      this.qbOdds[base + bn] = odds;
      this.backLen[s] = bn + 1;
      this.relinkSelection(s);
      return;
    }
    this.qbOdds[bb + i] = odds;
    const ok = this.selectionOk(s);
    const ln = this.layLen[s] as number;
    for (let j = 0; j < ln; j++) this.relinkPair(s, i, j, ok);
  }

  removeBack(s: number, bm: number): void {
    const bb = this.backBase[s] as number;
    const bn = this.backLen[s] as number;
    let i = 0;
    while (i < bn && this.qbBm[bb + i] !== bm) i++;
    if (i === bn) return;
    this.unlinkSelection(s);
    this.qbBm[bb + i] = this.qbBm[bb + bn - 1] as number;
    this.qbOdds[bb + i] = this.qbOdds[bb + bn - 1] as number;
    this.backLen[s] = bn - 1;
    this.relinkSelection(s);
  }

  setLay(s: number, ex: number, odds: number, liquidity: number, feedCommission: number): void {
    const lb = this.layBase[s] as number;
    const ln = this.layLen[s] as number;
    let j = 0;
    while (j < ln && this.qlEx[lb + j] !== ex) j++;
    if (j === ln) {
      if (ln === this.layCap[s]) this.relocate(s, 0, Math.max(2, ln * 2));
      const base = this.layBase[s] as number;
      this.writeLay(base + ln, ex, odds, liquidity, feedCommission);
      this.layLen[s] = ln + 1;
      this.relinkSelection(s);
      return;
    }
    this.writeLay(lb + j, ex, odds, liquidity, feedCommission);
    const ok = this.selectionOk(s);
    const bn = this.backLen[s] as number;
    for (let i = 0; i < bn; i++) this.relinkPair(s, i, j, ok);
  }

  writeLay(q: number, ex: number, odds: number, liquidity: number, feedCommission: number): void {
    this.qlEx[q] = ex;
    this.qlOdds[q] = odds;
    this.qlLiq[q] = liquidity;
    this.qlFeedComm[q] = feedCommission;
    this.qlFactor[q] = layFactor(odds, this.commissionFor(ex, feedCommission));
  }

  removeLay(s: number, ex: number): void {
    const lb = this.layBase[s] as number;
    const ln = this.layLen[s] as number;
    let j = 0;
    while (j < ln && this.qlEx[lb + j] !== ex) j++;
    if (j === ln) return;
    this.unlinkSelection(s);
    const last = lb + ln - 1;
    this.writeLay(
      lb + j,
      this.qlEx[last] as number,
      this.qlOdds[last] as number,
      this.qlLiq[last] as number,
      this.qlFeedComm[last] as number,
    );
    this.layLen[s] = ln - 1;
    this.relinkSelection(s);
  }

  /** Rebuilds every column tightly (dropping removed selections and moved blocks), then ranks all. */
  compact(): void {
    const events = this.evData.filter((_, e) => this.evAlive[e] === 1);
    const markets = this.mkData.filter((_, m) => this.mkAlive[m] === 1);
    const backs: { bookmaker: string; selectionId: string; odds: number }[] = [];
    const lays: { exchange: string; selectionId: string; odds: number; liquidity: number; commission: number }[] = [];
    for (let s = 0; s < this.nSel; s++) {
      if (this.selAlive[s] !== 1) continue;
      const id = (this.selRunner[s] as Runner).id;
      const bb = this.backBase[s] as number;
      for (let i = 0; i < (this.backLen[s] as number); i++) {
        backs.push({
          bookmaker: this.bookmakers.names[this.qbBm[bb + i] as number] as string,
          selectionId: id,
          odds: this.qbOdds[bb + i] as number,
        });
      }
      const lb = this.layBase[s] as number;
      for (let j = 0; j < (this.layLen[s] as number); j++) {
        lays.push({
          exchange: this.exchangeDict.names[this.qlEx[lb + j] as number] as string,
          selectionId: id,
          odds: this.qlOdds[lb + j] as number,
          liquidity: this.qlLiq[lb + j] as number,
          commission: this.qlFeedComm[lb + j] as number,
        });
      }
    }
    this.ingest(events, markets, backs, lays);
  }

  maybeCompact(): void {
    const dead = this.nSel - this.liveSel;
    if ((this.garbagePairs > 1024 && this.garbagePairs > this.pairUsed / 2) || (dead > 256 && dead > this.liveSel)) {
      this.compact();
    }
  }

  /** Replaces the whole state with validated records laid out tightly, then ranks everything. */
  ingest(
    events: readonly SportEvent[],
    markets: readonly Market[],
    backs: readonly { bookmaker: string; selectionId: string; odds: number }[],
    lays: readonly { exchange: string; selectionId: string; odds: number; liquidity: number; commission: number }[],
  ): void {
    drain(this.ingestSteps(events, markets, backs, lays, Infinity));
  }

  /**
   * {@link Engine.ingest} in steps: yields after about `size` records (events, markets,
   * selections, prices) and after about 64·`size` pair slots of the ranking's sweep.
   */
  *ingestSteps(
    events: readonly SportEvent[],
    markets: readonly Market[],
    backs: readonly { bookmaker: string; selectionId: string; odds: number }[],
    lays: readonly { exchange: string; selectionId: string; odds: number; liquidity: number; commission: number }[],
    size: number,
  ): Generator<void, void, void> {
    let done = 0;
    // True when `size` records have been handled since the last pause (the caller yields then).
    const tick = (n = 1): boolean => {
      done += n;
      if (done < size) return false;
      done = 0;
      return true;
    };
    this.reset();
    let nRunners = 0;
    for (const m of markets) nRunners += m.runners.length;
    const runnerOrder = new Map<string, number>();
    const marketOfRunner: { runner: Runner; market: number }[] = [];
    this.ensureEvents(events.length);
    this.ensureMarkets(markets.length);
    this.ensureSelections(nRunners);
    for (const e of events) {
      this.addEvent(e);
      if (tick()) yield;
    }
    for (const market of markets) {
      const e = this.evIndex.get(market.eventId) as number;
      const m = this.nMk++;
      this.mkIndex.set(market.id, m);
      this.mkData[m] = market;
      this.mkSels[m] = [];
      (this.evMarkets[e] as number[]).push(m);
      this.mkEvent[m] = e;
      this.mkType[m] = this.typeCode(market.type);
      this.mkAlive[m] = 1;
      for (const runner of market.runners) {
        runnerOrder.set(runner.id, marketOfRunner.length);
        marketOfRunner.push({ runner, market: m });
      }
      if (tick(market.runners.length)) yield;
    }
    const backCount = new Int32Array(nRunners);
    const layCount = new Int32Array(nRunners);
    for (const p of backs) {
      const r = runnerOrder.get(p.selectionId) as number;
      backCount[r] = (backCount[r] as number) + 1;
    }
    for (const p of lays) {
      const r = runnerOrder.get(p.selectionId) as number;
      layCount[r] = (layCount[r] as number) + 1;
    }
    let totalBacks = 0;
    let totalLays = 0;
    let totalPairs = 0;
    for (let r = 0; r < nRunners; r++) {
      totalBacks += backCount[r] as number;
      totalLays += layCount[r] as number;
      totalPairs += (backCount[r] as number) * (layCount[r] as number);
    }
    this.ensureBacks(totalBacks);
    this.ensureLays(totalLays);
    this.ensurePairs(totalPairs);
    if (tick(Math.ceil((backs.length + lays.length) / 4))) yield;
    for (let r = 0; r < marketOfRunner.length; r++) {
      const { runner, market } = marketOfRunner[r] as { runner: Runner; market: number };
      this.addSelection(runner, market, backCount[r] as number, layCount[r] as number);
      if (tick()) yield;
    }
    for (const p of backs) {
      const s = this.selIndex.get(p.selectionId) as number;
      const q = (this.backBase[s] as number) + (this.backLen[s] as number);
      this.qbBm[q] = this.bmCode(p.bookmaker);
      this.qbOdds[q] = p.odds;
      this.backLen[s] = (this.backLen[s] as number) + 1;
      if (tick()) yield;
    }
    for (const p of lays) {
      const s = this.selIndex.get(p.selectionId) as number;
      const q = (this.layBase[s] as number) + (this.layLen[s] as number);
      this.writeLay(q, this.exCode(p.exchange), p.odds, p.liquidity, p.commission);
      this.layLen[s] = (this.layLen[s] as number) + 1;
      if (tick()) yield;
    }
    const sels = Math.max(1, Math.min(this.nSel, Math.floor(size / 4) || 1));
    for (let from = 0; from < this.nSel; from += sels) {
      this.fillPairsOf(from, Math.min(this.nSel, from + sels));
      if (from + sels < this.nSel && tick(sels * 4)) yield;
    }
    if (done > 0 && size !== Infinity) {
      done = 0;
      yield;
    }
    yield* this.rankAllSteps(size * 64);
  }
}

// ---------------------------------------------------------------------------------------------
// The factory
// ---------------------------------------------------------------------------------------------

/**
 * Creates an oddsmatcher. It ranks every bookmaker back / exchange lay pair on the same selection
 * by rating `b(1 − c)/(l − c)` (or, with `rankBy: 'snrRetention'`, by SNR retention
 * `(b − 1)(1 − c)/(l − c)`), best first, ties broken by selection id, then bookmaker, then exchange (each in code-unit
 * order, so the order never depends on the order prices arrived in). Only exchanges enabled by the
 * member's exchange settings (`enabledExchanges`) take part.
 *
 * Costs, for P pairs, k rows: `load` and `setOptions` rescore everything, O(P) (one multiplication
 * and one comparison per pair, score first; only the pairs that could still reach the best 2k + 64
 * are checked against the filters), then read the top k from score buckets, O(k log k). A price
 * tick (`setBackPrice`, `setExchangePrice`) rescores only the pairs of that quote (d = one per
 * exchange lay, or one per bookmaker price, on that selection): O(d) bucket moves, and only when
 * a moved pair was among the top k or now ranks before the k-th row, O(d log k) comparisons and
 * O(k) moves to update the list. A tick that touches neither publishes nothing (`getSnapshot`
 * keeps its reference). When ticks have pushed more than k + 64 of the best pairs out of reach,
 * net, the next tick ranks everything again, O(P). Adding a quote rescores its selection's pairs.
 * Memory is about 41 bytes per pair.
 *
 * @param options - filters, ranking, limit, stake and commission overrides
 * @returns the oddsmatcher (a store of its top rows)
 * @throws MatchkitValidationError when an option is invalid
 *
 * @example
 * ```ts
 * import { createOddsmatcher } from '@matchkit/sdk/matching';
 * const matcher = createOddsmatcher({ filters: { minOdds: 1.5, minRating: 90 }, limit: 10 });
 * matcher.load({
 *   events: [{ id: 'e1', sport: 'football', name: 'Arsenal v Spurs', startsAt: '2025-08-16T15:00:00+01:00' }],
 *   markets: [{ id: 'e1/mo', eventId: 'e1', type: 'match-odds', name: 'Match Odds', runners: [{ id: 'e1/mo/home', name: 'Arsenal' }] }],
 *   backPrices: [{ bookmaker: 'bet-co', selectionId: 'e1/mo/home', odds: 3 }],
 *   exchangePrices: [{ exchange: 'smarkets', selectionId: 'e1/mo/home', commission: 0.02, back: null, lay: { odds: 3.2, liquidity: 50_000 } }],
 * });
 * matcher.getSnapshot()[0]?.rating; // 92.45... (3 × 0.98 / 3.18 × 100)
 * matcher.setBackPrice({ bookmaker: 'bet-co', selectionId: 'e1/mo/home', odds: 3.3 }); // re-ranks incrementally
 * ```
 */
export function createOddsmatcher(options: OddsmatcherOptions = {}): Oddsmatcher {
  return createTunedOddsmatcher(options, {});
}

/**
 * Internal tuning of the oddsmatcher (not part of the public API): tests use it to make the
 * index small, so that its cut and its rebuilds are exercised on small data.
 *
 * @internal
 * @example
 * ```ts
 * const tuning: OddsmatcherTuning = { indexTarget: (k) => k };
 * ```
 */
export interface OddsmatcherTuning {
  /** How many pairs a full ranking keeps in the index for k rows (at least k are kept). */
  readonly indexTarget?: (limit: number) => number;
}

/**
 * Default index size for k rows: 2k + 64 pairs, so k + 64 spare pairs behind the top k. A full
 * ranking costs more the larger the index (each pair kept costs about ln(P/M) filter checks on
 * the way), and the index is rebuilt (one full ranking) only when ticks have pushed more than
 * the spare out of it, net.
 */
function defaultIndexTarget(limit: number): number {
  return 2 * limit + 64;
}

const pauseByTimer = (): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The win-market lay quotes of a snapshot, as the engine ingests them. */
function laysOf(
  snapshot: MarketSnapshot,
): { exchange: string; selectionId: string; odds: number; liquidity: number; commission: number }[] {
  const lays = [];
  for (const p of snapshot.exchangePrices) {
    if (p.places !== undefined || p.lay === null) continue;
    lays.push({ exchange: p.exchange, selectionId: p.selectionId, odds: p.lay.odds, liquidity: p.lay.liquidity, commission: p.commission });
  }
  return lays;
}

/**
 * {@link createOddsmatcher} with internal tuning (tests only).
 *
 * @internal
 * @param options - as for createOddsmatcher
 * @param tuning - internal knobs
 * @returns the oddsmatcher
 * @example
 * ```ts
 * const matcher = createTunedOddsmatcher({ limit: 3 }, { indexTarget: (k) => k });
 * ```
 */
export function createTunedOddsmatcher(options: OddsmatcherOptions, tuning: OddsmatcherTuning): Oddsmatcher {
  let engine = new Engine(resolveOptions(options, null), tuning);
  // Counts the loads begun: a stepped load stops when a later one begins.
  let loads = 0;
  const store = createStore<readonly OddsmatchRow[]>(engine.rows);
  const publish = (): void => {
    engine.maybeCompact();
    if (engine.refreshTop()) store.set(engine.rows);
  };

  const selectionOf = (subject: string, id: string): number => {
    const s = engine.selIndex.get(id);
    if (s === undefined) throw unknownSelection(subject, id);
    return s;
  };

  interface LayTick {
    readonly s: number;
    readonly exchange: string;
    readonly lay: { readonly odds: number; readonly liquidity: number } | null;
    readonly commission: number;
  }
  const parseExchange = (input: unknown): LayTick | null => {
    const price = parseOrThrow(exchangePriceSchema, input, 'exchange price');
    if (price.places !== undefined) return null;
    return { s: selectionOf('exchange price', price.selectionId), exchange: price.exchange, lay: price.lay, commission: price.commission };
  };
  const applyExchange = (tick: LayTick): void => {
    const ex = engine.exCode(tick.exchange);
    if (tick.lay === null) engine.removeLay(tick.s, ex);
    else engine.setLay(tick.s, ex, tick.lay.odds, tick.lay.liquidity, tick.commission);
  };

  const relinkMarket = (m: number): void => {
    for (const s of engine.mkSels[m] as number[]) {
      if (engine.selAlive[s] !== 1) continue;
      engine.copyMarket(s);
      engine.relinkSelection(s);
    }
  };

  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,

    load(input) {
      const snapshot: MarketSnapshot = isMarketIndex(input) ? input.snapshot : parseMarketSnapshot(input);
      loads++;
      engine.ingest(snapshot.events, snapshot.markets, snapshot.backPrices, laysOf(snapshot));
      publish();
    },

    async loadInSteps(input, steps = {}) {
      const mine = ++loads;
      const pause = steps.pause ?? pauseByTimer;
      const size = Math.max(1, Math.floor(steps.chunkSize ?? 1000));
      const signal = steps.signal;
      const check = (): void => {
        signal?.throwIfAborted();
        if (loads !== mine) throw new DOMException('a later load replaced this one', 'AbortError');
      };
      check();
      const index: MarketIndex = await indexMarketSnapshotInSteps(input, { chunkSize: size, pause, signal });
      check();
      const snapshot = index.snapshot;
      // Ranked aside: the engine in use keeps serving until the new one is ready.
      const fresh = new Engine(engine.options, tuning);
      const run = fresh.ingestSteps(snapshot.events, snapshot.markets, snapshot.backPrices, laysOf(snapshot), size);
      for (let r = run.next(); r.done !== true; r = run.next()) {
        await pause();
        check();
      }
      await pause();
      check();
      if (fresh.options !== engine.options) fresh.applyOptions(engine.options);
      fresh.needFull = false;
      fresh.clearTop();
      const rows = fresh.refillSteps(NB - 1, size);
      for (let r = rows.next(); r.done !== true; r = rows.next()) {
        await pause();
        check();
        // Options changed meanwhile: the rows made so far are for the old ones, so rank again.
        if (fresh.options !== engine.options) {
          fresh.applyOptions(engine.options);
          fresh.needFull = false;
          fresh.clearTop();
          fresh.refill(NB - 1);
          break;
        }
      }
      // Rows whose content did not change keep their objects, as with load.
      fresh.rows = engine.rows;
      engine = fresh;
      if (engine.finishTop()) store.set(engine.rows);
    },

    setOptions(next) {
      engine.applyOptions(resolveOptions(next, engine.options));
      publish();
    },

    getOptions() {
      const o = engine.options;
      return { filters: o.filters, rankBy: o.rankBy, limit: o.limit, stake: o.stake, commissions: o.commissions };
    },

    upsertEvent(input) {
      const event = parseOrThrow(sportEventSchema, input, 'event');
      const e = engine.evIndex.get(event.id);
      if (e === undefined) {
        engine.addEvent(event);
        return;
      }
      engine.evData[e] = event;
      engine.evStart[e] = Date.parse(event.startsAt);
      engine.evSport[e] = engine.sportCode(event.sport);
      for (const m of engine.evMarkets[e] as number[]) relinkMarket(m);
      publish();
    },

    upsertMarket(input) {
      const market = parseOrThrow(marketSchema, input, 'market');
      const e = engine.evIndex.get(market.eventId);
      const issues: ValidationIssue[] = [];
      if (e === undefined) issues.push({ path: 'eventId', message: `unknown event ${market.eventId}: add it first` });
      const m = engine.mkIndex.get(market.id);
      if (m !== undefined && engine.mkEvent[m] !== e) issues.push({ path: 'eventId', message: 'a market cannot move to another event' });
      const seen = new Set<string>();
      market.runners.forEach((r, j) => {
        const s = engine.selIndex.get(r.id);
        if (seen.has(r.id) || (s !== undefined && engine.selMarket[s] !== m)) {
          issues.push({ path: `runners.${j}.id`, message: `runner id ${r.id} is already used` });
        }
        seen.add(r.id);
      });
      if (issues.length > 0 || e === undefined) throw new MatchkitValidationError('market', issues);
      if (m === undefined) {
        engine.addMarket(market, e);
        return;
      }
      engine.mkData[m] = market;
      engine.mkType[m] = engine.typeCode(market.type);
      const keep = new Set(market.runners.map((r) => r.id));
      const kept: number[] = [];
      for (const s of engine.mkSels[m] as number[]) {
        if (engine.selAlive[s] !== 1) continue;
        if (keep.has((engine.selRunner[s] as Runner).id)) kept.push(s);
        else engine.removeSelection(s);
      }
      engine.mkSels[m] = kept;
      for (const runner of market.runners) {
        const s = engine.selIndex.get(runner.id);
        if (s === undefined) engine.addSelection(runner, m, 0, 0);
        else engine.selRunner[s] = runner;
      }
      relinkMarket(m);
      publish();
    },

    removeEvent(eventId) {
      const e = engine.evIndex.get(eventId);
      if (e === undefined) return;
      for (const m of (engine.evMarkets[e] as number[]).slice()) engine.removeMarketAt(m);
      engine.evAlive[e] = 0;
      engine.evIndex.delete(eventId);
      publish();
    },

    removeMarket(marketId) {
      const m = engine.mkIndex.get(marketId);
      if (m === undefined) return;
      engine.removeMarketAt(m);
      publish();
    },

    setBackPrice(input) {
      const price = parseOrThrow(backPriceSchema, input, 'back price');
      const s = selectionOf('back price', price.selectionId);
      engine.setBack(s, engine.bmCode(price.bookmaker), price.odds);
      publish();
    },

    removeBackPrice(bookmaker, selectionId) {
      const s = engine.selIndex.get(selectionId);
      const bm = engine.bookmakers.codes.get(bookmaker);
      if (s === undefined || bm === undefined) return;
      engine.removeBack(s, bm);
      publish();
    },

    setExchangePrice(input) {
      const tick = parseExchange(input);
      if (tick === null) return;
      applyExchange(tick);
      publish();
    },

    removeExchangePrice(exchange, selectionId) {
      const s = engine.selIndex.get(selectionId);
      const ex = engine.exchangeDict.codes.get(exchange);
      if (s === undefined || ex === undefined) return;
      engine.removeLay(s, ex);
      publish();
    },

    applyPrices(batch) {
      const issues: ValidationIssue[] = [];
      const backs: { s: number; bookmaker: string; odds: number }[] = [];
      const lays: LayTick[] = [];
      const collect = (prefix: string, run: () => void): void => {
        try {
          run();
        } catch (error) {
          if (!(error instanceof MatchkitValidationError)) throw error;
          for (const i of error.issues) issues.push({ path: i.path === '' ? prefix : `${prefix}.${i.path}`, message: i.message });
        }
      };
      (batch.backPrices ?? []).forEach((input, n) =>
        collect(`backPrices.${n}`, () => {
          const price = parseOrThrow(backPriceSchema, input, 'back price');
          backs.push({ s: selectionOf('back price', price.selectionId), bookmaker: price.bookmaker, odds: price.odds });
        }),
      );
      (batch.exchangePrices ?? []).forEach((input, n) =>
        collect(`exchangePrices.${n}`, () => {
          const tick = parseExchange(input);
          if (tick !== null) lays.push(tick);
        }),
      );
      if (issues.length > 0) throw new MatchkitValidationError('price batch', issues);
      for (const b of backs) engine.setBack(b.s, engine.bmCode(b.bookmaker), b.odds);
      for (const l of lays) applyExchange(l);
      publish();
    },

    stats() {
      let pairs = 0;
      for (let s = 0; s < engine.nSel; s++) {
        if (engine.selAlive[s] === 1) pairs += (engine.backLen[s] as number) * (engine.layLen[s] as number);
      }
      return { selections: engine.liveSel, pairs, candidates: engine.countPassing() };
    },
  };
}
