// The feed in the schema's shape, and the per-subscription filter.
import { sliceMarketSnapshot, type BackPrice, type ExchangePrice, type FeedPart, type MarketSnapshot } from '@matchkit/sdk/matching';
import {
  backPriceKey,
  exchangePriceKey,
  parseExchangePriceKey,
  type FeedDelta,
  type FeedPatch,
  type FeedRemovals,
  type FeedSnapshot,
} from '@matchkit/sdk/feed';
import type { OddsFilter } from '../../generated/resolvers';

const backView = (p: BackPrice) => ({ ...p, key: backPriceKey(p), bestOddsGuaranteed: p.bestOddsGuaranteed ?? false });
const exchangeView = (p: ExchangePrice) => ({ ...p, key: exchangePriceKey(p) });

/** Where each event, market and runner belongs, to filter prices by sport or event. */
export interface FeedIndex {
  readonly sportOfEvent: ReadonlyMap<string, string>;
  readonly eventOfMarket: ReadonlyMap<string, string>;
  readonly eventOfRunner: ReadonlyMap<string, string>;
}

/** Indexes a snapshot (and the events and markets of a delta on top of it). */
export function indexFeed(market: MarketSnapshot, delta?: FeedDelta): FeedIndex {
  const sportOfEvent = new Map<string, string>();
  const eventOfMarket = new Map<string, string>();
  const eventOfRunner = new Map<string, string>();
  for (const source of delta === undefined ? [market] : [market, delta]) {
    for (const e of source.events) sportOfEvent.set(e.id, e.sport);
    for (const m of source.markets) {
      eventOfMarket.set(m.id, m.eventId);
      for (const r of m.runners) eventOfRunner.set(r.id, m.eventId);
    }
  }
  return { sportOfEvent, eventOfMarket, eventOfRunner };
}

/**
 * {@link indexFeed} remembering its last index: a market whose events and markets are the same
 * arrays as last time, under a delta with neither, has the same index (the feed hands out new
 * arrays only for a list that changed, and events and markets change when an event starts, a few
 * times a minute, where prices change every tick). At 600 events an index is ~3 ms a patch.
 *
 * @example
 * const indexer = feedIndexer();
 * const index = indexer(feed.snapshot().market, patch.upserts);
 */
export function feedIndexer(): (market: MarketSnapshot, delta?: FeedDelta) => FeedIndex {
  let last: { events: MarketSnapshot['events']; markets: MarketSnapshot['markets']; index: FeedIndex } | null = null;
  return (market, delta) => {
    const bare = delta === undefined || (delta.events.length === 0 && delta.markets.length === 0);
    if (bare && last !== null && last.events === market.events && last.markets === market.markets) return last.index;
    const index = indexFeed(market, delta);
    if (bare) last = { events: market.events, markets: market.markets, index };
    return index;
  };
}

const absent = (v: unknown): v is null | undefined => v === null || v === undefined;
const setOf = (v: readonly string[] | null | undefined) => (absent(v) ? null : new Set(v));

/** Whether a filter lets everything through. */
export function isOpenFilter(f: OddsFilter | null | undefined): boolean {
  return f === null || f === undefined || (absent(f.sports) && absent(f.eventIds) && absent(f.bookmakers) && absent(f.exchanges));
}

/** The part of a delta (or snapshot) the filter keeps. */
export function filterDelta(d: FeedDelta, f: OddsFilter | null | undefined, index: FeedIndex): FeedDelta {
  if (isOpenFilter(f) || f === null || f === undefined) return d;
  const sports = setOf(f.sports);
  const events = setOf(f.eventIds);
  const bookmakers = setOf(f.bookmakers);
  const exchanges = setOf(f.exchanges);
  const eventOk = (eventId: string | undefined) => {
    if (eventId === undefined) return false;
    if (events !== null && !events.has(eventId)) return false;
    if (sports !== null && !sports.has(index.sportOfEvent.get(eventId) ?? '')) return false;
    return true;
  };
  return {
    events: d.events.filter((e) => eventOk(e.id)),
    markets: d.markets.filter((m) => eventOk(m.eventId)),
    backPrices: d.backPrices.filter(
      (p) => (bookmakers === null || bookmakers.has(p.bookmaker)) && eventOk(index.eventOfRunner.get(p.selectionId)),
    ),
    exchangePrices: d.exchangePrices.filter(
      (p) => (exchanges === null || exchanges.has(p.exchange)) && eventOk(index.eventOfRunner.get(p.selectionId)),
    ),
    betBuilders: d.betBuilders.filter((b) => (bookmakers === null || bookmakers.has(b.bookmaker)) && eventOk(b.eventId)),
  };
}

/** The part of a delta (or snapshot) a member of the slice `parts` receives (the sdk's sliceMarketSnapshot). */
export function sliceDelta(d: FeedDelta | MarketSnapshot, parts: readonly FeedPart[]): FeedDelta {
  return sliceMarketSnapshot(d, parts);
}

/** The removals a member of the slice `parts` receives: none of a part they do not read. */
export function sliceRemovals(r: FeedRemovals, parts: readonly FeedPart[]): FeedRemovals {
  const places = parts.includes('placeMarkets');
  const builders = parts.includes('betBuilders');
  if (places && builders) return r;
  return {
    ...r,
    exchangePrices: places ? r.exchangePrices : r.exchangePrices.filter((key) => parseExchangePriceKey(key).places === undefined),
    betBuilders: builders ? r.betBuilders : [],
  };
}

