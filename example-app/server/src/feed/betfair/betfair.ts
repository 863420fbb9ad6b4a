// Betfair's exchange as an OddsProvider: live best back and lay prices with their liquidity from the
// Exchange Stream API (stream.ts), named by the Betting API's listMarketCatalogue (betting.ts),
// mapped onto the provider model (map.ts). The catalogue decides what streams: the stream subscribes
// by the market ids it listed (from 6 hours ago to `catalogueHorizonMs` ahead, earliest first, at
// most `maxMarkets`), and subscribes again whenever a catalogue read changes that set, so every
// streamed market has its names. Authentication is an app key plus either a session token
// (BETFAIR_SESSION_TOKEN, made by any Betfair login) or a username and password for the identity
// service's API login; the session is kept alive on a timer. The book goes to `onBook` at most
// every `emitIntervalMs`, never per message and never half way through a segmented change.
import { MatchkitValidationError, type ValidationIssue } from '@matchkit/sdk/errors';
import type { OddsProvider, ProviderBook, ProviderHealth } from '../provider';
import { BetfairHttpError, keepAlive, listMarketCatalogue, login, type BettingEndpoints, type MarketCatalogue } from './betting';
import { createMarketCache } from './cache';
import { BETFAIR, toProviderBook } from './map';
import { createBetfairStream, systemTimers, type StreamState, type Timers } from './stream';

/** Options of {@link createBetfairProvider}. */
export interface BetfairProviderOptions {
  /** The application key (BETFAIR_APP_KEY). Live data needs a live key enabled for streaming. */
  readonly appKey: string;
  /** A session token from a Betfair login (BETFAIR_SESSION_TOKEN); or give `username` and `password`. */
  readonly sessionToken?: string | undefined;
  /** For the identity service's API login (BETFAIR_USERNAME, BETFAIR_PASSWORD), when no session token is given. */
  readonly username?: string | undefined;
  readonly password?: string | undefined;
  /** Betfair event type ids to subscribe to. @defaultValue ['1', '7'] (football, horse racing) */
  readonly eventTypeIds?: readonly string[];
  /** Betfair market types. @defaultValue ['MATCH_ODDS', 'WIN', 'PLACE'] */
  readonly marketTypes?: readonly string[];
  /** Country codes of the markets. @defaultValue ['GB', 'IE'] */
  readonly countryCodes?: readonly string[];
  /** The stream's host. @defaultValue 'stream-api.betfair.com' */
  readonly streamHost?: string;
  /** The stream's port. @defaultValue 443 */
  readonly streamPort?: number;
  /** The Betting API's REST base URL. @defaultValue 'https://api.betfair.com/exchange/betting/rest/v1.0/' */
  readonly bettingUrl?: string;
  /** The identity service's base URL. @defaultValue 'https://identitysso.betfair.com/api/' */
  readonly identityUrl?: string;
  /** Extra certificate authorities to trust, PEM (a local fake's). */
  readonly ca?: string | undefined;
  /** Commission to report, a fraction; absent: each market's own base rate (5% on sports markets). */
  readonly commission?: number | undefined;
  /** Whether in-play markets keep their prices. @defaultValue false */
  readonly inPlay?: boolean;
  /** The heartbeat asked of the stream, ms (Betfair accepts 500 to 5000). @defaultValue 5000 */
  readonly heartbeatMs?: number;
  /** Heartbeats of silence after which the connection is treated as dead. @defaultValue 3 */
  readonly silenceHeartbeats?: number;
  /** The conflation asked of the stream, ms (0: none). @defaultValue 0 */
  readonly conflateMs?: number;
  /** The shortest time between two books given to `onBook`, ms. @defaultValue 250 */
  readonly emitIntervalMs?: number;
  /** While only heartbeats arrive, the same book is given to `onBook` again this often, ms. @defaultValue 30000 */
  readonly quietBookMs?: number;
  /** First and longest wait before reconnecting, ms. @defaultValue { initialMs: 1000, maxMs: 60000 } */
  readonly backoff?: { readonly initialMs: number; readonly maxMs: number };
  /** Reconnecting for longer than this turns the health from degraded to down, ms. @defaultValue 60000 */
  readonly downAfterMs?: number;
  /** How often the catalogue is read again for new markets, ms. @defaultValue 300000 */
  readonly catalogueRefreshMs?: number;
  /** How far ahead the catalogue looks, ms (The Odds API provider's horizon too). @defaultValue 172800000 (48 hours) */
  readonly catalogueHorizonMs?: number;
  /** The most markets subscribed to, earliest first (Betfair's stream limits an account's markets). @defaultValue 200 */
  readonly maxMarkets?: number;
  /** After Betfair refuses the subscription as over the account's market limit, the wait before trying again, ms. @defaultValue 900000 (15 minutes) */
  readonly limitRetryMs?: number;
  /** How often the session is kept alive, ms. @defaultValue 3600000 (an hour) */
  readonly keepAliveMs?: number;
  /** How long one HTTPS request may take, ms. @defaultValue 10000 */
  readonly requestTimeoutMs?: number;
  /** Timers and the clock. @defaultValue the system's */
  readonly timers?: Timers;
  /** Plain-language log lines; never given a key, token or password. */
  readonly log?: (level: 'info' | 'warn', message: string) => void;
}

