// The odds feed on the wire: the GraphQL documents of the snapshot query and the patches
// subscription, typed, and the conversions between their results and the feed's contract.
import type { TypedDocumentString } from '../transport/document';
import type { BackPrice, BetBuilderPrice, ExchangePrice, Market, SportEvent } from '../matching/model';
import {
  backPriceKey,
  exchangePriceKey,
  type FeedDelta,
  type FeedPatch,
  type FeedQuoteMove,
  type FeedRemovals,
  type FeedSnapshot,
} from './contract';

/**
 * Which part of the feed to receive (GraphQL input `OddsFilter`); every field optional, a null or
 * absent field lets everything through. The server also cuts the feed to what the member's tools read.
 *
 * @example
 * ```ts
 * import type { OddsFeedFilter } from '@matchkit/sdk/feed';
 * const football: OddsFeedFilter = { sports: ['football'], exchanges: ['smarkets', 'betfair'] };
 * ```
 */
export interface OddsFeedFilter {
  /** Sports (lower-case keys). */
  readonly sports?: readonly string[] | null;
  /** Event ids. */
  readonly eventIds?: readonly string[] | null;
  /** Bookmakers (lower-case keys). */
  readonly bookmakers?: readonly string[] | null;
  /** Exchanges (lower-case keys). */
  readonly exchanges?: readonly string[] | null;
}

/**
 * An event on the wire (GraphQL `FeedEvent`): `startsAt` is a UTC ISO 8601 string.
 *
 * @example
 * ```ts
 * import type { WireFeedEvent } from '@matchkit/sdk/feed';
 * const kickOff = (e: WireFeedEvent) => Date.parse(e.startsAt);
 * ```
 */
export interface WireFeedEvent {
  /** Unique id. */
  readonly id: string;
  /** Sport key. */
  readonly sport: string;
  /** Competition or meeting, or null. */
  readonly competition: string | null;
  /** Display name. */
  readonly name: string;
  /** Start, an ISO 8601 instant (UTC). */
  readonly startsAt: string;
}

/**
 * A market on the wire (GraphQL `FeedMarket`).
 *
 * @example
 * ```ts
 * import type { WireFeedMarket } from '@matchkit/sdk/feed';
 * const names = (m: WireFeedMarket) => m.runners.map((r) => r.name);
 * ```
 */
export interface WireFeedMarket {
  /** Unique id. */
  readonly id: string;
  /** The event's id. */
  readonly eventId: string;
  /** Market type key. */
  readonly type: string;
  /** Display name. */
  readonly name: string;
  /** Runners (selections). */
  readonly runners: readonly { readonly id: string; readonly name: string }[];
  /** Places of the exchanges' place market, or null. */
  readonly exchangePlaces: number | null;
}

/**
 * A bookmaker back price on the wire (GraphQL `FeedBackPrice`), with its stable key.
 *
 * @example
 * ```ts
 * import type { WireFeedBackPrice } from '@matchkit/sdk/feed';
 * const boosted = (p: WireFeedBackPrice) => p.boostedFrom !== null;
 * const ageMs = (p: WireFeedBackPrice, now: number) => (p.updatedAt == null ? null : now - Date.parse(p.updatedAt));
 * ```
 */
export interface WireFeedBackPrice {
  /** Stable key (`bookmaker:selectionId`). */
  readonly key: string;
  /** Bookmaker key. */
  readonly bookmaker: string;
  /** Runner id. */
  readonly selectionId: string;
  /** Decimal odds. */
  readonly odds: number;
  /** Each-way terms, or null. */
  readonly eachWay: { readonly places: number; readonly placeFraction: number } | null;
  /** Odds before a boost, or null. */
  readonly boostedFrom: number | null;
  /** The most the bookmaker takes at this price (a boost's maximum stake), integer pence, or null. */
  readonly maxStake?: number | null | undefined;
  /** Best odds guaranteed (false when not offered, or not in the member's slice). */
  readonly bestOddsGuaranteed: boolean;
  /** Early payout (2UP), or null. */
  readonly earlyPayout: { readonly goalsAhead: number } | null;
  /** The provider the price came from (`odds-api`, `betfair`), or null (simulated prices; absent from servers before it). */
  readonly source?: string | null | undefined;
  /** When the provider last changed the price, an ISO 8601 instant (UTC), or null (simulated prices; absent from servers before it). */
  readonly updatedAt?: string | null | undefined;
}

