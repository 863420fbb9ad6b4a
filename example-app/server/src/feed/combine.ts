// The providers' latest books made into one market snapshot: events matched across providers
// (match.ts), markets by type, runners by normalised name, and every price kept with its source
// (the provider) and the instant it last changed. Then, at each tick, the live part of it: prices
// no longer fresh (by the rule of their provider's kind, below), every price of a provider that is
// down, and every event that has started (its prices are pre-match: no provider sends in-play
// prices yet) are left out, and so are markets and events left with no price (a member never sees
// a row that is not live).
//
// Fresh, by the provider's kind: a polled provider's price (its event carries `confirmedAt`) is
// fresh while the poll that last returned it is within `maxPollAgeMs` (its `updatedAt`, when the
// bookmaker last moved it, may be far older: it is the age members see, not a reason to hide it); a
// live stream's price is fresh however old (it would have sent any change); any other price (a
// stream that is not live) while it changed within `staleAfterMs`.
//
// A market with `places` (an exchange's place market, such as Betfair's PLACE) is not a market of
// its own in the feed's model: its prices are the place prices (`places: N`) of the runners of the
// event's market of the same type without places (the win market), and it sets that market's
// `exchangePlaces` (the smallest N when there are several). A bookmaker's back price in a place
// market has no place in the model and is left out.
//
// When two providers price the same thing (the same bookmaker on a runner, or the same exchange in
// one market: The Odds API relays Betfair's prices, the stream sends them too), every candidate is
// kept and the choice is made after the live filter, so a stale or down provider's price never
// hides a live one. Of the live candidates, an exchange's own provider wins for its prices (the
// provider whose key is the exchange's: Betfair's stream for `betfair`, with its liquidity), then
// the price changed last, then on a tie the provider first in key order.
import { backPriceKey, compareKeys, exchangePriceKey } from '@matchkit/sdk/feed';
import type { BackPrice, ExchangePrice, Market, MarketSnapshot, SportEvent } from '@matchkit/sdk/matching';
import type { Candidate, MatchRule } from './match';
import type { NameRule } from './names';
import type { ProviderBook, ProviderId, ProviderMarket } from './provider';

/** A price with its key, its instants (epoch ms) and its provider, for the live filter and the choice. */
interface Stamped<T> {
  readonly key: string;
  readonly price: T;
  /** When the provider last changed it (`updatedAt`). */
  readonly at: number;
  /** When a poll last confirmed it, for a polled provider's price; null otherwise. */
  readonly confirmedAt: number | null;
  readonly provider: ProviderId;
  /** Whether the provider is the venue itself (an exchange's own feed of its prices). */
  readonly own: boolean;
}

/**
 * Everything the books hold, matched, before the stale sweep; every array in canonical order, and
 * the prices' candidates for one key together, the preferred first (see the file's header).
 */
