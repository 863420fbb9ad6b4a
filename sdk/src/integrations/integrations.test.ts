import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isValidationError } from '../errors';
import { integrationStatusSchema } from '../model';
import {
  closedOrigin,
  deferred,
  json,
  recordingLogger,
  startLoopbackServer,
  type LoopbackServer,
  type RecordingLogger,
} from '../analytics/testing/loopback-server';
import { browserFocusSource, createIntegrationsStore, type IntegrationsCheck } from '../integrations';

const CHECK = '/api/user/integrations/external/check';
const LOGOUT = '/api/user/integrations/external/logout';

let server: LoopbackServer;
let logger: RecordingLogger;

beforeEach(async () => {
  server = await startLoopbackServer();
  logger = recordingLogger();
});
afterEach(async () => {
  await server.close();
});

/** The check call as the transport makes it: a real GET over loopback, its JSON body returned. */
const checkAt = (origin: string) => async (): Promise<IntegrationsCheck> => {
  const response = await fetch(`${origin}${CHECK}`);
  return (await response.json()) as IntegrationsCheck;
};
const logoutAt =
  (origin: string) =>
  async (integration: string): Promise<unknown> => {
    const response = await fetch(`${origin}${LOGOUT}?integration=${encodeURIComponent(integration)}`);
    return response.json();
  };
const checks = () => server.requests.filter((r) => r.url === CHECK).length;

