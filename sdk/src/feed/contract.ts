// The odds feed's contract: a snapshot with a sequence number, and patches that each move the
// sequence on by exactly one. The server (its FeedSource) and the browser's live feed apply
// patches with the same applyPatch.
import type { BackPrice, BetBuilderPrice, ExchangePrice, ExchangeQuote, Market, MarketSnapshot, SportEvent } from '../matching/model';

/**
 * The whole feed at one sequence number.
 *
 * Every array of `market` is in canonical order (ascending by its stable key, code-unit order:
 * events and markets by id, prices by {@link priceKey}, bet builders by id), so two snapshots of
 * the same state serialise to the same bytes.
 *
 * @example
 * ```ts
 * import type { FeedSnapshot } from '@matchkit/sdk/feed';
 * const empty: FeedSnapshot = { seq: 0, at: 0, simulated: true, market: { events: [], markets: [], backPrices: [], exchangePrices: [] } };
 * ```
 */
export interface FeedSnapshot {
  /** Sequence number: the tick the snapshot shows. */
  readonly seq: number;
  /** Feed time of that tick, epoch milliseconds. */
  readonly at: number;
  /** True when the prices are simulated, not a bookmaker's or an exchange's. */
  readonly simulated: boolean;
  /** Events, markets and prices (`@matchkit/sdk/matching`'s model; passes `parseMarketSnapshot`). */
  readonly market: MarketSnapshot;
}

/**
 * Records that are new or changed since the previous sequence number (whole records, not fields).
 *
 * @example
 * ```ts
 * import type { FeedDelta } from '@matchkit/sdk/feed';
 * const changed = (d: FeedDelta) => d.backPrices.length + d.exchangePrices.length;
 * ```
 */
export interface FeedDelta {
  /** Events new or changed. */
  readonly events: readonly SportEvent[];
  /** Markets new or changed (with all their runners). */
  readonly markets: readonly Market[];
  /** Bookmaker back prices new or changed. */
  readonly backPrices: readonly BackPrice[];
  /** Exchange prices new or changed. */
  readonly exchangePrices: readonly ExchangePrice[];
  /** Bet-builder prices new or changed. */
  readonly betBuilders: readonly BetBuilderPrice[];
}

/**
 * Records gone since the previous sequence number, by stable key: event and market ids, price keys
 * ({@link backPriceKey}, {@link exchangePriceKey}) and bet-builder ids. Removals are explicit: an
 * event's removal lists its markets and prices too.
 *
 * @example
 * ```ts
 * import type { FeedRemovals } from '@matchkit/sdk/feed';
 * const none: FeedRemovals = { events: [], markets: [], backPrices: [], exchangePrices: [], betBuilders: [] };
 * ```
 */
export interface FeedRemovals {
  /** Ids of events gone. */
  readonly events: readonly string[];
  /** Ids of markets gone. */
  readonly markets: readonly string[];
  /** Keys ({@link backPriceKey}) of back prices gone. */
  readonly backPrices: readonly string[];
  /** Keys ({@link exchangePriceKey}) of exchange prices gone. */
  readonly exchangePrices: readonly string[];
  /** Ids of bet builders gone. */
  readonly betBuilders: readonly string[];
}

/**
 * What changed between sequence numbers `seq − 1` and `seq`.
 *
 * @example
 * ```ts
 * import type { FeedPatch } from '@matchkit/sdk/feed';
 * const isHeartbeat = (p: FeedPatch) =>
 *   p.upserts.backPrices.length === 0 && p.upserts.exchangePrices.length === 0 && (p.quoteMoves?.length ?? 0) === 0;
 * ```
 */
