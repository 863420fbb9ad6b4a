// The feed in the schema's shape, and the per-subscription filter.
import type { BackPrice, ExchangePrice, MarketSnapshot } from '@matchkit/sdk/matching';
import { backPriceKey, exchangePriceKey, type FeedDelta, type FeedPatch, type FeedSnapshot } from '../../feed/index';

/** OddsFilter as the resolvers receive it. */
export interface OddsFilterInput {
  readonly sports?: readonly string[] | null;
  readonly eventIds?: readonly string[] | null;
  readonly bookmakers?: readonly string[] | null;
  readonly exchanges?: readonly string[] | null;
}

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

const absent = (v: unknown): v is null | undefined => v === null || v === undefined;
const setOf = (v: readonly string[] | null | undefined) => (absent(v) ? null : new Set(v));

/** Whether a filter lets everything through. */
export function isOpenFilter(f: OddsFilterInput | null | undefined): boolean {
  return f === null || f === undefined || (absent(f.sports) && absent(f.eventIds) && absent(f.bookmakers) && absent(f.exchanges));
}

/** The part of a delta (or snapshot) the filter keeps. */
export function filterDelta(d: FeedDelta, f: OddsFilterInput | null | undefined, index: FeedIndex): FeedDelta {
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
    backPrices: d.backPrices.filter((p) => (bookmakers === null || bookmakers.has(p.bookmaker)) && eventOk(index.eventOfRunner.get(p.selectionId))),
    exchangePrices: d.exchangePrices.filter((p) => (exchanges === null || exchanges.has(p.exchange)) && eventOk(index.eventOfRunner.get(p.selectionId))),
    betBuilders: d.betBuilders.filter((b) => (bookmakers === null || bookmakers.has(b.bookmaker)) && eventOk(b.eventId)),
  };
}

function deltaView(d: FeedDelta) {
  return { events: d.events, markets: d.markets, backPrices: d.backPrices.map(backView), exchangePrices: d.exchangePrices.map(exchangeView), betBuilders: d.betBuilders };
}

/** OddsSnapshot. */
export function snapshotView(s: FeedSnapshot, filter: OddsFilterInput | null | undefined) {
  const m = s.market;
  const whole: FeedDelta = { events: m.events, markets: m.markets, backPrices: m.backPrices, exchangePrices: m.exchangePrices, betBuilders: m.betBuilders ?? [] };
  return { seq: s.seq, at: s.at, simulated: s.simulated, ...deltaView(filterDelta(whole, filter, indexFeed(m))) };
}

/** OddsPatch. Removals are not filtered (keys only; removing an unknown key is a no-op for a client). */
export function patchView(p: FeedPatch, filter: OddsFilterInput | null | undefined, index: FeedIndex) {
  return { seq: p.seq, at: p.at, upserts: deltaView(filterDelta(p.upserts, filter, index)), removes: p.removes };
}
