// The Odds API v4 as it answers, and the reading of an answer that keeps every well-formed price
// and names every malformed one by its path.
//
// What this relies on (The Odds API v4 documentation: https://the-odds-api.com/liveapi/guides/v4/,
// its OpenAPI schema https://the-odds-api.com/api-reference/v4/schema.yml and its error-code page
// https://the-odds-api.com/liveapi/guides/v4/api-error-codes.html):
// - `GET /v4/sports?apiKey=` lists the in-season sports `{ key, group, title, description, active,
//   has_outrights }`; it costs no credit.
// - `GET /v4/sports/{sport}/events?apiKey=&commenceTimeFrom=&commenceTimeTo=` lists the events
//   `{ id, sport_key, sport_title, commence_time, home_team, away_team }` without odds; no credit.
// - `GET /v4/sports/{sport}/odds?apiKey=&regions=&markets=&oddsFormat=decimal&dateFormat=iso` answers
//   an array of events, each with `bookmakers[] { key, title, last_update, markets[] { key,
//   last_update, outcomes[] { name, price, point? } } }`. Its cost is markets × regions credits (with
//   `bookmakers=` instead of `regions=`, every group of 10 bookmakers counts as one region).
//   `h2h` is the match result (a football match has the outcome named `Draw`); `h2h_lay` is the
//   exchanges' lay side of it (the exchanges `betfair_ex_uk`, `smarkets`, `matchbook` are in the `uk`
//   region). With `includeBetLimits=true` an outcome may carry `bet_limit` (the error-code page:
//   "a bookmaker's bet limits will be returned in each betting outcome").
// - Every answer carries `x-requests-remaining` (credits left until the quota resets),
//   `x-requests-used` (used since the last reset) and `x-requests-last` (the cost of this call).
// - Errors are JSON `{ message, error_code, details_url }`: 401 with INVALID_KEY, MISSING_KEY or
//   DEACTIVATED_KEY for a key refused, 401 with OUT_OF_USAGE_CREDITS once the month's credits are
//   spent, 429 with EXCEEDED_FREQ_LIMIT when rate limited (30 calls a second; the page says to
//   retry after a couple of seconds and does not document Retry-After), 422 for a parameter
//   refused (INVALID_MARKET, INVALID_REGION, UNKNOWN_SPORT...).
// - The documentation describes no ETag, Last-Modified or 304: nothing here sends conditional
//   requests. The free events list (with commenceTimeFrom/To) is what saves credits instead.

/** A sport as `/v4/sports` lists it. */
export interface WireSport {
  readonly key: string;
  readonly group: string;
  readonly title: string;
  readonly active: boolean;
  readonly has_outrights: boolean;
}

/** One outcome's price as the odds endpoint answers it (decimal odds). */
export interface WireOutcome {
  readonly name: string;
  readonly price: number;
  /** With `includeBetLimits=true`, where the bookmaker states one (the exchanges). */
  readonly bet_limit?: number;
}

/** One market of one bookmaker. */
export interface WireMarket {
  readonly key: string;
  /** Epoch milliseconds (ISO 8601 on the wire). */
  readonly lastUpdate: number;
  readonly outcomes: readonly WireOutcome[];
}

/** One bookmaker's markets on an event. */
export interface WireBookmaker {
  readonly key: string;
  readonly title: string;
  readonly markets: readonly WireMarket[];
}

/** An event with its bookmakers, as read from the odds endpoint. */
export interface WireEvent {
  readonly id: string;
  readonly sportKey: string;
  readonly sportTitle: string;
  /** Epoch milliseconds. */
  readonly commenceTime: number;
  readonly homeTeam: string;
  readonly awayTeam: string;
  readonly bookmakers: readonly WireBookmaker[];
}

/** A part of an answer that was left out, with the path of the field at fault. */
export interface WireIssue {
  /** Where in the answer: `[2].bookmakers[0].markets[1].outcomes[0].price`. */
  readonly field: string;
  /** What is wrong with it, in words. */
  readonly problem: string;
}

