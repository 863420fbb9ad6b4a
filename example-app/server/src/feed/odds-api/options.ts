// The Odds API provider's options: what an operator sets, validated once, with an error naming
// the option at fault.
import type { Clock } from '../../clock';
import type { Logger } from '../../logger';
import type { ProviderEvent } from '../provider';
import { DEFAULT_BOOKMAKER_KEYS, DEFAULT_EXCHANGES, isFeedKey, sportKeyProblem, type OddsApiExchange } from './mapping';
import type { Timers } from './timers';

/** The markets this provider reads: `h2h` (the match result) and the exchanges' `h2h_lay`. */
export type OddsApiMarket = 'h2h' | 'h2h_lay';

/** The bookmaker regions the provider documents. */
export const REGIONS = ['uk', 'us', 'us2', 'eu', 'au'] as const;

/** Options of `createOddsApiProvider`. */
export interface OddsApiProviderOptions {
  /** The account's key (`ODDS_API_KEY`). Sent as the `apiKey` query parameter, never logged. */
  readonly apiKey: string;
  /** @defaultValue `https://api.the-odds-api.com` */
  readonly baseUrl?: string;
  /**
   * The provider's sport keys to poll (`soccer_epl`, `soccer_efl_champ`); a key ending in `*` is
   * a prefix matched against the in-season sports (`tennis_atp_*`: every ATP tournament on now).
   */
  readonly sports: readonly string[];
  /** @defaultValue `['uk']` (UK bookmakers and the exchanges Betfair, Smarkets, Matchbook). */
  readonly regions?: readonly string[];
  /** @defaultValue `['h2h', 'h2h_lay']` (`h2h_lay` only adds the exchanges' lay prices). */
  readonly markets?: readonly OddsApiMarket[];
  /** Bookmaker keys to ask for instead of `regions` (every 10 cost as one region). */
  readonly bookmakers?: readonly string[];
  /** The fastest the provider polls, ms (slower when the quota asks for it). @defaultValue 60_000 */
  readonly intervalMs?: number;
  /** Events starting within this many ms of now are polled. @defaultValue 48 hours */
  readonly horizonMs?: number;
  /** The day of the month (1 to 28) the subscription's credits renew, at 00:00 UTC. @defaultValue 1 */
  readonly quotaResetDay?: number;
  /** How often the in-season sports list (free) is read again, ms. @defaultValue 1 hour */
  readonly sportsRefreshMs?: number;
  /** While the credits are spent: how often to check (free) whether they renewed early. @defaultValue 1 hour */
  readonly exhaustedProbeMs?: number;
  /** A request not answered within this many ms fails. @defaultValue 15_000 */
  readonly requestTimeoutMs?: number;
  /** Exchanges by provider bookmaker key. @defaultValue `DEFAULT_EXCHANGES` */
  readonly exchanges?: Readonly<Record<string, OddsApiExchange>>;
  /**
   * Provider bookmaker keys to leave out of the book (`betfair_ex_uk` when Betfair's own stream
   * provider runs too: its prices carry the liquidity this provider cannot give). @defaultValue none
   */
  readonly omitBookmakers?: readonly string[];
  /** Feed keys for provider bookmaker keys the general rule maps wrongly. @defaultValue `DEFAULT_BOOKMAKER_KEYS` */
  readonly bookmakerKeys?: Readonly<Record<string, string>>;
  /** Ask for the exchanges' bet limits (`includeBetLimits=true`), read as liquidity. @defaultValue true */
  readonly includeBetLimits?: boolean;
  /** The provider's key, the `source` of its prices. @defaultValue `'odds-api'` */
  readonly id?: string;
  readonly clock: Clock;
  readonly logger: Logger;
  /** @defaultValue the global fetch */
  readonly fetch?: typeof fetch;
  /** @defaultValue Node's timers (unref'd) */
  readonly timers?: Timers;
  /**
   * Where the provider keeps when it last polled each sport and its pace, so that a restarted
   * process or a new leader pays for no sport polled within the pace. @defaultValue in memory only
   */
  readonly pacing?: OddsApiPacingStore;
  /**
   * Where the provider keeps each sport's last answer (its events as mapped, with when it came),
   * so that a restarted process or a new leader serves it at its true age instead of nothing until
   * the sport's pace ends. @defaultValue in memory only
   */
  readonly books?: OddsApiBookStore;
}