export interface FeedPatch {
  /** The sequence number this patch moves a snapshot to (the snapshot's seq + 1). */
  readonly seq: number;
  /** Feed time of `seq`, epoch milliseconds. */
  readonly at: number;
  /** New or changed records. */
  readonly upserts: FeedDelta;
  /** Removed records, by key. */
  readonly removes: FeedRemovals;
  /**
   * Exchange prices the snapshot at `seq − 1` holds whose quotes alone moved (a compact form of
   * upserts, never for a key that `upserts` also holds); absent or empty: none. {@link applyPatch}
   * applies them; {@link resolveQuoteMoves} turns them into upserts.
   */
  readonly quoteMoves?: readonly FeedQuoteMove[] | undefined;
}

/**
 * An exchange price whose quotes alone moved: its key and its new back, lay and each-way lock
 * quotes (odds and liquidity). Every other field (exchange, runner, places, commission, the lock's
 * places and fraction, source, updatedAt) is the one of the record the client holds.
 *
 * @example
 * ```ts
 * import type { FeedQuoteMove } from '@matchkit/sdk/feed';
 * const move: FeedQuoteMove = { key: 'betfair:win:r1', back: { odds: 3, liquidity: 5_000 }, lay: { odds: 3.1, liquidity: 2_500 }, eachWayLay: null };
 * ```
 */
export interface FeedQuoteMove {
  /** The exchange price's key ({@link exchangePriceKey}). */
  readonly key: string;
  /** The best back quote, or null when none is offered. */
  readonly back: ExchangeQuote | null;
  /** The best lay quote, or null when none is offered. */
  readonly lay: ExchangeQuote | null;
  /** The locked each-way lay's odds and liquidity; null exactly when the price has no lock. */
  readonly eachWayLay: ExchangeQuote | null;
}

/**
 * A patch whose `seq` is not the snapshot's `seq + 1`: the client missed patches (or got one twice)
 * and must resync from a new snapshot.
 *
 * @example
 * ```ts
 * import { FeedGapError } from '@matchkit/sdk/feed';
 * const gap = new FeedGapError(8, 9);
 * gap.message; // 'feed patch seq 9 does not follow snapshot seq 7 (expected 8): resync from a new snapshot'
 * ```
 */
export class FeedGapError extends Error {
  /** Stable code for the wire. */
  readonly code = 'FEED_GAP' as const;
  /** The sequence number the snapshot could take (its seq + 1). */
  readonly expected: number;
  /** The patch's sequence number. */
  readonly received: number;

  /**
   * @param expected - the sequence number the snapshot could take (its seq + 1)
   * @param received - the patch's sequence number
   * @param detail - when the patch does follow the snapshot but does not fit it: why
   */
  constructor(expected: number, received: number, detail?: string) {
    super(
      detail === undefined
        ? `feed patch seq ${received} does not follow snapshot seq ${expected - 1} (expected ${expected}): resync from a new snapshot`
        : `feed patch seq ${received} does not fit snapshot seq ${expected - 1}: ${detail}: resync from a new snapshot`,
    );
    this.name = 'FeedGapError';
    this.expected = expected;
    this.received = received;
  }
}

/**
 * True for a {@link FeedGapError} (also across bundle copies, by its code).
 *
 * @param value - anything caught
 * @returns whether it is a feed gap
 * @example
 * ```ts
 * import { applyPatch, emptyPatch, isFeedGapError, type FeedSnapshot } from '@matchkit/sdk/feed';
 * let view: FeedSnapshot = { seq: 7, at: Date.now(), simulated: true, market: { events: [], markets: [], backPrices: [], exchangePrices: [] } };
 * try {
 *   view = applyPatch(view, emptyPatch(9, Date.now())); // patch 8 was missed
 * } catch (e) {
 *   if (!isFeedGapError(e)) throw e; // else: fetch a new snapshot
 * }
 * ```
 */
export function isFeedGapError(value: unknown): value is FeedGapError {
  return (
    value instanceof FeedGapError || (typeof value === 'object' && value !== null && (value as { code?: unknown }).code === 'FEED_GAP')
  );
}

