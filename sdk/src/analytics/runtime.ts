// The engine of an analytics instance: everything that runs only once `init` has started.
// Reading the device id, session and queue back from storage, recording events (sessions,
// campaign user properties, ids), scheduling flushes and uploading the queue. `createAnalytics`
// loads this module with `import()` when `init` is called and the instance becomes ready only
// after it has loaded, so an app's bundler can put it in a chunk of its own, off the page's
// critical path. Internal: not exported from the subpath index.
import type { Logger, StoreTimers } from '../internal/platform';
import { classifyUploadResponse, uploadBackoffDelay, type AmplitudeEvent, type UploadOutcome } from './amplitude';
import type { AnalyticsFetch, AnalyticsFetchResponse, AnalyticsState, AnalyticsStatus, TrackOptions } from './analytics';
import { isInt, isRecord } from './guards';
import { createEventQueue, type EventQueue, type QueueOverflow, type QueuedEntry } from './queue';
import { CAMPAIGN_PARAMS, nextSession, restoreSessionState, type SessionOptions, type SessionState } from './session';
import { createCoalescedWriter, readStorage, type KeyValueStorage } from './storage';

/** `init`'s options, checked and with every default filled in. */
export interface Resolved {
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
  readonly clickTrackingDelayMs: number;
  readonly maxQueuedEvents: number;
  readonly overflow: QueueOverflow;
  readonly capture: {
    readonly enabled: boolean;
    readonly min: number;
    readonly max: number;
    readonly denyHeaders: readonly string[];
    readonly eventType: string;
    readonly keepQuery: boolean;
  };
  readonly prefix: string;
  readonly platform: string;
}

/** Browsers refuse `keepalive` bodies over 64 KiB (in bytes); stay under it. */
const KEEPALIVE_LIMIT = 60_000;

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

function defaultRandomId(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string; getRandomValues?: (a: Uint8Array) => Uint8Array } }).crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof c?.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < 16; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What the engine needs from its instance. */
export interface EngineContext {
  readonly config: Resolved;
  readonly storage: KeyValueStorage;
  /** The read of the device id, which `init` starts before this module is loaded. */
  readonly device: { readonly key: string; readonly stored: Promise<string | undefined> };
  /** `init`'s `deviceId`, which wins over the stored one. */
  readonly givenDeviceId: string | undefined;
  /** The platform's id maker; `crypto.randomUUID` when not given. */
  readonly randomId: (() => string) | undefined;
  /** The member's id for the next event. */
  readonly userId: () => string | null;
  readonly send: AnalyticsFetch;
  readonly status: () => AnalyticsStatus;
  readonly patch: (p: Partial<AnalyticsState>) => void;
  readonly now: () => number;
  readonly random: () => number;
  readonly timers: StoreTimers;
  readonly logger: Logger;
}

/** A started engine. */
export interface Engine {
  /** The device id sent with every event. */
  readonly deviceId: string;
  /** The current session's id, `null` before the first event. */
  sessionId(): number | null;
  /** The queue's counts, for the instance's state. */
  counts(): { readonly queued: number; readonly dropped: number };
  /** Records an event (the instance checked it and is ready). */
  record(eventType: string, properties: Readonly<Record<string, unknown>> | undefined, options: TrackOptions): void;
  /** Uploads everything queued now (one run at a time); never rejects. */
  flush(): Promise<void>;
  /** Stops the flush timer and wakes a retry wait (at shutdown). */
  stop(): void;
  /** Resolves when the queue and the session are written to storage. */
  persisted(): Promise<void>;
}

/**
 * Starts the engine: reads the session and the queue back from storage, and keeps the device
 * id that is given, or stored and long enough (otherwise a new one is made and stored).
 */
