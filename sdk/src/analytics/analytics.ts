import { unknownOptions, type OptionKeys } from '../internal/keys';
import type { ValidationIssue } from '../errors/errors';
import { defaultLogger, defaultTimers } from '../internal/platform';
import { createStore } from '../internal/store';
import { classifyUploadResponse, uploadBackoffDelay, type AmplitudeEvent, type UploadOutcome } from './amplitude';
import { isRecord } from '../internal/guards';
import { DEFAULT_MAX_QUEUED_EVENTS, eventQueue, type EventQueue, type QueuedEntry } from './queue';
import { DEFAULT_SESSION_TIMEOUT_MS, restoreSessionState, stepSession, type SessionState } from './session';
import { createCoalescedWriter, createMemoryStorage, readStorage, type CoalescedWriter, type KeyValueStorage } from './storage';
import { isAmplitudeEvent, MIN_ID_LENGTH, checkId, resolveOptions, throwIfAny, validateTrack, type Resolved } from './checks';
import type {
  Analytics,
  AnalyticsFetch,
  AnalyticsFetchResponse,
  AnalyticsPlatform,
  AnalyticsState,
  AnalyticsStatus,
  TrackOptions,
} from './types';

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

/** Browsers refuse `keepalive` bodies over 64 KiB (in bytes); stay under it. */
const KEEPALIVE_LIMIT = 60_000;

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

const ANALYTICS_PLATFORM_KEYS: OptionKeys<AnalyticsPlatform> = {
  brand: 0,
  fetch: 0,
  storage: 0,
  now: 0,
  timers: 0,
  random: 0,
  randomId: 0,
  logger: 0,
};

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
 * ```ts dom
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
  unknownOptions(platform, ANALYTICS_PLATFORM_KEYS, issues);
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