const KNOWN = new Set([
  'appKey',
  'sessionToken',
  'username',
  'password',
  'eventTypeIds',
  'marketTypes',
  'countryCodes',
  'streamHost',
  'streamPort',
  'bettingUrl',
  'identityUrl',
  'ca',
  'commission',
  'inPlay',
  'heartbeatMs',
  'silenceHeartbeats',
  'conflateMs',
  'emitIntervalMs',
  'quietBookMs',
  'backoff',
  'downAfterMs',
  'catalogueRefreshMs',
  'catalogueHorizonMs',
  'maxMarkets',
  'limitRetryMs',
  'keepAliveMs',
  'requestTimeoutMs',
  'timers',
  'log',
]);

function whole(issues: ValidationIssue[], path: string, value: unknown, min: number, max: number): void {
  if (typeof value !== 'number' || !Number.isInteger(value)) issues.push({ path, message: 'must be a whole number' });
  else if (value < min || value > max) issues.push({ path, message: `must be between ${min} and ${max}` });
}

function texts(issues: ValidationIssue[], path: string, value: unknown): void {
  if (!Array.isArray(value) || value.length === 0 || !value.every((v) => typeof v === 'string' && v !== ''))
    issues.push({ path, message: 'must be a non-empty list of non-empty strings' });
}

function validate(o: BetfairProviderOptions): void {
  const issues: ValidationIssue[] = [];
  for (const k of Object.keys(o)) if (!KNOWN.has(k)) issues.push({ path: k, message: 'unknown option' });
  if (typeof o.appKey !== 'string' || o.appKey === '') issues.push({ path: 'appKey', message: 'is required' });
  const hasSession = typeof o.sessionToken === 'string' && o.sessionToken !== '';
  const hasLogin = typeof o.username === 'string' && o.username !== '' && typeof o.password === 'string' && o.password !== '';
  if (!hasSession && !hasLogin) issues.push({ path: 'sessionToken', message: 'is required unless username and password are given' });
  for (const k of ['eventTypeIds', 'marketTypes', 'countryCodes'] as const) if (o[k] !== undefined) texts(issues, k, o[k]);
  if (o.streamHost !== undefined && (typeof o.streamHost !== 'string' || o.streamHost === ''))
    issues.push({ path: 'streamHost', message: 'must be a host name' });
  if (o.streamPort !== undefined) whole(issues, 'streamPort', o.streamPort, 1, 65535);
  for (const k of ['bettingUrl', 'identityUrl'] as const) {
    const url = o[k];
    if (url !== undefined && (typeof url !== 'string' || !/^https?:\/\/[^/]+\/(.*\/)?$/.test(url)))
      issues.push({ path: k, message: 'must be an http(s) URL ending in /' });
  }
  if (o.commission !== undefined && (typeof o.commission !== 'number' || !(o.commission >= 0 && o.commission < 1)))
    issues.push({ path: 'commission', message: 'must be a fraction in [0, 1)' });
  if (o.heartbeatMs !== undefined) whole(issues, 'heartbeatMs', o.heartbeatMs, 1, 30_000);
  if (o.silenceHeartbeats !== undefined) whole(issues, 'silenceHeartbeats', o.silenceHeartbeats, 2, 20);
  if (o.conflateMs !== undefined) whole(issues, 'conflateMs', o.conflateMs, 0, 120_000);
  if (o.emitIntervalMs !== undefined) whole(issues, 'emitIntervalMs', o.emitIntervalMs, 0, 60_000);
  if (o.quietBookMs !== undefined) whole(issues, 'quietBookMs', o.quietBookMs, 1, 3_600_000);
  if (o.backoff !== undefined) {
    whole(issues, 'backoff.initialMs', o.backoff.initialMs, 1, 3_600_000);
    whole(issues, 'backoff.maxMs', o.backoff.maxMs, o.backoff.initialMs, 3_600_000);
  }
  if (o.downAfterMs !== undefined) whole(issues, 'downAfterMs', o.downAfterMs, 1, 86_400_000);
  if (o.catalogueRefreshMs !== undefined) whole(issues, 'catalogueRefreshMs', o.catalogueRefreshMs, 1000, 86_400_000);
  if (o.catalogueHorizonMs !== undefined) whole(issues, 'catalogueHorizonMs', o.catalogueHorizonMs, 60_000, 30 * 86_400_000);
  if (o.maxMarkets !== undefined) whole(issues, 'maxMarkets', o.maxMarkets, 1, 10_000);
  if (o.limitRetryMs !== undefined) whole(issues, 'limitRetryMs', o.limitRetryMs, 1000, 86_400_000);
  if (o.keepAliveMs !== undefined) whole(issues, 'keepAliveMs', o.keepAliveMs, 1000, 12 * 3_600_000);
  if (o.requestTimeoutMs !== undefined) whole(issues, 'requestTimeoutMs', o.requestTimeoutMs, 1, 120_000);
  if (issues.length > 0) throw new MatchkitValidationError('betfair provider options', issues);
}