export async function startEngine(x: EngineContext): Promise<Engine> {
  const { config: c, storage, logger, patch, status, now, timers } = x;
  const randomId = x.randomId ?? defaultRandomId;
  const sessionKey = `${c.prefix}.session`;
  const storedDevice = await x.device.stored;
  const deviceId = x.givenDeviceId ?? (storedDevice !== undefined && storedDevice.length >= (c.minIdLength ?? 5) ? storedDevice : randomId());
  if (deviceId !== storedDevice) createCoalescedWriter(storage, x.device.key, () => deviceId, logger).schedule();
  const storedSession = await readStorage(storage, sessionKey, logger);
  let session: SessionState | undefined;
  if (storedSession !== undefined) {
    try {
      session = restoreSessionState(JSON.parse(storedSession));
    } catch {
      session = undefined;
    }
    if (session === undefined) logger.warn(`analytics session in storage "${sessionKey}" is unreadable: a new session will start`);
  }
  const sessionWriter = createCoalescedWriter(storage, sessionKey, () => (session === undefined ? null : JSON.stringify(session)), logger);
  const queue = createEventQueue<AmplitudeEvent>({
    storage,
    storageKey: `${c.prefix}.queue`,
    maxSize: c.maxQueuedEvents,
    overflow: c.overflow,
    isItem: isAmplitudeEvent,
    logger,
  });
  await queue.ready;

  let flushTimer: { handle: unknown } | null = null;
  let sleeping: { handle: unknown; wake: () => void } | null = null;
  let running: Promise<void> | null = null;
  const counts = () => ({ queued: queue.size, dropped: queue.dropped });

  function scheduleFlush(): void {
    if (status() !== 'ready') return;
    if (queue.size >= c.batchSize) {
      void flush();
    } else if (flushTimer === null) {
      const mine = { handle: undefined as unknown };
      flushTimer = mine;
      mine.handle = timers.setTimeout(() => {
        if (flushTimer === mine) flushTimer = null;
        void flush();
      }, c.flushIntervalMs);
    }
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = (): void => {
        if (sleeping?.wake === wake) sleeping = null;
        resolve();
      };
      sleeping = { handle: timers.setTimeout(wake, ms), wake };
    });
  }

  function flush(): Promise<void> {
    if (status() !== 'ready') return Promise.resolve();
    if (flushTimer !== null) {
      timers.clearTimeout(flushTimer.handle);
      flushTimer = null;
    }
    if (running !== null) return running;
    patch({ sending: true });
    running = drain({ ...x, counts, sleep }, c, queue)
      .catch((error: unknown) => logger.error('analytics upload run failed', error))
      .finally(() => {
        running = null;
        patch({ sending: false, ...counts() });
      });
    return running;
  }

  return {
    deviceId,
    sessionId: () => session?.sessionId ?? null,
    counts,
    record(eventType, properties, options) {
      const time = options.time ?? now();
      const step = nextSession(session, { time, campaign: options.campaign }, c.session);
      if (step.state !== session) {
        session = step.state;
        sessionWriter.schedule();
      }
      const userProperties: Record<string, unknown> = { ...options.userProperties };
      if (step.campaignChanged) {
        for (const key of [...CAMPAIGN_PARAMS, 'referrer', 'referring_domain'] as const) {
          const value = step.state.campaign[key];
          if (value !== undefined) userProperties[key] = value;
        }
      }
      const userId = x.userId();
      const event: AmplitudeEvent = {
        event_type: eventType,
        ...(userId === null ? {} : { user_id: userId }),
        device_id: deviceId,
        time,
        session_id: step.state.sessionId,
        insert_id: randomId(),
        ...(properties === undefined ? {} : { event_properties: { ...properties } }),
        ...(Object.keys(userProperties).length === 0 ? {} : { user_properties: userProperties }),
        platform: c.platform,
      };
      queue.push(event);
      patch({ ...counts(), sessionId: step.state.sessionId });
      scheduleFlush();
    },
    flush,
    stop() {
      if (flushTimer !== null) timers.clearTimeout(flushTimer.handle);
      flushTimer = null;
      if (sleeping !== null) {
        timers.clearTimeout(sleeping.handle);
        sleeping.wake();
      }
    },
    async persisted() {
      await queue.persisted();
      await sessionWriter.idle();
    },
  };
}