/**
 * The stable key of a bookmaker back price: `bookmaker:selectionId`. A bookmaker is a feed key
 * (no colon), so the key splits back unambiguously at its first colon.
 *
 * @param p - the price (its bookmaker and selection)
 * @returns the key
 * @example
 * ```ts
 * import { backPriceKey } from '@matchkit/sdk/feed';
 * backPriceKey({ bookmaker: 'bet-co', selectionId: 'e1/mo/home' }); // 'bet-co:e1/mo/home'
 * ```
 */
export function backPriceKey(p: { readonly bookmaker: string; readonly selectionId: string }): string {
  return `${p.bookmaker}:${p.selectionId}`;
}

/**
 * The stable key of an exchange price: `exchange:places:selectionId`, places being `win` for the
 * win market and N for the N-place market.
 *
 * @param p - the price (its exchange, selection and places)
 * @returns the key
 * @example
 * ```ts
 * import { exchangePriceKey } from '@matchkit/sdk/feed';
 * exchangePriceKey({ exchange: 'smarkets', selectionId: 'r1/h3' }); // 'smarkets:win:r1/h3'
 * exchangePriceKey({ exchange: 'smarkets', selectionId: 'r1/h3', places: 3 }); // 'smarkets:3:r1/h3'
 * ```
 */
export function exchangePriceKey(p: {
  readonly exchange: string;
  readonly selectionId: string;
  readonly places?: number | undefined;
}): string {
  return `${p.exchange}:${p.places === undefined ? 'win' : String(p.places)}:${p.selectionId}`;
}

/**
 * The stable key of a bet-builder price: its id.
 *
 * @param b - the bet builder
 * @returns the key
 * @example
 * ```ts
 * import { betBuilderKey } from '@matchkit/sdk/feed';
 * betBuilderKey({ id: 'bb1' }); // 'bb1'
 * ```
 */
export function betBuilderKey(b: { readonly id: string }): string {
  return b.id;
}

/**
 * The bookmaker and selection of a back-price key (the inverse of {@link backPriceKey}).
 *
 * @param key - a back-price key
 * @returns its bookmaker and selection
 * @throws TypeError when the key is not one
 * @example
 * ```ts
 * import { parseBackPriceKey } from '@matchkit/sdk/feed';
 * parseBackPriceKey('bet-co:e1/mo/home'); // { bookmaker: 'bet-co', selectionId: 'e1/mo/home' }
 * ```
 */
export function parseBackPriceKey(key: string): { bookmaker: string; selectionId: string } {
  const at = key.indexOf(':');
  if (at <= 0 || at === key.length - 1) throw new TypeError(`not a back-price key: ${JSON.stringify(key)}`);
  return { bookmaker: key.slice(0, at), selectionId: key.slice(at + 1) };
}

/**
 * The exchange, places and selection of an exchange-price key (the inverse of {@link exchangePriceKey}).
 *
 * @param key - an exchange-price key
 * @returns its exchange, places (undefined for the win market) and selection
 * @throws TypeError when the key is not one
 * @example
 * ```ts
 * import { parseExchangePriceKey } from '@matchkit/sdk/feed';
 * parseExchangePriceKey('smarkets:3:r1/h3'); // { exchange: 'smarkets', places: 3, selectionId: 'r1/h3' }
 * ```
 */
export function parseExchangePriceKey(key: string): { exchange: string; places: number | undefined; selectionId: string } {
  const first = key.indexOf(':');
  const second = first <= 0 ? -1 : key.indexOf(':', first + 1);
  const places = second < 0 ? '' : key.slice(first + 1, second);
  if (second < 0 || second === key.length - 1 || (places !== 'win' && !/^[1-9][0-9]*$/.test(places))) {
    throw new TypeError(`not an exchange-price key: ${JSON.stringify(key)}`);
  }
  return { exchange: key.slice(0, first), places: places === 'win' ? undefined : Number(places), selectionId: key.slice(second + 1) };
}