/** One sport's last answer: when it came (epoch ms) and its events as mapped (none: the sport had none). */
export interface OddsApiSportBook {
  readonly fetchedAt: number;
  readonly events: readonly ProviderEvent[];
}

/** Keeps an Odds API provider's last answer of each sport where every process can read it (a database table). */
export interface OddsApiBookStore {
  /** Every sport's last answer, by the provider's sport key. */
  load(): Promise<Readonly<Record<string, OddsApiSportBook>>>;
  /** Replaces `sport`'s last answer. */
  save(sport: string, book: OddsApiSportBook): Promise<void>;
}

/** When each sport was last polled (epoch ms, the start of that poll) and the pace then set (ms). */
export interface OddsApiPacing {
  readonly paceMs: number;
  readonly polledAt: Readonly<Record<string, number>>;
}

/** Keeps an Odds API provider's pacing where every process can read it (a database table). */
export interface OddsApiPacingStore {
  /** The pacing last saved, or null when there is none. */
  load(): Promise<OddsApiPacing | null>;
  save(pacing: OddsApiPacing): Promise<void>;
}

/** An option refused, named by `field`. */
export class OddsApiOptionsError extends Error {
  override readonly name = 'OddsApiOptionsError';
  readonly field: string;
  constructor(field: string, problem: string) {
    super(`odds-api: ${field} ${problem}`);
    this.field = field;
  }
}

/** The options with every default filled in. */
export interface ResolvedOptions {
  readonly id: string;
  readonly apiKey: string;
  readonly baseUrl: string;
  readonly sports: readonly string[];
  readonly regions: readonly string[];
  readonly markets: readonly OddsApiMarket[];
  readonly bookmakers: readonly string[] | null;
  readonly intervalMs: number;
  readonly horizonMs: number;
  readonly quotaResetDay: number;
  readonly sportsRefreshMs: number;
  readonly exhaustedProbeMs: number;
  readonly requestTimeoutMs: number;
  readonly exchanges: Readonly<Record<string, OddsApiExchange>>;
  readonly bookmakerKeys: Readonly<Record<string, string>>;
  readonly omitBookmakers: ReadonlySet<string>;
  readonly includeBetLimits: boolean;
}

const HOUR = 3_600_000;
/** The fastest the provider polls by default (`intervalMs`, `ODDS_API_INTERVAL_MS`). */
export const DEFAULT_ODDS_API_INTERVAL_MS = 60_000;

function duration(field: string, value: number | undefined, fallback: number, min: number): number {
  const v = value ?? fallback;
  if (!Number.isSafeInteger(v) || v < min)
    throw new OddsApiOptionsError(field, `must be a whole number of milliseconds, at least ${min} (got ${v})`);
  return v;
}

function list<T extends string>(
  field: string,
  value: readonly T[] | undefined,
  fallback: readonly T[],
  ok: (v: string) => boolean,
  what: string,
): readonly T[] {
  const v = value ?? fallback;
  if (v.length === 0) throw new OddsApiOptionsError(field, 'must name at least one');
  for (const item of v) if (!ok(item)) throw new OddsApiOptionsError(field, `must hold ${what} (got ${JSON.stringify(item)})`);
  return Object.freeze([...new Set(v)]);
}