/** What {@link drain} needs from its instance. */
interface DrainContext {
  readonly send: AnalyticsFetch;
  readonly status: () => AnalyticsStatus;
  readonly patch: (p: Partial<AnalyticsState>) => void;
  readonly counts: () => Partial<AnalyticsState>;
  readonly sleep: (ms: number) => Promise<void>;
  readonly now: () => number;
  readonly random: () => number;
  readonly logger: Logger;
}

async function upload(x: DrainContext, c: Resolved, entries: readonly QueuedEntry<AmplitudeEvent>[]): Promise<UploadOutcome> {
  const body = JSON.stringify({
    api_key: c.apiKey,
    events: entries.map((e) => e.item),
    ...(c.minIdLength === undefined ? {} : { options: { min_id_length: c.minIdLength } }),
  });
  let response: AnalyticsFetchResponse;
  try {
    response = await x.send(c.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: '*/*' },
      body,
      ...(new TextEncoder().encode(body).length < KEEPALIVE_LIMIT ? { keepalive: true } : {}),
    });
  } catch {
    return { kind: 'retry', status: null, retryAfterMs: undefined };
  }
  let text = '';
  try {
    text = await response.text();
  } catch {
    // the status decides; the body is only for the log
  }
  return classifyUploadResponse(response.status, text, response.headers.get('retry-after'), x.now(), entries.length);
}

/**
 * Uploads the queue in order, batch by batch, while the instance is ready: sent and rejected
 * batches leave the queue, a 400 naming some events drops only those, a 413 halves the batch, and
 * 5xx, 429 and network failures are retried with backoff until `maxAttempts` (then the run stops
 * and the events stay queued).
 */
async function drain(x: DrainContext, c: Resolved, q: EventQueue<AmplitudeEvent>): Promise<void> {
  const { logger, patch, now } = x;
  await q.ready;
  let attempt = 0;
  let size = c.batchSize;
  while (q.size > 0 && x.status() === 'ready') {
    const entries = q.peek(size);
    const outcome = await upload(x, c, entries);
    if (x.status() !== 'ready') return;
    const seqs = entries.map((e) => e.seq);
    switch (outcome.kind) {
      case 'sent':
        q.remove(seqs);
        attempt = 0; // a batch size reduced by a 413 stays reduced for the rest of this run
        patch({ lastUploadError: null });
        break;
      case 'drop':
        q.remove(seqs);
        attempt = 0;
        logger.error(`analytics upload rejected with status ${outcome.status}: dropped ${entries.length} event(s), not retried`, outcome.bodyText);
        patch({ lastUploadError: { status: outcome.status, at: now() } });
        break;
      case 'drop-some':
        q.remove(outcome.indices.map((i) => entries[i]?.seq ?? Number.NaN));
        attempt = 0;
        logger.error(
          `analytics upload rejected ${outcome.indices.length} of ${entries.length} event(s) with status ${outcome.status}: dropped those, resending the rest`,
          outcome.bodyText,
        );
        patch({ lastUploadError: { status: outcome.status, at: now() } });
        break;
      case 'split':
        if (entries.length === 1) {
          q.remove(seqs);
          logger.error(`analytics upload rejected one event as too large (status ${outcome.status}): dropped it`);
        } else {
          size = Math.ceil(entries.length / 2);
        }
        break;
      case 'retry': {
        attempt += 1;
        patch({ lastUploadError: { status: outcome.status, at: now() } });
        if (attempt >= c.maxAttempts) {
          logger.warn(
            `analytics upload failed ${attempt} times (last status ${outcome.status ?? 'network error'}): ${q.size} event(s) kept for the next flush`,
          );
          return;
        }
        const backoff = uploadBackoffDelay(attempt, c.baseDelayMs, c.maxDelayMs, x.random());
        const delay = outcome.retryAfterMs ?? (outcome.status === 429 ? Math.max(c.throttleDelayMs, backoff) : backoff);
        await x.sleep(delay);
        break;
      }
    }
    patch(x.counts());
  }
}