/**
 * An exchange quote on the wire: decimal odds and the money available, pence.
 *
 * @example
 * ```ts
 * import type { WireExchangeQuote } from '@matchkit/sdk/feed';
 * const pounds = (q: WireExchangeQuote) => q.liquidity / 100;
 * ```
 */
export interface WireExchangeQuote {
  /** Decimal odds. */
  readonly odds: number;
  /** Money available at them, pence. */
  readonly liquidity: number;
}

/**
 * An exchange price on the wire (GraphQL `FeedExchangePrice`), with its stable key.
 *
 * @example
 * ```ts
 * import type { WireFeedExchangePrice } from '@matchkit/sdk/feed';
 * const layOdds = (p: WireFeedExchangePrice) => p.lay?.odds ?? null;
 * const fromBetfair = (p: WireFeedExchangePrice) => p.source === 'betfair';
 * ```
 */
export interface WireFeedExchangePrice {
  /** Stable key (`exchange:places:selectionId`). */
  readonly key: string;
  /** Exchange key. */
  readonly exchange: string;
  /** Runner id. */
  readonly selectionId: string;
  /** Null for the win market, N for the N-place market. */
  readonly places: number | null;
  /** Best back quote, or null. */
  readonly back: WireExchangeQuote | null;
  /** Best lay quote, or null. */
  readonly lay: WireExchangeQuote | null;
  /** Commission, a fraction. */
  readonly commission: number;
  /** A locked each-way lay, or null. */
  readonly eachWayLay: {
    readonly odds: number;
    readonly liquidity: number;
    readonly places: number;
    readonly placeFraction: number;
  } | null;
  /** The provider the price came from (`odds-api`, `betfair`), or null (simulated prices; absent from servers before it). */
  readonly source?: string | null | undefined;
  /** When the provider last changed the price, an ISO 8601 instant (UTC), or null (simulated prices; absent from servers before it). */
  readonly updatedAt?: string | null | undefined;
}

/**
 * A bet-builder price on the wire (GraphQL `FeedBetBuilder`).
 *
 * @example
 * ```ts
 * import type { WireFeedBetBuilder } from '@matchkit/sdk/feed';
 * const legCount = (b: WireFeedBetBuilder) => b.legs.length;
 * ```
 */
export interface WireFeedBetBuilder {
  /** Unique id. */
  readonly id: string;
  /** Bookmaker key. */
  readonly bookmaker: string;
  /** The event's id. */
  readonly eventId: string;
  /** Decimal odds. */
  readonly odds: number;
  /** Runner ids of the legs. */
  readonly legs: readonly string[];
}

/**
 * Records on the wire (GraphQL `OddsDelta`, and the record lists of `OddsSnapshot`).
 *
 * @example
 * ```ts
 * import type { WireFeedDelta } from '@matchkit/sdk/feed';
 * const size = (d: WireFeedDelta) => d.backPrices.length + d.exchangePrices.length;
 * ```
 */
export interface WireFeedDelta {
  /** Events. */
  readonly events: readonly WireFeedEvent[];
  /** Markets. */
  readonly markets: readonly WireFeedMarket[];
  /** Bookmaker back prices. */
  readonly backPrices: readonly WireFeedBackPrice[];
  /** Exchange prices. */
  readonly exchangePrices: readonly WireFeedExchangePrice[];
  /** Bet builders. */
  readonly betBuilders: readonly WireFeedBetBuilder[];
}

/**
 * A snapshot on the wire (GraphQL `OddsSnapshot`): `at` is a UTC ISO 8601 string.
 *
 * @example
 * ```ts
 * import type { WireOddsSnapshot } from '@matchkit/sdk/feed';
 * const label = (s: WireOddsSnapshot) => (s.simulated ? 'Simulated prices' : 'Live prices');
 * ```
 */
