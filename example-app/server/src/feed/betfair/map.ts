// The stream's market cache and the catalogue's names, mapped onto the provider model
// (../provider.ts). The rules:
// - Sports by Betfair event type id: 1 football, 2 tennis, 3 golf, 4 cricket, 7 horse racing,
//   4339 greyhound racing; markets of other event types are left out.
// - Market types: MATCH_ODDS → `match-odds`; WIN → `win`; PLACE → `win` with `places` = the
//   definition's numberOfWinners (the feed's model has the place market as the win market's N-place
//   prices: exchangePriceKey's `places`). Other market types are left out.
// - Events: a football, tennis, golf or cricket market belongs to its Betfair event (key: the event
//   id; participants: the two sides of an `A v B` name). A race is not a Betfair event (the event is
//   the whole meeting), so racing markets are grouped by event id and start time: the race's WIN and
//   PLACE markets share one ProviderEvent keyed `<eventId>@<start ms>`, named `HH:mm Venue` by its
//   UK start time, as the simulated feed names races. The combiner matches a PLACE market to its
//   WIN market as the two markets of that one event with the same runner keys (selection ids).
// - A market the catalogue has not named yet is left out (a provider never invents a name); a
//   CLOSED market has already left the cache; a market that is not OPEN (SUSPENDED, INACTIVE), or
//   in play unless asked for, keeps its runners but no prices; runners whose status is not ACTIVE
//   (REMOVED, WINNER, LOSER, ...) are left out.
// - Prices: exchange `betfair`; back = the best available to back, lay = the best available to lay;
//   liquidity = the size at that price in pence, rounded down (the stream's sizes are in the
//   account's currency: this provider assumes a GBP account); commission = the configured rate, or
//   the market's own base rate (marketBaseRate, a percentage), or 5% (Betfair's published base rate
//   for sports markets); updatedAt = the publish time (pt) of the runner's last change.
import { londonClockTime } from '@matchkit/sdk/billing';
import type { ProviderBook, ProviderEvent, ProviderExchangePrice, ProviderMarket, ProviderRunner } from '../provider';
import { bestOf, runnerKey, type CachedMarket } from './cache';
import type { MarketCatalogue } from './betting';

/** Betfair event type ids → the feed's sport keys. */
export const SPORT_BY_EVENT_TYPE: Readonly<Record<string, string>> = {
  '1': 'football',
  '2': 'tennis',
  '3': 'golf',
  '4': 'cricket',
  '7': 'horse-racing',
  '4339': 'greyhound-racing',
};

/** Event types whose markets are races (grouped by start time, not by Betfair event). */
const RACING = new Set(['7', '4339']);

/** Betfair market types → the feed's market type keys. */
export const MARKET_TYPE: Readonly<Record<string, string>> = { MATCH_ODDS: 'match-odds', WIN: 'win', PLACE: 'win' };

/** Betfair's base rate on sports markets (commission on net winnings), used when a market does not state its own. */
export const DEFAULT_BASE_RATE = 0.05;

/** The provider's key, the `source` and `exchange` of its prices. */
export const BETFAIR = 'betfair';

/** How to map. */
export interface MapOptions {
  /** Commission to report, a fraction; undefined: each market's own base rate. */
  readonly commission: number | undefined;
  /** Whether in-play markets keep their prices. */
  readonly inPlay: boolean;
}

/** Pence from an amount in pounds as the stream sends it (two decimals at most), rounded down. */
export function toPence(size: number): number {
  return Math.floor(size * 100 + 1e-6);
}

function exchangePrice(market: CachedMarket, key: string, options: MapOptions): ProviderExchangePrice | null {
  const prices = market.runners.get(key);
  if (prices === undefined) return null;
  const back = bestOf(prices, 'back');
  const lay = bestOf(prices, 'lay');
  if (back === null && lay === null) return null;
  const rate = market.definition?.marketBaseRate;
  const commission = options.commission ?? (typeof rate === 'number' && rate >= 0 && rate < 100 ? rate / 100 : DEFAULT_BASE_RATE);
  return {
    exchange: BETFAIR,
    back: back === null ? null : { odds: back.price, liquidity: toPence(back.size) },
    lay: lay === null ? null : { odds: lay.price, liquidity: toPence(lay.size) },
    commission,
    updatedAt: prices.updatedAt,
  };
}

