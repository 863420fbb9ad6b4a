import { ANALYTICS } from '../brands/common';
import type { Brand } from '../brands/schema';
import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';
import { defaultLogger, defaultTimers, type Logger, type StoreTimers } from '../internal/platform';
import { createStore, type ReadableStore } from '../internal/store';
import { isInt, isRecord } from './guards';
import { recordedUrl, redactHeaders, type CapturedRequest, type NetworkCaptureOptions } from './network';
import type { QueueOverflow } from './queue';
import type { Engine, Resolved } from './runtime';
import type { Campaign, SessionOptions } from './session';
import { createMemoryStorage, readStorage, type KeyValueStorage } from './storage';

/**
 * The messages analytics logs for misuse, so apps and tests can recognise them.
 *
 * @example
 * ```ts
 * import { ANALYTICS_MESSAGES } from '@matchkit/sdk/analytics';
 * ANALYTICS_MESSAGES.keyNotSet; // 'analytics key is not set: ...'
 * ```
 */
export const ANALYTICS_MESSAGES = Object.freeze({
  /** Logged (as an error) by `init` without an API key; nothing is recorded or sent afterwards. */
  keyNotSet: 'analytics key is not set: analytics events will not be recorded or sent',
  /** Logged (as an error) by a call that records or uploads (`flush`) before `init` was called; the call is ignored. */
  notInitialised: 'analytics is used before initialisation: call init({ apiKey }) first; this call was ignored',
  /** Logged (as a warning) by a second `init`. */
  alreadyInitialised: 'analytics is already initialised: this init call was ignored',
});

/**
 * The lifecycle of an analytics instance: `uninitialised` until `init`; `initialising` while the
 * queue and session are read back from storage (calls are buffered meanwhile); `ready`;
 * `disabled` after `init` without a key; `shut-down` after `shutdown()`.
 *
 * @example
 * ```ts
 * import type { AnalyticsStatus } from '@matchkit/sdk/analytics';
 * const s: AnalyticsStatus = 'ready';
 * ```
 */
export type AnalyticsStatus = 'uninitialised' | 'initialising' | 'ready' | 'disabled' | 'shut-down';

/**
 * The snapshot of an analytics instance (the same object until something changes).
 *
 * @example
 * ```ts
 * import type { AnalyticsState } from '@matchkit/sdk/analytics';
 * const backlog = (s: AnalyticsState) => (s.status === 'ready' ? s.queued : 0);
 * ```
 */
export interface AnalyticsState {
  /** Where the instance is in its lifecycle. */
  readonly status: AnalyticsStatus;
  /** Events waiting to be uploaded (persisted). */
  readonly queued: number;
  /** Events dropped because the queue was full. */
  readonly dropped: number;
  /** True while an upload run is going on. */
  readonly sending: boolean;
  /** The current session's id (its start time, epoch ms), `null` before the first event. */
  readonly sessionId: number | null;
  /** The device id sent with every event, `null` before `init`. */
  readonly deviceId: string | null;
  /** The member's id, `null` when signed out. */
  readonly userId: string | null;
  /** The last failed upload attempt, cleared by the next success. */
  readonly lastUploadError: {
    /** The HTTP status, `null` for a network failure. */
    readonly status: number | null;
    /** When it happened, epoch ms. */
    readonly at: number;
  } | null;
}

/**
 * The response a {@link AnalyticsFetch} resolves to (a `Response` fits).
 *
 * @example
 * ```ts
 * import type { AnalyticsFetchResponse } from '@matchkit/sdk/analytics';
 * const r: AnalyticsFetchResponse = new Response('{}', { status: 200 });
 * ```
 */
export interface AnalyticsFetchResponse {
  /** The HTTP status. */
  readonly status: number;
  /** The response headers (only `get` is used). */
  readonly headers: {
    /** A header's value, `null` when absent. */
    get(name: string): string | null;
  };
  /** The body as text. */
  text(): Promise<string>;
}

/**
 * The part of `fetch` the uploader uses (the global `fetch` fits).
 *
 * @example
 * ```ts
 * import type { AnalyticsFetch } from '@matchkit/sdk/analytics';
 * const viaGlobal: AnalyticsFetch = (url, init) => fetch(url, init);
 * ```
 */
