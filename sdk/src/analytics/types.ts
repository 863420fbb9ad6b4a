// The public types of analytics: its state, its platform, init's and track's options, the instance.
import type { Brand } from '../brands/schema';
import type { Logger, StoreTimers } from '../internal/platform';
import type { ReadableStore } from '../internal/store';
import type { QueueOverflow } from './queue';
import type { Campaign, SessionOptions } from './session';
import type { KeyValueStorage } from './storage';

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
