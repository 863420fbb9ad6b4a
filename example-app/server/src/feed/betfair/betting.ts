// Betfair's HTTPS JSON endpoints this provider calls: the Betting API's listMarketCatalogue (names
// of events, markets and runners, which the stream does not carry) and the identity service's
// login and keep-alive. What it relies on, from Betfair's developer documentation ("Getting
// Started", "listMarketCatalogue", "Login & Session Management", "Keep Alive"):
// - Betting API (REST flavour): POST https://api.betfair.com/exchange/betting/rest/v1.0/<operation>/
//   with headers X-Application (the app key), X-Authentication (the session token), Accept and
//   Content-Type application/json. An error answers 400 with
//   `{faultcode, faultstring, detail: {APINGException: {errorCode, errorDetails}}}`.
// - listMarketCatalogue({filter, marketProjection, sort, maxResults}): maxResults at most 1000; the
//   projections used here (EVENT, EVENT_TYPE, COMPETITION, MARKET_START_TIME, RUNNER_DESCRIPTION)
//   weigh 0 points against the 200-point market data request limit; CLOSED markets are not returned.
//   The Betting API's filter names differ from the stream's: marketTypeCodes, marketCountries.
// - Identity: POST https://identitysso.betfair.com/api/login (form username, password; header
//   X-Application; Accept application/json) answers `{token, product, status, error}` with status
//   SUCCESS; POST /api/keepAlive (X-Authentication, X-Application) extends the session and answers
//   `{token, product, status: SUCCESS|FAIL, error}`. Successful logins are limited to 100 a minute.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** Where and how to reach Betfair over HTTPS. */
export interface BettingEndpoints {
  /** The Betting API's REST base, ending in `/`. @defaultValue `https://api.betfair.com/exchange/betting/rest/v1.0/` */
  readonly bettingUrl: string;
  /** The identity service's base, ending in `/`. @defaultValue `https://identitysso.betfair.com/api/` */
  readonly identityUrl: string;
  /** Extra certificate authorities to trust (a local fake's). */
  readonly ca?: string | undefined;
  /** How long one request may take, ms. */
  readonly timeoutMs: number;
}

/** A request Betfair answered with an error, or that failed on the way. `code` is Betfair's error code when it gave one. */
export class BetfairHttpError extends Error {
  override readonly name = 'BetfairHttpError';
  constructor(
    readonly operation: string,
    readonly status: number | null,
    readonly code: string | null,
  ) {
    super(`${operation}: ${code ?? (status === null ? 'no answer' : `HTTP ${status}`)}`);
  }
}

async function post(
  endpoints: BettingEndpoints,
  operation: string,
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; json: unknown }> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      {
        method: 'POST',
        headers: { ...headers, accept: 'application/json', 'content-length': String(Buffer.byteLength(body)) },
        timeout: endpoints.timeoutMs,
        ...(endpoints.ca === undefined ? {} : { ca: endpoints.ca }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          let json: unknown;
          try {
            json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            json = null; // not JSON: the caller reports the HTTP status
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
        res.on('error', () => reject(new BetfairHttpError(operation, null, null)));
      },
    );
    req.on('timeout', () => req.destroy());
    // The error's message names only the operation: never the URL's query, a header or the body.
    req.on('error', () => reject(new BetfairHttpError(operation, null, null)));
    req.end(body);
  });
}

const field = (v: unknown, key: string): unknown => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[key] : undefined);

/** The Betting API's error code in an error body, when it has one. */
function apingErrorCode(json: unknown): string | null {
  const code = field(field(field(json, 'detail'), 'APINGException'), 'errorCode');
  return typeof code === 'string' ? code : null;
}

/** The Betting API's market filter (only the fields this provider sets). */
export interface CatalogueFilter {
  readonly eventTypeIds: readonly string[];
  readonly marketTypeCodes: readonly string[];
  readonly marketCountries?: readonly string[];
  readonly marketStartTime?: { readonly from: string; readonly to: string };
}