/**
 * The key helpers together.
 *
 * @example
 * ```ts
 * import { priceKey } from '@matchkit/sdk/feed';
 * priceKey.parseBack(priceKey.back({ bookmaker: 'bet-co', selectionId: 's1' })).bookmaker; // 'bet-co'
 * ```
 */
export const priceKey = Object.freeze({
  back: backPriceKey,
  exchange: exchangePriceKey,
  betBuilder: betBuilderKey,
  parseBack: parseBackPriceKey,
  parseExchange: parseExchangePriceKey,
});

const byId = (r: { readonly id: string }) => r.id;

/**
 * Code-unit order of two keys (the canonical order of a snapshot's arrays).
 *
 * @param a - a key
 * @param b - another key
 * @returns negative, zero or positive
 * @example
 * ```ts
 * import { compareKeys } from '@matchkit/sdk/feed';
 * ['b', 'B', 'a'].sort(compareKeys); // ['B', 'a', 'b']
 * ```
 */
export function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Records and their keys, side by side, in key order (no key repeated).
 *
 * @typeParam T - the record
 * @example
 * ```ts
 * import type { Keyed } from '@matchkit/sdk/feed';
 * const one: Keyed<{ id: string }> = { keys: ['a'], records: [{ id: 'a' }] };
 * ```
 */
export interface Keyed<T> {
  /** The keys, ascending. */
  readonly keys: readonly string[];
  /** The record of each key, at the same index. */
  readonly records: readonly T[];
}

/** Records with their keys, sorted by key (canonical order); of a repeated key, the last record wins. */
function sortByKey<T>(records: readonly T[], key: (r: T) => string): { keys: string[]; records: T[] } {
  const pairs = records.map((r, i) => ({ r, k: key(r), i }));
  pairs.sort((x, y) => compareKeys(x.k, y.k) || x.i - y.i);
  const keys: string[] = [];
  const out: T[] = [];
  for (const p of pairs) {
    if (keys.length > 0 && keys[keys.length - 1] === p.k) out[out.length - 1] = p.r;
    else {
      keys.push(p.k);
      out.push(p.r);
    }
  }
  return { keys, records: out };
}

/**
 * Merges by position: each upsert key and removed key is looked up in `current` by binary search
 * (`keyAt(i)`: the key of `current`'s record i, in key order), then `keep(i)` is called for each
 * record of `current` kept and `add(j)` for each upsert, in key order. A patch touches a few
 * thousand of a large snapshot's records: reading every key of the snapshot for it cost 45 ms a
 * patch at 86,000 prices, this a few milliseconds.
 */
function mergeAt(
  n: number,
  keyAt: (i: number) => string,
  upserts: readonly string[],
  removes: Iterable<string>,
  keep: (i: number) => void,
  add: (j: number) => void,
): void {
  // Replaced or removed records of `current` (an upserted key stays whatever the removes say).
  const gone = new Set<number>();
  // Where `k` is, or would go, in `current`; a record found there is replaced or removed.
  const drop = (k: string) => {
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (keyAt(mid) < k) lo = mid + 1;
      else hi = mid;
    }
    if (lo < n && keyAt(lo) === k) gone.add(lo);
    return lo;
  };
  const put = upserts.map(drop);
  for (const k of removes) drop(k);
  for (let i = 0, j = 0; i <= n; i++) {
    for (; j < put.length && put[j] === i; j++) add(j);
    if (i < n && !gone.has(i)) keep(i);
  }
}

/**
 * `current` less the removed keys, with `upserts` replacing records of the same key or inserted in
 * key order (both must be in key order); each upsert and removed key is found by binary search.
 *
 * @typeParam T - the record
 * @param current - the records now, in key order
 * @param upserts - new or changed records, in key order
 * @param removes - keys to drop
 * @returns the merged records, in key order
 * @example
 * ```ts
 * import { mergeKeyed } from '@matchkit/sdk/feed';
 * mergeKeyed({ keys: ['a', 'c'], records: [1, 3] }, { keys: ['b'], records: [2] }, new Set(['c'])).records; // [1, 2]
 * ```
 */
