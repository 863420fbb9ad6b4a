import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import {
  json,
  recordingLogger,
  startLoopbackServer,
  type LoopbackServer,
  type RecordingLogger,
  type Reply,
} from '../analytics/testing/loopback-server';
import {
  checkIntegrations,
  isTransportError,
  logoutIntegration,
  type IntegrationsCheck as TransportCheck,
  type TransportOptions,
} from '../transport';
import { createIntegrationsStore, type IntegrationsCheck as StoreCheck, type IntegrationsStoreOptions } from '../integrations';
import type { IntegrationsCheck as ModelCheck } from '../model';

// The integrations store wired to the REAL transport calls (checkIntegrations, logoutIntegration)
// against a real HTTP server on 127.0.0.1: the rules of spec section 8 hold end to end, with the
// transport's error union in between.

const CHECK = '/api/user/integrations/external/check';
const LOGOUT = '/api/user/integrations/external/logout';

let server: LoopbackServer;
let logger: RecordingLogger;
/** What the server answers next, per path; each reply is used once, in order. */
let replies: Record<string, Reply[]>;

beforeEach(async () => {
  replies = {};
  server = await startLoopbackServer((req) => {
    const path = new URL(req.url, 'http://x').pathname;
    const next = replies[path]?.shift();
    if (next === undefined) return { status: 599, body: `no reply scripted for ${path}` };
    return next;
  });
  logger = recordingLogger();
});
afterEach(() => server.close());

function wiredStore() {
  const options: TransportOptions = {
    url: `${server.origin}/graphql`,
    getCookie: (name) => (name === '_opjwt' ? 'member-jwt' : undefined),
    retry: false,
  };
  const store = createIntegrationsStore({
    check: () => checkIntegrations(options),
    logout: (name) => logoutIntegration(options, name),
    onFocus: () => () => {},
    logger,
    now: () => 1_754_900_000_000,
  });
  return store;
}

describe('the integrations store over the real transport', () => {
  it('stores { data, error: false }; leaves the statuses unchanged on { data: null, error: true }; on a 500 the rejection is only logged', async () => {
    const store = wiredStore();
    replies[CHECK] = [
      json(200, { data: { matchbook: 'connected', betfair: 'expired' }, error: false }),
      json(200, { data: null, error: true }),
      { status: 500, headers: { 'content-type': 'text/html' }, body: '<html><h1>Internal Server Error</h1></html>' },
    ];

    await store.refresh();
    const first = store.getSnapshot();
    expect(first).toEqual({ statuses: { matchbook: 'connected', betfair: 'expired' }, checking: false, checkedAt: 1_754_900_000_000 });
    // The transport's request: a GET to the check path, with the member's token and the country.
    expect(server.requests[0]).toMatchObject({ method: 'GET', url: CHECK, headers: { authorization: 'Bearer member-jwt', country: 'gb' } });
    expect(logger.lines).toEqual([]);

    // The error flag: the transport resolves { data: null, error: true }; the store keeps what it had.
    await store.refresh();
    expect(store.getSnapshot().statuses).toBe(first.statuses);
    expect(logger.lines.map((l) => [l.level, l.message])).toEqual([
      ['warn', 'integration check answered with the error flag: statuses left unchanged'],
    ]);

    // A 500: the transport rejects with its error (kind http, status and body kept); the store only logs it.
    await expect(store.refresh()).resolves.toBeUndefined();
    expect(store.getSnapshot()).toEqual({ ...first, checking: false });
    expect(store.getSnapshot().statuses).toBe(first.statuses);
    const last = logger.lines.at(-1);
    expect([last?.level, last?.message]).toEqual(['warn', 'integration check failed: statuses left unchanged']);
    const logged = last?.details[0];
    expect(isTransportError(logged) && logged.kind === 'http' && [logged.status, logged.bodyText]).toEqual([
      500,
      '<html><h1>Internal Server Error</h1></html>',
    ]);
    expect(server.requests.map((r) => r.url)).toEqual([CHECK, CHECK, CHECK]);
  });

  it("a body of the wrong shape is the transport's malformed error: logged, statuses unchanged", async () => {
    const store = wiredStore();
    replies[CHECK] = [
      json(200, { data: { matchbook: 'connected' }, error: false }),
      json(200, { data: { matchbook: 'logged-in' }, error: false }),
    ];
    await store.refresh();
    await store.refresh();
    expect(store.getSnapshot().statuses).toEqual({ matchbook: 'connected' });
    const logged = logger.lines.at(-1)?.details[0];
    expect(isTransportError(logged) && logged.kind).toBe('malformed');
  });

  it('logs out through the transport, shows the answered statuses, then rechecks with a request sent after the logout', async () => {
    const store = wiredStore();
    replies[CHECK] = [
      json(200, { data: { matchbook: 'connected', betfair: 'connected' }, error: false }),
      json(200, { data: { matchbook: 'disconnected', betfair: 'connected' }, error: false }),
    ];
    replies[LOGOUT] = [json(200, { data: { matchbook: 'disconnected', betfair: 'connected' } })];
    await store.refresh();
    await store.logout('matchbook');
    expect(store.getSnapshot().statuses).toEqual({ matchbook: 'disconnected', betfair: 'connected' });
    expect(server.requests.map((r) => r.url)).toEqual([CHECK, `${LOGOUT}?integration=matchbook`, CHECK]);
    expect(server.requests[1]?.headers.authorization).toBe('Bearer member-jwt');
  });

  it('a failed logout (HTTP 502) rejects with the transport error and changes nothing', async () => {
    const store = wiredStore();
    replies[CHECK] = [json(200, { data: { matchbook: 'connected' }, error: false })];
    replies[LOGOUT] = [{ status: 502, body: 'bad gateway' }];
    await store.refresh();
    const error = await store.logout('matchbook').catch((e: unknown) => e);
    expect(isTransportError(error) && error.kind === 'http' && error.status).toBe(502);
    expect(store.getSnapshot().statuses).toEqual({ matchbook: 'connected' });
    expect(server.requests.map((r) => r.url)).toEqual([CHECK, `${LOGOUT}?integration=matchbook`]); // one attempt: an HTTP status is never retried
  });
});

describe('one type for the integration check response', () => {
  it('is the same type from the model, the transport and the integrations store', () => {
    expectTypeOf<ModelCheck>().toEqualTypeOf<TransportCheck>();
    expectTypeOf<ModelCheck>().toEqualTypeOf<StoreCheck>();
    expectTypeOf(checkIntegrations).returns.toEqualTypeOf<Promise<ModelCheck>>();
    expectTypeOf<ReturnType<IntegrationsStoreOptions['check']>>().toEqualTypeOf<Promise<ModelCheck>>();
    expect(true).toBe(true);
  });
});