/** One market of listMarketCatalogue's answer (the fields the projections above return). */
export interface MarketCatalogue {
  readonly marketId: string;
  readonly marketName: string;
  readonly marketStartTime?: string;
  readonly eventType?: { readonly id: string; readonly name: string };
  readonly competition?: { readonly id: string; readonly name: string };
  readonly event?: {
    readonly id: string;
    readonly name: string;
    readonly countryCode?: string;
    readonly venue?: string;
    readonly openDate?: string;
  };
  readonly runners?: readonly {
    readonly selectionId: number;
    readonly runnerName: string;
    readonly handicap?: number;
    readonly sortPriority?: number;
  }[];
}

/** The projections asked for: names of the event, its competition and the runners, and the start time. */
export const CATALOGUE_PROJECTION = ['EVENT', 'EVENT_TYPE', 'COMPETITION', 'MARKET_START_TIME', 'RUNNER_DESCRIPTION'] as const;

/** The most markets one listMarketCatalogue call returns (Betfair's limit). */
export const CATALOGUE_MAX_RESULTS = 1000;

function isCatalogue(v: unknown): v is MarketCatalogue {
  return typeof field(v, 'marketId') === 'string' && typeof field(v, 'marketName') === 'string';
}

/** Calls listMarketCatalogue; throws BetfairHttpError when refused. Malformed entries are dropped and counted. */
export async function listMarketCatalogue(
  endpoints: BettingEndpoints,
  credentials: { readonly appKey: string; readonly session: string },
  filter: CatalogueFilter,
): Promise<{ markets: MarketCatalogue[]; malformed: number }> {
  const body = JSON.stringify({
    filter,
    marketProjection: CATALOGUE_PROJECTION,
    sort: 'FIRST_TO_START',
    maxResults: CATALOGUE_MAX_RESULTS,
  });
  const { status, json } = await post(
    endpoints,
    'listMarketCatalogue',
    `${endpoints.bettingUrl}listMarketCatalogue/`,
    { 'content-type': 'application/json', 'x-application': credentials.appKey, 'x-authentication': credentials.session },
    body,
  );
  if (status !== 200 || !Array.isArray(json)) throw new BetfairHttpError('listMarketCatalogue', status, apingErrorCode(json));
  const markets = json.filter(isCatalogue);
  return { markets, malformed: json.length - markets.length };
}

/** The identity service's answer to login and keep-alive. */
interface IdentityAnswer {
  readonly token?: string;
  readonly status?: string;
  readonly error?: string;
}

function identity(operation: string, status: number, json: unknown): IdentityAnswer {
  const answer = (typeof json === 'object' && json !== null ? json : {}) as IdentityAnswer;
  if (status !== 200 || answer.status !== 'SUCCESS' || typeof answer.token !== 'string' || answer.token === '')
    throw new BetfairHttpError(operation, status, typeof answer.error === 'string' && answer.error !== '' ? answer.error : null);
  return answer;
}

/** Logs in with a username and password (the identity service's interactive API login); returns the session token. */
export async function login(endpoints: BettingEndpoints, appKey: string, username: string, password: string): Promise<string> {
  const body = new URLSearchParams({ username, password }).toString();
  const { status, json } = await post(
    endpoints,
    'login',
    `${endpoints.identityUrl}login`,
    { 'content-type': 'application/x-www-form-urlencoded', 'x-application': appKey },
    body,
  );
  return identity('login', status, json).token as string;
}

/** Extends a session (keep-alive); returns the token to use from now on. */
export async function keepAlive(endpoints: BettingEndpoints, appKey: string, session: string): Promise<string> {
  const { status, json } = await post(
    endpoints,
    'keepAlive',
    `${endpoints.identityUrl}keepAlive`,
    { 'x-application': appKey, 'x-authentication': session },
    '',
  );
  return identity('keepAlive', status, json).token as string;
}