export function mergeKeyed<T>(current: Keyed<T>, upserts: Keyed<T>, removes: ReadonlySet<string>): { keys: string[]; records: T[] } {
  const keys: string[] = [];
  const records: T[] = [];
  const take = (from: Keyed<T>) => (i: number) => {
    keys.push(from.keys[i] as string);
    records.push(from.records[i] as T);
  };
  mergeAt(current.keys.length, (i) => current.keys[i] as string, upserts.keys, removes, take(current), take(upserts));
  return { keys, records };
}

/**
 * The keys of a snapshot's list, remembered per array (lists are never changed once made): a patch
 * finds its records by binary search on them, and a list a patch only replaces records of keeps
 * its keys, so a large snapshot's keys are made once (at its first patch), not once a patch.
 */
const listKeys = new WeakMap<readonly unknown[], readonly string[]>();

function keysOf<T>(records: readonly T[], key: (r: T) => string): readonly string[] {
  let keys = listKeys.get(records);
  if (keys === undefined) listKeys.set(records, (keys = records.map(key)));
  return keys;
}

/** The key of each list of a market (its canonical order's). */
type ListName = keyof MarketSnapshot;
const LIST_KEYS: Readonly<Record<ListName, (r: never) => string>> = {
  events: byId,
  markets: byId,
  backPrices: backPriceKey,
  exchangePrices: exchangePriceKey,
  betBuilders: betBuilderKey,
};

/**
 * The market that `parts` (pages of one snapshot, in order) make end to end, each list's keys
 * joined from theirs: made while each part came (`keyLists`), a large snapshot's keys are never
 * made in one go. Internal to the sdk.
 */
export function joinMarkets(parts: readonly MarketSnapshot[]): MarketSnapshot {
  const out: Partial<Record<ListName, readonly unknown[]>> = {};
  for (const name of Object.keys(LIST_KEYS) as ListName[]) {
    const lists = parts.map((m) => (m[name] ?? []) as readonly never[]);
    const records = lists.flat();
    listKeys.set(
      records,
      lists.flatMap((list) => keysOf(list, LIST_KEYS[name])),
    );
    out[name] = records;
  }
  return out as MarketSnapshot;
}

/** Makes and remembers the keys of every list of `market` (one page of a snapshot, as it comes). Internal to the sdk. */
export function keyLists(market: MarketSnapshot): void {
  for (const name of Object.keys(LIST_KEYS) as ListName[]) keysOf((market[name] ?? []) as readonly never[], LIST_KEYS[name]);
}

/**
 * Lists made during {@link applyPatches} that nothing outside it has seen: a later patch of the
 * same batch replaces their records in place instead of copying them again.
 */
let owned: WeakSet<readonly unknown[]> | null = null;

/**
 * `current` with the upserts and removes applied, in key order. Copy on write: an untouched list is
 * the same array, and a patch that only replaces records (the feed's usual tick) is a copy of the
 * array with each replaced in place (the last of a repeated key wins), never a merge of every record.
 */
function merge<T>(current: readonly T[], upserts: readonly T[], removes: readonly string[], key: (r: T) => string): readonly T[] {
  if (upserts.length === 0 && removes.length === 0) return current;
  const keys = keysOf(current, key);
  if (removes.length === 0) {
    // In place only on a list of this batch (a record replaced before a key is missed is one the
    // merge below puts there again).
    const out = owned?.has(current) === true ? (current as T[]) : current.slice();
    let j = 0;
    for (; j < upserts.length; j++) {
      const at = findKey(keys, key(upserts[j] as T));
      if (at < 0) break;
      out[at] = upserts[j] as T;
    }
    if (j === upserts.length) {
      listKeys.set(out, keys);
      owned?.add(out);
      return out;
    }
  }
  const merged = mergeKeyed({ keys, records: current }, sortByKey(upserts, key), new Set(removes));
  listKeys.set(merged.records, merged.keys);
  owned?.add(merged.records);
  return merged.records;
}