export interface WireOddsSnapshot extends WireFeedDelta {
  /** Sequence number. */
  readonly seq: number;
  /** Feed time, ISO 8601 (UTC). */
  readonly at: string;
  /** True when the prices are simulated. */
  readonly simulated: boolean;
  /** How many pages of the size asked for the snapshot makes ({@link OddsSnapshotPageQuery}); absent from a whole snapshot. */
  readonly pages?: number | undefined;
}

/**
 * A patch on the wire (GraphQL `OddsPatch`).
 *
 * @example
 * ```ts
 * import type { WireOddsPatch } from '@matchkit/sdk/feed';
 * const removed = (p: WireOddsPatch) => p.removes.backPrices.length;
 * ```
 */
export interface WireOddsPatch {
  /** Sequence number. */
  readonly seq: number;
  /** Feed time, ISO 8601 (UTC). */
  readonly at: string;
  /** New or changed records. */
  readonly upserts: WireFeedDelta;
  /** Removed records, by key. */
  readonly removes: FeedRemovals;
  /** Exchange prices whose quotes alone moved, as columns (asked for with `quoteColumns: true`); absent or null: none. */
  readonly quotes?: WireQuoteColumns | null | undefined;
}

/**
 * Quote moves on the wire (GraphQL `OddsQuoteColumns`): one column a field, position i of every
 * column the i-th moved exchange price ({@link FeedQuoteMove}); a null odds is a quote not offered
 * (its liquidity is null too). A price's key and its numbers, without the field names and fields
 * that did not change: about a third of its whole record's bytes.
 *
 * @example
 * ```ts
 * import type { WireQuoteColumns } from '@matchkit/sdk/feed';
 * const moved = (q: WireQuoteColumns) => q.keys.length;
 * ```
 */
export interface WireQuoteColumns {
  /** The exchange prices' keys. */
  readonly keys: readonly string[];
  /** Best back odds, or null. */
  readonly backOdds: readonly (number | null)[];
  /** Money at the best back odds, pence, or null. */
  readonly backLiquidity: readonly (number | null)[];
  /** Best lay odds, or null. */
  readonly layOdds: readonly (number | null)[];
  /** Money at the best lay odds, pence, or null. */
  readonly layLiquidity: readonly (number | null)[];
  /** The locked each-way lay's odds, or null (no lock). */
  readonly eachWayLayOdds: readonly (number | null)[];
  /** Money at the lock's odds, pence, or null. */
  readonly eachWayLayLiquidity: readonly (number | null)[];
}

/**
 * Variables of {@link OddsSnapshotQuery} and {@link OddsPatchesSubscription}.
 *
 * @example
 * ```ts
 * import type { OddsFeedVariables } from '@matchkit/sdk/feed';
 * const v: OddsFeedVariables = { filter: { sports: ['horse-racing'] } };
 * ```
 */
export interface OddsFeedVariables {
  /** Which part of the feed; absent or null: all the member may read. */
  readonly filter?: OddsFeedFilter | null;
  /**
   * {@link OddsPatchesSubscription} only: true to get the exchange prices whose quotes alone moved
   * as columns (`quotes`, {@link FeedPatch.quoteMoves}), for a client that resolves them
   * (`applyPatch`, `resolveQuoteMoves`); absent, null or false: every price in `upserts`.
   */
  readonly quoteColumns?: boolean | null;
  /**
   * {@link OddsSnapshotPageQuery} only: which page of the snapshot, of `size` records (1 to 50,000),
   * from `index` 0, at the seq page 0 answered with (`seq`; absent or null for page 0).
   */
  readonly page?: { readonly size: number; readonly index: number; readonly seq?: number | null } | null;
}

/**
 * Result of {@link OddsSnapshotQuery}.
 *
 * @example
 * ```ts
 * import type { OddsSnapshotQueryData } from '@matchkit/sdk/feed';
 * const seq = (d: OddsSnapshotQueryData) => d.oddsSnapshot.seq;
 * ```
 */
export interface OddsSnapshotQueryData {
  /** The snapshot. */
  readonly oddsSnapshot: WireOddsSnapshot;
}

/**
 * One event of {@link OddsPatchesSubscription}.
 *
 * @example
 * ```ts
 * import type { OddsPatchesSubscriptionData } from '@matchkit/sdk/feed';
 * const seq = (d: OddsPatchesSubscriptionData) => d.oddsPatches.seq;
 * ```
 */