/** An answer read: what was well formed, and what was not. */
export interface WireRead<T> {
  readonly value: T;
  readonly issues: readonly WireIssue[];
}

/** The documented error body. */
export interface WireError {
  readonly message: string | null;
  readonly errorCode: string | null;
}

/** The quota headers of one answer; null where a header is absent or not a whole number. */
export interface QuotaHeaders {
  readonly remaining: number | null;
  readonly used: number | null;
  readonly last: number | null;
}

/** A whole answer that is not the documented shape (not an array, for example). */
export class OddsApiAnswerError extends Error {
  override readonly name = 'OddsApiAnswerError';
  readonly field: string;
  constructor(field: string, problem: string) {
    super(`odds-api answer: ${field} ${problem}`);
    this.field = field;
  }
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** Epoch ms of an ISO 8601 instant with a zone (`2026-12-05T15:00:00Z`), or null. */
export function readInstant(v: unknown): number | null {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(v)) return null;
  const ms = Date.parse(v);
  return Number.isFinite(ms) ? ms : null;
}

function header(headers: Headers, name: string): number | null {
  const raw = headers.get(name);
  if (raw === null || !/^\s*\d+(\.0+)?\s*$/.test(raw)) return null;
  return Number(raw);
}

/** The quota headers of an answer. */
export function readQuotaHeaders(headers: Headers): QuotaHeaders {
  return {
    remaining: header(headers, 'x-requests-remaining'),
    used: header(headers, 'x-requests-used'),
    last: header(headers, 'x-requests-last'),
  };
}

/** The documented error body, as far as it is there. */
export function readError(body: unknown): WireError {
  if (!isObject(body)) return { message: null, errorCode: null };
  return {
    message: typeof body['message'] === 'string' ? body['message'] : null,
    errorCode: typeof body['error_code'] === 'string' ? body['error_code'] : null,
  };
}

/** The sports list; an entry without a key or title is left out and named. */
export function readSports(body: unknown): WireRead<WireSport[]> {
  if (!Array.isArray(body)) throw new OddsApiAnswerError('sports', 'is not an array');
  const issues: WireIssue[] = [];
  const value: WireSport[] = [];
  body.forEach((s: unknown, i) => {
    const at = `sports[${i}]`;
    if (!isObject(s)) return issues.push({ field: at, problem: 'is not an object' });
    if (!isText(s['key'])) return issues.push({ field: `${at}.key`, problem: 'is missing' });
    if (!isText(s['title'])) return issues.push({ field: `${at}.title`, problem: 'is missing' });
    value.push({
      key: s['key'],
      group: typeof s['group'] === 'string' ? s['group'] : '',
      title: s['title'],
      active: s['active'] === true,
      has_outrights: s['has_outrights'] === true,
    });
  });
  return { value, issues };
}

/** The events list (no odds): ids and start times are all this needs of it. */
export function readEventCount(body: unknown): number {
  if (!Array.isArray(body)) throw new OddsApiAnswerError('events', 'is not an array');
  return body.length;
}

function readOutcome(o: unknown, at: string, issues: WireIssue[]): WireOutcome | null {
  if (!isObject(o)) return (issues.push({ field: at, problem: 'is not an object' }), null);
  if (!isText(o['name'])) return (issues.push({ field: `${at}.name`, problem: 'is missing' }), null);
  const price = o['price'];
  if (typeof price !== 'number' || !Number.isFinite(price) || price <= 1) {
    issues.push({ field: `${at}.price`, problem: `must be decimal odds above 1 (got ${JSON.stringify(price) ?? 'nothing'})` });
    return null;
  }
  const limit = o['bet_limit'];
  if (limit === undefined || limit === null) return { name: o['name'], price };
  if (typeof limit !== 'number' || !Number.isFinite(limit) || limit < 0) {
    issues.push({ field: `${at}.bet_limit`, problem: `must be an amount of at least 0 (got ${JSON.stringify(limit)})` });
    return { name: o['name'], price };
  }
  return { name: o['name'], price, bet_limit: limit };
}