export type AnalyticsFetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string; keepalive?: boolean },
) => Promise<AnalyticsFetchResponse>;

/**
 * The platform an analytics instance runs on, all injectable. Defaults are read when `init` runs,
 * never at import.
 *
 * @example
 * ```ts
 * import { createAnalytics, createMemoryStorage, type AnalyticsPlatform } from '@matchkit/sdk/analytics';
 * const platform: AnalyticsPlatform = { storage: createMemoryStorage(), now: () => Date.now() };
 * const analytics = createAnalytics(platform);
 * ```
 */
export interface AnalyticsPlatform {
  /**
   * A catalogue (from `getBrand` or `defineBrand`) whose `analytics` section gives the defaults
   * (session timeout, click wait, capture range, queue cap). Only that section is read, so
   * analytics does not bundle the catalogues.
   * @defaultValue the reference catalogues' shared values: 30 min, 500 ms, 500-599, 65536
   */
  readonly brand?: Pick<Brand, 'analytics'> | undefined;
  /** Sends uploads. @defaultValue the global `fetch` */
  readonly fetch?: AnalyticsFetch | undefined;
  /**
   * Persists the queue, the session and the device id. `null` keeps them in memory only.
   * @defaultValue `globalThis.localStorage` when it exists and works, else memory
   */
  readonly storage?: KeyValueStorage | null | undefined;
  /** The clock, epoch ms. @defaultValue `Date.now` */
  readonly now?: (() => number) | undefined;
  /** StoreTimers for flush intervals, retry backoff and the click wait. @defaultValue the globals */
  readonly timers?: StoreTimers | undefined;
  /** Random numbers in [0, 1) for backoff jitter. @defaultValue `Math.random` */
  readonly random?: (() => number) | undefined;
  /** Makes device ids and `insert_id`s. @defaultValue `crypto.randomUUID` */
  readonly randomId?: (() => string) | undefined;
  /** Where problems are logged. @defaultValue the global console */
  readonly logger?: Logger | undefined;
}

/**
 * How events are uploaded.
 *
 * @example
 * ```ts
 * import type { UploadOptions } from '@matchkit/sdk/analytics';
 * const oneByOne: UploadOptions = { mode: 'single' }; // POST https://api2.amplitude.com/2/httpapi per event
 * const batches: UploadOptions = { mode: 'batch', url: 'https://api.eu.amplitude.com/batch', batchSize: 200 };
 * ```
 */
export interface UploadOptions {
  /**
   * `'batch'`: up to `batchSize` events per request to a batch endpoint (Amplitude's Batch Event
   * Upload API); `'single'`: one event per request to a standard HTTP ingestion endpoint
   * (Amplitude's HTTP V2 API). @defaultValue `'batch'`
   */
  readonly mode?: 'batch' | 'single' | undefined;
  /** The endpoint. @defaultValue `https://api2.amplitude.com/batch`, or `https://api2.amplitude.com/2/httpapi` for `'single'` */
  readonly url?: string | undefined;
  /** Events per request in `'batch'` mode, 1 to 2000. @defaultValue 100 */
  readonly batchSize?: number | undefined;
  /** How long after an event the queue is flushed, ms (a full batch flushes at once). @defaultValue 1000 */
  readonly flushIntervalMs?: number | undefined;
  /** Attempts per batch within one flush before the run stops (events stay queued). @defaultValue 10 */
  readonly maxAttempts?: number | undefined;
  /** The first retry delay, ms. @defaultValue 1000 */
  readonly baseDelayMs?: number | undefined;
  /** The largest computed retry delay, ms. @defaultValue 60000 */
  readonly maxDelayMs?: number | undefined;
  /** The least delay after a 429 without `Retry-After`, ms (Amplitude asks for 30 s). @defaultValue 30000 */
  readonly throttleDelayMs?: number | undefined;
  /** Sent as `options.min_id_length` when set (Amplitude's minimum id length is 5). */
  readonly minIdLength?: number | undefined;
}