/**
 * Applies a patch to a snapshot: pure (neither argument changes), returns a new snapshot at
 * `patch.seq` in canonical order. Refuses a patch whose seq is not `snapshot.seq + 1` with a
 * {@link FeedGapError}: a gap (or a repeat) means the client resyncs from a new snapshot.
 *
 * Copy on write: a list the patch does not touch is the snapshot's own array, and a patch that
 * only replaces records copies its lists' references without merging them. A snapshot and its lists
 * must not be changed once made (each list's keys are remembered for the next patch).
 *
 * @param snapshot - the snapshot at `patch.seq − 1`, in canonical order as every {@link FeedSnapshot} is (records are found by binary search)
 * @param patch - the next patch
 * @returns the snapshot at `patch.seq`
 * @throws FeedGapError when the patch does not follow the snapshot
 *
 * @example
 * ```ts
 * import { applyPatch, emptyPatch, isFeedGapError, type FeedPatch, type FeedSnapshot } from '@matchkit/sdk/feed';
 * // A feed of your own: its latest snapshot, and its patches as they come.
 * const feed = {
 *   snapshot: (): FeedSnapshot => ({ seq: 7, at: Date.now(), simulated: true, market: { events: [], markets: [], backPrices: [], exchangePrices: [] } }),
 *   onPatch: (listener: (p: FeedPatch) => void) => listener(emptyPatch(8, Date.now())),
 * };
 * let view = feed.snapshot();
 * feed.onPatch((p) => {
 *   try {
 *     view = applyPatch(view, p);
 *   } catch (e) {
 *     if (!isFeedGapError(e)) throw e;
 *     view = feed.snapshot(); // resync
 *   }
 * });
 * ```
 */
export function applyPatch(snapshot: FeedSnapshot, patch: FeedPatch): FeedSnapshot {
  const m = snapshot.market;
  const { upserts: u, removes: r } = resolveQuoteMoves(snapshot, patch);
  return {
    seq: patch.seq,
    at: patch.at,
    simulated: snapshot.simulated,
    market: {
      events: merge(m.events, u.events, r.events, byId),
      markets: merge(m.markets, u.markets, r.markets, byId),
      backPrices: merge(m.backPrices, u.backPrices, r.backPrices, backPriceKey),
      exchangePrices: merge(m.exchangePrices, u.exchangePrices, r.exchangePrices, exchangePriceKey),
      betBuilders: merge(m.betBuilders ?? [], u.betBuilders, r.betBuilders, betBuilderKey),
    },
  };
}

/**
 * Applies `patches` in order to `snapshot` as {@link resolveQuoteMoves} then {@link applyPatch}
 * would, telling `each` every patch resolved and the snapshot it leads to, but copies each list
 * at most once for the batch: the snapshots told to `each` before the last are the batch's own
 * and change as it goes on (keep only the last). A {@link FeedGapError} stops the batch at the
 * patch that does not fit. Internal to the sdk (the live feed's frame).
 */
export function applyPatches(
  snapshot: FeedSnapshot,
  patches: readonly FeedPatch[],
  each: (resolved: FeedPatch, next: FeedSnapshot) => void,
): void {
  owned = new WeakSet();
  try {
    let view = snapshot;
    for (const patch of patches) {
      const full = resolveQuoteMoves(view, patch);
      view = applyPatch(view, full);
      each(full, view);
    }
  } finally {
    owned = null;
  }
}