describe('createIntegrationsStore', () => {
  it('starts empty and stores the statuses of a successful check, stamped by the injected clock', async () => {
    server.respondWith(() => json(200, { data: { betfair: 'connected', smarkets: 'expired' }, error: false }));
    const store = createIntegrationsStore({ check: checkAt(server.origin), logger, now: () => 1_700_000_000_000 });
    expect(store.getSnapshot()).toEqual({ statuses: null, checking: false, checkedAt: null });
    let notified = 0;
    store.subscribe(() => (notified += 1));
    await store.refresh();
    expect(store.getSnapshot()).toEqual({
      statuses: { betfair: 'connected', smarkets: 'expired' },
      checking: false,
      checkedAt: 1_700_000_000_000,
    });
    expect(notified).toBeGreaterThanOrEqual(2); // checking on, then the result
    expect(server.requests[0]?.method).toBe('GET');
    expect(logger.lines).toEqual([]);
  });

  it('leaves the stored statuses unchanged when the response carries the error flag', async () => {
    server.respondWith(() => json(200, { data: { betfair: 'connected' }, error: false }));
    const store = createIntegrationsStore({ check: checkAt(server.origin), logger });
    await store.refresh();
    const before = store.getSnapshot();
    server.respondWith(() => json(200, { data: { betfair: 'disconnected' }, error: true }));
    await store.refresh();
    expect(store.getSnapshot().statuses).toBe(before.statuses);
    expect(store.getSnapshot().checkedAt).toBe(before.checkedAt);
    expect(logger.lines.map((l) => l.message)).toEqual(['integration check answered with the error flag: statuses left unchanged']);
  });

  it('only logs a network error: nothing rejects, nothing changes', async () => {
    server.respondWith(() => json(200, { data: { betfair: 'connected' }, error: false }));
    const origin = server.origin;
    const store = createIntegrationsStore({ check: checkAt(origin), logger });
    await store.refresh();
    const before = store.getSnapshot();
    const dead = createIntegrationsStore({ check: checkAt(await closedOrigin()), logger });
    await expect(dead.refresh()).resolves.toBeUndefined();
    expect(dead.getSnapshot()).toEqual({ statuses: null, checking: false, checkedAt: null });
    expect(logger.lines).toHaveLength(1);
    expect(logger.lines[0]?.message).toBe('integration check failed: statuses left unchanged');
    expect(logger.lines[0]?.details[0]).toBeInstanceOf(TypeError); // fetch's network failure
    expect(store.getSnapshot()).toBe(before);
  });

  it('rejects data that is not a status map, naming the bad field, and keeps the old statuses', async () => {
    server.respondWith(() => json(200, { data: { betfair: 'connected' }, error: false }));
    const store = createIntegrationsStore({ check: checkAt(server.origin), logger });
    await store.refresh();
    server.respondWith(() => json(200, { data: { betfair: 'banana' }, error: false }));
    await store.refresh();
    expect(store.getSnapshot().statuses).toEqual({ betfair: 'connected' });
    expect(logger.lines[0]?.message).toContain('integration check returned invalid data');
    expect(logger.lines[0]?.message).toContain('betfair');
  });

  it('never overlaps checks: calls during a check share it', async () => {
    const gate = deferred();
    server.respondWith(async () => {
      await gate.promise;
      return json(200, { data: { betfair: 'connected' }, error: false });
    });
    const store = createIntegrationsStore({ check: checkAt(server.origin), logger });
    const a = store.refresh();
    const b = store.refresh();
    const c = store.refresh();
    expect(a).toBe(b);
    expect(b).toBe(c);
    expect(store.getSnapshot().checking).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    gate.resolve();
    await Promise.all([a, b, c]);
    expect(checks()).toBe(1);
    expect(store.getSnapshot().checking).toBe(false);
    await store.refresh(); // a later call is a new check
    expect(checks()).toBe(2);
  });

  it('keeps the previous statuses object when a recheck returns equal data', async () => {
    server.respondWith(() => json(200, { data: { betfair: 'connected', smarkets: 'expired' }, error: false }));
    let t = 1000;
    const store = createIntegrationsStore({ check: checkAt(server.origin), logger, now: () => (t += 1) });
    await store.refresh();
    const first = store.getSnapshot();
    server.respondWith(() => json(200, { data: { smarkets: 'expired', betfair: 'connected' }, error: false }));
    await store.refresh();
    expect(store.getSnapshot()).not.toBe(first); // checkedAt moved
    expect(store.getSnapshot().statuses).toBe(first.statuses);
  });

  it('rechecks when the window regains focus, only while started', async () => {
    server.respondWith(() => json(200, { data: { betfair: 'connected' }, error: false }));
    const window = new EventTarget();
    const document = Object.assign(new EventTarget(), { visibilityState: 'hidden' });
    const store = createIntegrationsStore({ check: checkAt(server.origin), logger, onFocus: browserFocusSource({ window, document }) });
    const settle = () => store.refresh(); // the shared in-flight check, or a no-op-sized new one

    const stop = store.start();
    expect(store.start()).toBe(stop);
    await settle();
    const afterStart = checks();
    expect(afterStart).toBeGreaterThanOrEqual(1);

    window.dispatchEvent(new Event('focus'));
    await store.refresh();
    expect(checks()).toBeGreaterThan(afterStart);

    const beforeHidden = checks();
    document.dispatchEvent(new Event('visibilitychange')); // still hidden: no check
    await new Promise((r) => setTimeout(r, 20));
    expect(checks()).toBe(beforeHidden);
    document.visibilityState = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(checks()).toBe(beforeHidden + 1));
    await store.refresh();

    stop();
    const stopped = checks();
    window.dispatchEvent(new Event('focus'));
    await new Promise((r) => setTimeout(r, 50));
    expect(checks()).toBe(stopped);
  });

  it('checks once when focus and visibility fire together for one return to the tab', async () => {
    const gate = deferred();
    let first = true;
    server.respondWith(async () => {
      if (first) {
        first = false;
        return json(200, { data: {}, error: false });
      }
      await gate.promise;
      return json(200, { data: {}, error: false });
    });
    const window = new EventTarget();
    const document = Object.assign(new EventTarget(), { visibilityState: 'visible' });
    const store = createIntegrationsStore({ check: checkAt(server.origin), logger, onFocus: browserFocusSource({ window, document }) });
    const stop = store.start();
    await store.refresh();
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange'));
    await new Promise((r) => setTimeout(r, 30));
    gate.resolve();
    await store.refresh();
    expect(checks()).toBe(2);
    stop();
  });

  it('logs out through the injected call, then checks with a request sent after the logout', async () => {
    let connected = true;
    const gate = deferred();
    server.respondWith(async (req) => {
      if (req.url.startsWith(LOGOUT)) {
        connected = false;
        return json(200, { data: { ok: true } });
      }
      const answer = { data: { betfair: connected ? 'connected' : 'disconnected' }, error: false };
      if (server.requests.length === 1) await gate.promise; // hold the first check
      return json(200, answer);
    });
    const store = createIntegrationsStore({ check: checkAt(server.origin), logout: logoutAt(server.origin), logger });
    const early = store.refresh(); // in flight: its answer will predate the logout
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    const out = store.logout('betfair');
    await vi.waitFor(() => expect(server.requests).toHaveLength(2)); // the logout went out
    gate.resolve();
    await Promise.all([early, out]);
    expect(server.requests.map((r) => r.url)).toEqual([CHECK, `${LOGOUT}?integration=betfair`, CHECK]);
    expect(store.getSnapshot().statuses).toEqual({ betfair: 'disconnected' });
    expect(store.getSnapshot().checking).toBe(false);
  });

  it('shows the statuses the logout answers with at once, and never the stale answer of an earlier check', async () => {
    let connected = true;
    const gate = deferred();
    server.respondWith(async (req) => {
      if (req.url.startsWith(LOGOUT)) {
        connected = false;
        return json(200, { data: { betfair: 'disconnected' } });
      }
      const answer = { data: { betfair: connected ? 'connected' : 'disconnected' }, error: false };
      if (server.requests.length === 1) await gate.promise;
      return json(200, answer);
    });
    const store = createIntegrationsStore({ check: checkAt(server.origin), logout: logoutAt(server.origin), logger });
    const seen: unknown[] = [];
    store.subscribe(() => seen.push(store.getSnapshot().statuses?.betfair));
    const early = store.refresh();
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    const out = store.logout('betfair');
    await vi.waitFor(() => expect(store.getSnapshot().statuses).toEqual({ betfair: 'disconnected' })); // before the held check ends
    gate.resolve();
    await Promise.all([early, out]);
    expect(seen.filter((s) => s !== undefined)).not.toContain('connected');
    expect(store.getSnapshot().statuses).toEqual({ betfair: 'disconnected' });
  });

  it('rejects a logout without a logout call or an integration name, naming each field', async () => {
    const store = createIntegrationsStore({ check: checkAt(server.origin), logger });
    const error = await store.logout('').catch((e: unknown) => e);
    expect(isValidationError(error)).toBe(true);
    if (!isValidationError(error)) return;
    expect(error.issues.map((i) => i.path)).toEqual(['logout', 'integration']);
    expect(server.requests).toHaveLength(0);
  });

  it('propagates a failed logout and leaves the statuses as they were', async () => {
    server.respondWith(() => json(200, { data: { betfair: 'connected' }, error: false }));
    const store = createIntegrationsStore({ check: checkAt(server.origin), logout: logoutAt(await closedOrigin()), logger });
    await store.refresh();
    const before = store.getSnapshot();
    await expect(store.logout('betfair')).rejects.toBeInstanceOf(TypeError);
    expect(store.getSnapshot()).toBe(before);
  });

  it('validates its options, listing every bad one', () => {
    try {
      createIntegrationsStore({ check: 'nope', onFocus: 3 } as never);
      expect.unreachable();
    } catch (e) {
      expect(isValidationError(e)).toBe(true);
      if (isValidationError(e)) expect(e.issues.map((i) => i.path)).toEqual(['check', 'onFocus']);
    }
  });

  it('accepts exactly the statuses of the model schema by default', async () => {
    const statuses = ['connected', 'disconnected', 'expired'];
    expect([...integrationStatusSchema.options].sort()).toEqual(statuses); // the model's list, whole
    server.respondWith(() => json(200, { data: Object.fromEntries(statuses.map((s, i) => [`x${i}`, s])), error: false }));
    const store = createIntegrationsStore({ check: checkAt(server.origin), logger });
    await store.refresh();
    expect(store.getSnapshot().statuses).toEqual({ x0: 'connected', x1: 'disconnected', x2: 'expired' });
    server.respondWith(() => json(200, { data: ['connected'], error: false }));
    await store.refresh();
    expect(logger.lines[0]?.message).toContain('must be an object');
  });

  it('accepts a custom data shape through parse', async () => {
    server.respondWith(() => json(200, { data: { betfair: { linked: true } }, error: false }));
    const store = createIntegrationsStore<{ betfair: { linked: boolean } }>({
      check: checkAt(server.origin) as never,
      parse: (d) => d as { betfair: { linked: boolean } },
      logger,
    });
    await store.refresh();
    expect(store.getSnapshot().statuses?.betfair.linked).toBe(true);
  });
});

describe('browserFocusSource', () => {
  it('does nothing (and does not throw) where there is no window or document, as on a server', () => {
    expect((globalThis as { window?: unknown }).window).toBeUndefined();
    const unsubscribe = browserFocusSource()(() => {
      throw new Error('never called');
    });
    expect(unsubscribe).toBeTypeOf('function');
    unsubscribe();
  });

  it('reads the globals only when subscribed, not when created', () => {
    const g = globalThis as { window?: unknown };
    let reads = 0;
    Object.defineProperty(globalThis, 'window', {
      configurable: true,
      get: () => {
        reads += 1;
        return new EventTarget();
      },
    });
    try {
      const source = browserFocusSource({ document: null });
      expect(reads).toBe(0);
      source(() => undefined)();
      expect(reads).toBe(1);
    } finally {
      delete g.window;
    }
  });
});