/**
 * Options of `init`.
 *
 * @example
 * ```ts
 * import type { AnalyticsInitOptions } from '@matchkit/sdk/analytics';
 * const options: AnalyticsInitOptions = {
 *   apiKey: 'YOUR_API_KEY',
 *   session: { newSessionOnNewCampaign: true },
 *   upload: { mode: 'batch' },
 * };
 * ```
 */
export interface AnalyticsInitOptions {
  /** The project's API key. Missing or blank: logs {@link ANALYTICS_MESSAGES}.keyNotSet and disables the instance. */
  readonly apiKey: string | null | undefined;
  /**
   * The signed-in member's id; `null` clears it.
   * @defaultValue the id given to `setUserId` before `init`, else none
   */
  readonly userId?: string | null | undefined;
  /** A device id to use instead of the stored or generated one. */
  readonly deviceId?: string | undefined;
  /** How events are uploaded. */
  readonly upload?: UploadOptions | undefined;
  /** Session rules (timeout default: the catalogue's `analytics.sessionTimeoutMs`, 30 minutes). */
  readonly session?: SessionOptions | undefined;
  /** How long a tracked click holds navigation at most, ms. @defaultValue the catalogue's `analytics.clickTrackingDelayMs` (500) */
  readonly clickTrackingDelayMs?: number | undefined;
  /** The queue's cap. @defaultValue the catalogue's `analytics.maxQueuedEvents` (65536) */
  readonly maxQueuedEvents?: number | undefined;
  /** What the queue does at its cap. @defaultValue `'drop-oldest'` */
  readonly overflow?: QueueOverflow | undefined;
  /** Network capture settings, or `false` to turn it off. */
  readonly networkCapture?: NetworkCaptureOptions | false | undefined;
  /** Prefix of the storage keys (`<prefix>.queue`, `.session`, `.device`). @defaultValue `'matchkit.analytics'` */
  readonly storageKeyPrefix?: string | undefined;
  /** The `platform` field of every event. @defaultValue `'Web'` */
  readonly platform?: string | undefined;
}

/**
 * Per-event options of `track`.
 *
 * @example
 * ```ts
 * import { parseCampaign, type TrackOptions } from '@matchkit/sdk/analytics';
 * const pageView: TrackOptions = { campaign: parseCampaign('https://app.example/?utm_source=x') };
 * ```
 */
export interface TrackOptions {
  /** When it happened, epoch ms. @defaultValue the platform clock */
  readonly time?: number | undefined;
  /** Where the visit came from (page loads and navigations); see {@link parseCampaign}. */
  readonly campaign?: Campaign | undefined;
  /** User properties to send with this event. */
  readonly userProperties?: Readonly<Record<string, unknown>> | undefined;
}

/**
 * An analytics instance: a `ReadableStore` of {@link AnalyticsState} plus the calls.
 *
 * @example
 * ```ts
 * import { createAnalytics } from '@matchkit/sdk/analytics';
 * const analytics = createAnalytics();
 * await analytics.init({ apiKey: 'YOUR_API_KEY' });
 * analytics.track('page_view', { path: '/oddsmatching' });
 * ```
 */