/**
 * A patch with its quote moves ({@link FeedPatch.quoteMoves}) turned into upserts: each the record
 * the snapshot holds under its key with the move's quotes. A patch without `quoteMoves` is returned as it is.
 *
 * @param snapshot - the snapshot at `patch.seq − 1`, in canonical order
 * @param patch - the next patch
 * @returns the patch, with every record in `upserts` and no moves
 * @throws FeedGapError when the patch does not follow the snapshot, or moves a price the snapshot
 * does not hold (or holds with a lock where the move has none, or the other way round)
 *
 * @example
 * ```ts
 * import { resolveQuoteMoves, type FeedSnapshot } from '@matchkit/sdk/feed';
 * const held = { exchange: 'betfair', selectionId: 'r1', back: null, lay: { odds: 3.1, liquidity: 2_500 }, commission: 0.02 };
 * const view: FeedSnapshot = { seq: 7, at: 0, simulated: true, market: { events: [], markets: [], backPrices: [], exchangePrices: [held] } };
 * const patch = resolveQuoteMoves(view, {
 *   seq: 8, at: 250,
 *   upserts: { events: [], markets: [], backPrices: [], exchangePrices: [], betBuilders: [] },
 *   removes: { events: [], markets: [], backPrices: [], exchangePrices: [], betBuilders: [] },
 *   quoteMoves: [{ key: 'betfair:win:r1', back: null, lay: { odds: 3.2, liquidity: 900 }, eachWayLay: null }],
 * });
 * patch.upserts.exchangePrices[0]?.lay; // { odds: 3.2, liquidity: 900 }, the rest of `held` as it was
 * ```
 */
export function resolveQuoteMoves(snapshot: FeedSnapshot, patch: FeedPatch): FeedPatch {
  if (patch.seq !== snapshot.seq + 1) throw new FeedGapError(snapshot.seq + 1, patch.seq);
  const moves = patch.quoteMoves;
  if (moves === undefined) return patch;
  const { quoteMoves: _moves, ...rest } = patch;
  if (moves.length === 0) return rest;
  const held = snapshot.market.exchangePrices;
  const keys = keysOf(held, exchangePriceKey);
  const moved = moves.map((move) => {
    const at = findKey(keys, move.key);
    const price = at < 0 ? null : movePrice(held[at] as ExchangePrice, move);
    if (price === null)
      throw new FeedGapError(
        snapshot.seq + 1,
        patch.seq,
        `it moves the quotes of exchange price ${move.key}, which the snapshot does not hold so`,
      );
    return price;
  });
  return { ...rest, upserts: { ...patch.upserts, exchangePrices: [...patch.upserts.exchangePrices, ...moved] } };
}

/**
 * The move of `before` to `after` when only their quotes differ (the same key, the same other
 * fields, a lock on both or on neither); null otherwise (send the record whole). For a server
 * that sends {@link FeedPatch.quoteMoves}: {@link resolveQuoteMoves} of the move on `before` is `after`.
 *
 * @param before - the record the client holds
 * @param after - the record now
 * @returns the move, or null
 *
 * @example
 * ```ts
 * import { quoteMoveOf } from '@matchkit/sdk/feed';
 * const before = { exchange: 'betfair', selectionId: 'r1', back: null, lay: { odds: 3.1, liquidity: 2_500 }, commission: 0.02 };
 * quoteMoveOf(before, { ...before, lay: { odds: 3.2, liquidity: 900 } }); // { key: 'betfair:win:r1', back: null, lay: { odds: 3.2, liquidity: 900 }, eachWayLay: null }
 * quoteMoveOf(before, { ...before, commission: 0.05 }); // null
 * ```
 */
export function quoteMoveOf(before: ExchangePrice, after: ExchangePrice): FeedQuoteMove | null {
  const key = exchangePriceKey(after);
  if (exchangePriceKey(before) !== key) return null;
  const lock = after.eachWayLay;
  const move: FeedQuoteMove = {
    key,
    back: after.back,
    lay: after.lay,
    eachWayLay: lock === undefined ? null : { odds: lock.odds, liquidity: lock.liquidity },
  };
  const moved = movePrice(before, move);
  return moved !== null && same(moved, after) ? move : null;
}