export interface CombinedBooks {
  readonly events: readonly SportEvent[];
  /** Each event's start (epoch ms) by id: it leaves the live market at that instant. */
  readonly startsAt: ReadonlyMap<string, number>;
  readonly markets: readonly Market[];
  readonly backPrices: readonly Stamped<BackPrice>[];
  readonly exchangePrices: readonly Stamped<ExchangePrice>[];
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Candidates in key order, and for one key the preferred first: its venue's own, changed last, provider key. */
const byPreference = <T>(records: Stamped<T>[]): Stamped<T>[] =>
  records.sort((a, b) => compareKeys(a.key, b.key) || Number(b.own) - Number(a.own) || b.at - a.at || compareKeys(a.provider, b.provider));
const byId = (a: { readonly id: string }, b: { readonly id: string }) => compareKeys(a.id, b.id);

/**
 * Matches the books' events and merges their markets, runners and prices (every price kept, stale
 * or not: {@link liveMarket} sweeps). Pure: the same books give the same result in any order.
 *
 * @param books - each provider's latest book (already checked: sanitise.ts)
 * @param rule - the event matching rule
 * @param names - the name rule (runners are matched by normalised name)
 */
export function combineBooks(books: readonly ProviderBook[], rule: MatchRule, names: NameRule): CombinedBooks {
  const candidates: Candidate[] = [];
  for (const book of books) for (const event of book.events) candidates.push({ provider: book.provider, event });
  const events: SportEvent[] = [];
  const startsAt = new Map<string, number>();
  const markets: Market[] = [];
  const back: Stamped<BackPrice>[] = [];
  const exchange: Stamped<ExchangePrice>[] = [];
  for (const group of rule.group(candidates)) {
    const rep = (group.members[0] as Candidate).event;
    events.push({
      id: group.id,
      sport: rep.sport,
      ...(rep.competition === undefined ? {} : { competition: rep.competition }),
      name: rep.name,
      startsAt: iso(rep.startsAt),
    });
    startsAt.set(group.id, rep.startsAt);
    // Markets by type: the win-type market's runners in the representative's order, then the rest.
    const byType = new Map<string, { name: string; runners: Map<string, string>; places: number | undefined }>();
    const sorted: { provider: ProviderId; market: ProviderMarket; confirmedAt: number | null }[] = [];
    for (const m of group.members)
      for (const market of m.event.markets) sorted.push({ provider: m.provider, market, confirmedAt: m.event.confirmedAt ?? null });
    // Win markets before place markets, so that a market's name and runner order come from a win market.
    sorted.sort((a, b) => Number(a.market.places !== undefined) - Number(b.market.places !== undefined));
    for (const { market } of sorted) {
      let entry = byType.get(market.type);
      if (entry === undefined) {
        entry = { name: market.name, runners: new Map(), places: undefined };
        byType.set(market.type, entry);
      }
      if (market.places !== undefined) entry.places = Math.min(entry.places ?? market.places, market.places);
      for (const r of market.runners) {
        const slug = names.slug(r.name);
        if (!entry.runners.has(slug)) entry.runners.set(slug, r.name);
      }
    }
    for (const [type, entry] of byType) {
      const marketId = `${group.id}/${type}`;
      markets.push({
        id: marketId,
        eventId: group.id,
        type,
        name: entry.name,
        runners: [...entry.runners].map(([slug, name]) => ({ id: `${marketId}/${slug}`, name })),
        ...(entry.places === undefined ? {} : { exchangePlaces: entry.places }),
      });
    }
    for (const { provider, market, confirmedAt } of sorted) {
      const marketId = `${group.id}/${market.type}`;
      for (const r of market.runners) {
        const selectionId = `${marketId}/${names.slug(r.name)}`;
        if (market.places === undefined)
          for (const p of r.back) {
            const price: BackPrice = {
              bookmaker: p.bookmaker,
              selectionId,
              odds: p.odds,
              ...(p.eachWay === undefined ? {} : { eachWay: { places: p.eachWay.places, placeFraction: p.eachWay.placeFraction } }),
              source: provider,
              updatedAt: iso(p.updatedAt),
            };
            back.push({ key: backPriceKey(price), price, at: p.updatedAt, confirmedAt, provider, own: provider === p.bookmaker });
          }
        for (const p of r.exchange) {
          const price: ExchangePrice = {
            exchange: p.exchange,
            selectionId,
            ...(market.places === undefined ? {} : { places: market.places }),
            back: p.back === null ? null : { odds: p.back.odds, liquidity: p.back.liquidity },
            lay: p.lay === null ? null : { odds: p.lay.odds, liquidity: p.lay.liquidity },
            commission: p.commission,
            source: provider,
            updatedAt: iso(p.updatedAt),
          };
          exchange.push({ key: exchangePriceKey(price), price, at: p.updatedAt, confirmedAt, provider, own: provider === p.exchange });
        }
      }
    }
  }
  return {
    events: events.sort(byId),
    startsAt,
    markets: markets.sort(byId),
    backPrices: byPreference(back),
    exchangePrices: byPreference(exchange),
  };
}

/** Of each key's candidates (together, the preferred first), the first that is live; in key order. */
function chosen<T>(candidates: readonly Stamped<T>[], live: (s: Stamped<T>) => boolean): T[] {
  const out: T[] = [];
  let last: string | null = null;
  for (const s of candidates)
    if (s.key !== last && live(s)) {
      out.push(s.price);
      last = s.key;
    }
  return out;
}

/** What {@link liveMarket} takes for fresh (see the file's header). */
export interface LiveRule {
  /** How long after it last changed a price that no poll confirms stays live, ms (`FEED_STALE_MS`). */
  readonly staleAfterMs: number;
  /** How long after the poll that last confirmed it a polled price stays live, ms (`FEED_MAX_POLL_AGE_MS`). */
  readonly maxPollAgeMs: number;
  /** Providers that are down: none of their prices is live. */
  readonly down?: ReadonlySet<ProviderId>;
  /** Streams that are live: they would have sent any change, so their quiet prices are current. */
  readonly confirmed?: ReadonlySet<ProviderId>;
}

/**
 * The live part of the combined books at `now` (a filter: no sorting, no new records): prices fresh
 * by the rule of their provider's kind (`rule`, the file's header), not from a provider that is
 * down, of events that have not started (`startsAt` after `now`: a started event leaves at the tick
 * of its start, not at the provider's next book), the preferred live candidate of each key; markets
 * with at least one such price; events with at least one such market.
 * In canonical order (events and markets by id, prices by key), so it passes `parseMarketSnapshot`
 * and equal states give equal bytes.
 */
export function liveMarket(combined: CombinedBooks, now: number, rule: LiveRule): MarketSnapshot {
  const since = now - rule.staleAfterMs;
  const polledSince = now - rule.maxPollAgeMs;
  const down = rule.down ?? new Set<ProviderId>();
  const confirmed = rule.confirmed ?? new Set<ProviderId>();
  // The runners of started events (usually none: only the few events starting since their last book).
  const started = new Set<string>();
  for (const [id, at] of combined.startsAt) if (at <= now) started.add(id);
  const closed = new Set<string>();
  if (started.size > 0) for (const m of combined.markets) if (started.has(m.eventId)) for (const r of m.runners) closed.add(r.id);
  const fresh = (s: Stamped<unknown>) =>
    s.confirmedAt !== null ? s.confirmedAt >= polledSince : s.at >= since || confirmed.has(s.provider);
  const live = <T extends { readonly selectionId: string }>(s: Stamped<T>) =>
    fresh(s) && !down.has(s.provider) && !closed.has(s.price.selectionId);
  const backPrices = chosen(combined.backPrices, live);
  const exchangePrices = chosen(combined.exchangePrices, live);
  const priced = new Set<string>();
  for (const p of backPrices) priced.add(p.selectionId);
  for (const p of exchangePrices) priced.add(p.selectionId);
  const markets = combined.markets.filter((m) => m.runners.some((r) => priced.has(r.id)));
  const withMarkets = new Set(markets.map((m) => m.eventId));
  const events = combined.events.filter((e) => withMarkets.has(e.id));
  // Filtering keeps the combined books' canonical order.
  return { events, markets, backPrices, exchangePrices, betBuilders: [] };
}