export interface Analytics extends ReadableStore<AnalyticsState> {
  /**
   * Starts the instance: reads the queue, the session and the device id back from storage, then
   * replays calls made meanwhile and uploads what was left from earlier visits. Never throws:
   * every failure is a rejected promise. Bad options reject with a MatchkitValidationError naming
   * every bad field (the instance stays `uninitialised`, so `init` may be called again with
   * fixed options); a missing key is logged, not rejected. A user id set by `setUserId` before
   * `init` is kept unless `options.userId` is given.
   */
  init(options: AnalyticsInitOptions): Promise<void>;
  /**
   * Records an event (queued, persisted, uploaded soon). Before `init` it logs
   * {@link ANALYTICS_MESSAGES}.notInitialised and does nothing; without a key it does nothing.
   *
   * @throws MatchkitValidationError when `eventType`, `properties` or `options` are malformed
   */
  track(eventType: string, properties?: Readonly<Record<string, unknown>>, options?: TrackOptions): void;
  /**
   * Sets (or with `null` clears) the member's id for the events that follow. Allowed before
   * `init` (it is configuration, not recording): the id is kept through `init` unless `init` is
   * given a `userId` of its own.
   *
   * @throws MatchkitValidationError when the id is not a string of at least `minIdLength` (5) characters or null
   */
  setUserId(userId: string | null): void;
  /**
   * Uploads everything queued now; resolves when the queue is empty or the run gave up. Never
   * rejects. Before `init` it logs {@link ANALYTICS_MESSAGES}.notInitialised and resolves.
   */
  flush(): Promise<void>;
  /**
   * Records a click that leaves the page, then calls `navigate` once the upload finished or the
   * click-tracking wait (500 ms) ran out, whichever comes first. Navigates at once when analytics
   * is not running.
   */
  trackClick(eventType: string, properties: Readonly<Record<string, unknown>> | undefined, navigate: () => void): Promise<void>;
  /**
   * Records a failed request when its status is in the capture range (500-599 by default), with
   * authorization, cookie and denied headers left out. Returns whether it was recorded.
   */
  captureRequest(request: CapturedRequest): boolean;
  /**
   * Wraps a `fetch` so that every response it gets goes through {@link Analytics.captureRequest}.
   *
   * @typeParam F - the wrapped function's type, kept as is
   */
  instrumentFetch<F extends (input: never, init?: never) => Promise<AnalyticsFetchResponse>>(fetch: F): F;
  /** Stops timers and waits for storage writes; later calls are ignored. */
  shutdown(): Promise<void>;
}

const BATCH_URL = 'https://api2.amplitude.com/batch';
const HTTP_V2_URL = 'https://api2.amplitude.com/2/httpapi';

function defaultStorage(): KeyValueStorage {
  try {
    const ls = (globalThis as { localStorage?: KeyValueStorage }).localStorage;
    if (ls !== undefined && ls !== null) {
      const probe = 'matchkit.analytics.probe';
      ls.setItem(probe, probe);
      ls.removeItem(probe);
      return ls;
    }
  } catch {
    // blocked (private mode, sandboxed frame): fall through to memory
  }
  return createMemoryStorage();
}

function validateTrack(eventType: unknown, properties: unknown, options: unknown): void {
  const issues: ValidationIssue[] = [];
  if (typeof eventType !== 'string' || eventType.trim() === '') issues.push({ path: 'eventType', message: 'must be a non-empty string' });
  if (properties !== undefined && !isRecord(properties)) issues.push({ path: 'properties', message: 'must be a plain object' });
  if (options !== undefined) {
    if (!isRecord(options)) issues.push({ path: 'options', message: 'must be an object' });
    else {
      if (options.time !== undefined && !isInt(options.time, 0)) {
        issues.push({ path: 'options.time', message: 'must be epoch milliseconds (a non-negative safe integer)' });
      }
      if (options.campaign !== undefined && !isRecord(options.campaign)) issues.push({ path: 'options.campaign', message: 'must be an object' });
      if (options.userProperties !== undefined && !isRecord(options.userProperties)) {
        issues.push({ path: 'options.userProperties', message: 'must be a plain object' });
      }
    }
  }
  if (issues.length > 0) throw new MatchkitValidationError('analytics event', issues);
}