/** `held` with the quotes of `move`; null when their locks do not match (one has a lock, the other none). */
function movePrice(held: ExchangePrice, move: FeedQuoteMove): ExchangePrice | null {
  const lock = held.eachWayLay;
  if ((lock === undefined) !== (move.eachWayLay === null)) return null;
  const price = { ...held, back: move.back, lay: move.lay };
  return lock === undefined || move.eachWayLay === null
    ? price
    : { ...price, eachWayLay: { ...lock, odds: move.eachWayLay.odds, liquidity: move.eachWayLay.liquidity } };
}

/** Where `key` is in `keys` (ascending), or −1. */
function findKey(keys: readonly string[], key: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((keys[mid] as string) < key) lo = mid + 1;
    else hi = mid;
  }
  return keys[lo] === key ? lo : -1;
}

/** Deep equality of plain JSON-like data (records of the market model). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!same(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    if (!Object.hasOwn(b, k) || !same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

function diff<T>(prev: readonly T[], next: readonly T[], key: (r: T) => string): { upserts: T[]; removes: string[] } {
  const before = new Map<string, T>();
  for (const r of prev) before.set(key(r), r);
  const upserts: T[] = [];
  for (const r of next) {
    const k = key(r);
    const old = before.get(k);
    if (old === undefined || !same(old, r)) upserts.push(r);
    before.delete(k);
  }
  return { upserts, removes: [...before.keys()] };
}

/**
 * The patch from one market snapshot to the next: every record that is new or differs in any field
 * (an unchanged record is never carried) and the key of every record gone. Useful to any
 * FeedSource that polls whole snapshots (a real feed can be adapted this way).
 *
 * @param prev - the market at `seq − 1`
 * @param next - the market at `seq`
 * @param seq - the patch's sequence number
 * @param at - the feed time of `seq`, epoch milliseconds
 * @returns the patch; `applyPatch` of it to `prev`'s snapshot gives `next` in canonical order
 * @example
 * ```ts
 * import { diffMarkets } from '@matchkit/sdk/feed';
 * import type { MarketSnapshot } from '@matchkit/sdk/matching';
 * const before: MarketSnapshot = { events: [], markets: [], backPrices: [], exchangePrices: [] };
 * const after: MarketSnapshot = { ...before, events: [] }; // the next tick's snapshot
 * const patch = diffMarkets(before, after, 42, Date.now());
 * ```
 */
export function diffMarkets(prev: MarketSnapshot, next: MarketSnapshot, seq: number, at: number): FeedPatch {
  const events = diff(prev.events, next.events, byId);
  const markets = diff(prev.markets, next.markets, byId);
  const backPrices = diff(prev.backPrices, next.backPrices, backPriceKey);
  const exchangePrices = diff(prev.exchangePrices, next.exchangePrices, exchangePriceKey);
  const betBuilders = diff(prev.betBuilders ?? [], next.betBuilders ?? [], betBuilderKey);
  return {
    seq,
    at,
    upserts: {
      events: events.upserts,
      markets: markets.upserts,
      backPrices: backPrices.upserts,
      exchangePrices: exchangePrices.upserts,
      betBuilders: betBuilders.upserts,
    },
    removes: {
      events: events.removes,
      markets: markets.removes,
      backPrices: backPrices.removes,
      exchangePrices: exchangePrices.removes,
      betBuilders: betBuilders.removes,
    },
  };
}

/**
 * A patch that changes nothing (a heartbeat) at `seq`.
 *
 * @param seq - its sequence number
 * @param at - its feed time, epoch milliseconds
 * @returns the patch
 * @example
 * ```ts
 * import { emptyPatch } from '@matchkit/sdk/feed';
 * emptyPatch(8, Date.now()).upserts.events; // []
 * ```
 */
export function emptyPatch(seq: number, at: number): FeedPatch {
  const none = { events: [], markets: [], backPrices: [], exchangePrices: [], betBuilders: [] };
  return { seq, at, upserts: none, removes: none };
}
