// The odds feed's contract: a snapshot with a sequence number, and patches that each move the
// sequence on by exactly one. Any feed (the simulated one here, a real one later) implements
// FeedSource; the server and the browser store apply patches with the same applyPatch.
import type { BackPrice, BetBuilderPrice, ExchangePrice, Market, MarketSnapshot, SportEvent } from '@matchkit/sdk/matching';

/**
 * The whole feed at one sequence number.
 *
 * Every array of `market` is in canonical order (ascending by its stable key, code-unit order:
 * events and markets by id, prices by {@link priceKey}, bet builders by id), so two snapshots of
 * the same state serialise to the same bytes.
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

/** Records that are new or changed since the previous sequence number (whole records, not fields). */
export interface FeedDelta {
  readonly events: readonly SportEvent[];
  readonly markets: readonly Market[];
  readonly backPrices: readonly BackPrice[];
  readonly exchangePrices: readonly ExchangePrice[];
  readonly betBuilders: readonly BetBuilderPrice[];
}

/**
 * Records gone since the previous sequence number, by stable key: event and market ids, price keys
 * ({@link backPriceKey}, {@link exchangePriceKey}) and bet-builder ids. Removals are explicit: an
 * event's removal lists its markets and prices too.
 */
export interface FeedRemovals {
  readonly events: readonly string[];
  readonly markets: readonly string[];
  readonly backPrices: readonly string[];
  readonly exchangePrices: readonly string[];
  readonly betBuilders: readonly string[];
}

/** What changed between sequence numbers `seq − 1` and `seq`. */
export interface FeedPatch {
  /** The sequence number this patch moves a snapshot to (the snapshot's seq + 1). */
  readonly seq: number;
  /** Feed time of `seq`, epoch milliseconds. */
  readonly at: number;
  /** New or changed records. */
  readonly upserts: FeedDelta;
  /** Removed records, by key. */
  readonly removes: FeedRemovals;
}

/** A source of odds: the simulated feed, or a real one behind the same interface. */
export interface FeedSource {
  /** The current snapshot (the same object until the next patch). */
  snapshot(): FeedSnapshot;
  /** Calls `listener` with every patch from now on; returns the function that stops it. */
  onPatch(listener: (p: FeedPatch) => void): () => void;
  /** Starts producing patches (idempotent). */
  start(): void;
  /** Stops producing patches and releases its timer (idempotent). */
  stop(): void;
  /** True when the prices are simulated. */
  readonly simulated: boolean;
}

/**
 * A patch whose `seq` is not the snapshot's `seq + 1`: the client missed patches (or got one twice)
 * and must resync from a new snapshot.
 */
export class FeedGapError extends Error {
  /** Stable code for the wire. */
  readonly code = 'FEED_GAP' as const;
  /** The sequence number the snapshot could take (its seq + 1). */
  readonly expected: number;
  /** The patch's sequence number. */
  readonly received: number;

  constructor(expected: number, received: number) {
    super(`feed patch seq ${received} does not follow snapshot seq ${expected - 1} (expected ${expected}): resync from a new snapshot`);
    this.name = 'FeedGapError';
    this.expected = expected;
    this.received = received;
  }
}

/** True for a {@link FeedGapError} (also across bundle copies, by its code). */
export function isFeedGapError(value: unknown): value is FeedGapError {
  return value instanceof FeedGapError || (typeof value === 'object' && value !== null && (value as { code?: unknown }).code === 'FEED_GAP');
}

/**
 * The stable key of a bookmaker back price: `bookmaker:selectionId`. A bookmaker is a feed key
 * (no colon), so the key splits back unambiguously at its first colon.
 */
export function backPriceKey(p: { readonly bookmaker: string; readonly selectionId: string }): string {
  return `${p.bookmaker}:${p.selectionId}`;
}

/**
 * The stable key of an exchange price: `exchange:places:selectionId`, places being `win` for the
 * win market and N for the N-place market.
 */
export function exchangePriceKey(p: { readonly exchange: string; readonly selectionId: string; readonly places?: number | undefined }): string {
  return `${p.exchange}:${p.places === undefined ? 'win' : String(p.places)}:${p.selectionId}`;
}

