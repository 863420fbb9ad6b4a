// A local fake of The Odds API v4 (a real node:http server on 127.0.0.1, port 0) speaking its
// documented format (see wire.ts): the sports list and the events list free, the odds endpoint
// charging markets × regions credits, the quota headers on every answer to a valid key, 401
// INVALID_KEY for a wrong key, 401 OUT_OF_USAGE_CREDITS once the credits cannot pay for a request,
// 429 EXCEEDED_FREQ_LIMIT when a test asks for it (with Retry-After only when the test gives one:
// the provider does not document that header), 422 for a region or market it does not know.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fixtureOdds, fixtureSports, type FixtureEvent, type FixtureSport } from './fixtures';

/** A request the fake received, without its key. */
export interface FakeRequest {
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
  readonly status: number;
}

/** The fake's set-up. */
export interface OddsApiFakeOptions {
  /** The one key it accepts. */
  readonly apiKey: string;
  /** Credits at start. @defaultValue 500 (the provider's free plan) */
  readonly credits?: number;
  /** The time the fixtures are built around (epoch ms). */
  readonly at: number;
}

/** A running fake. */
export interface OddsApiFake {
  /** Its base URL (`http://127.0.0.1:<port>`). */
  readonly url: string;
  /** Every request so far, in order. */
  readonly requests: readonly FakeRequest[];
  /** Credits left. */
  readonly remaining: number;
  /** Credits used since the last renewal. */
  readonly used: number;
  /** The odds answers by sport key; a test may change any price or field in place. */
  readonly odds: Record<string, unknown[]>;
  /** The sports list; a test may change it in place. */
  readonly sports: FixtureSport[];
  /** Sets one outcome's price (and the market's last_update to `at`). */
  setPrice(sport: string, eventId: string, bookmaker: string, market: string, outcome: string, price: number, at: number): void;
  /** The credits renew: `remaining` left, none used. */
  renew(remaining: number): void;
  /** After `skip` more requests, the next `times` answer 429, with `Retry-After: retryAfterSeconds` when given. */
  rateLimit(times: number, retryAfterSeconds?: number, skip?: number): void;
  /** Answers the odds of `sport` with `body` as it is (a malformed answer), from now on. */
  answerOddsWith(sport: string, body: unknown): void;
  /** After `skip` more requests, the next `times` answer 503 with no body (the API having trouble). */
  fail(times: number, skip?: number): void;
  close(): Promise<void>;
}

const REGIONS = new Set(['uk', 'us', 'us2', 'eu', 'au']);
const MARKETS = new Set(['h2h', 'h2h_lay', 'spreads', 'totals']);

function error(status: number, code: string, message: string) {
  return {
    status,
    body: {
      message,
      error_code: code,
      details_url: `https://the-odds-api.com/liveapi/guides/v4/api-error-codes.html#${code.toLowerCase().replace(/_/g, '-')}`,
    },
  };
}