function resolveOptions(o: AnalyticsInitOptions, apiKey: string, brandAnalytics: Brand['analytics']): Resolved {
  const issues: ValidationIssue[] = [];
  const bad = (path: string, message: string): void => {
    issues.push({ path, message });
  };
  const up: UploadOptions = o.upload ?? {};
  if (typeof up !== 'object' || up === null) bad('upload', 'must be an object');
  const mode = up.mode ?? 'batch';
  if (mode !== 'batch' && mode !== 'single') bad('upload.mode', 'must be "batch" or "single"');
  const url = up.url ?? (mode === 'single' ? HTTP_V2_URL : BATCH_URL);
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') bad('upload.url', 'must be an http(s) URL');
  } catch {
    bad('upload.url', 'must be an absolute URL');
  }
  if (mode === 'single' && up.batchSize !== undefined && up.batchSize !== 1) bad('upload.batchSize', 'only mode "batch" sends more than one event per request');
  const batchSize = mode === 'single' ? 1 : (up.batchSize ?? 100);
  if (!isInt(batchSize, 1, 2000)) bad('upload.batchSize', 'must be an integer from 1 to 2000');
  const flushIntervalMs = up.flushIntervalMs ?? 1000;
  if (!isInt(flushIntervalMs, 0)) bad('upload.flushIntervalMs', 'must be a non-negative integer');
  const maxAttempts = up.maxAttempts ?? 10;
  if (!isInt(maxAttempts, 1)) bad('upload.maxAttempts', 'must be a positive integer');
  const baseDelayMs = up.baseDelayMs ?? 1000;
  if (!isInt(baseDelayMs, 1)) bad('upload.baseDelayMs', 'must be a positive integer');
  const maxDelayMs = up.maxDelayMs ?? 60_000;
  if (!isInt(maxDelayMs, 1) || maxDelayMs < baseDelayMs) bad('upload.maxDelayMs', 'must be an integer not below baseDelayMs');
  const throttleDelayMs = up.throttleDelayMs ?? 30_000;
  if (!isInt(throttleDelayMs, 0)) bad('upload.throttleDelayMs', 'must be a non-negative integer');
  if (up.minIdLength !== undefined && !isInt(up.minIdLength, 1)) bad('upload.minIdLength', 'must be a positive integer');

  const session: SessionOptions = {
    sessionTimeoutMs: o.session?.sessionTimeoutMs ?? brandAnalytics.sessionTimeoutMs,
    newSessionOnNewCampaign: o.session?.newSessionOnNewCampaign ?? false,
  };
  if (!isInt(session.sessionTimeoutMs, 1)) bad('session.sessionTimeoutMs', 'must be a positive integer');
  if (typeof session.newSessionOnNewCampaign !== 'boolean') bad('session.newSessionOnNewCampaign', 'must be a boolean');

  const clickTrackingDelayMs = o.clickTrackingDelayMs ?? brandAnalytics.clickTrackingDelayMs;
  if (!isInt(clickTrackingDelayMs, 0)) bad('clickTrackingDelayMs', 'must be a non-negative integer');
  const maxQueuedEvents = o.maxQueuedEvents ?? brandAnalytics.maxQueuedEvents;
  if (!isInt(maxQueuedEvents, 1)) bad('maxQueuedEvents', 'must be a positive integer');
  const overflow = o.overflow ?? 'drop-oldest';
  if (overflow !== 'drop-oldest' && overflow !== 'drop-newest') bad('overflow', 'must be "drop-oldest" or "drop-newest"');

  const nc = o.networkCapture ?? {};
  const enabled = nc !== false;
  const capture: NetworkCaptureOptions = nc === false ? {} : nc;
  if (typeof capture !== 'object' || capture === null) bad('networkCapture', 'must be an object or false');
  const range = capture.statusRange ?? brandAnalytics.networkCaptureStatus;
  if (!isInt(range?.min, 100, 599)) bad('networkCapture.statusRange.min', 'must be an HTTP status (100-599)');
  if (!isInt(range?.max, 100, 599) || range.max < range.min) bad('networkCapture.statusRange.max', 'must be an HTTP status (100-599) not below min');
  const denyHeaders = capture.denyHeaders ?? [];
  if (!Array.isArray(denyHeaders) || denyHeaders.some((h) => typeof h !== 'string')) bad('networkCapture.denyHeaders', 'must be an array of header names');
  const eventType = capture.eventType ?? 'network_request_failed';
  if (typeof eventType !== 'string' || eventType.trim() === '') bad('networkCapture.eventType', 'must be a non-empty string');

  const minId = up.minIdLength ?? 5;
  if (o.userId !== undefined && o.userId !== null && (typeof o.userId !== 'string' || o.userId.length < minId)) {
    bad('userId', `must be a string of at least ${minId} characters (Amplitude's min_id_length) or null`);
  }
  if (o.deviceId !== undefined && (typeof o.deviceId !== 'string' || o.deviceId.length < minId)) {
    bad('deviceId', `must be a string of at least ${minId} characters (Amplitude's min_id_length)`);
  }
  const prefix = o.storageKeyPrefix ?? 'matchkit.analytics';
  if (typeof prefix !== 'string' || prefix === '') bad('storageKeyPrefix', 'must be a non-empty string');
  const platform = o.platform ?? 'Web';
  if (typeof platform !== 'string' || platform === '') bad('platform', 'must be a non-empty string');
  if (issues.length > 0) throw new MatchkitValidationError('analytics options', issues);

  return {
    apiKey,
    url,
    batchSize,
    flushIntervalMs,
    maxAttempts,
    baseDelayMs,
    maxDelayMs,
    throttleDelayMs,
    minIdLength: up.minIdLength,
    session,
    clickTrackingDelayMs,
    maxQueuedEvents,
    overflow,
    capture: { enabled, min: range.min, max: range.max, denyHeaders, eventType, keepQuery: capture.keepQuery === true },
    prefix,
    platform,
  };
}

