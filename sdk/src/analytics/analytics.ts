import type { Brand } from '../brands/schema';
import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';
import { defaultLogger, defaultTimers, type Logger, type StoreTimers } from '../internal/platform';
import { createStore, type ReadableStore } from '../internal/store';
import { classifyUploadResponse, uploadBackoffDelay, type AmplitudeEvent, type UploadOutcome } from './amplitude';
import { isInt, isRecord } from '../internal/guards';
import { DEFAULT_MAX_QUEUED_EVENTS, eventQueue, type EventQueue, type QueueOverflow, type QueuedEntry } from './queue';
import {
  DEFAULT_SESSION_TIMEOUT_MS,
  restoreSessionState,
  stepSession,
  type Campaign,
  type SessionOptions,
  type SessionState,
} from './session';
import { createCoalescedWriter, createMemoryStorage, readStorage, type CoalescedWriter, type KeyValueStorage } from './storage';

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
  keyNotSet: 'analytics key is not set: nothing will be recorded or sent',
  /** Logged (as an error) by a call that records or uploads (`flush`) before `init` was called; the call is ignored. */
  notInitialised: 'analytics is used before initialisation (call init first): ignored',
  /** Logged (as a warning) by a second `init`. */
  alreadyInitialised: 'analytics is already initialised: init ignored',
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
  /** Where events are uploaded (`init`'s `upload.url` or its default), `null` before `init`. */
  readonly endpoint: string | null;
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
   * of the session timeout and the queue cap (the click wait and the capture range are read by
   * {@link createClickTracking} and {@link createNetworkCapture}, from their own `brand` option).
   * Only that section is read, so analytics does not bundle the catalogues.
   * @defaultValue the reference catalogues' shared values: 30 min, 65536
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
  /** StoreTimers for flush intervals and retry backoff. @defaultValue the globals */
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
  /** The queue's cap. @defaultValue the catalogue's `analytics.maxQueuedEvents` (65536) */
  readonly maxQueuedEvents?: number | undefined;
  /** What the queue does at its cap. @defaultValue `'drop-oldest'` */
  readonly overflow?: QueueOverflow | undefined;
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
  /** Stops timers and waits for storage writes; later calls are ignored. */
  shutdown(): Promise<void>;
}

const BATCH_URL = 'https://api2.amplitude.com/batch';
/** Browsers refuse `keepalive` bodies over 64 KiB (in bytes); stay under it. */
const KEEPALIVE_LIMIT = 60_000;
const MIN_ID_LENGTH = 5;

/** `init`'s options, checked and with every default filled in. */
interface Resolved {
  readonly apiKey: string;
  readonly url: string;
  readonly batchSize: number;
  readonly flushIntervalMs: number;
  readonly maxAttempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  readonly throttleDelayMs: number;
  readonly minIdLength: number | undefined;
  readonly session: SessionOptions;
  readonly maxQueuedEvents: number;
  readonly overflow: QueueOverflow;
  readonly prefix: string;
  readonly platform: string;
}

/**
 * `globalThis.localStorage` when there is one, else memory. Reading the property throws in a
 * sandboxed frame; a storage that refuses writes (a full one, or Safari's private mode of old)
 * is handled as any failed write: logged once, and the values are kept in memory.
 */
function defaultStorage(): KeyValueStorage {
  try {
    return (globalThis as { localStorage?: KeyValueStorage }).localStorage ?? createMemoryStorage();
  } catch {
    return createMemoryStorage();
  }
}

function isAmplitudeEvent(v: unknown): v is AmplitudeEvent {
  return (
    isRecord(v) &&
    typeof v.event_type === 'string' &&
    typeof v.device_id === 'string' &&
    isInt(v.time, 0) &&
    typeof v.session_id === 'number' &&
    typeof v.insert_id === 'string'
  );
}

/** Adds an issue to `issues` unless `value` is an integer in [min, max]; returns the value. */
function checkInt(issues: ValidationIssue[], path: string, value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (!isInt(value, min, max)) {
    issues.push({ path, message: `must be an integer ${max < Number.MAX_SAFE_INTEGER ? `from ${min} to ${max}` : `of at least ${min}`}` });
  }
  return value as number;
}

/**
 * An issue unless `id` is a string of at least `min` characters (Amplitude's `min_id_length`),
 * `null` (none) or `undefined` (not given).
 */
function checkId(issues: ValidationIssue[], path: string, id: unknown, min = MIN_ID_LENGTH): void {
  if (id !== undefined && id !== null && (typeof id !== 'string' || id.length < min)) {
    issues.push({ path, message: `must be a string of at least ${min} characters, or null` });
  }
}