export interface OddsPatchesSubscriptionData {
  /** The patch. */
  readonly oddsPatches: WireOddsPatch;
}

const RECORDS = `
fragment FeedEventFields on FeedEvent { id sport competition name startsAt }
fragment FeedMarketFields on FeedMarket { id eventId type name runners { id name } exchangePlaces }
fragment FeedBackPriceFields on FeedBackPrice {
  key bookmaker selectionId odds eachWay { places placeFraction } boostedFrom maxStake bestOddsGuaranteed earlyPayout { goalsAhead }
  source updatedAt
}
fragment FeedExchangePriceFields on FeedExchangePrice {
  key exchange selectionId places back { odds liquidity } lay { odds liquidity } commission
  eachWayLay { odds liquidity places placeFraction } source updatedAt
}
fragment FeedBetBuilderFields on FeedBetBuilder { id bookmaker eventId odds legs }`;

/** The snapshot's lists, the end of both snapshot documents. */
const SNAPSHOT_LISTS = `
    events { ...FeedEventFields }
    markets { ...FeedMarketFields }
    backPrices { ...FeedBackPriceFields }
    exchangePrices { ...FeedExchangePriceFields }
    betBuilders { ...FeedBetBuilderFields }
  }
}${RECORDS}`;

/**
 * The odds feed now: the snapshot with its sequence number, every field of every record (what the
 * member's plan reads; see docs/feed.md). Convert the result with `fromWire`.
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient } from '@matchkit/sdk/transport';
 * import { fromWire, OddsSnapshotQuery } from '@matchkit/sdk/feed';
 * const { data } = await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({ query: OddsSnapshotQuery, variables: {} });
 * const snapshot = fromWire(data.oddsSnapshot);
 * ```
 */
export const OddsSnapshotQuery = `
query OddsSnapshot($filter: OddsFilter) {
  oddsSnapshot(filter: $filter) {
    seq at simulated${SNAPSHOT_LISTS}` as TypedDocumentString<OddsSnapshotQueryData, OddsFeedVariables>;

/**
 * One page of the odds feed's snapshot (variables' `page`): the records from `index × size` of the
 * snapshot's records as one list (events, markets, back prices, exchange prices, bet builders),
 * and `pages`, how many pages of `size` there are. The pages of one seq, converted with `fromWire`
 * and put end to end, are the whole snapshot; a page whose seq is not page 0's is of a newer
 * snapshot (start again). {@link graphqlFeedSource} reads them with its `pageSize`.
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient } from '@matchkit/sdk/transport';
 * import { fromWire, OddsSnapshotPageQuery } from '@matchkit/sdk/feed';
 * const client = createGraphQLClient({ url: 'https://api.example.com/graphql' });
 * const { data } = await client.request({ query: OddsSnapshotPageQuery, variables: { page: { size: 5_000, index: 0 } } });
 * const first = fromWire(data.oddsSnapshot); // then pages 1 to data.oddsSnapshot.pages − 1 at seq first.seq
 * ```
 */
export const OddsSnapshotPageQuery = `
query OddsSnapshotPage($filter: OddsFilter, $page: OddsSnapshotPage) {
  oddsSnapshot(filter: $filter, page: $page) {
    seq at simulated pages${SNAPSHOT_LISTS}` as TypedDocumentString<OddsSnapshotQueryData, OddsFeedVariables>;

/**
 * The odds feed's patches, in sequence order. Convert each with `fromWire` and apply it with
 * `applyPatch` (or let {@link createLiveFeed} do all of it). Quote moves come as columns only when
 * the variables ask for them (`quoteColumns: true`); by default every price is in `upserts`.
 *
 * @example
 * ```ts dom
 * import { createSubscriptionClient } from '@matchkit/sdk/transport';
 * import { fromWire, OddsPatchesSubscription } from '@matchkit/sdk/feed';
 * const ws = createSubscriptionClient({ url: 'wss://api.example.com/graphql' });
 * const stop = ws.subscribe({ query: OddsPatchesSubscription, variables: {} }, {
 *   next: ({ data }) => { if (data) console.warn(fromWire(data.oddsPatches).seq); },
 * });
 * ```
 */