/**
 * Creates an analytics instance (a factory: no module singleton; nothing touches window,
 * document or navigator). It needs `init({ apiKey, ... })` before it records anything: sessions
 * by {@link nextSession}, an event queue capped at 65536 and persisted through the injected
 * storage, uploads in Amplitude's wire format (batches to the Batch Event Upload API, or one by
 * one to the HTTP V2 API) with 5xx, 429 and network failures retried with backoff in order, click
 * tracking that holds navigation up to 500 ms, and network capture of failed requests.
 *
 * @param platform - fetch, storage, clock, timers, random, logger and brand; see {@link AnalyticsPlatform}
 * @throws MatchkitValidationError when a platform member is not a function
 *
 * @example
 * ```ts
 * import { createAnalytics, parseCampaign } from '@matchkit/sdk/analytics';
 * declare const link: HTMLAnchorElement;
 * const analytics = createAnalytics({ storage: localStorage });
 * await analytics.init({ apiKey: 'YOUR_API_KEY', session: { newSessionOnNewCampaign: true } });
 * analytics.track('page_view', { path: location.pathname }, { campaign: parseCampaign(location.href, { referrer: document.referrer }) });
 * link.addEventListener('click', (e) => {
 *   e.preventDefault();
 *   void analytics.trackClick('offer_clicked', { offer: 'welcome' }, () => location.assign(link.href));
 * });
 * ```
 */