/** Starts the fake. */
export async function startOddsApiFake(options: OddsApiFakeOptions): Promise<OddsApiFake> {
  let remaining = options.credits ?? 500;
  let used = 0;
  let limited: { status: 429 | 503; times: number; retryAfter: number | undefined; skip: number } = {
    status: 429,
    times: 0,
    retryAfter: undefined,
    skip: 0,
  };
  const requests: FakeRequest[] = [];
  const overrides = new Map<string, unknown>();
  const sports = fixtureSports();
  const odds: Record<string, unknown[]> = fixtureOdds(options.at);

  const inWindow = (e: unknown, params: URLSearchParams) => {
    const start = Date.parse((e as FixtureEvent).commence_time);
    const from = params.get('commenceTimeFrom');
    const to = params.get('commenceTimeTo');
    return (from === null || start >= Date.parse(from)) && (to === null || start <= Date.parse(to));
  };

  function answer(path: string, params: URLSearchParams): { status: number; body: unknown; last: number; quota: boolean } {
    if (params.get('apiKey') !== options.apiKey) {
      const e = params.has('apiKey')
        ? error(401, 'INVALID_KEY', 'API key is not valid. Check the key and try again.')
        : error(401, 'MISSING_KEY', 'API key is missing.');
      return { ...e, last: 0, quota: false };
    }
    if (limited.skip > 0) limited.skip -= 1;
    else if (limited.times > 0) {
      limited.times -= 1;
      if (limited.status === 503) return { status: 503, body: null, last: 0, quota: false };
      return { ...error(429, 'EXCEEDED_FREQ_LIMIT', 'Requests are being sent too frequently.'), last: 0, quota: true };
    }
    if (path === '/v4/sports') return { status: 200, body: sports, last: 0, quota: true };
    const m = /^\/v4\/sports\/([a-z0-9_]+)\/(events|odds)$/.exec(path);
    if (m === null) return { ...error(404, 'NOT_FOUND', 'Not found.'), last: 0, quota: true };
    const [, sport = '', what] = m;
    if (!sports.some((s) => s.key === sport)) return { ...error(404, 'UNKNOWN_SPORT', `Unknown sport ${sport}.`), last: 0, quota: true };
    const events = (odds[sport] ?? []).filter((e) =>
      typeof e === 'object' && e !== null && 'commence_time' in e ? inWindow(e, params) : true,
    );
    if (what === 'events') {
      return { status: 200, body: events.map((e) => ({ ...(e as FixtureEvent), bookmakers: undefined })), last: 0, quota: true };
    }
    const regions = (params.get('regions') ?? '').split(',').filter(Boolean);
    const bookmakers = (params.get('bookmakers') ?? '').split(',').filter(Boolean);
    if (regions.length === 0 && bookmakers.length === 0)
      return { ...error(422, 'MISSING_REGION', 'Missing regions.'), last: 0, quota: true };
    if (regions.some((r) => !REGIONS.has(r))) return { ...error(422, 'INVALID_REGION', 'Invalid region.'), last: 0, quota: true };
    const markets = (params.get('markets') ?? 'h2h').split(',');
    if (markets.some((k) => !MARKETS.has(k))) return { ...error(422, 'INVALID_MARKET', 'Invalid market.'), last: 0, quota: true };
    const cost = markets.length * (bookmakers.length > 0 ? Math.ceil(bookmakers.length / 10) : regions.length);
    if (remaining < cost)
      return {
        ...error(401, 'OUT_OF_USAGE_CREDITS', 'Usage quota has been reached. See usage plans at https://the-odds-api.com'),
        last: 0,
        quota: true,
      };
    remaining -= cost;
    used += cost;
    if (overrides.has(sport)) return { status: 200, body: overrides.get(sport), last: cost, quota: true };
    const limits = params.get('includeBetLimits') === 'true';
    const body = events.map((e) => {
      const event = e as FixtureEvent;
      if (!Array.isArray(event.bookmakers)) return e; // a malformed entry a test put there: answered as it is
      return {
        ...event,
        bookmakers: event.bookmakers
          .filter((b) => bookmakers.length === 0 || bookmakers.includes(b.key))
          .map((b) => ({
            ...b,
            markets: b.markets
              .filter((k) => markets.includes(k.key))
              .map((k) => ({
                ...k,
                outcomes: k.outcomes.map((o) => (limits || !('bet_limit' in o) ? o : { name: o.name, price: o.price })),
              })),
          })),
      };
    });
    return { status: 200, body, last: cost, quota: true };
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const out =
      req.method === 'GET'
        ? answer(url.pathname, url.searchParams)
        : { ...error(405, 'METHOD_NOT_ALLOWED', 'GET only.'), last: 0, quota: false };
    const params = Object.fromEntries([...url.searchParams.entries()].filter(([k]) => k !== 'apiKey'));
    requests.push({ path: url.pathname, params, status: out.status });
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
    if (out.quota)
      Object.assign(headers, {
        'x-requests-remaining': String(remaining),
        'x-requests-used': String(used),
        'x-requests-last': String(out.last),
      });
    if (out.status === 429 && limited.retryAfter !== undefined) headers['retry-after'] = String(limited.retryAfter);
    res.writeHead(out.status, headers).end(out.body === null ? '' : JSON.stringify(out.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get remaining() {
      return remaining;
    },
    get used() {
      return used;
    },
    odds,
    sports,
    setPrice(sport, eventId, bookmaker, market, outcome, price, at) {
      const event = (odds[sport] ?? []).find((e) => (e as FixtureEvent).id === eventId) as FixtureEvent | undefined;
      const m = event?.bookmakers.find((b) => b.key === bookmaker)?.markets.find((k) => k.key === market);
      const o = m?.outcomes.find((x) => x.name === outcome);
      if (m === undefined || o === undefined) throw new Error(`fake: no ${sport}/${eventId}/${bookmaker}/${market}/${outcome}`);
      o.price = price;
      m.last_update = new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z');
    },
    renew(credits) {
      remaining = credits;
      used = 0;
    },
    rateLimit(times, retryAfterSeconds, skip = 0) {
      limited = { status: 429, times, retryAfter: retryAfterSeconds, skip };
    },
    answerOddsWith(sport, body) {
      overrides.set(sport, body);
    },
    fail(times, skip = 0) {
      limited = { status: 503, times, retryAfter: undefined, skip };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        if (!server.listening) return resolve();
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