export const OddsPatchesSubscription = `
subscription OddsPatches($filter: OddsFilter, $quoteColumns: Boolean = false) {
  oddsPatches(filter: $filter, quoteColumns: $quoteColumns) {
    seq at
    upserts {
      events { ...FeedEventFields }
      markets { ...FeedMarketFields }
      backPrices { ...FeedBackPriceFields }
      exchangePrices { ...FeedExchangePriceFields }
      betBuilders { ...FeedBetBuilderFields }
    }
    removes { events markets backPrices exchangePrices betBuilders }
    quotes { keys backOdds backLiquidity layOdds layLiquidity eachWayLayOdds eachWayLayLiquidity }
  }
}${RECORDS}` as TypedDocumentString<OddsPatchesSubscriptionData, OddsFeedVariables>;

// ---------------------------------------------------------------------------------------------
// Conversions
// ---------------------------------------------------------------------------------------------

function eventFromWire(e: WireFeedEvent): SportEvent {
  return e.competition === null
    ? { id: e.id, sport: e.sport, name: e.name, startsAt: e.startsAt }
    : { id: e.id, sport: e.sport, competition: e.competition, name: e.name, startsAt: e.startsAt };
}

function marketFromWire(m: WireFeedMarket): Market {
  const runners = m.runners.map((r) => ({ id: r.id, name: r.name }));
  const base = { id: m.id, eventId: m.eventId, type: m.type, name: m.name, runners };
  return m.exchangePlaces === null ? base : { ...base, exchangePlaces: m.exchangePlaces };
}

function backFromWire(p: WireFeedBackPrice): BackPrice {
  const out: { -readonly [K in keyof BackPrice]: BackPrice[K] } = { bookmaker: p.bookmaker, selectionId: p.selectionId, odds: p.odds };
  if (p.eachWay !== null) out.eachWay = { places: p.eachWay.places, placeFraction: p.eachWay.placeFraction };
  if (p.boostedFrom !== null) out.boostedFrom = p.boostedFrom;
  if (p.maxStake !== null && p.maxStake !== undefined) out.maxStake = p.maxStake;
  if (p.bestOddsGuaranteed) out.bestOddsGuaranteed = true;
  if (p.earlyPayout !== null) out.earlyPayout = { goalsAhead: p.earlyPayout.goalsAhead };
  provenanceFromWire(p, out);
  return out;
}

/** Copies a wire price's source and update instant onto its model record, when the server sent them. */
function provenanceFromWire(
  p: WireFeedBackPrice | WireFeedExchangePrice,
  out: { source?: string | undefined; updatedAt?: string | undefined },
): void {
  if (p.source !== null && p.source !== undefined) out.source = p.source;
  if (p.updatedAt !== null && p.updatedAt !== undefined) {
    instant(p.updatedAt, `price ${p.key} updatedAt`);
    out.updatedAt = p.updatedAt;
  }
}

const quoteFromWire = (q: WireExchangeQuote | null) => (q === null ? null : { odds: q.odds, liquidity: q.liquidity });

function exchangeFromWire(p: WireFeedExchangePrice): ExchangePrice {
  const out: { -readonly [K in keyof ExchangePrice]: ExchangePrice[K] } = {
    exchange: p.exchange,
    selectionId: p.selectionId,
    back: quoteFromWire(p.back),
    lay: quoteFromWire(p.lay),
    commission: p.commission,
  };
  if (p.places !== null) out.places = p.places;
  if (p.eachWayLay !== null) {
    const l = p.eachWayLay;
    out.eachWayLay = { odds: l.odds, liquidity: l.liquidity, places: l.places, placeFraction: l.placeFraction };
  }
  provenanceFromWire(p, out);
  return out;
}

const builderFromWire = (b: WireFeedBetBuilder): BetBuilderPrice => ({
  id: b.id,
  bookmaker: b.bookmaker,
  eventId: b.eventId,
  odds: b.odds,
  legs: [...b.legs],
});

const QUOTE_COLUMNS = ['backOdds', 'backLiquidity', 'layOdds', 'layLiquidity', 'eachWayLayOdds', 'eachWayLayLiquidity'] as const;

