// The Odds API's events onto the provider model (../provider.ts): sport keys to feed sports,
// bookmaker keys to feed keys, `h2h` to a match-odds market, and the exchanges' `h2h` (back) and
// `h2h_lay` (lay) to exchange prices with the exchange's commission.
import type { ProviderBackPrice, ProviderEvent, ProviderExchangePrice, ProviderRunner } from '../provider';
import type { WireEvent, WireIssue, WireOutcome } from './wire';

/**
 * The Odds API's sport groups (the part of a sport key before the first `_`: `soccer_epl`,
 * `tennis_atp_wimbledon`) and the feed's sport for each. A key of any other group is refused when
 * the provider is created. Golf is not one: the provider offers it only as outright (winner)
 * markets, which this provider does not poll ({@link sportKeyProblem}).
 */
export const SPORT_GROUPS: Readonly<Record<string, string>> = Object.freeze({
  soccer: 'football',
  tennis: 'tennis',
  cricket: 'cricket',
  rugbyunion: 'rugby-union',
  rugbyleague: 'rugby-league',
  basketball: 'basketball',
  americanfootball: 'american-football',
  icehockey: 'ice-hockey',
  baseball: 'baseball',
  boxing: 'boxing',
  mma: 'mma',
  aussierules: 'australian-rules',
});

/** The feed's sport of a provider sport key (`soccer_epl` → `football`), or null for an unknown group. */
export function feedSport(sportKey: string): string | null {
  const group = sportKey.split('_')[0] ?? '';
  return Object.hasOwn(SPORT_GROUPS, group) ? (SPORT_GROUPS[group] ?? null) : null;
}

/**
 * Why a wanted sport key (`soccer_epl`, `tennis_atp_*`) would never be polled, or null when it can
 * be. Outright (winner) markets are not polled (only `h2h`), so golf, which The Odds API offers only
 * as outrights, and any `_winner` key are refused rather than skipped in silence.
 */
export function sportKeyProblem(key: string): string | null {
  if (!/^[a-z0-9]+(_[a-z0-9]+)*(_\*)?$/.test(key)) return `${key} is not a sport key such as soccer_epl or tennis_atp_*`;
  if (key.split('_')[0] === 'golf')
    return `${key} is golf, which The Odds API offers only as outright (winner) markets: this provider polls match results (h2h) only`;
  if (key.endsWith('_winner')) return `${key} is an outright (winner) market: this provider polls match results (h2h) only`;
  if (feedSport(key) === null) return `${key} is not of a sport group this provider maps (soccer_*, tennis_*...)`;
  return null;
}

/** An exchange as the provider lists it: the feed's exchange key and its commission. */
export interface OddsApiExchange {
  /** The feed's (sdk's) exchange key: `betfair`, `smarkets`, `matchbook`. */
  readonly exchange: string;
  /** Commission on net winnings, a fraction in [0, 1). */
  readonly commission: number;
}

/**
 * The exchanges of the `uk` region by the provider's bookmaker key, with each exchange's
 * published base commission when this was written (Betfair Exchange's UK market base rate 5%,
 * Smarkets 2%, Matchbook 2%). A member on a discounted rate, or a change of rate, is set with the
 * provider's `exchanges` option.
 */
export const DEFAULT_EXCHANGES: Readonly<Record<string, OddsApiExchange>> = Object.freeze({
  betfair_ex_uk: { exchange: 'betfair', commission: 0.05 },
  smarkets: { exchange: 'smarkets', commission: 0.02 },
  matchbook: { exchange: 'matchbook', commission: 0.02 },
});

/** Provider bookmaker keys whose feed key is not the general rule's. */
export const DEFAULT_BOOKMAKER_KEYS: Readonly<Record<string, string>> = Object.freeze({
  betfair_sb_uk: 'betfair-sportsbook',
  sport888: '888sport',
});

const FEED_KEY = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Whether `key` is a feed key: lower case letters and digits in words joined by single dashes. */
export function isFeedKey(key: string): boolean {
  return FEED_KEY.test(key);
}

/**
 * The feed key of a provider bookmaker key: the table's when it names one; the key itself when
 * it already is a feed key (`williamhill`, `paddypower`, `skybet`); otherwise lower case, the
 * region suffix `_uk` dropped and `_` made `-` (`ladbrokes_uk` → `ladbrokes`, `unibet_uk` →
 * `unibet`). The display name lives with the feed's bookmaker catalogue, not here.
 */
export function feedBookmakerKey(providerKey: string, table: Readonly<Record<string, string>> = DEFAULT_BOOKMAKER_KEYS): string {
  const named = Object.hasOwn(table, providerKey) ? table[providerKey] : undefined;
  if (named !== undefined) return named;
  if (isFeedKey(providerKey)) return providerKey;
  return providerKey.toLowerCase().replace(/_uk$/, '').replace(/_/g, '-');
}

/** How the mapping reads the provider's keys. */
export interface MappingTables {
  readonly bookmakers: Readonly<Record<string, string>>;
  readonly exchanges: Readonly<Record<string, OddsApiExchange>>;
  /** Provider bookmaker keys left out of the book. */
  readonly omit?: ReadonlySet<string>;
  /** Competition names by provider sport key (the `/v4/sports` titles); the event's `sport_title` otherwise. */
  readonly competitions?: ReadonlyMap<string, string>;
}

