import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getBrand } from '../brands';
import { isValidationError } from '../errors';
import {
  ANALYTICS_MESSAGES,
  createAnalytics,
  createClickTracking,
  createNetworkCapture,
  createMemoryStorage,
  parseCampaign,
  type AmplitudeEvent,
  type AmplitudeUploadBody,
  type Analytics,
  type AnalyticsPlatform,
  type KeyValueStorage,
  type StoreTimers,
} from '../analytics';
import { deferred, json, recordingLogger, startLoopbackServer, type LoopbackServer, type RecordingLogger } from './testing/loopback-server';

const T0 = Date.UTC(2025, 7, 11, 8);
const MIN = 60_000;

let server: LoopbackServer;
let logger: RecordingLogger;
let clock: number;
let ids: number;
const live: Analytics[] = [];

beforeEach(async () => {
  server = await startLoopbackServer();
  logger = recordingLogger();
  clock = T0;
  ids = 0;
});
afterEach(async () => {
  await Promise.all(live.splice(0).map((a) => a.shutdown()));
  await server.close();
});

/** StoreTimers that record each delay asked for and fire on the next macrotask (retries run fast). */
function quickTimers(): { delays: number[]; timers: StoreTimers } {
  const delays: number[] = [];
  return {
    delays,
    timers: {
      setTimeout: (callback, ms) => {
        delays.push(ms);
        return setTimeout(callback, 0);
      },
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
  };
}

/** StoreTimers that fire only when the test says so. */
function manualTimers() {
  const pending = new Map<number, { callback: () => void; ms: number }>();
  let next = 0;
  const timers: StoreTimers = {
    setTimeout: (callback, ms) => {
      pending.set(++next, { callback, ms });
      return next;
    },
    clearTimeout: (handle) => {
      pending.delete(handle as number);
    },
  };
  return {
    pending,
    timers,
    fire(ms: number) {
      for (const [handle, t] of [...pending]) {
        if (t.ms === ms) {
          pending.delete(handle);
          t.callback();
        }
      }
    },
  };
}

function analyticsWith(platform: AnalyticsPlatform = {}): Analytics {
  const a = createAnalytics({
    storage: createMemoryStorage(),
    now: () => clock,
    timers: quickTimers().timers,
    random: () => 0.5,
    randomId: () => `id-${String(++ids).padStart(4, '0')}`,
    logger,
    ...platform,
  });
  live.push(a);
  return a;
}

const bodies = (): AmplitudeUploadBody[] => server.requests.map((r) => JSON.parse(r.body) as AmplitudeUploadBody);
const sentTypes = (): string[] => bodies().flatMap((b) => b.events.map((e) => e.event_type));
const errors = () => logger.lines.filter((l) => l.level === 'error').map((l) => l.message);

describe('createAnalytics: initialisation', () => {
  it('logs that the key is not set, once, and then records and sends nothing', async () => {
    for (const apiKey of [undefined, null, '', '   ']) {
      const local = recordingLogger();
      const a = analyticsWith({ logger: local });
      await a.init({ apiKey });
      a.track('page_view');
      await a.flush();
      await createClickTracking(a).trackClick('offer_clicked', undefined, () => undefined);
      expect(createNetworkCapture(a).captureRequest({ url: 'https://api.example/x', status: 502 })).toBe(false);
      expect(local.lines).toEqual([{ level: 'error', message: ANALYTICS_MESSAGES.keyNotSet, details: [] }]);
      expect(ANALYTICS_MESSAGES.keyNotSet.startsWith('analytics key is not set')).toBe(true);
      expect(a.getSnapshot().status).toBe('disabled');
    }
    expect(server.requests).toHaveLength(0);
  });

  it('logs an error, without throwing, when used before init', async () => {
    const a = analyticsWith();
    expect(() => a.track('page_view', { path: '/' })).not.toThrow();
    expect(logger.lines).toEqual([
      { level: 'error', message: ANALYTICS_MESSAGES.notInitialised, details: [{ call: 'track', eventType: 'page_view' }] },
    ]);
    let navigated = 0;
    await createClickTracking(a).trackClick('offer_clicked', undefined, () => (navigated += 1));
    expect(navigated).toBe(1); // never holds navigation hostage
    expect(createNetworkCapture(a).captureRequest({ url: 'https://api.example/x', status: 502 })).toBe(false);
    expect(logger.lines.map((l) => [l.level, l.message, l.details])).toEqual([
      ['error', ANALYTICS_MESSAGES.notInitialised, [{ call: 'track', eventType: 'page_view' }]],
      ['error', ANALYTICS_MESSAGES.notInitialised, [{ call: 'track', eventType: 'offer_clicked' }]],
      ['error', ANALYTICS_MESSAGES.notInitialised, [{ call: 'track', eventType: 'network_request_failed' }]],
    ]);
    expect(a.getSnapshot()).toMatchObject({ status: 'uninitialised', queued: 0 });
  });

  it('logs the same error for flush before init, which resolves and sends nothing', async () => {
    const a = analyticsWith();
    await expect(a.flush()).resolves.toBeUndefined();
    expect(logger.lines).toEqual([{ level: 'error', message: ANALYTICS_MESSAGES.notInitialised, details: [{ call: 'flush' }] }]);
    expect(server.requests).toHaveLength(0);
  });

  it('keeps a user id set before init, unless init gives its own (null included)', async () => {
    const kept = analyticsWith();
    kept.setUserId('member-early');
    await kept.init({ apiKey: 'KEY', upload: { url: `${server.origin}/batch` } });
    expect(kept.getSnapshot().userId).toBe('member-early');
    kept.track('page_view');
    await kept.flush();
    expect(bodies()[0]?.events[0]?.user_id).toBe('member-early');

    const replaced = analyticsWith({ storage: createMemoryStorage() });
    replaced.setUserId('member-early');
    await replaced.init({ apiKey: 'KEY', userId: 'member-from-init', upload: { url: `${server.origin}/batch` } });
    expect(replaced.getSnapshot().userId).toBe('member-from-init');

    const cleared = analyticsWith({ storage: createMemoryStorage() });
    cleared.setUserId('member-early');
    await cleared.init({ apiKey: 'KEY', userId: null, upload: { url: `${server.origin}/batch` } });
    expect(cleared.getSnapshot().userId).toBeNull();
    expect(errors()).toEqual([]); // setUserId before init is configuration, not misuse
  });

  it('rejects init when the id kept from before init is shorter than the configured minimum id length', async () => {
    const a = analyticsWith();
    a.setUserId('abcdef'); // 6 characters: fine for the default minimum of 5
    const e = await a.init({ apiKey: 'KEY', upload: { url: `${server.origin}/batch`, minIdLength: 8 } }).catch((error: unknown) => error);
    expect(isValidationError(e) && e.issues.map((i) => i.path)).toEqual(['userId']);
    expect(a.getSnapshot().status).toBe('uninitialised');
  });

  it('buffers calls made while it restores from storage, with the time of the call', async () => {
    let release = (): void => undefined;
    const map = new Map<string, string>();
    const slow: KeyValueStorage = {
      getItem: (key) => new Promise((resolve) => (release = () => resolve(map.get(key) ?? null))),
      setItem: (key, value) => void map.set(key, value),
      removeItem: (key) => void map.delete(key),
    };
    // Only the first read is slow; later reads resolve at once.
    let first = true;
    const storage: KeyValueStorage = { ...slow, getItem: (key) => (first ? ((first = false), slow.getItem(key)) : (map.get(key) ?? null)) };
    const a = analyticsWith({ storage });
    const ready = a.init({ apiKey: 'KEY', upload: { url: `${server.origin}/batch` } });
    expect(a.getSnapshot().status).toBe('initialising');
    a.track('early', { n: 1 });
    clock += 5000;
    release();
    await ready;
    await a.flush();
    expect(bodies()[0]?.events.map((e) => [e.event_type, e.time])).toEqual([['early', T0]]);
    expect(errors()).toEqual([]);
  });

  it('validates its options, naming every bad field, as a rejection (init never throws)', async () => {
    const a = analyticsWith();
    let pending: Promise<void> | undefined;
    expect(() => {
      pending = a.init({
        apiKey: 'KEY',
        upload: { mode: 'single', batchSize: 5, url: 'ftp://x', maxAttempts: 0 },
        maxQueuedEvents: 0,
        overflow: 'drop-all' as never,
        userId: 'abc',
      });
    }).not.toThrow();
    const e = await pending?.catch((error: unknown) => error);
    {
      expect(isValidationError(e)).toBe(true);
      if (isValidationError(e)) {
        expect(e.issues.map((i) => i.path)).toEqual([
          'upload.url',
          'upload.batchSize',
          'upload.maxAttempts',
          'maxQueuedEvents',
          'overflow',
          'userId',
        ]);
      }
    }
    // The instance stays uninitialised, so init can be called again with fixed options.
    expect(a.getSnapshot().status).toBe('uninitialised');
    await a.init({ apiKey: 'KEY', upload: { url: `${server.origin}/batch` } });
    expect(a.getSnapshot().status).toBe('ready');
    expect(() => createAnalytics({ fetch: 'x' as never })).toThrow(/fetch/);
    expect(() => createAnalytics({ brand: {} as never })).toThrow(/brand\.analytics/);
  });

  it('warns on a second init and keeps the first configuration', async () => {
    const a = analyticsWith();
    await a.init({ apiKey: 'KEY', upload: { url: `${server.origin}/batch` } });
    await a.init({ apiKey: 'OTHER' });
    a.track('x');
    await a.flush();
    expect(bodies()[0]?.api_key).toBe('KEY');
    expect(logger.lines.map((l) => l.message)).toEqual([ANALYTICS_MESSAGES.alreadyInitialised]);
  });
});

describe('createAnalytics: uploads in Amplitude wire format', () => {
  it('posts batches to the batch endpoint as { api_key, events } with the HTTP V2 event fields', async () => {
    const a = analyticsWith();
    await a.init({ apiKey: 'KEY', userId: 'member-123', upload: { url: `${server.origin}/batch` } });
    a.track('page_view', { path: '/oddsmatching' });
    clock += MIN;
    a.track('calculator_used', { calculator: 'each-way' });
    clock += 31 * MIN; // more than the 30-minute timeout: a new session
    a.setUserId(null);
    a.track('page_view', { path: '/' });
    await a.flush();

    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/batch');
    expect(request?.headers['content-type']).toBe('application/json');
    const deviceId = a.getSnapshot().deviceId;
    expect(deviceId).toBe('id-0001'); // generated once, before the events' insert ids
    expect(JSON.parse(request?.body ?? '')).toEqual({
      api_key: 'KEY',
      events: [
        {
          event_type: 'page_view',
          user_id: 'member-123',
          device_id: deviceId,
          time: T0,
          session_id: T0,
          insert_id: 'id-0002',
          event_properties: { path: '/oddsmatching' },
          platform: 'Web',
        },
        {
          event_type: 'calculator_used',
          user_id: 'member-123',
          device_id: deviceId,
          time: T0 + MIN,
          session_id: T0,
          insert_id: 'id-0003',
          event_properties: { calculator: 'each-way' },
          platform: 'Web',
        },
        {
          event_type: 'page_view',
          device_id: deviceId,
          time: T0 + 32 * MIN,
          session_id: T0 + 32 * MIN,
          insert_id: 'id-0004',
          event_properties: { path: '/' },
          platform: 'Web',
        },
      ],
    });
    expect(a.getSnapshot()).toMatchObject({ status: 'ready', queued: 0, sending: false, sessionId: T0 + 32 * MIN, lastUploadError: null });
  });

  it('sends one event per request, in order, to a standard HTTP endpoint in single mode', async () => {
    const a = analyticsWith();
    await a.init({ apiKey: 'KEY', upload: { mode: 'single', url: `${server.origin}/2/httpapi`, minIdLength: 3 } });
    for (const t of ['a', 'b', 'c']) a.track(t);
    await a.flush();
    expect(server.requests.map((r) => r.url)).toEqual(['/2/httpapi', '/2/httpapi', '/2/httpapi']);
    expect(bodies().map((b) => b.events.length)).toEqual([1, 1, 1]);
    expect(sentTypes()).toEqual(['a', 'b', 'c']);
    expect(bodies()[0]?.options).toEqual({ min_id_length: 3 });
  });

  it("defaults to Amplitude's endpoints: /batch for batches, /2/httpapi one by one", async () => {
    const urls: string[] = [];
    const relay: AnalyticsPlatform['fetch'] = (url, init) => {
      urls.push(url);
      return fetch(`${server.origin}${new URL(url).pathname}`, init);
    };
    const batch = analyticsWith({ fetch: relay });
    await batch.init({ apiKey: 'KEY' });
    batch.track('x');
    await batch.flush();
    const single = analyticsWith({ fetch: relay, storage: createMemoryStorage() });
    await single.init({ apiKey: 'KEY', upload: { mode: 'single' } });
    single.track('y');
    await single.flush();
    expect(urls).toEqual(['https://api2.amplitude.com/batch', 'https://api2.amplitude.com/2/httpapi']);
  });

  it('flushes on its own after the flush interval, or at once when a batch is full', async () => {
    const manual = manualTimers();
    const a = analyticsWith({ timers: manual.timers });
    await a.init({ apiKey: 'KEY', upload: { url: `${server.origin}/batch`, batchSize: 3, flushIntervalMs: 1000 } });
    a.track('one');
    expect([...manual.pending.values()].map((t) => t.ms)).toEqual([1000]);
    manual.fire(1000);
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    for (const t of ['two', 'three', 'four']) a.track(t); // the third fills the batch
    await vi.waitFor(() => expect(server.requests).toHaveLength(2));
    expect(bodies()[1]?.events.map((e) => e.event_type)).toEqual(['two', 'three', 'four']);
  });
});

describe('createAnalytics: failures and retries', () => {
  it('retries 5xx with exponential backoff and delivers everything once, in order', async () => {
    let calls = 0;
    server.respondWith(() => ((calls += 1) <= 2 ? { status: 500, body: '<html>oops</html>' } : json(200, { code: 200 })));
    const quick = quickTimers();
    const a = analyticsWith({ timers: quick.timers });
    // A flush interval no retry delay can equal, so every delay asked for is accounted for below.
    await a.init({ apiKey: 'KEY', upload: { url: `${server.origin}/batch`, batchSize: 2, flushIntervalMs: 7 } });
    for (const t of ['a', 'b', 'c']) a.track(t);
    await a.flush();
    // Batches of 2: [a, b] fails twice then succeeds; then [c].
    expect(bodies().map((b) => b.events.map((e) => e.event_type))).toEqual([['a', 'b'], ['a', 'b'], ['a', 'b'], ['c']]);
    // The flush timer set by the first event (7 ms, cancelled when the batch filled), then equal
    // jitter at random 0.5 from a 1 s base: 0.75 x 1000, then 0.75 x 2000; nothing else waited.
    expect(quick.delays).toEqual([7, 750, 1500]);
    expect(
      new Set(
        bodies()
          .slice(0, 3)
          .map((b) => b.events[0]?.insert_id),
      ).size,
    ).toBe(1); // same insert_id on every retry
  });

  it('waits as Retry-After says on a 429, and at least 30 s without it', async () => {
    let calls = 0;
    server.respondWith(() => {
      calls += 1;
      if (calls === 1) return json(429, { code: 429, error: 'Too many requests for some devices and users' }, { 'retry-after': '3' });
      if (calls === 2) return json(429, { code: 429 });
      return json(200, { code: 200 });
    });
    const quick = quickTimers();
    const a = analyticsWith({ timers: quick.timers });
    await a.init({ apiKey: 'KEY', upload: { url: `${server.origin}/batch`, flushIntervalMs: 5 } });
    a.track('x');
    await a.flush();
    expect(quick.delays).toEqual([5, 3000, 30_000]); // the flush timer, then Retry-After, then the 30 s floor
    expect(server.requests).toHaveLength(3);
  });

  it('retries a network failure (connection reset) the same way', async () => {
    let calls = 0;
    server.respondWith(() => ((calls += 1) === 1 ? Promise.reject(new Error('reset')) : json(200, { code: 200 })));
    const a = analyticsWith();
    await a.init({ apiKey: 'KEY', upload: { url: `${server.origin}/batch` } });
    a.track('x');
    await a.flush();
    expect(server.requests).toHaveLength(2);
    expect(a.getSnapshot()).toMatchObject({ queued: 0, lastUploadError: null });
  });

  it('drops a batch answered with another 4xx, logs it, and carries on with the next (the queue cannot wedge)', async () => {
    let calls = 0;
    server.respondWith(() => ((calls += 1) === 1 ? json(400, { code: 400, error: 'Invalid API key' }) : json(200, { code: 200 })));
    const a = analyticsWith();
    await a.init({ apiKey: 'KEY', upload: { url: `${server.origin}/batch`, batchSize: 1 } });
    a.track('rejected');
    a.track('accepted');
    await a.flush();
    expect(sentTypes()).toEqual(['rejected', 'accepted']); // each sent once: no retry of the 400
    expect(errors()).toEqual(['analytics upload rejected 1 of 1 event(s) with status 400: dropped, not retried']);
    expect(a.getSnapshot().queued).toBe(0);
  });

  it('drops only the events a 400 lists and resends the rest, in order', async () => {
    let calls = 0;
    server.respondWith(() =>
      (calls += 1) === 1
        ? json(400, { code: 400, error: 'Invalid field values', events_with_invalid_fields: { time: [1] } })
        : json(200, { code: 200 }),
    );
    const a = analyticsWith();
    await a.init({ apiKey: 'KEY', upload: { url: `${server.origin}/batch` } });
    for (const t of ['a', 'b', 'c']) a.track(t);
    await a.flush();
    expect(bodies().map((b) => b.events.map((e) => e.event_type))).toEqual([
      ['a', 'b', 'c'],
      ['a', 'c'],
    ]);
    expect(errors()).toEqual(['analytics upload rejected 1 of 3 event(s) with status 400: dropped, not retried']);
  });

  it('halves a batch answered with 413 and drops a single event that is still too large', async () => {
    server.respondWith((req) => {
      const events = (JSON.parse(req.body) as AmplitudeUploadBody).events;
      if (events.some((e) => e.event_type === 'huge')) return json(413, { code: 413 });
      return events.length > 2 ? json(413, { code: 413 }) : json(200, { code: 200 });
    });
    const a = analyticsWith();
    await a.init({ apiKey: 'KEY', upload: { url: `${server.origin}/batch` } });
    for (const t of ['a', 'b', 'c', 'd', 'huge', 'e']) a.track(t);
    await a.flush();
    // 6 too large -> 3 too large -> 2 ok [a b], [c d] ok, [huge e] too large -> 1: [huge] dropped, [e] ok.
    expect(bodies().map((b) => b.events.map((e) => e.event_type).join(' '))).toEqual([
      'a b c d huge e',
      'a b c',
      'a b',
      'c d',
      'huge e',
      'huge',
      'e',
    ]);
    expect(errors()).toEqual(['analytics upload rejected 1 of 1 event(s) with status 413: dropped, not retried']);
  });

  it('stops a run after maxAttempts, keeps the events, and sends them on a later flush', async () => {
    let down = true;
    server.respondWith(() => (down ? { status: 503, body: '' } : json(200, { code: 200 })));
    const a = analyticsWith();
    await a.init({ apiKey: 'KEY', upload: { url: `${server.origin}/batch`, maxAttempts: 3 } });
    a.track('x');
    a.track('y');
    await a.flush();
    expect(server.requests).toHaveLength(3);
    expect(a.getSnapshot()).toMatchObject({ queued: 2, lastUploadError: { status: 503, at: T0 } });
    expect(logger.lines.at(-1)?.message).toBe('analytics upload failed 3 times (last status 503): 2 event(s) kept for the next flush');
    down = false;
    await a.flush();
    expect(
      bodies()
        .at(-1)
        ?.events.map((e) => e.event_type),
    ).toEqual(['x', 'y']);
    expect(a.getSnapshot()).toMatchObject({ queued: 0, lastUploadError: null });
  });
});

describe('createAnalytics: persistence', () => {
  it('loses nothing across a reload: the next visit sends what the last one could not, and keeps the session', async () => {
    server.respondWith(() => ({ status: 503 }));
    const storage = createMemoryStorage();
    const first = analyticsWith({ storage });
    await first.init({ apiKey: 'KEY', upload: { url: `${server.origin}/batch`, maxAttempts: 1 } });
    first.track('a');
    clock += MIN;
    first.track('b');
    await first.flush();
    await first.shutdown();
    const lost = bodies()[0]?.events ?? [];
    expect(lost).toHaveLength(2);

    server.respondWith(() => json(200, { code: 200 }));
    clock += MIN;
    const second = analyticsWith({ storage });
    await second.init({ apiKey: 'KEY', upload: { url: `${server.origin}/batch` } });
    second.track('c'); // two minutes after 'a': same session
    await second.flush();
    const delivered = bodies()
      .slice(1)
      .flatMap((b) => b.events);
    expect(delivered.slice(0, 2)).toEqual(lost); // byte for byte, insert ids included
    const c = delivered[2] as AmplitudeEvent;
    expect([c.event_type, c.session_id, c.device_id]).toEqual(['c', T0, lost[0]?.device_id]);
  });

  it('caps the queue at maxQueuedEvents, dropping the oldest and logging it', async () => {
    const manual = manualTimers();
    const a = analyticsWith({ timers: manual.timers });
    await a.init({ apiKey: 'KEY', maxQueuedEvents: 3, upload: { url: `${server.origin}/batch`, flushIntervalMs: 60_000 } });
    for (const t of ['a', 'b', 'c', 'd', 'e']) a.track(t);
    expect(a.getSnapshot()).toMatchObject({ queued: 3, dropped: 2 });
    await a.flush();
    expect(sentTypes()).toEqual(['c', 'd', 'e']);
    expect(errors()).toEqual(['analytics queue is full (3 events): dropped the oldest events']);
  });
});

describe('createAnalytics: campaigns', () => {
  it('sends a new campaign as user properties and, when configured, starts a session with it', async () => {
    const a = analyticsWith();
    await a.init({ apiKey: 'KEY', upload: { url: `${server.origin}/batch` }, session: { newSessionOnNewCampaign: true } });
    a.track('page_view', undefined, { campaign: parseCampaign('https://app.example/?utm_source=google&utm_medium=cpc&gclid=g1') });
    clock += MIN;
    a.track('click');
    clock += MIN;
    a.track('page_view', undefined, {
      campaign: parseCampaign('https://app.example/?utm_source=newsletter', { referrer: 'https://mail.example/' }),
    });
    await a.flush();
    const events = bodies()[0]?.events ?? [];
    expect(events.map((e) => e.user_properties)).toEqual([
      { utm_source: 'google', utm_medium: 'cpc', gclid: 'g1' },
      undefined,
      { utm_source: 'newsletter', referrer: 'https://mail.example/', referring_domain: 'mail.example' },
    ]);
    expect(events.map((e) => e.session_id)).toEqual([T0, T0, T0 + 2 * MIN]);
  });
});

describe('createClickTracking', () => {
  it('holds navigation until the upload is done when that takes less than 500 ms', async () => {
    const manual = manualTimers();
    const a = analyticsWith({ timers: manual.timers });
    await a.init({ apiKey: 'KEY', upload: { url: `${server.origin}/batch` } });
    let navigated = 0;
    await createClickTracking(a, { timers: manual.timers }).trackClick('offer_clicked', { offer: 'welcome' }, () => (navigated += 1));
    expect(navigated).toBe(1);
    expect(sentTypes()).toEqual(['offer_clicked']);
    expect(manual.pending.size).toBe(0); // the 500 ms timer was cleared
  });

  it('navigates after 500 ms (the catalogue value) when the upload is slower, and only once', async () => {
    expect(getBrand('primary').analytics.clickTrackingDelayMs).toBe(500);
    expect(getBrand('secondary').analytics.clickTrackingDelayMs).toBe(500);
    const gate = deferred();
    server.respondWith(async () => {
      await gate.promise;
      return json(200, { code: 200 });
    });
    const manual = manualTimers();
    const a = analyticsWith({ timers: manual.timers });
    await a.init({ apiKey: 'KEY', upload: { url: `${server.origin}/batch` } });
    let navigated = 0;
    const done = createClickTracking(a, { timers: manual.timers }).trackClick('offer_clicked', undefined, () => (navigated += 1));
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    expect(navigated).toBe(0);
    expect([...manual.pending.values()].map((t) => t.ms)).toContain(500);
    manual.fire(500);
    await done;
    expect(navigated).toBe(1);
    gate.resolve();
    await a.flush();
    expect(navigated).toBe(1);
  });
});

describe('createAnalytics: brand constants', () => {
  it("reads a custom catalogue's analytics section: its click wait and capture range", async () => {
    const brand = {
      analytics: { ...getBrand('secondary').analytics, clickTrackingDelayMs: 250, networkCaptureStatus: { min: 400, max: 599 } },
    };
    const manual = manualTimers();
    const a = analyticsWith({ brand, timers: manual.timers });
    await a.init({ apiKey: 'KEY', upload: { url: `${server.origin}/batch` } });
    expect(createNetworkCapture(a, { brand }).captureRequest({ url: 'https://api.example/x', status: 404 })).toBe(true);
    expect(createNetworkCapture(a).captureRequest({ url: 'https://api.example/x', status: 404 })).toBe(false); // 500-599 without the catalogue
    const gate = deferred();
    server.respondWith(async () => {
      await gate.promise;
      return json(200, {});
    });
    const done = createClickTracking(a, { brand, timers: manual.timers }).trackClick('go', undefined, () => undefined);
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    expect([...manual.pending.values()].map((t) => t.ms)).toContain(250);
    manual.fire(250);
    await done;
    gate.resolve();
  });
});

describe('createNetworkCapture', () => {
  it('records failed requests (500-599 by default) without authorization, cookie or denied headers', async () => {
    const api = await startLoopbackServer((req) =>
      req.url.startsWith('/fail')
        ? { status: 503, headers: { 'set-cookie': 'sid=secret', 'x-request-id': 'r1', 'content-type': 'text/html' }, body: '<html>' }
        : req.url.startsWith('/missing')
          ? { status: 404 }
          : json(200, {}),
    );
    try {
      const a = analyticsWith();
      await a.init({ apiKey: 'KEY', upload: { url: `${server.origin}/batch` } });
      const tracked = createNetworkCapture(a, { denyHeaders: ['X-Session'] }).instrumentFetch(fetch);
      const r = await tracked(`${api.origin}/fail?email=someone@example.com#frag`, {
        method: 'POST',
        headers: {
          Authorization: 'Bearer jwt',
          Cookie: '_opjwt=jwt',
          'X-Session': 's',
          'X-API-Key': 'k',
          'Content-Type': 'application/json',
        },
        body: '{}',
      });
      expect(r.status).toBe(503);
      await tracked(`${api.origin}/missing`);
      await tracked(`${api.origin}/ok`);
      await a.flush();
      const events = bodies()[0]?.events ?? [];
      expect(events.map((e) => e.event_type)).toEqual(['network_request_failed']);
      const props = events[0]?.event_properties as Record<string, unknown>;
      expect(props).toMatchObject({
        url: `${api.origin}/fail`,
        method: 'POST',
        status: 503,
        request_headers: { 'content-type': 'application/json' },
      });
      expect(props.response_headers).toMatchObject({ 'x-request-id': 'r1', 'content-type': 'text/html' });
      expect(JSON.stringify(bodies())).not.toMatch(/secret|jwt|Bearer|someone|set-cookie|authorization|cookie/i);
    } finally {
      await api.close();
    }
  });

  it('never records user-info credentials of a captured URL', async () => {
    const a = analyticsWith();
    await a.init({ apiKey: 'KEY', upload: { url: `${server.origin}/batch` } });
    expect(createNetworkCapture(a).captureRequest({ url: 'https://member:hunter22@api.example/x?k=v', method: 'get', status: 502 })).toBe(
      true,
    );
    await a.flush();
    expect(bodies()[0]?.events[0]?.event_properties).toMatchObject({ url: 'https://api.example/x', method: 'GET', status: 502 });
    expect(JSON.stringify(bodies())).not.toMatch(/member|hunter22/);
  });

  it('takes a configurable status range, and never records its own uploads', async () => {
    server.respondWith(() => ({ status: 404 }));
    const a = analyticsWith();
    await a.init({ apiKey: 'KEY', upload: { url: `${server.origin}/batch`, batchSize: 1 } });
    const capture = createNetworkCapture(a, { statusRange: { min: 400, max: 499 } });
    expect(capture.captureRequest({ url: 'https://api.example/x', status: 404, method: 'get' })).toBe(true);
    expect(capture.captureRequest({ url: 'https://api.example/x', status: 500 })).toBe(false);
    expect(capture.captureRequest({ url: `${server.origin}/batch?x=1`, status: 404 })).toBe(false);
    expect(a.getSnapshot()).toMatchObject({ queued: 1, endpoint: `${server.origin}/batch` });
    const off = analyticsWith({ storage: createMemoryStorage() });
    await off.init({ apiKey: 'KEY' });
    await off.shutdown();
    expect(createNetworkCapture(off).captureRequest({ url: 'https://api.example/x', status: 503 })).toBe(false); // not running
  });

  it('validates its options and the requests it is given, naming every bad field', () => {
    const a = analyticsWith();
    try {
      createNetworkCapture(a, { statusRange: { min: 600, max: 500 }, denyHeaders: [1] as never, eventType: ' ' });
      expect.unreachable();
    } catch (e) {
      expect(isValidationError(e)).toBe(true);
      if (isValidationError(e))
        expect(e.issues.map((i) => i.path)).toEqual(['statusRange.min', 'statusRange.max', 'denyHeaders', 'eventType']);
    }
    expect(() => createNetworkCapture({} as never)).toThrow(/analytics/);
    const capture = createNetworkCapture(a);
    expect(() => capture.captureRequest({ url: 1, status: 'x' } as never)).toThrow(/url[\s\S]*status/);
    expect(() => capture.instrumentFetch('fetch' as never)).toThrow(/fetch/);
  });
});

describe('createAnalytics: the store', () => {
  it('hands out the same snapshot until something changes and notifies subscribers', async () => {
    const a = analyticsWith();
    const seen: string[] = [];
    a.subscribe(() => seen.push(a.getSnapshot().status));
    expect(a.getSnapshot()).toBe(a.getSnapshot());
    await a.init({ apiKey: 'KEY', upload: { url: `${server.origin}/batch` } });
    const before = a.getSnapshot();
    a.setUserId(before.userId);
    expect(a.getSnapshot()).toBe(before);
    expect(seen.slice(0, 2)).toEqual(['initialising', 'ready']);
  });

  it('rejects malformed events with a typed error', async () => {
    const a = analyticsWith();
    await a.init({ apiKey: 'KEY', upload: { url: `${server.origin}/batch` } });
    try {
      a.track('', [] as never, { time: -1 });
      expect.unreachable();
    } catch (e) {
      expect(isValidationError(e)).toBe(true);
      if (isValidationError(e)) expect(e.issues.map((i) => i.path)).toEqual(['eventType', 'properties', 'options.time']);
    }
    expect(() => a.setUserId('abc')).toThrow(/userId/);
  });

  it('leaves no timer behind after shutdown', async () => {
    const manual = manualTimers();
    const a = analyticsWith({ timers: manual.timers });
    await a.init({ apiKey: 'KEY', upload: { url: `${server.origin}/batch` } });
    a.track('x');
    expect(manual.pending.size).toBe(1);
    await a.shutdown();
    expect(manual.pending.size).toBe(0);
    a.track('after');
    expect(a.getSnapshot().status).toBe('shut-down');
  });

  it('touches no browser global at import or creation', async () => {
    const touched: string[] = [];
    const names = ['window', 'document', 'navigator', 'localStorage'] as const;
    const saved = names.map((n) => Object.getOwnPropertyDescriptor(globalThis, n));
    for (const n of names) {
      Object.defineProperty(globalThis, n, {
        configurable: true,
        get: () => {
          touched.push(n);
          return undefined;
        },
      });
    }
    try {
      vi.resetModules();
      const fresh = await import('./index');
      fresh.createAnalytics();
      expect(touched).toEqual([]);
    } finally {
      names.forEach((n, i) => {
        const d = saved[i];
        if (d === undefined) Reflect.deleteProperty(globalThis, n);
        else Object.defineProperty(globalThis, n, d);
      });
    }
  });
});