/** The key of a slice (the same for the same parts in any order). */
export function sliceKey(parts: readonly FeedPart[]): string {
  return [...parts].sort().join(',');
}

function deltaView(d: FeedDelta) {
  return {
    events: d.events,
    markets: d.markets,
    backPrices: d.backPrices.map(backView),
    exchangePrices: d.exchangePrices.map(exchangeView),
    betBuilders: d.betBuilders,
  };
}

/** A snapshot as one member reads it: its seq, and their slice of its records within the filter. */
export interface SnapshotRecords {
  readonly seq: number;
  readonly at: number;
  readonly simulated: boolean;
  /** The records (the feed's own, not copies), in the snapshot's order. */
  readonly records: FeedDelta;
}

/** The member's slice (`parts`) of the snapshot, within the filter. */
export function snapshotRecords(s: FeedSnapshot, filter: OddsFilter | null | undefined, parts: readonly FeedPart[]): SnapshotRecords {
  const m = s.market;
  return { seq: s.seq, at: s.at, simulated: s.simulated, records: filterDelta(sliceDelta(m, parts), filter, indexFeed(m)) };
}

/** OddsSnapshot: the member's slice (`parts`) of the snapshot, within the filter, whole (one page). */
export function snapshotView(s: FeedSnapshot, filter: OddsFilter | null | undefined, parts: readonly FeedPart[]) {
  const r = snapshotRecords(s, filter, parts);
  return { seq: r.seq, at: r.at, simulated: r.simulated, pages: 1, ...deltaView(r.records) };
}

/**
 * OddsSnapshot(page:): records `index × size` to `(index + 1) × size − 1` of the snapshot's records
 * as one list (events, markets, back prices, exchange prices, bet builders), and how many pages
 * of `size` there are (at least 1). The pages from 0 to `pages − 1`, end to end, are the whole.
 */
export function snapshotPage(s: SnapshotRecords, index: number, size: number) {
  const d = s.records;
  let start = index * size;
  let end = start + size;
  // Each list's part of [start, end), then the bounds moved past it (properties are evaluated in order).
  const cut = <T>(list: readonly T[]): readonly T[] => {
    const part = list.slice(Math.max(0, start), Math.max(0, end));
    start -= list.length;
    end -= list.length;
    return part;
  };
  const page = {
    events: cut(d.events),
    markets: cut(d.markets),
    backPrices: cut(d.backPrices),
    exchangePrices: cut(d.exchangePrices),
    betBuilders: cut(d.betBuilders),
  };
  return { seq: s.seq, at: s.at, simulated: s.simulated, pages: pageCount(s, size), ...deltaView(page) };
}

/** How many pages of `size` records a snapshot's records make (at least 1). */
export function pageCount(s: SnapshotRecords, size: number): number {
  const d = s.records;
  const total = d.events.length + d.markets.length + d.backPrices.length + d.exchangePrices.length + d.betBuilders.length;
  return Math.max(1, Math.ceil(total / size));
}

/** OddsQuoteColumns of no price. */
const NO_QUOTES = Object.freeze({
  keys: [],
  backOdds: [],
  backLiquidity: [],
  layOdds: [],
  layLiquidity: [],
  eachWayLayOdds: [],
  eachWayLayLiquidity: [],
});

/** OddsQuoteColumns of the exchange prices `moved` (as the member's slice has them). */
function quoteColumns(moved: readonly ExchangePrice[]) {
  return {
    keys: moved.map(exchangePriceKey),
    backOdds: moved.map((p) => p.back?.odds ?? null),
    backLiquidity: moved.map((p) => p.back?.liquidity ?? null),
    layOdds: moved.map((p) => p.lay?.odds ?? null),
    layLiquidity: moved.map((p) => p.lay?.liquidity ?? null),
    eachWayLayOdds: moved.map((p) => p.eachWayLay?.odds ?? null),
    eachWayLayLiquidity: moved.map((p) => p.eachWayLay?.liquidity ?? null),
  };
}

/**
 * OddsPatch: the member's slice (`parts`) of the patch, within the filter. Removals are not
 * filtered by the filter (keys only; removing an unknown key is a no-op for a client), but a
 * part the member does not read is left out of them too. With `moved` (the keys of the exchange
 * prices whose quotes alone moved since seq − 1: the sdk's quoteMoveOf), those prices go in
 * `quotes` rather than in `upserts`; slicing drops from a move what it drops from the record.
 */
export function patchView(
  p: FeedPatch,
  filter: OddsFilter | null | undefined,
  index: FeedIndex,
  parts: readonly FeedPart[],
  moved: ReadonlySet<string> | null = null,
) {
  const upserts = filterDelta(sliceDelta(p.upserts, parts), filter, index);
  if (moved === null || moved.size === 0)
    return { seq: p.seq, at: p.at, upserts: deltaView(upserts), removes: sliceRemovals(p.removes, parts), quotes: NO_QUOTES };
  const whole: ExchangePrice[] = [];
  const quotes: ExchangePrice[] = [];
  for (const price of upserts.exchangePrices) (moved.has(exchangePriceKey(price)) ? quotes : whole).push(price);
  return {
    seq: p.seq,
    at: p.at,
    upserts: deltaView({ ...upserts, exchangePrices: whole }),
    removes: sliceRemovals(p.removes, parts),
    quotes: quoteColumns(quotes),
  };
}