const throwIfAny = (what: string, issues: ValidationIssue[]): void => {
  if (issues.length > 0) throw new MatchkitValidationError(what, issues);
};

function validateTrack(eventType: unknown, properties: unknown, options: unknown): void {
  const issues: ValidationIssue[] = [];
  const record = (path: string, v: unknown): void => {
    if (v !== undefined && !isRecord(v)) issues.push({ path, message: 'must be an object' });
  };
  if (typeof eventType !== 'string' || eventType.trim() === '') issues.push({ path: 'eventType', message: 'must be a non-empty string' });
  record('properties', properties);
  record('options', options);
  if (isRecord(options)) {
    if (options.time !== undefined && !isInt(options.time, 0)) {
      issues.push({ path: 'options.time', message: 'must be epoch ms, an integer of at least 0' });
    }
    record('options.campaign', options.campaign);
    record('options.userProperties', options.userProperties);
  }
  throwIfAny('analytics event', issues);
}

function resolveOptions(
  o: AnalyticsInitOptions,
  apiKey: string,
  b: Pick<Brand['analytics'], 'sessionTimeoutMs' | 'maxQueuedEvents'>,
  keptUserId: string | null,
): Resolved {
  const issues: ValidationIssue[] = [];
  const oneOf = <T extends string>(path: string, value: T, allowed: readonly T[]): T => {
    if (!allowed.includes(value)) issues.push({ path, message: `must be one of: ${allowed.join(', ')}` });
    return value;
  };
  const nonEmpty = (path: string, value: unknown): string => {
    if (typeof value !== 'string' || value === '') issues.push({ path, message: 'must be a non-empty string' });
    return value as string;
  };
  const up: UploadOptions = isRecord(o.upload) ? o.upload : {};
  if (o.upload !== undefined && !isRecord(o.upload)) issues.push({ path: 'upload', message: 'must be an object' });
  const single = oneOf('upload.mode', up.mode ?? 'batch', ['batch', 'single']) === 'single';
  const url = up.url ?? (single ? 'https://api2.amplitude.com/2/httpapi' : BATCH_URL);
  let web = false;
  try {
    web = /^https?:$/.test(new URL(url).protocol);
  } catch {
    // not a URL
  }
  if (!web) issues.push({ path: 'upload.url', message: 'must be an absolute http(s) URL' });
  if (single && (up.batchSize ?? 1) !== 1) issues.push({ path: 'upload.batchSize', message: 'must be 1 or left out in mode "single"' });
  const batchSize = single ? 1 : checkInt(issues, 'upload.batchSize', up.batchSize ?? 100, 1, 2000);
  const baseDelayMs = checkInt(issues, 'upload.baseDelayMs', up.baseDelayMs ?? 1000, 1);
  const minIdLength = up.minIdLength;
  if (minIdLength !== undefined) checkInt(issues, 'upload.minIdLength', minIdLength, 1);
  const session = o.session ?? {};
  const newSessionOnNewCampaign = session.newSessionOnNewCampaign ?? false;
  if (typeof newSessionOnNewCampaign !== 'boolean') issues.push({ path: 'session.newSessionOnNewCampaign', message: 'must be a boolean' });
  const resolved: Resolved = {
    apiKey,
    url,
    batchSize,
    flushIntervalMs: checkInt(issues, 'upload.flushIntervalMs', up.flushIntervalMs ?? 1000, 0),
    maxAttempts: checkInt(issues, 'upload.maxAttempts', up.maxAttempts ?? 10, 1),
    baseDelayMs,
    maxDelayMs: checkInt(issues, 'upload.maxDelayMs', up.maxDelayMs ?? 60_000, isInt(baseDelayMs, 1) ? baseDelayMs : 1),
    throttleDelayMs: checkInt(issues, 'upload.throttleDelayMs', up.throttleDelayMs ?? 30_000, 0),
    minIdLength,
    session: {
      sessionTimeoutMs: checkInt(issues, 'session.sessionTimeoutMs', session.sessionTimeoutMs ?? b.sessionTimeoutMs, 1),
      newSessionOnNewCampaign,
    },
    maxQueuedEvents: checkInt(issues, 'maxQueuedEvents', o.maxQueuedEvents ?? b.maxQueuedEvents, 1),
    overflow: oneOf('overflow', o.overflow ?? 'drop-oldest', ['drop-oldest', 'drop-newest']),
    prefix: nonEmpty('storageKeyPrefix', o.storageKeyPrefix ?? 'matchkit.analytics'),
    platform: nonEmpty('platform', o.platform ?? 'Web'),
  };
  const minId = isInt(minIdLength, 1) ? minIdLength : MIN_ID_LENGTH;
  // An id given to setUserId before init stays, unless init gives its own; it must be long enough too.
  checkId(issues, 'userId', o.userId === undefined ? keptUserId : o.userId, minId);
  checkId(issues, 'deviceId', o.deviceId, minId);
  throwIfAny('analytics options', issues);
  return resolved;
}