/** Betting API error codes refusing the credentials themselves, in plain words. */
const CREDENTIALS_REFUSED: Readonly<Record<string, string>> = {
  INVALID_SESSION_INFORMATION: 'Betfair refused the session: it has expired or is not valid',
  NO_SESSION: 'Betfair refused the session: it has expired or is not valid',
  INVALID_APP_KEY: 'Betfair refused the app key: it is not valid',
  NO_APP_KEY: 'Betfair refused the app key: none was sent',
};

/** Whether a Betting API error says the session is no longer valid (a new login may help). */
const sessionRefused = (error: unknown): boolean =>
  error instanceof BetfairHttpError && (error.code === 'INVALID_SESSION_INFORMATION' || error.code === 'NO_SESSION');

const UNAVAILABLE = { kind: 'unavailable' } as const;
const RECONNECTING = { kind: 'reconnecting' } as const;

/** "10 minutes", "1 hour 30 minutes", "45 seconds": a wait in plain words. */
function plainWait(ms: number): string {
  if (ms < 60_000) return `${Math.round(ms / 1000)} seconds`;
  const minutes = Math.round(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const m = rest === 1 ? '1 minute' : `${rest} minutes`;
  if (hours === 0) return m;
  const h = hours === 1 ? '1 hour' : `${hours} hours`;
  return rest === 0 ? h : `${h} ${m}`;
}

/**
 * Betfair's exchange as an odds provider. Validates its options at once (a MatchkitValidationError
 * naming each bad field); connects nothing until `start`.
 */
export function createBetfairProvider(options: BetfairProviderOptions): OddsProvider {
  validate(options);
  const timers = options.timers ?? systemTimers;
  const log = options.log ?? (() => undefined);
  const emitIntervalMs = options.emitIntervalMs ?? 250;
  const downAfterMs = options.downAfterMs ?? 60_000;
  const quietBookMs = options.quietBookMs ?? 30_000;
  const endpoints: BettingEndpoints = {
    bettingUrl: options.bettingUrl ?? 'https://api.betfair.com/exchange/betting/rest/v1.0/',
    identityUrl: options.identityUrl ?? 'https://identitysso.betfair.com/api/',
    ca: options.ca,
    timeoutMs: options.requestTimeoutMs ?? 10_000,
  };
  const eventTypeIds = options.eventTypeIds ?? ['1', '7'];
  const marketTypes = options.marketTypes ?? ['MATCH_ODDS', 'WIN', 'PLACE'];
  const countryCodes = options.countryCodes ?? ['GB', 'IE'];
  const mapOptions = { commission: options.commission, inPlay: options.inPlay ?? false };
  const horizonMs = options.catalogueHorizonMs ?? 172_800_000;
  const maxMarkets = options.maxMarkets ?? 200;
  const backoff = options.backoff ?? { initialMs: 1000, maxMs: 60_000 };

  const cache = createMarketCache();
  let session = options.sessionToken ?? '';
  let catalogue = new Map<string, MarketCatalogue>();
  let onBook: ((book: ProviderBook) => void) | null = null;
  let running = false;
  let streamState: StreamState = { kind: 'connecting' };
  let sessionDetail: string | null = null;
  let catalogueDetail: string | null = null;
  /** Set when the catalogue refused the credentials before the stream could start (nothing will stream). */
  let refusedDetail: string | null = null;
  let counts = { requests: 0, messages: 0, errors: 0 };
  let lastBookAt: number | null = null;
  let lagMs: number | null = null;
  let late = false;
  let subscribed = false;
  let lastEmit = -Infinity;
  let emitTimer: unknown = null;
  let catalogueTimer: unknown = null;
  let keepAliveTimer: unknown = null;
  let catalogueInFlight: Promise<void> | null = null;
  /** Catalogue reads failed in a row. */
  let catalogueFailures = 0;
  let renewing: Promise<boolean> | null = null;
  /** The market ids subscribed to (the catalogue's latest set); empty until a catalogue lists one. */
  let marketIds: readonly string[] = [];
  let streamStarted = false;
  const pending = new Set<Promise<unknown>>();

  /** Keeps a promise in `pending`, which `stop()` waits to empty. */
  const hold = <T>(p: Promise<T>): Promise<T> => {
    pending.add(p);
    void p.then(
      () => pending.delete(p),
      () => pending.delete(p),
    );
    return p;
  };

  /** Runs an HTTP call, counting it; `stop()` waits for those still running. */
  const track = <T>(call: () => Promise<T>): Promise<T> => {
    counts.requests += 1;
    return hold(call());
  };

  const httpDetail = (what: string, error: unknown): string =>
    error instanceof BetfairHttpError && error.code !== null ? `${what} (${error.code})` : what;

  /** Logs in again (one login at a time, however many callers ask); false without a username or once stopped. */
  function renewSession(): Promise<boolean> {
    renewing ??= logIn().finally(() => {
      renewing = null;
    });
    return renewing;
  }

  async function logIn(): Promise<boolean> {
    if (options.username === undefined || options.password === undefined || !running) return false;
    try {
      session = await track(() => login(endpoints, options.appKey, options.username ?? '', options.password ?? ''));
      sessionDetail = null;
      log('info', 'Betfair login succeeded');
      return true;
    } catch (error) {
      counts.errors += 1;
      sessionDetail = httpDetail('Betfair login was refused', error);
      log('warn', sessionDetail);
      return false;
    }
  }

  function scheduleKeepAlive(): void {
    keepAliveTimer = timers.setTimeout(() => {
      keepAliveTimer = null;
      // The whole chain is held, a login after a failed keep-alive included: stop() waits for it.
      void hold(
        track(() => keepAlive(endpoints, options.appKey, session))
          .then(
            (token) => {
              session = token;
              sessionDetail = null;
            },
            async (error: unknown) => {
              counts.errors += 1;
              log('warn', httpDetail('Betfair session keep-alive failed', error));
              if (!running) return;
              if (!(await renewSession())) sessionDetail ??= httpDetail('The Betfair session could not be kept alive', error);
            },
          )
          .finally(() => {
            if (running) scheduleKeepAlive();
          }),
      );
    }, options.keepAliveMs ?? 3_600_000);
  }

  const readCatalogue = (): ReturnType<typeof listMarketCatalogue> => {
    const from = timers.now();
    return track(() =>
      listMarketCatalogue(
        endpoints,
        { appKey: options.appKey, session },
        {
          eventTypeIds,
          marketTypeCodes: marketTypes,
          marketCountries: countryCodes,
          marketStartTime: { from: new Date(from - 6 * 3_600_000).toISOString(), to: new Date(from + horizonMs).toISOString() },
        },
      ),
    );
  };

  /** The markets to stream: those listed, earliest first, at most `maxMarkets`. */
  function subscribeTo(markets: readonly MarketCatalogue[]): void {
    const startsAt = (m: MarketCatalogue): number => Date.parse(m.marketStartTime ?? '') || Infinity;
    const next = [...markets]
      .sort((a, b) => startsAt(a) - startsAt(b))
      .slice(0, maxMarkets)
      .map((m) => m.marketId);
    // No market listed: keep what streams (an empty marketIds filter is never sent).
    // The same set in another order (a start time moved) needs no new subscription and full image.
    const current = new Set(marketIds);
    if (next.length === 0 || (next.length === current.size && next.every((id) => current.has(id)))) return;
    marketIds = next;
    if (!running) return;
    if (streamStarted) stream.resubscribe();
    else {
      streamStarted = true;
      stream.start();
    }
  }

  function refreshCatalogue(): Promise<void> {
    if (catalogueInFlight !== null) return catalogueInFlight;
    const run = async (): Promise<void> => {
      let answer;
      try {
        try {
          answer = await readCatalogue();
        } catch (error) {
          // A session refused here is refused on the stream's next connection too: log in again now.
          if (!sessionRefused(error) || !(await renewSession()) || !running) throw error;
          answer = await readCatalogue();
        }
      } catch (error) {
        counts.errors += 1;
        catalogueFailures += 1;
        catalogueDetail = httpDetail('Betfair market names could not be read', error);
        const code = error instanceof BetfairHttpError ? (error.code ?? '') : '';
        if (!streamStarted && CREDENTIALS_REFUSED[code] !== undefined) refusedDetail = CREDENTIALS_REFUSED[code];
        log('warn', catalogueDetail);
        return;
      }
      const { markets, malformed } = answer;
      if (malformed > 0) counts.errors += 1;
      // Names never vanish while a market is still streaming: merge, then drop what no longer streams.
      const next = new Map(catalogue);
      for (const m of markets) next.set(m.marketId, m);
      const streaming = cache.markets();
      const listed = new Set(markets.map((m) => m.marketId));
      for (const id of next.keys()) if (!streaming.has(id) && !listed.has(id)) next.delete(id);
      catalogue = next;
      catalogueFailures = 0;
      refusedDetail = null;
      catalogueDetail = markets.length === 0 && !streamStarted ? 'Betfair lists no markets to stream yet' : null;
      subscribeTo(markets);
      scheduleEmit();
    };
    catalogueInFlight = run().finally(() => {
      catalogueInFlight = null;
    });
    return catalogueInFlight;
  }

  /** The next catalogue read: at the refresh interval, or after the backoff while a failed read keeps anything from streaming. */
  function scheduleCatalogue(): void {
    const failing = catalogueFailures > 0 && !streamStarted && refusedDetail === null;
    const delay = failing
      ? Math.min(backoff.maxMs, backoff.initialMs * 2 ** (catalogueFailures - 1))
      : (options.catalogueRefreshMs ?? 300_000);
    catalogueTimer = timers.setTimeout(() => {
      catalogueTimer = null;
      void refreshCatalogue().finally(() => {
        if (running) scheduleCatalogue();
      });
    }, delay);
  }

  function emit(): void {
    emitTimer = null;
    if (!running || onBook === null || !subscribed) return; // nothing to tell before the first image
    if (stream.inSegment) return; // the segment's end schedules the next emit
    lastEmit = timers.now();
    const { book } = toProviderBook(cache.markets(), catalogue, mapOptions);
    lastBookAt = lastEmit;
    onBook(book);
  }

  function scheduleEmit(): void {
    if (emitTimer !== null || !running) return;
    emitTimer = timers.setTimeout(emit, Math.max(0, lastEmit + emitIntervalMs - timers.now()));
  }

  const stream = createBetfairStream({
    host: options.streamHost ?? 'stream-api.betfair.com',
    port: options.streamPort ?? 443,
    ca: options.ca,
    credentials: () => ({ appKey: options.appKey, session }),
    subscription: () => ({
      marketFilter: { marketIds },
      marketDataFilter: { fields: ['EX_BEST_OFFERS', 'EX_MARKET_DEF'], ladderLevels: 1 },
      heartbeatMs: options.heartbeatMs ?? 5000,
      conflateMs: options.conflateMs ?? 0,
      segmentationEnabled: true,
    }),
    silenceHeartbeats: options.silenceHeartbeats ?? 3,
    backoff,
    limitRetryMs: options.limitRetryMs ?? 900_000,
    cache,
    timers,
    onChange: (message, changed) => {
      if (message.ct !== 'HEARTBEAT') lagMs = Math.max(0, timers.now() - message.pt);
      // status 503: the exchange's own services are late, so the stream's prices may be too.
      late = message.status === 503;
      if (changed || (!stream.inSegment && message.segmentType === 'SEG_END')) scheduleEmit();
      // A quiet market sends only heartbeats: the same book again now and then tells the feed that
      // the provider is alive (it reports a provider that delivers nothing for its stale age down).
      else if (message.ct === 'HEARTBEAT' && timers.now() - lastEmit >= quietBookMs) scheduleEmit();
    },
    onState: (state) => {
      streamState = state;
      if (state.kind === 'live') subscribed = true;
      // A live stream after a gap: publish what the resubscription brought even if nothing changed.
      if (state.kind === 'live') scheduleEmit();
    },
    renewSession,
    count: (what) => {
      if (what === 'message') counts.messages += 1;
      else counts.errors += 1;
    },
    log,
  });

  function health(): ProviderHealth {
    const base = { provider: BETFAIR, lastBookAt, ...counts, quotaRemaining: null, lagMs };
    const now = timers.now();
    switch (streamState.kind) {
      case 'refused':
        return { ...base, state: 'down', detail: sessionDetail ?? streamState.detail, reason: UNAVAILABLE };
      case 'limited': {
        const left = streamState.retryAt - now;
        const detail = `${streamState.detail}; trying again ${left > 0 ? `in ${plainWait(left)}` : 'now'}`;
        return { ...base, state: 'down', detail, reason: { kind: 'unavailable', until: streamState.retryAt } };
      }
      case 'reconnecting':
        // Reconnecting for too long is down (its prices are hidden), but still reconnecting.
        return now - streamState.since > downAfterMs
          ? {
              ...base,
              state: 'down',
              detail: `${streamState.detail}; no prices for over ${Math.round(downAfterMs / 1000)} s`,
              reason: RECONNECTING,
            }
          : { ...base, state: 'degraded', detail: streamState.detail, reason: RECONNECTING };
      case 'stopped':
        return { ...base, state: 'down', detail: 'Betfair is stopped', reason: UNAVAILABLE };
      case 'connecting':
        if (refusedDetail !== null) return { ...base, state: 'down', detail: sessionDetail ?? refusedDetail, reason: UNAVAILABLE };
        // No stream yet (a first connection, a login, the names it waits for): reconnecting,
        // whatever held it up, never "incomplete" (nothing streams).
        return lastBookAt === null
          ? { ...base, state: 'starting', detail: sessionDetail ?? catalogueDetail ?? 'Connecting to Betfair', reason: null }
          : { ...base, state: 'degraded', detail: sessionDetail ?? catalogueDetail ?? 'Connecting to Betfair', reason: RECONNECTING };
      case 'live': {
        if (lastBookAt === null) return { ...base, state: 'starting', detail: 'Waiting for the first Betfair prices', reason: null };
        // A session being renewed under a live stream: the next connection depends on it.
        if (sessionDetail !== null) return { ...base, state: 'degraded', detail: sessionDetail, reason: RECONNECTING };
        if (late) return { ...base, state: 'degraded', detail: 'Betfair says its prices are running late', reason: { kind: 'late' } };
        if (catalogueDetail !== null) return { ...base, state: 'degraded', detail: catalogueDetail, reason: { kind: 'incomplete' } };
        return { ...base, state: 'live', detail: null, reason: null };
      }
    }
  }

  return {
    id: BETFAIR,
    start(listener) {
      if (running) throw new Error('the Betfair provider is already started');
      running = true;
      onBook = listener;
      marketIds = [];
      refusedDetail = null;
      catalogueFailures = 0;
      counts = { requests: 0, messages: 0, errors: 0 };
      const begin = async (): Promise<void> => {
        if (session === '' && !(await renewSession())) {
          streamState = { kind: 'refused', detail: sessionDetail ?? 'Betfair login was refused' };
          return;
        }
        if (!running) return;
        // The stream starts once the catalogue has listed a market to subscribe to.
        scheduleKeepAlive();
        await refreshCatalogue();
        if (running) scheduleCatalogue();
      };
      void hold(begin());
    },
    async stop() {
      running = false;
      onBook = null;
      for (const t of [emitTimer, catalogueTimer, keepAliveTimer]) if (t !== null) timers.clearTimeout(t);
      emitTimer = catalogueTimer = keepAliveTimer = null;
      await stream.stop();
      // A call that ends may start another (a keep-alive's login): wait until none is left.
      while (pending.size > 0) await Promise.allSettled([...pending]);
      streamStarted = false;
    },
    health,
  };
}