/** The market type and name the provider's `h2h` becomes. */
export const MATCH_ODDS = { key: 'h2h', type: 'match-odds', name: 'Match Odds' } as const;

/** The draw's name as the provider spells it in an `h2h` market. */
export const DRAW = 'Draw';

interface RunnerPrices {
  back: ProviderBackPrice[];
  exchange: Map<string, { back: WireOutcome | null; lay: WireOutcome | null; updatedAt: number; commission: number }>;
}

/** Pence of a stake in pounds (the exchanges' bet limits are in the account's currency, pounds for the UK region). */
const pence = (pounds: number): number => Math.round(pounds * 100);

/**
 * One provider event as a `ProviderEvent`, or null when it carries no usable price. An outcome of
 * an `h2h` market that is neither side nor `Draw` is left out and reported in `issues` (at
 * `at`). Exchange liquidity is the outcome's `bet_limit` in pence when the provider sends one, and
 * 0 when it does not: 0 means "not reported", never "nothing available" (a stream provider
 * for the same exchange, such as Betfair's, supplies the real figure).
 */
export function toProviderEvent(event: WireEvent, tables: MappingTables, issues: WireIssue[], at: string): ProviderEvent | null {
  const sport = feedSport(event.sportKey);
  if (sport === null) {
    issues.push({ field: `${at}.sport_key`, problem: `is not a sport this provider maps (${event.sportKey})` });
    return null;
  }
  const sides = new Set([event.homeTeam, event.awayTeam]);
  const runners = new Map<string, RunnerPrices>();
  const runner = (name: string): RunnerPrices => {
    let r = runners.get(name);
    if (r === undefined) runners.set(name, (r = { back: [], exchange: new Map() }));
    return r;
  };
  event.bookmakers.forEach((bookmaker, b) => {
    if (tables.omit?.has(bookmaker.key) === true) return;
    const exchange = Object.hasOwn(tables.exchanges, bookmaker.key) ? tables.exchanges[bookmaker.key] : undefined;
    bookmaker.markets.forEach((market, m) => {
      const lay = market.key === 'h2h_lay';
      if (market.key !== MATCH_ODDS.key && !lay) return; // a market this provider does not map
      if (lay && exchange === undefined) return; // only exchanges lay
      market.outcomes.forEach((outcome, o) => {
        if (!sides.has(outcome.name) && outcome.name !== DRAW) {
          issues.push({
            field: `${at}.bookmakers[${b}].markets[${m}].outcomes[${o}].name`,
            problem: `is neither side nor ${DRAW} (${outcome.name})`,
          });
          return;
        }
        const prices = runner(outcome.name);
        if (exchange === undefined) {
          prices.back.push({
            bookmaker: feedBookmakerKey(bookmaker.key, tables.bookmakers),
            odds: outcome.price,
            updatedAt: market.lastUpdate,
          });
          return;
        }
        const quote = prices.exchange.get(exchange.exchange) ?? {
          back: null,
          lay: null,
          updatedAt: market.lastUpdate,
          commission: exchange.commission,
        };
        if (lay) quote.lay = outcome;
        else quote.back = outcome;
        // A quote is only as fresh as its staler side: a fresh back must not make a stale lay look fresh.
        quote.updatedAt = Math.min(quote.updatedAt, market.lastUpdate);
        prices.exchange.set(exchange.exchange, quote);
      });
    });
  });
  if (runners.size === 0) return null;
  const order = [event.homeTeam, DRAW, event.awayTeam];
  const names = [...runners.keys()].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  const providerRunners: ProviderRunner[] = names.map((name) => {
    const prices = runners.get(name) as RunnerPrices;
    const exchange: ProviderExchangePrice[] = [...prices.exchange.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, q]) => ({
        exchange: key,
        back: q.back === null ? null : { odds: q.back.price, liquidity: pence(q.back.bet_limit ?? 0) },
        lay: q.lay === null ? null : { odds: q.lay.price, liquidity: pence(q.lay.bet_limit ?? 0) },
        commission: q.commission,
        updatedAt: q.updatedAt,
      }));
    return { key: name, name, back: prices.back, exchange };
  });
  return {
    key: event.id,
    sport,
    competition: tables.competitions?.get(event.sportKey) ?? event.sportTitle,
    name: `${event.homeTeam} v ${event.awayTeam}`,
    participants: [event.homeTeam, event.awayTeam],
    startsAt: event.commenceTime,
    markets: [{ key: MATCH_ODDS.key, type: MATCH_ODDS.type, name: MATCH_ODDS.name, runners: providerRunners }],
  };
}

/** The newest price change in `events` (epoch ms), or null when there is no price. */
export function newestUpdate(events: readonly ProviderEvent[]): number | null {
  let newest: number | null = null;
  for (const e of events)
    for (const m of e.markets)
      for (const r of m.runners) {
        for (const p of r.back) newest = Math.max(newest ?? p.updatedAt, p.updatedAt);
        for (const p of r.exchange) newest = Math.max(newest ?? p.updatedAt, p.updatedAt);
      }
  return newest;
}