function readMarket(m: unknown, at: string, issues: WireIssue[]): WireMarket | null {
  if (!isObject(m)) return (issues.push({ field: at, problem: 'is not an object' }), null);
  if (!isText(m['key'])) return (issues.push({ field: `${at}.key`, problem: 'is missing' }), null);
  const lastUpdate = readInstant(m['last_update']);
  if (lastUpdate === null) return (issues.push({ field: `${at}.last_update`, problem: 'is not an ISO 8601 instant' }), null);
  if (!Array.isArray(m['outcomes'])) return (issues.push({ field: `${at}.outcomes`, problem: 'is not an array' }), null);
  const outcomes = m['outcomes']
    .map((o: unknown, i) => readOutcome(o, `${at}.outcomes[${i}]`, issues))
    .filter((o): o is WireOutcome => o !== null);
  return { key: m['key'], lastUpdate, outcomes };
}

function readBookmaker(b: unknown, at: string, issues: WireIssue[]): WireBookmaker | null {
  if (!isObject(b)) return (issues.push({ field: at, problem: 'is not an object' }), null);
  if (!isText(b['key'])) return (issues.push({ field: `${at}.key`, problem: 'is missing' }), null);
  if (!Array.isArray(b['markets'])) return (issues.push({ field: `${at}.markets`, problem: 'is not an array' }), null);
  const markets = b['markets']
    .map((m: unknown, i) => readMarket(m, `${at}.markets[${i}]`, issues))
    .filter((m): m is WireMarket => m !== null);
  return { key: b['key'], title: typeof b['title'] === 'string' ? b['title'] : b['key'], markets };
}

function readEvent(e: unknown, at: string, issues: WireIssue[]): WireEvent | null {
  if (!isObject(e)) return (issues.push({ field: at, problem: 'is not an object' }), null);
  for (const field of ['id', 'sport_key', 'home_team', 'away_team'] as const) {
    if (!isText(e[field])) return (issues.push({ field: `${at}.${field}`, problem: 'is missing' }), null);
  }
  const commenceTime = readInstant(e['commence_time']);
  if (commenceTime === null) return (issues.push({ field: `${at}.commence_time`, problem: 'is not an ISO 8601 instant' }), null);
  if (!Array.isArray(e['bookmakers'])) return (issues.push({ field: `${at}.bookmakers`, problem: 'is not an array' }), null);
  const bookmakers = e['bookmakers']
    .map((b: unknown, i) => readBookmaker(b, `${at}.bookmakers[${i}]`, issues))
    .filter((b): b is WireBookmaker => b !== null);
  return {
    id: e['id'] as string,
    sportKey: e['sport_key'] as string,
    sportTitle: isText(e['sport_title']) ? e['sport_title'] : (e['sport_key'] as string),
    commenceTime,
    homeTeam: (e['home_team'] as string).trim(),
    awayTeam: (e['away_team'] as string).trim(),
    bookmakers,
  };
}

/**
 * An odds answer read: every event, bookmaker, market and outcome that is well formed, and an
 * issue for each one left out (a missing field, odds of 1 or less, a start or update time that is
 * not an instant). Throws `OddsApiAnswerError` only when the whole answer is not an array.
 */
export function readOdds(body: unknown): WireRead<WireEvent[]> {
  if (!Array.isArray(body)) throw new OddsApiAnswerError('odds', 'is not an array');
  const issues: WireIssue[] = [];
  const value = body.map((e: unknown, i) => readEvent(e, `[${i}]`, issues)).filter((e): e is WireEvent => e !== null);
  return { value, issues };
}