export function createAnalytics(platform: AnalyticsPlatform = {}): Analytics {
  const issues: ValidationIssue[] = [];
  for (const name of ['fetch', 'now', 'random', 'randomId'] as const) {
    if (platform[name] !== undefined && typeof platform[name] !== 'function') issues.push({ path: name, message: 'must be a function' });
  }
  if (platform.timers !== undefined && (typeof platform.timers?.setTimeout !== 'function' || typeof platform.timers?.clearTimeout !== 'function')) {
    issues.push({ path: 'timers', message: 'must have setTimeout and clearTimeout functions' });
  }
  if (platform.brand !== undefined && !isRecord((platform.brand as { analytics?: unknown } | null)?.analytics)) {
    issues.push({ path: 'brand.analytics', message: 'must be a catalogue analytics section (use getBrand or defineBrand)' });
  }
  if (issues.length > 0) throw new MatchkitValidationError('analytics platform', issues);

  const brandAnalytics: Brand['analytics'] = platform.brand?.analytics ?? ANALYTICS;
  const logger = platform.logger ?? defaultLogger();
  const now = platform.now ?? Date.now;
  const timers = platform.timers ?? defaultTimers();
  const random = platform.random ?? Math.random;

  const store = createStore<AnalyticsState>({
    status: 'uninitialised',
    queued: 0,
    dropped: 0,
    sending: false,
    sessionId: null,
    deviceId: null,
    userId: null,
    lastUploadError: null,
  });
  const patch = (p: Partial<AnalyticsState>): void =>
    store.set((s) => ((Object.keys(p) as (keyof AnalyticsState)[]).every((k) => Object.is(s[k], p[k])) ? s : { ...s, ...p }));
  const status = (): AnalyticsStatus => store.getSnapshot().status;

  let config: Resolved | null = null;
  let userId: string | null = null;
  let initPromise: Promise<void> | null = null;
  let buffered: (() => void)[] = [];
  // Loaded and started by init (storage, recording, uploads): see runtime.ts.
  let engine: Engine | null = null;

  function flush(): Promise<void> {
    const s = status();
    if (s === 'uninitialised') {
      logger.error(ANALYTICS_MESSAGES.notInitialised, { call: 'flush' });
      return Promise.resolve();
    }
    if (s === 'initialising' && initPromise !== null) return initPromise.then(() => flush());
    if (s !== 'ready' || engine === null) return Promise.resolve();
    return engine.flush();
  }

  function track(eventType: string, properties?: Readonly<Record<string, unknown>>, options: TrackOptions = {}): void {
    validateTrack(eventType, properties, options);
    switch (status()) {
      case 'uninitialised':
        logger.error(ANALYTICS_MESSAGES.notInitialised, { call: 'track', eventType });
        return;
      case 'initialising': {
        const stamped = { ...options, time: options.time ?? now() };
        if (buffered.length < (config?.maxQueuedEvents ?? Number.MAX_SAFE_INTEGER)) {
          buffered.push(() => engine?.record(eventType, properties, stamped));
        }
        return;
      }
      case 'ready':
        engine?.record(eventType, properties, options);
        return;
      default:
        return; // disabled (logged once at init) or shut down
    }
  }

  function captureRequest(request: CapturedRequest): boolean {
    const problems: ValidationIssue[] = [];
    if (!isRecord(request)) throw new MatchkitValidationError('captured request', [{ path: '', message: 'must be an object' }]);
    if (typeof request.url !== 'string') problems.push({ path: 'url', message: 'must be a string' });
    if (!isInt(request.status, 0, 999)) problems.push({ path: 'status', message: 'must be an HTTP status' });
    if (problems.length > 0) throw new MatchkitValidationError('captured request', problems);
    const min = config?.capture.min ?? brandAnalytics.networkCaptureStatus.min;
    const max = config?.capture.max ?? brandAnalytics.networkCaptureStatus.max;
    if (request.status < min || request.status > max) return false;
    const s = status();
    if (s === 'uninitialised') {
      logger.error(ANALYTICS_MESSAGES.notInitialised, { call: 'captureRequest', url: recordedUrl(request.url, false) });
      return false;
    }
    if (config === null || !config.capture.enabled || (s !== 'ready' && s !== 'initialising')) return false;
    if (recordedUrl(request.url, false) === recordedUrl(config.url, false)) return false; // never our own uploads
    const cap = config.capture;
    track(cap.eventType, {
      url: recordedUrl(request.url, cap.keepQuery),
      method: (request.method ?? 'GET').toUpperCase(),
      status: request.status,
      ...(request.durationMs === undefined ? {} : { duration_ms: request.durationMs }),
      request_headers: redactHeaders(request.requestHeaders, { deny: cap.denyHeaders }),
      response_headers: redactHeaders(request.responseHeaders, { deny: cap.denyHeaders }),
    });
    return true;
  }

  return {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,

    init(options) {
      if (status() !== 'uninitialised') {
        logger.warn(ANALYTICS_MESSAGES.alreadyInitialised);
        return initPromise ?? Promise.resolve();
      }
      const apiKey = (options as { apiKey?: unknown } | undefined)?.apiKey;
      if (typeof apiKey !== 'string' || apiKey.trim() === '') {
        logger.error(ANALYTICS_MESSAGES.keyNotSet);
        patch({ status: 'disabled' });
        return Promise.resolve();
      }
      let c: Resolved;
      try {
        c = resolveOptions(options, apiKey, brandAnalytics);
        // An id given to setUserId before init stays, unless init says otherwise; it must meet
        // the minimum id length configured here too.
        const minId = c.minIdLength ?? 5;
        if (options.userId === undefined && userId !== null && userId.length < minId) {
          throw new MatchkitValidationError('analytics options', [
            { path: 'userId', message: `the id given to setUserId before init must be at least ${minId} characters (upload.minIdLength)` },
          ]);
        }
      } catch (error) {
        return Promise.reject(error); // a Promise-returning call fails as a rejection, never a throw
      }
      config = c;
      const send = platform.fetch ?? ((url, init) => globalThis.fetch(url, init));
      if (options.userId !== undefined) userId = options.userId;
      patch({ status: 'initialising', userId });
      initPromise = (async () => {
        const storage = platform.storage === null ? createMemoryStorage() : (platform.storage ?? defaultStorage());
        // The first read starts now, while the engine (runtime.ts) loads.
        const deviceKey = `${c.prefix}.device`;
        const device = { key: deviceKey, stored: readStorage(storage, deviceKey, logger) };
        const { startEngine } = await import('./runtime');
        const started = await startEngine({
          config: c,
          storage,
          device,
          givenDeviceId: options.deviceId,
          randomId: platform.randomId,
          userId: () => userId,
          send,
          status,
          patch,
          now,
          random,
          timers,
          logger,
        });
        engine = started;
        if (status() !== 'initialising') return; // shut down meanwhile
        patch({ status: 'ready', deviceId: started.deviceId, sessionId: started.sessionId(), ...started.counts() });
        const calls = buffered;
        buffered = [];
        for (const call of calls) call();
        if (started.counts().queued > 0) void flush();
      })().catch((error: unknown) => {
        logger.error('analytics initialisation failed: analytics is disabled', error);
        buffered = [];
        patch({ status: 'disabled' });
      });
      return initPromise;
    },

    track,

    setUserId(id) {
      if (id !== null && (typeof id !== 'string' || id.length < (config?.minIdLength ?? 5))) {
        throw new MatchkitValidationError('user id', [
          { path: 'userId', message: `must be a string of at least ${config?.minIdLength ?? 5} characters or null` },
        ]);
      }
      userId = id;
      patch({ userId: id });
    },

    flush,

    trackClick(eventType, properties, navigate) {
      if (typeof navigate !== 'function') {
        throw new MatchkitValidationError('tracked click', [{ path: 'navigate', message: 'must be a function' }]);
      }
      track(eventType, properties);
      const s = status();
      if ((s !== 'ready' && s !== 'initialising') || config === null) {
        navigate();
        return Promise.resolve();
      }
      const wait = config.clickTrackingDelayMs;
      return new Promise<void>((resolve, reject) => {
        let done = false;
        const go = (): void => {
          if (done) return;
          done = true;
          timers.clearTimeout(handle);
          try {
            navigate();
            resolve();
          } catch (error) {
            reject(error);
          }
        };
        const handle: unknown = timers.setTimeout(go, wait); // go runs later, after this line
        flush().then(go, go);
      });
    },

    captureRequest,

    instrumentFetch<F extends (input: never, init?: never) => Promise<AnalyticsFetchResponse>>(fetchFn: F): F {
      if (typeof fetchFn !== 'function') {
        throw new MatchkitValidationError('instrumented fetch', [{ path: 'fetch', message: 'must be a function' }]);
      }
      const wrapped = async (input: unknown, init?: unknown): Promise<AnalyticsFetchResponse> => {
        const started = now();
        const response = await (fetchFn as unknown as (i: unknown, n?: unknown) => Promise<AnalyticsFetchResponse>)(input, init);
        try {
          const req = isRecord(input) ? input : {};
          const opts = isRecord(init) ? init : {};
          const url = typeof input === 'string' ? input : typeof req.href === 'string' ? req.href : typeof req.url === 'string' ? req.url : String(input);
          const method = typeof opts.method === 'string' ? opts.method : typeof req.method === 'string' ? req.method : 'GET';
          captureRequest({
            url,
            method,
            status: response.status,
            durationMs: Math.max(0, now() - started),
            requestHeaders: (opts.headers ?? req.headers) as CapturedRequest['requestHeaders'],
            responseHeaders: response.headers as unknown as CapturedRequest['responseHeaders'],
          });
        } catch (error) {
          logger.error('network capture failed', error);
        }
        return response;
      };
      return wrapped as unknown as F;
    },

    async shutdown() {
      // An upload in flight is not awaited: if it lands after this, its events stay queued (and
      // persisted) and are sent again on the next visit; Amplitude drops the repeat by insert_id.
      patch({ status: 'shut-down' });
      engine?.stop();
      buffered = [];
      await initPromise;
      await engine?.persisted();
    },
  };
}