/** One quote of the columns: null when its odds are (then its liquidity must be too). */
function quoteAt(
  q: WireQuoteColumns,
  i: number,
  odds: 'backOdds' | 'layOdds' | 'eachWayLayOdds',
  liquidity: (typeof QUOTE_COLUMNS)[number],
) {
  const o = q[odds][i] ?? null;
  const l = q[liquidity][i] ?? null;
  if ((o === null) !== (l === null)) throw new TypeError(`quotes.${liquidity}[${i}] must be null exactly when quotes.${odds}[${i}] is`);
  return o === null || l === null ? null : { odds: o, liquidity: l };
}

function movesFromWire(q: WireQuoteColumns): FeedQuoteMove[] {
  for (const c of QUOTE_COLUMNS)
    if (q[c].length !== q.keys.length)
      throw new TypeError(`quotes.${c} must have one entry per key (${q.keys.length}), has ${q[c].length}`);
  return q.keys.map((key, i) => ({
    key,
    back: quoteAt(q, i, 'backOdds', 'backLiquidity'),
    lay: quoteAt(q, i, 'layOdds', 'layLiquidity'),
    eachWayLay: quoteAt(q, i, 'eachWayLayOdds', 'eachWayLayLiquidity'),
  }));
}

function movesToWire(moves: readonly FeedQuoteMove[]): WireQuoteColumns {
  return {
    keys: moves.map((m) => m.key),
    backOdds: moves.map((m) => m.back?.odds ?? null),
    backLiquidity: moves.map((m) => m.back?.liquidity ?? null),
    layOdds: moves.map((m) => m.lay?.odds ?? null),
    layLiquidity: moves.map((m) => m.lay?.liquidity ?? null),
    eachWayLayOdds: moves.map((m) => m.eachWayLay?.odds ?? null),
    eachWayLayLiquidity: moves.map((m) => m.eachWayLay?.liquidity ?? null),
  };
}

function deltaFromWire(d: WireFeedDelta): FeedDelta {
  return {
    events: d.events.map(eventFromWire),
    markets: d.markets.map(marketFromWire),
    backPrices: d.backPrices.map(backFromWire),
    exchangePrices: d.exchangePrices.map(exchangeFromWire),
    betBuilders: d.betBuilders.map(builderFromWire),
  };
}

function instant(iso: string, what: string): number {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) throw new TypeError(`${what} is not an instant: ${JSON.stringify(iso)}`);
  return ms;
}

/**
 * A snapshot or a patch as the feed's contract has it, from its GraphQL result: `at` to epoch
 * milliseconds (a price's `updatedAt` stays an ISO string, checked, as the market model has it), null fields left out (the market model's optional fields), `bestOddsGuaranteed`
 * kept only when true, and the wire's `key` fields dropped (they follow from the record). A patch's
 * quote columns become its `quoteMoves` (which `applyPatch` applies on the snapshot). The
 * inverse of `toWire` on records in the model's shape.
 *
 * @param wire - `data.oddsSnapshot` or `data.oddsPatches`
 * @returns the {@link FeedSnapshot} or {@link FeedPatch}
 * @throws TypeError when `at`, or a price's `updatedAt`, is not an instant, or the quote columns do not line up
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient } from '@matchkit/sdk/transport';
 * import { fromWire, OddsSnapshotQuery } from '@matchkit/sdk/feed';
 * const { data } = await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({ query: OddsSnapshotQuery, variables: {} });
 * const snapshot = fromWire(data.oddsSnapshot);
 * typeof snapshot.at; // 'number': epoch milliseconds
 * snapshot.market.events.length > 0; // true
 * // A patch of OddsPatchesSubscription converts the same way: applyPatch(snapshot, fromWire(data.oddsPatches)).
 * ```
 */