function participants(name: string): string[] {
  const sides = name.split(' v ');
  return sides.length === 2 && sides.every((s) => s.trim() !== '') ? sides.map((s) => s.trim()) : [];
}

/** Counts of what was left out (the provider streams only markets its catalogue named, so unnamed ones are rare). */
export interface MapStats {
  /** Markets the stream sent that the catalogue has not named. */
  readonly unnamed: number;
}

/** Maps the cache onto a ProviderBook. */
export function toProviderBook(
  markets: ReadonlyMap<string, CachedMarket>,
  catalogue: ReadonlyMap<string, MarketCatalogue>,
  options: MapOptions,
): { book: ProviderBook; stats: MapStats } {
  const events = new Map<string, { event: Omit<ProviderEvent, 'markets'>; markets: ProviderMarket[] }>();
  let unnamed = 0;
  for (const market of markets.values()) {
    const definition = market.definition;
    const named = catalogue.get(market.id);
    if (definition === undefined) continue;
    if (named === undefined) {
      unnamed += 1;
      continue;
    }
    const eventTypeId = definition.eventTypeId ?? named.eventType?.id ?? '';
    const sport = SPORT_BY_EVENT_TYPE[eventTypeId];
    const type = MARKET_TYPE[definition.marketType ?? ''];
    const eventId = definition.eventId ?? named.event?.id;
    const startsAt = Date.parse(named.marketStartTime ?? definition.marketTime ?? '');
    if (sport === undefined || type === undefined || eventId === undefined || !Number.isFinite(startsAt)) continue;
    const places = definition.marketType === 'PLACE' ? definition.numberOfWinners : undefined;
    if (definition.marketType === 'PLACE' && (places === undefined || places < 1)) continue;

    const live = definition.status === 'OPEN' && (options.inPlay || definition.inPlay !== true);
    const status = new Map((definition.runners ?? []).map((r) => [runnerKey(r.id, r.hc), r.status]));
    const runners: ProviderRunner[] = [...(named.runners ?? [])]
      .sort((a, b) => (a.sortPriority ?? 0) - (b.sortPriority ?? 0))
      .filter((r) => status.get(runnerKey(r.selectionId, r.handicap)) === 'ACTIVE')
      .map((r) => {
        const key = runnerKey(r.selectionId, r.handicap);
        const price = live ? exchangePrice(market, key, options) : null;
        return { key, name: r.runnerName, back: [], exchange: price === null ? [] : [price] };
      });
    if (runners.length === 0) continue;

    const racing = RACING.has(eventTypeId);
    const venue = definition.venue ?? named.event?.venue ?? named.event?.name ?? '';
    const eventKey = racing ? `${eventId}@${startsAt}` : eventId;
    let entry = events.get(eventKey);
    if (entry === undefined) {
      const eventName = racing ? `${londonClockTime(startsAt)} ${venue}`.trim() : (named.event?.name ?? named.marketName);
      const competition = racing ? venue : named.competition?.name;
      entry = {
        event: {
          key: eventKey,
          sport,
          ...(competition === undefined || competition === '' ? {} : { competition }),
          name: eventName,
          participants: racing ? [] : participants(eventName),
          startsAt,
        },
        markets: [],
      };
      events.set(eventKey, entry);
    }
    entry.markets.push({ key: market.id, type, name: named.marketName, ...(places === undefined ? {} : { places }), runners });
  }
  const list: ProviderEvent[] = [...events.values()]
    .map(({ event, markets: m }) => ({
      ...event,
      markets: m.sort((a, b) => (a.places ?? 0) - (b.places ?? 0) || (a.key < b.key ? -1 : 1)),
    }))
    .sort((a, b) => a.startsAt - b.startsAt || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { book: { provider: BETFAIR, events: list }, stats: { unnamed } };
}