/** The stable key of a bet-builder price: its id. */
export function betBuilderKey(b: { readonly id: string }): string {
  return b.id;
}

/** The bookmaker and selection of a back-price key (the inverse of {@link backPriceKey}). */
export function parseBackPriceKey(key: string): { bookmaker: string; selectionId: string } {
  const at = key.indexOf(':');
  if (at <= 0 || at === key.length - 1) throw new TypeError(`not a back-price key: ${JSON.stringify(key)}`);
  return { bookmaker: key.slice(0, at), selectionId: key.slice(at + 1) };
}

/** The exchange, places and selection of an exchange-price key (the inverse of {@link exchangePriceKey}). */
export function parseExchangePriceKey(key: string): { exchange: string; places: number | undefined; selectionId: string } {
  const first = key.indexOf(':');
  const second = first <= 0 ? -1 : key.indexOf(':', first + 1);
  const places = second < 0 ? '' : key.slice(first + 1, second);
  if (second < 0 || second === key.length - 1 || (places !== 'win' && !/^[1-9][0-9]*$/.test(places))) {
    throw new TypeError(`not an exchange-price key: ${JSON.stringify(key)}`);
  }
  return { exchange: key.slice(0, first), places: places === 'win' ? undefined : Number(places), selectionId: key.slice(second + 1) };
}

/** The key helpers together. */
export const priceKey = Object.freeze({
  back: backPriceKey,
  exchange: exchangePriceKey,
  betBuilder: betBuilderKey,
  parseBack: parseBackPriceKey,
  parseExchange: parseExchangePriceKey,
});

const byId = (r: { readonly id: string }) => r.id;

/** Code-unit order of two keys. */
export function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Records and their keys, side by side, in key order (no key repeated). */
export interface Keyed<T> {
  readonly keys: readonly string[];
  readonly records: readonly T[];
}

/** Records with their keys, sorted by key (canonical order); the last record of a repeated key wins. */
export function sortByKey<T>(records: readonly T[], key: (r: T) => string): { keys: string[]; records: T[] } {
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
 * `current` less the removed keys, with `upserts` replacing records of the same key or inserted in
 * key order: one pass over `current` (both must be in key order).
 */
export function mergeKeyed<T>(current: Keyed<T>, upserts: Keyed<T>, removes: ReadonlySet<string>): { keys: string[]; records: T[] } {
  const keys: string[] = [];
  const records: T[] = [];
  const uk = upserts.keys;
  let j = 0;
  for (let i = 0; i < current.keys.length; i++) {
    const k = current.keys[i] as string;
    while (j < uk.length && compareKeys(uk[j] as string, k) < 0) {
      keys.push(uk[j] as string);
      records.push(upserts.records[j++] as T);
    }
    if (j < uk.length && uk[j] === k) {
      keys.push(k);
      records.push(upserts.records[j++] as T);
    } else if (!removes.has(k)) {
      keys.push(k);
      records.push(current.records[i] as T);
    }
  }
  while (j < uk.length) {
    keys.push(uk[j] as string);
    records.push(upserts.records[j++] as T);
  }
  return { keys, records };
}

function merge<T>(current: readonly T[], upserts: readonly T[], removes: readonly string[], key: (r: T) => string): T[] {
  if (upserts.length === 0 && removes.length === 0) return current.slice();
  return mergeKeyed({ keys: current.map(key), records: current }, sortByKey(upserts, key), new Set(removes)).records;
}

/**
 * Applies a patch to a snapshot: pure (neither argument changes), returns a new snapshot at
 * `patch.seq` in canonical order. Refuses a patch whose seq is not `snapshot.seq + 1` with a
 * {@link FeedGapError}: a gap (or a repeat) means the client resyncs from a new snapshot.
 *
 * @example
 * ```ts
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
  if (patch.seq !== snapshot.seq + 1) throw new FeedGapError(snapshot.seq + 1, patch.seq);
  const m = snapshot.market;
  const { upserts: u, removes: r } = patch;
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

/** A patch that changes nothing (a heartbeat) at `seq`. */
export function emptyPatch(seq: number, at: number): FeedPatch {
  const none = { events: [], markets: [], backPrices: [], exchangePrices: [], betBuilders: [] };
  return { seq, at, upserts: none, removes: none };
}