/** The options validated, every default filled in; `OddsApiOptionsError` names the first one refused. */
export function resolveOptions(o: OddsApiProviderOptions): ResolvedOptions {
  if (typeof o.apiKey !== 'string' || o.apiKey.trim() === '') throw new OddsApiOptionsError('apiKey', 'is required');
  const baseUrl = o.baseUrl ?? 'https://api.the-odds-api.com';
  if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol))
    throw new OddsApiOptionsError('baseUrl', `must be an http(s) URL (got ${JSON.stringify(baseUrl)})`);
  const sports = list(
    'sports',
    o.sports,
    [],
    (s) => sportKeyProblem(s) === null,
    'sport keys of a group it maps, not outrights (soccer_*, tennis_*...)',
  );
  const regions = list(
    'regions',
    o.regions,
    ['uk'],
    (r) => (REGIONS as readonly string[]).includes(r),
    `regions among ${REGIONS.join(', ')}`,
  );
  const markets = list<OddsApiMarket>('markets', o.markets, ['h2h', 'h2h_lay'], (m) => m === 'h2h' || m === 'h2h_lay', 'h2h or h2h_lay');
  if (!markets.includes('h2h')) throw new OddsApiOptionsError('markets', 'must include h2h');
  const bookmakers =
    o.bookmakers === undefined ? null : list('bookmakers', o.bookmakers, [], (b) => /^[a-z0-9_]+$/.test(b), 'provider bookmaker keys');
  const quotaResetDay = o.quotaResetDay ?? 1;
  if (!Number.isInteger(quotaResetDay) || quotaResetDay < 1 || quotaResetDay > 28)
    throw new OddsApiOptionsError('quotaResetDay', `must be a day of the month from 1 to 28 (got ${quotaResetDay})`);
  const exchanges = o.exchanges ?? DEFAULT_EXCHANGES;
  for (const [key, e] of Object.entries(exchanges)) {
    if (!isFeedKey(e.exchange))
      throw new OddsApiOptionsError(`exchanges.${key}.exchange`, `must be a feed key (got ${JSON.stringify(e.exchange)})`);
    if (!(e.commission >= 0 && e.commission < 1))
      throw new OddsApiOptionsError(`exchanges.${key}.commission`, `must be a fraction in [0, 1) (got ${e.commission})`);
  }
  const bookmakerKeys = o.bookmakerKeys ?? DEFAULT_BOOKMAKER_KEYS;
  for (const [key, feedKey] of Object.entries(bookmakerKeys))
    if (!isFeedKey(feedKey)) throw new OddsApiOptionsError(`bookmakerKeys.${key}`, `must be a feed key (got ${JSON.stringify(feedKey)})`);
  const omitted = o.omitBookmakers ?? [];
  for (const key of omitted)
    if (!/^[a-z0-9_]+$/.test(key))
      throw new OddsApiOptionsError('omitBookmakers', `must hold provider bookmaker keys (got ${JSON.stringify(key)})`);
  const id = o.id ?? 'odds-api';
  if (!isFeedKey(id)) throw new OddsApiOptionsError('id', `must be a feed key (got ${JSON.stringify(id)})`);
  return {
    id,
    apiKey: o.apiKey,
    baseUrl,
    sports,
    regions,
    markets,
    bookmakers,
    intervalMs: duration('intervalMs', o.intervalMs, DEFAULT_ODDS_API_INTERVAL_MS, 1_000),
    horizonMs: duration('horizonMs', o.horizonMs, 48 * HOUR, 60_000),
    quotaResetDay,
    sportsRefreshMs: duration('sportsRefreshMs', o.sportsRefreshMs, HOUR, 60_000),
    exhaustedProbeMs: duration('exhaustedProbeMs', o.exhaustedProbeMs, HOUR, 60_000),
    requestTimeoutMs: duration('requestTimeoutMs', o.requestTimeoutMs, 15_000, 100),
    exchanges,
    bookmakerKeys,
    omitBookmakers: new Set(omitted),
    includeBetLimits: o.includeBetLimits ?? true,
  };
}