export function fromWire(wire: WireOddsSnapshot): FeedSnapshot;
export function fromWire(wire: WireOddsPatch): FeedPatch;
export function fromWire(wire: WireOddsSnapshot | WireOddsPatch): FeedSnapshot | FeedPatch {
  if ('upserts' in wire) {
    const r = wire.removes;
    const moves = wire.quotes === null || wire.quotes === undefined ? [] : movesFromWire(wire.quotes);
    return {
      seq: wire.seq,
      at: instant(wire.at, 'patch at'),
      upserts: deltaFromWire(wire.upserts),
      removes: {
        events: [...r.events],
        markets: [...r.markets],
        backPrices: [...r.backPrices],
        exchangePrices: [...r.exchangePrices],
        betBuilders: [...r.betBuilders],
      },
      ...(moves.length === 0 ? {} : { quoteMoves: moves }),
    };
  }
  const d = deltaFromWire(wire);
  return {
    seq: wire.seq,
    at: instant(wire.at, 'snapshot at'),
    simulated: wire.simulated,
    market: {
      events: d.events,
      markets: d.markets,
      backPrices: d.backPrices,
      exchangePrices: d.exchangePrices,
      betBuilders: d.betBuilders,
    },
  };
}

function deltaToWire(d: FeedDelta): WireFeedDelta {
  return {
    events: d.events.map((e) => ({ id: e.id, sport: e.sport, competition: e.competition ?? null, name: e.name, startsAt: e.startsAt })),
    markets: d.markets.map((m) => ({
      id: m.id,
      eventId: m.eventId,
      type: m.type,
      name: m.name,
      runners: m.runners.map((r) => ({ id: r.id, name: r.name })),
      exchangePlaces: m.exchangePlaces ?? null,
    })),
    backPrices: d.backPrices.map((p) => ({
      key: backPriceKey(p),
      bookmaker: p.bookmaker,
      selectionId: p.selectionId,
      odds: p.odds,
      eachWay: p.eachWay ?? null,
      boostedFrom: p.boostedFrom ?? null,
      maxStake: p.maxStake ?? null,
      bestOddsGuaranteed: p.bestOddsGuaranteed ?? false,
      earlyPayout: p.earlyPayout ?? null,
      source: p.source ?? null,
      updatedAt: p.updatedAt ?? null,
    })),
    exchangePrices: d.exchangePrices.map((p) => ({
      key: exchangePriceKey(p),
      exchange: p.exchange,
      selectionId: p.selectionId,
      places: p.places ?? null,
      back: p.back,
      lay: p.lay,
      commission: p.commission,
      eachWayLay: p.eachWayLay ?? null,
      source: p.source ?? null,
      updatedAt: p.updatedAt ?? null,
    })),
    betBuilders: d.betBuilders,
  };
}

/**
 * A snapshot or a patch in its GraphQL result's shape (what the server sends): epoch milliseconds
 * to UTC ISO strings, absent optional fields as null, the stable keys added. For a test double of
 * the server, or a server of your own. `fromWire` undoes it.
 *
 * @param feed - a {@link FeedSnapshot} or {@link FeedPatch}
 * @returns its {@link WireOddsSnapshot} or {@link WireOddsPatch}
 *
 * @example
 * ```ts
 * import { emptyPatch, fromWire, toWire } from '@matchkit/sdk/feed';
 * const wire = toWire(emptyPatch(8, Date.UTC(2026, 0, 1)));
 * wire.at; // '2026-01-01T00:00:00.000Z'
 * fromWire(wire).seq; // 8
 * ```
 */
export function toWire(feed: FeedSnapshot): WireOddsSnapshot;
export function toWire(feed: FeedPatch): WireOddsPatch;
export function toWire(feed: FeedSnapshot | FeedPatch): WireOddsSnapshot | WireOddsPatch {
  if ('upserts' in feed) {
    const moves = feed.quoteMoves ?? [];
    return {
      seq: feed.seq,
      at: new Date(feed.at).toISOString(),
      upserts: deltaToWire(feed.upserts),
      removes: feed.removes,
      ...(moves.length === 0 ? {} : { quotes: movesToWire(moves) }),
    };
  }
  const m = feed.market;
  return {
    seq: feed.seq,
    at: new Date(feed.at).toISOString(),
    simulated: feed.simulated,
    ...deltaToWire({
      events: m.events,
      markets: m.markets,
      backPrices: m.backPrices,
      exchangePrices: m.exchangePrices,
      betBuilders: m.betBuilders ?? [],
    }),
  };
}