/**
 * Creates an analytics instance (a factory: no module singleton; nothing touches window,
 * document or navigator). It needs `init({ apiKey, ... })` before it records anything: sessions
 * by {@link nextSession}, an event queue capped at 65536 and persisted through the injected
 * storage, uploads in Amplitude's wire format (batches to the Batch Event Upload API, or one by
 * one to the HTTP V2 API) with 5xx, 429 and network failures retried with backoff in order. Click
 * tracking and network capture are pieces of their own, shipped only when imported:
 * {@link createClickTracking} and {@link createNetworkCapture}.
 *
 * @param platform - fetch, storage, clock, timers, random, logger and brand; see {@link AnalyticsPlatform}
 * @throws MatchkitValidationError when a platform member is not a function
 *
 * @example
 * ```ts
 * import { createAnalytics, parseCampaign } from '@matchkit/sdk/analytics';
 * const analytics = createAnalytics({ storage: localStorage });
 * await analytics.init({ apiKey: 'YOUR_API_KEY', session: { newSessionOnNewCampaign: true } });
 * analytics.track('page_view', { path: location.pathname }, { campaign: parseCampaign(location.href, { referrer: document.referrer }) });
 * ```
 */
export function createAnalytics(platform: AnalyticsPlatform = {}): Analytics {
  const issues: ValidationIssue[] = [];
  const t = platform.timers;
  const given: [string, unknown][] = [
    ['fetch', platform.fetch],
    ['now', platform.now],
    ['random', platform.random],
    ['randomId', platform.randomId],
    ['timers.setTimeout', t === undefined ? t : (t?.setTimeout ?? null)],
    ['timers.clearTimeout', t === undefined ? t : (t?.clearTimeout ?? null)],
  ];
  for (const [path, v] of given) if (v !== undefined && typeof v !== 'function') issues.push({ path, message: 'must be a function' });
  if (platform.brand !== undefined && !isRecord((platform.brand as { analytics?: unknown } | null)?.analytics)) {
    issues.push({ path: 'brand.analytics', message: 'must be an object (a catalogue section)' });
  }
  throwIfAny('analytics platform', issues);

  const brandAnalytics = platform.brand?.analytics ?? {
    sessionTimeoutMs: DEFAULT_SESSION_TIMEOUT_MS,
    maxQueuedEvents: DEFAULT_MAX_QUEUED_EVENTS,
  };
  const logger = platform.logger ?? defaultLogger();
  const now = platform.now ?? Date.now;
  const timers = platform.timers ?? defaultTimers();
  const random = platform.random ?? Math.random;
  const randomId = platform.randomId ?? (() => globalThis.crypto.randomUUID());
  const send: AnalyticsFetch = platform.fetch ?? ((url, init) => globalThis.fetch(url, init));

  const store = createStore<AnalyticsState>({
    status: 'uninitialised',
    queued: 0,
    dropped: 0,
    sending: false,
    sessionId: null,
    deviceId: null,
    userId: null,
    endpoint: null,
    lastUploadError: null,
  });
  const patch = (p: Partial<AnalyticsState>): void =>
    store.set((s) => ((Object.keys(p) as (keyof AnalyticsState)[]).every((k) => Object.is(s[k], p[k])) ? s : { ...s, ...p }));
  const status = (): AnalyticsStatus => store.getSnapshot().status;
  const ready = (): boolean => status() === 'ready';

  let c: Resolved | null = null;
  let userId: string | null = null;
  let initPromise: Promise<void> | null = null;
  let buffered: (() => void)[] = [];
  // Set while `init` reads storage back; used once the instance is ready.
  let deviceId = '';
  let session: SessionState | undefined;
  let sessionWriter: CoalescedWriter | undefined;
  let queue: EventQueue<AmplitudeEvent> | undefined;
  let flushTimer: { handle: unknown } | null = null;
  let sleeping: (() => void) | null = null;
  let running: Promise<void> | null = null;
  const counts = () => ({ queued: queue?.size ?? 0, dropped: queue?.dropped ?? 0 });

  function clearFlushTimer(): void {
    if (flushTimer !== null) timers.clearTimeout(flushTimer.handle);
    flushTimer = null;
  }

  function record(
    config: Resolved,
    q: EventQueue<AmplitudeEvent>,
    eventType: string,
    properties: TrackOptions['userProperties'],
    options: TrackOptions,
  ): void {
    const time = options.time ?? now();
    const step = stepSession(
      session,
      { time, campaign: options.campaign },
      config.session.sessionTimeoutMs ?? 0,
      config.session.newSessionOnNewCampaign === true,
    );
    if (step.state !== session) {
      session = step.state;
      sessionWriter?.schedule();
    }
    const userProperties: Record<string, unknown> = { ...options.userProperties };
    if (step.campaignChanged) Object.assign(userProperties, step.state.campaign);
    // Fields left undefined are left out of the JSON that is stored and sent.
    const event: AmplitudeEvent = {
      event_type: eventType,
      user_id: userId ?? undefined,
      device_id: deviceId,
      time,
      session_id: step.state.sessionId,
      insert_id: randomId(),
      event_properties: properties && { ...properties },
      user_properties: Object.keys(userProperties).length === 0 ? undefined : userProperties,
      platform: config.platform,
    };
    q.push(event);
    patch({ ...counts(), sessionId: step.state.sessionId });
    if (q.size >= config.batchSize) {
      void flush();
    } else if (flushTimer === null) {
      // Cleared by flush and shutdown, so when it fires it is still the current one.
      flushTimer = {
        handle: timers.setTimeout(() => {
          flushTimer = null;
          void flush();
        }, config.flushIntervalMs),
      };
    }
  }

  async function upload(config: Resolved, entries: readonly QueuedEntry<AmplitudeEvent>[]): Promise<UploadOutcome> {
    const body = JSON.stringify({
      api_key: config.apiKey,
      events: entries.map((e) => e.item),
      options: config.minIdLength === undefined ? undefined : { min_id_length: config.minIdLength },
    });
    let response: AnalyticsFetchResponse;
    try {
      response = await send(config.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
        keepalive: new TextEncoder().encode(body).length < KEEPALIVE_LIMIT,
      });
    } catch {
      return { kind: 'retry', status: null, retryAfterMs: undefined };
    }
    // The status decides; the body is only for the log.
    const text = await response.text().catch(() => '');
    return classifyUploadResponse(response.status, text, response.headers.get('retry-after'), now(), entries.length);
  }

  /**
   * Uploads the queue in order, batch by batch, while the instance is ready: sent and rejected
   * batches leave the queue, a 400 naming some events drops only those, a 413 halves the batch,
   * and 5xx, 429 and network failures are retried with backoff until `maxAttempts` (then the run
   * stops and the events stay queued).
   */
  async function drain(config: Resolved, q: EventQueue<AmplitudeEvent>): Promise<void> {
    let attempt = 0;
    let size = config.batchSize;
    while (q.size > 0 && ready()) {
      const entries = q.peek(size);
      const outcome = await upload(config, entries);
      if (!ready()) return;
      if (outcome.kind === 'split' && entries.length > 1) {
        size = Math.ceil(entries.length / 2); // stays reduced for the rest of this run
        continue;
      }
      patch({ lastUploadError: outcome.kind === 'sent' ? null : { status: outcome.status, at: now() } });
      if (outcome.kind === 'retry') {
        attempt += 1;
        if (attempt >= config.maxAttempts) {
          logger.warn(
            `analytics upload failed ${attempt} times (last status ${outcome.status ?? 'network error'}): ${q.size} event(s) kept for the next flush`,
          );
          return;
        }
        const backoff = uploadBackoffDelay(attempt, config.baseDelayMs, config.maxDelayMs, random());
        const delay = outcome.retryAfterMs ?? (outcome.status === 429 ? Math.max(config.throttleDelayMs, backoff) : backoff);
        await new Promise<void>((resolve) => {
          // Woken by the timer, or early by shutdown (one run, so one sleep, at a time).
          const wake = (): void => {
            timers.clearTimeout(handle);
            sleeping = null;
            resolve();
          };
          const handle: unknown = timers.setTimeout(wake, delay); // wake runs later, after this line
          sleeping = wake;
        });
      } else {
        // Sent, or rejected for good (a 413 for one event alone included): never retried. A 400
        // naming some events drops only those, and the rest are sent again.
        attempt = 0;
        const done = outcome.kind === 'drop-some' ? outcome.indices.map((i) => entries[i]?.seq ?? Number.NaN) : entries.map((e) => e.seq);
        q.remove(done);
        if (outcome.kind !== 'sent') {
          logger.error(
            `analytics upload rejected ${done.length} of ${entries.length} event(s) with status ${outcome.status}: dropped, not retried`,
            outcome.kind === 'split' ? '' : outcome.bodyText,
          );
        }
      }
      patch(counts());
    }
  }

  function flush(): Promise<void> {
    const s = status();
    if (s === 'uninitialised') {
      logger.error(ANALYTICS_MESSAGES.notInitialised, { call: 'flush' });
      return Promise.resolve();
    }
    if (s === 'initialising' && initPromise !== null) return initPromise.then(flush);
    if (s !== 'ready' || c === null || queue === undefined) return Promise.resolve();
    clearFlushTimer();
    if (running === null) {
      patch({ sending: true });
      running = drain(c, queue)
        .catch((error: unknown) => logger.error('analytics upload run failed', error))
        .finally(() => {
          running = null;
          patch({ sending: false, ...counts() });
        });
    }
    return running;
  }

  function track(eventType: string, properties?: Readonly<Record<string, unknown>>, options: TrackOptions = {}): void {
    validateTrack(eventType, properties, options);
    const s = status();
    if (s === 'uninitialised') logger.error(ANALYTICS_MESSAGES.notInitialised, { call: 'track', eventType });
    else if (s === 'initialising') {
      const stamped = { ...options, time: options.time ?? now() };
      if (buffered.length < (c?.maxQueuedEvents ?? 0)) buffered.push(() => track(eventType, properties, stamped));
    } else if (s === 'ready' && c !== null && queue !== undefined) record(c, queue, eventType, properties, options);
    // disabled (logged once at init) or shut down: nothing
  }

  /** Reads the device id, the session and the queue back from storage, then becomes ready. */
  async function start(config: Resolved, givenDeviceId: string | undefined): Promise<void> {
    const storage = platform.storage === undefined ? defaultStorage() : (platform.storage ?? createMemoryStorage());
    const key = (name: string): string => `${config.prefix}.${name}`;
    const storedDevice = await readStorage(storage, key('device'), logger);
    const id =
      givenDeviceId ??
      (storedDevice !== undefined && storedDevice.length >= (config.minIdLength ?? MIN_ID_LENGTH) ? storedDevice : randomId());
    deviceId = id;
    if (id !== storedDevice) createCoalescedWriter(storage, key('device'), () => id, logger).schedule();
    const storedSession = await readStorage(storage, key('session'), logger);
    if (storedSession !== undefined) {
      try {
        session = restoreSessionState(JSON.parse(storedSession));
      } catch {
        // not JSON: left undefined
      }
      if (session === undefined) logger.warn(`analytics session in storage "${key('session')}" is unreadable: starting a new one`);
    }
    sessionWriter = createCoalescedWriter(storage, key('session'), () => (session === undefined ? null : JSON.stringify(session)), logger);
    const q = eventQueue<AmplitudeEvent>(
      { storage, storageKey: key('queue'), isItem: isAmplitudeEvent, logger },
      config.maxQueuedEvents,
      config.overflow,
    );
    queue = q;
    await q.ready;
    if (status() !== 'initialising') return; // shut down meanwhile
    patch({ status: 'ready', deviceId: id, sessionId: session?.sessionId ?? null, ...counts() });
    const calls = buffered;
    buffered = [];
    for (const call of calls) call();
    if (q.size > 0) void flush();
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
      let config: Resolved;
      try {
        config = resolveOptions(options, apiKey, brandAnalytics, userId);
      } catch (error) {
        return Promise.reject(error); // a Promise-returning call fails as a rejection, never a throw
      }
      c = config;
      if (options.userId !== undefined) userId = options.userId;
      patch({ status: 'initialising', userId, endpoint: config.url });
      initPromise = start(config, options.deviceId).catch((error: unknown) => {
        logger.error('analytics could not start: disabled', error);
        buffered = [];
        patch({ status: 'disabled' });
      });
      return initPromise;
    },

    track,

    setUserId(id) {
      const bad: ValidationIssue[] = [];
      checkId(bad, 'userId', id === undefined ? 0 : id, c?.minIdLength ?? MIN_ID_LENGTH);
      throwIfAny('user id', bad);
      userId = id;
      patch({ userId: id });
    },

    flush,

    async shutdown() {
      // An upload in flight is not awaited: if it lands after this, its events stay queued (and
      // persisted) and are sent again on the next visit; Amplitude drops the repeat by insert_id.
      patch({ status: 'shut-down' });
      clearFlushTimer();
      sleeping?.();
      buffered = [];
      await initPromise;
      await queue?.persisted();
      await sessionWriter?.idle();
    },
  };
}
