import WebSocket from 'ws';
import { afterAll, afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { isValidationError } from '../errors';
import {
  FATAL_CLOSE_CODES,
  OddsUpdatedSubscription,
  TOKEN_EXPIRED_CLOSE_CODE,
  TrackedBetChangedSubscription,
  createLeanSubscriptionClient,
  createSubscriptionClient,
  isFatalCloseCode,
  type ConnectionState,
  type LeanSubscriptionClient,
  type OddsUpdatedSubscriptionData,
  type SubscriptionClient,
  type SubscriptionClientOptions,
  type SubscriptionResult,
  type TrackedBetChangedSubscriptionData,
  type TransportError,
  type TransportRetryPolicy,
} from '../transport';
import { validationError, validationPaths } from '../internal/testing/validation';
import { Channel, expectNoLeakedHandles, oddsUpdate, serverGraphQL, startWsServer, waitFor, type TestWsServer } from './test-servers';

// A real graphql-ws server (graphql-ws/use/ws over a ws WebSocketServer) executing the platform
// schema on 127.0.0.1; the tests stop it and start it again on the same port.

expectNoLeakedHandles(afterAll);

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function server(
  options: { requireAuth?: boolean; authorize?: (params: Record<string, unknown>) => boolean } = {},
): Promise<{ ws: TestWsServer; odds: Channel<unknown> }> {
  const odds = new Channel<unknown>();
  const ws = await startWsServer({ odds, ...options });
  cleanups.push(() => ws.stop());
  return { ws, odds };
}

function client(url: string, extra: Partial<SubscriptionClientOptions> = {}): SubscriptionClient {
  const c = createSubscriptionClient({
    url,
    webSocketImpl: WebSocket,
    getCookie: (name) => (name === '_opjwt' ? 'member-jwt' : undefined),
    ...extra,
    retry: { baseDelayMs: 20, maxDelayMs: 80, ...(extra.retry === false ? {} : extra.retry) },
  });
  cleanups.push(() => c.dispose());
  return c;
}

/** Records every distinct state the store publishes, starting with the current one. */
function recordStates(c: Pick<SubscriptionClient, 'connection'>): ConnectionState[] {
  const states = [c.connection.getSnapshot()];
  c.connection.subscribe(() => states.push(c.connection.getSnapshot()));
  return states;
}

function collect() {
  const events: SubscriptionResult<OddsUpdatedSubscriptionData>[] = [];
  const errors: TransportError[] = [];
  let completed = 0;
  return {
    events,
    errors,
    get completed() {
      return completed;
    },
    sink: {
      next: (r: SubscriptionResult<OddsUpdatedSubscriptionData>) => void events.push(r),
      error: (e: TransportError) => void errors.push(e),
      complete: () => void (completed += 1),
    },
  };
}

describe('typed subscription documents', () => {
  it('subscribe infers the event data and the variables from a typed document string (type-level)', () => {
    const c = createSubscriptionClient({ url: 'wss://api.example.com/graphql', webSocketImpl: WebSocket });
    cleanups.push(() => c.dispose());
    // The functions below are only typechecked (by tsc), never called: nothing connects.
    const checks = [
      () =>
        c.subscribe(
          { query: OddsUpdatedSubscription, variables: { filter: { sports: ['football'] } } },
          { next: (r) => expectTypeOf(r).toEqualTypeOf<SubscriptionResult<OddsUpdatedSubscriptionData>>() },
        ),
      () =>
        c.subscribe(
          { query: TrackedBetChangedSubscription },
          { next: (r) => expectTypeOf(r.data).toEqualTypeOf<TrackedBetChangedSubscriptionData | null | undefined>() },
        ),
      // @ts-expect-error: `sports` is a list of strings
      () => c.subscribe({ query: OddsUpdatedSubscription, variables: { filter: { sports: 'football' } } }, { next: () => undefined }),
      // @ts-expect-error: TrackedBetChangedSubscription takes no variables
      () => c.subscribe({ query: TrackedBetChangedSubscription, variables: { id: 'b1' } }, { next: () => undefined }),
    ];
    expect(checks).toHaveLength(4);
    expect(c.connection.getSnapshot()).toEqual({ status: 'idle' });
  });
});

describe('subscriptions over graphql-transport-ws', () => {
  it('connects lazily, sends the JWT and country in connectionParams, and delivers events', async () => {
    const { ws, odds } = await server();
    const c = client(ws.url);
    const states = recordStates(c);
    await new Promise((r) => setTimeout(r, 30));
    expect(c.connection.getSnapshot()).toEqual({ status: 'idle' });
    expect(ws.connections).toEqual([]);

    const got = collect();
    c.subscribe({ query: OddsUpdatedSubscription, variables: { filter: { sports: ['football'] } } }, got.sink);
    await waitFor(() => odds.listeners === 1, 3000, 'the server-side subscription');
    expect(ws.connections).toEqual([{ authorization: 'Bearer member-jwt', country: 'gb' }]);
    expect(ws.subscribes).toEqual(['OddsUpdated']);
    odds.push(oddsUpdate('m1', 2.5));
    await waitFor(() => got.events.length === 1, 3000, 'the first event');
    expect(got.events[0]?.data?.oddsUpdated.selections[0]?.back[0]?.odds).toBe(2.5);
    expect(states).toEqual([{ status: 'idle' }, { status: 'connecting' }, { status: 'connected' }]);
  });

  it('resumes active subscriptions after the server stops and restarts on the same port', async () => {
    const { ws, odds } = await server();
    const port = ws.port;
    const c = client(ws.url);
    const states = recordStates(c);
    const got = collect();
    c.subscribe({ query: OddsUpdatedSubscription }, got.sink);
    await waitFor(() => odds.listeners === 1, 3000, 'the first subscription');
    odds.push(oddsUpdate('before', 2.0));
    await waitFor(() => got.events.length === 1, 3000, 'the event before the restart');

    await ws.stop();
    await waitFor(() => states.some((s) => s.status === 'reconnecting' && s.attempt >= 2), 3000, 'two reconnect attempts');
    await ws.restart();
    expect(ws.port).toBe(port);
    await waitFor(() => odds.listeners === 1 && c.connection.getSnapshot().status === 'connected', 3000, 'the resumed subscription');

    odds.push(oddsUpdate('after', 3.0));
    await waitFor(() => got.events.length === 2, 3000, 'the event after the restart');
    expect(got.events.map((e) => e.data?.oddsUpdated.marketId)).toEqual(['before', 'after']);
    expect(got.errors).toEqual([]);
    expect(ws.subscribes).toEqual(['OddsUpdated', 'OddsUpdated']);
    expect(ws.connections.length).toBe(2);

    // idle → connecting → connected, then reconnecting(1), (2), ... in order, then connected.
    const statuses = states.map((s) => (s.status === 'reconnecting' ? `reconnecting(${s.attempt})` : s.status));
    expect(statuses.slice(0, 4)).toEqual(['idle', 'connecting', 'connected', 'reconnecting(1)']);
    expect(statuses.at(-1)).toBe('connected');
    const attempts = states.flatMap((s) => (s.status === 'reconnecting' ? [s.attempt] : []));
    expect(attempts).toEqual(attempts.map((_, i) => i + 1));
  });

  it('a refused connection (4403) is fatal: closed(4403), a network error with the code, and no retry', async () => {
    const { ws } = await server({ requireAuth: true });
    const c = client(ws.url, { getCookie: () => undefined });
    const got = collect();
    c.subscribe({ query: OddsUpdatedSubscription }, got.sink);
    await waitFor(() => got.errors.length === 1, 3000, 'the error');
    expect(got.errors[0]?.kind).toBe('network');
    expect(got.errors[0]?.closeCode).toBe(4403);
    expect(c.connection.getSnapshot()).toMatchObject({ status: 'closed', code: 4403 });
    await new Promise((r) => setTimeout(r, 150));
    expect(ws.connections.length).toBe(1);
  });

  it('a subscription the server rejects is a graphql error; the connection is not dropped for it', async () => {
    const { ws, odds } = await server();
    const c = client(ws.url);
    const bad = collect();
    const good = collect();
    c.subscribe({ query: OddsUpdatedSubscription }, good.sink);
    c.subscribe({ query: 'subscription Nope { noSuchField }' }, bad.sink);
    await waitFor(() => bad.errors.length === 1 && odds.listeners === 1, 3000, 'the rejection');
    expect(bad.errors[0]?.kind).toBe('graphql');
    expect(bad.errors[0]?.graphQLErrors[0]?.message).toMatch(/noSuchField/);
    odds.push(oddsUpdate('m', 4));
    await waitFor(() => good.events.length === 1, 3000, 'the event on the healthy subscription');
    expect(c.connection.getSnapshot()).toEqual({ status: 'connected' });
  });

  it('goes back to idle when the last subscription stops (the connection is lazy)', async () => {
    const { ws, odds } = await server();
    const c = client(ws.url);
    const stop = c.subscribe({ query: OddsUpdatedSubscription }, collect().sink);
    await waitFor(() => odds.listeners === 1, 3000, 'the subscription');
    stop();
    await waitFor(() => c.connection.getSnapshot().status === 'idle', 3000, 'idle');
    await waitFor(() => odds.listeners === 0, 3000, 'the server to see the completion');
  });

  it('closes with the last close code when the retries run out', async () => {
    const { ws } = await server();
    const url = ws.url;
    await ws.stop();
    const c = client(url, { retry: { retries: 2 } });
    const states = recordStates(c);
    const got = collect();
    c.subscribe({ query: OddsUpdatedSubscription }, got.sink);
    await waitFor(() => got.errors.length === 1, 3000, 'the final error');
    expect(got.errors[0]?.kind).toBe('network');
    expect(c.connection.getSnapshot()).toEqual({ status: 'closed', code: 1006, reason: '' });
    expect(states.filter((s) => s.status === 'reconnecting')).toEqual([
      { status: 'reconnecting', attempt: 1 },
      { status: 'reconnecting', attempt: 2 },
    ]);
  });

  it('dispose completes the subscriptions and closes with 1000', async () => {
    const { ws, odds } = await server();
    const c = client(ws.url);
    const got = collect();
    c.subscribe({ query: OddsUpdatedSubscription }, got.sink);
    await waitFor(() => odds.listeners === 1, 3000, 'the subscription');
    await c.dispose();
    expect(got.completed).toBe(1);
    expect(c.connection.getSnapshot()).toEqual({ status: 'closed', code: 1000, reason: 'disposed' });
    const late = collect();
    c.subscribe({ query: OddsUpdatedSubscription }, late.sink);
    expect(late.errors[0]?.kind).toBe('aborted');
    await waitFor(() => odds.listeners === 0, 3000, 'the server to see the socket close');
  });

  it('keeps the same snapshot reference until the state changes', async () => {
    const { ws } = await server();
    const c = client(ws.url);
    const first = c.connection.getSnapshot();
    expect(c.connection.getSnapshot()).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it('rejects bad options with every field named', () => {
    try {
      createSubscriptionClient({ url: 'http://x/graphql', retry: { retries: -1, baseDelayMs: -5, maxDelayMs: 10 } });
      expect.unreachable();
    } catch (e) {
      expect(isValidationError(e) && e.issues.map((i) => i.path)).toEqual(
        (globalThis as { WebSocket?: unknown }).WebSocket === undefined
          ? ['url', 'webSocketImpl', 'retry.retries', 'retry.baseDelayMs']
          : ['url', 'retry.retries', 'retry.baseDelayMs'],
      );
    }
  });

  it("takes the HTTP clients' retry shape, and names the options it replaced when a caller still passes them", () => {
    expectTypeOf<NonNullable<SubscriptionClientOptions['retry']>>().toEqualTypeOf<TransportRetryPolicy | false>();
    const legacy = {
      url: 'ws://127.0.0.1:1/graphql',
      webSocketImpl: WebSocket,
      retryAttempts: 3,
      backoff: { baseDelayMs: 1, maxDelayMs: 2 },
    };
    try {
      createSubscriptionClient(legacy as unknown as SubscriptionClientOptions);
      expect.unreachable();
    } catch (e) {
      expect(isValidationError(e) && e.issues.map((i) => i.path)).toEqual(['retryAttempts', 'backoff']);
    }
    expect(
      validationPaths(() =>
        createSubscriptionClient({ url: 'ws://127.0.0.1:1/graphql', webSocketImpl: WebSocket, retry: 3 as unknown as false }),
      ),
    ).toEqual(['retry']);
  });
});

/** The states as short strings: `reconnecting(2)`, `closed(4440)`. */
function statusesOf(states: ConnectionState[]): string[] {
  return states.map((s) =>
    s.status === 'reconnecting' ? `reconnecting(${s.attempt})` : s.status === 'closed' ? `closed(${s.code})` : s.status,
  );
}

/** The bearer each connection the server saw was made with. */
function bearers(ws: TestWsServer): unknown[] {
  return ws.connections.map((p) => p['authorization']);
}

describe(`token expiry (${TOKEN_EXPIRED_CLOSE_CODE})`, () => {
  // The server closes a member's socket with TOKEN_EXPIRED_CLOSE_CODE when its JWT runs out: the
  // client renews the token and the same subscriptions go on over a new socket.

  it('renews the token with refreshToken and resumes the same subscription on a new socket, expiry after expiry', async () => {
    const { ws, odds } = await server({ requireAuth: true });
    let refreshes = 0;
    const c = client(ws.url, { refreshToken: () => Promise.resolve(`fresh-${(refreshes += 1)}`) });
    const states = recordStates(c);
    const got = collect();
    c.subscribe({ query: OddsUpdatedSubscription, variables: { filter: { sports: ['football'] } } }, got.sink);
    await waitFor(() => odds.listeners === 1, 3000, 'the subscription');
    odds.push(oddsUpdate('m0', 2));
    await waitFor(() => got.events.length === 1, 3000, 'the first event');

    for (const round of [1, 2]) {
      ws.closeSockets(TOKEN_EXPIRED_CLOSE_CODE, 'Token expired');
      await waitFor(
        () => ws.subscribes.length === round + 1 && odds.listeners === 1 && c.connection.getSnapshot().status === 'connected',
        3000,
        `the subscription resumed after expiry ${round}`,
      );
      odds.push(oddsUpdate(`m${round}`, 2 + round));
      await waitFor(() => got.events.length === round + 1, 3000, `the event after expiry ${round}`);
    }

    expect(got.events.map((e) => e.data?.oddsUpdated.marketId)).toEqual(['m0', 'm1', 'm2']);
    expect(got.errors).toEqual([]);
    expect(got.completed).toBe(0);
    expect(refreshes).toBe(2);
    expect(bearers(ws)).toEqual(['Bearer member-jwt', 'Bearer fresh-1', 'Bearer fresh-2']);
    // One subscribe per socket, with the same variables: resent, not duplicated.
    expect(ws.subscribes).toEqual(['OddsUpdated', 'OddsUpdated', 'OddsUpdated']);
    // Reconnecting, never closed or idle, while the subscription is active; a renewal is attempt 1.
    expect(statusesOf(states)).toEqual(['idle', 'connecting', 'connected', 'reconnecting(1)', 'connected', 'reconnecting(1)', 'connected']);
  });

  it('keeps sending the renewed token on later reconnects until the token cookie changes', async () => {
    const { ws, odds } = await server();
    let cookie = 'member-jwt';
    const c = client(ws.url, { getCookie: () => cookie, refreshToken: () => Promise.resolve('fresh') });
    const got = collect();
    c.subscribe({ query: OddsUpdatedSubscription }, got.sink);
    await waitFor(() => odds.listeners === 1, 3000, 'the subscription');
    ws.closeSockets(TOKEN_EXPIRED_CLOSE_CODE, 'Token expired');
    await waitFor(() => ws.subscribes.length === 2 && c.connection.getSnapshot().status === 'connected', 3000, 'the renewal');
    // A dropped connection (a server restart) is retried with the renewed token: the cookie still
    // holds the spent one.
    ws.closeSockets(1012, 'Service restart');
    await waitFor(() => ws.subscribes.length === 3 && c.connection.getSnapshot().status === 'connected', 3000, 'the reconnect');
    // The app signs in again (or its HTTP client rotates the cookie): the newer cookie wins.
    cookie = 'signed-in-again';
    ws.closeSockets(1012, 'Service restart');
    await waitFor(() => ws.subscribes.length === 4 && odds.listeners === 1, 3000, 'the second reconnect');
    expect(bearers(ws)).toEqual(['Bearer member-jwt', 'Bearer fresh', 'Bearer fresh', 'Bearer signed-in-again']);
    odds.push(oddsUpdate('m', 2));
    await waitFor(() => got.events.length === 1, 3000, 'the event');
    expect(got.errors).toEqual([]);
  });

  it('refreshToken resolving null ends every active subscription with a network error carrying the code, and the state closed; no reconnect', async () => {
    const { ws, odds } = await server();
    let refreshes = 0;
    let next: string | null = null;
    const c = client(ws.url, {
      refreshToken: () => {
        refreshes += 1;
        return Promise.resolve(next);
      },
    });
    const states = recordStates(c);
    const odd = collect();
    const bets = collect();
    c.subscribe({ query: OddsUpdatedSubscription }, odd.sink);
    c.subscribe({ query: OddsUpdatedSubscription, operationName: 'OddsUpdated' }, bets.sink);
    await waitFor(() => odds.listeners === 2, 3000, 'both subscriptions');
    ws.closeSockets(TOKEN_EXPIRED_CLOSE_CODE, 'Token expired');
    await waitFor(() => odd.errors.length === 1 && bets.errors.length === 1, 3000, 'the errors');
    for (const got of [odd, bets]) {
      expect(got.errors[0]).toMatchObject({
        kind: 'network',
        closeCode: TOKEN_EXPIRED_CLOSE_CODE,
        closeReason: 'Token expired',
        operationName: 'OddsUpdated',
      });
      expect(got.errors[0]?.message).toContain('could not be renewed');
      expect(got.completed).toBe(0);
    }
    expect(c.connection.getSnapshot()).toEqual({ status: 'closed', code: TOKEN_EXPIRED_CLOSE_CODE, reason: 'Token expired' });
    expect(statusesOf(states)).toEqual(['idle', 'connecting', 'connected', 'reconnecting(1)', `closed(${TOKEN_EXPIRED_CLOSE_CODE})`]);
    await new Promise((r) => setTimeout(r, 150));
    expect(refreshes).toBe(1);
    expect(ws.connections.length).toBe(1);

    // Signed in again: a new subscription renews first, then connects.
    next = 'new-session';
    const later = collect();
    c.subscribe({ query: OddsUpdatedSubscription }, later.sink);
    await waitFor(() => odds.listeners === 1 && c.connection.getSnapshot().status === 'connected', 3000, 'the new subscription');
    expect(bearers(ws)).toEqual(['Bearer member-jwt', 'Bearer new-session']);
    odds.push(oddsUpdate('m', 2));
    await waitFor(() => later.events.length === 1, 3000, 'its event');
    expect(odd.events).toEqual([]);
  });

  it('4403 stays final, at connection_init or on an open socket: refreshToken is not called', async () => {
    const { ws, odds } = await server({ authorize: (p) => p['authorization'] !== 'Bearer revoked' });
    let refreshes = 0;
    const refreshToken = () => Promise.resolve(`fresh-${(refreshes += 1)}`);

    const open = client(ws.url, { refreshToken });
    const onOpen = collect();
    open.subscribe({ query: OddsUpdatedSubscription }, onOpen.sink);
    await waitFor(() => odds.listeners === 1, 3000, 'the subscription');
    ws.closeSockets(4403, 'Forbidden');
    await waitFor(() => onOpen.errors.length === 1, 3000, 'the error');
    expect(onOpen.errors[0]).toMatchObject({ kind: 'network', closeCode: 4403 });
    expect(open.connection.getSnapshot()).toEqual({ status: 'closed', code: 4403, reason: 'Forbidden' });

    const refused = client(ws.url, { getCookie: () => 'revoked', refreshToken });
    const atInit = collect();
    refused.subscribe({ query: OddsUpdatedSubscription }, atInit.sink);
    await waitFor(() => atInit.errors.length === 1, 3000, 'the refusal');
    expect(atInit.errors[0]).toMatchObject({ kind: 'network', closeCode: 4403 });

    await new Promise((r) => setTimeout(r, 150));
    expect(refreshes).toBe(0);
    expect(ws.connections.length).toBe(2);
  });

  it('without refreshToken: reconnects with the cookie when it changed since, and stops at once when it still holds the spent token', async () => {
    const { ws, odds } = await server();
    let cookie = 'member-jwt';
    const c = client(ws.url, { getCookie: () => cookie });
    const got = collect();
    c.subscribe({ query: OddsUpdatedSubscription }, got.sink);
    await waitFor(() => odds.listeners === 1, 3000, 'the subscription');
    cookie = 'rotated-by-http';
    ws.closeSockets(TOKEN_EXPIRED_CLOSE_CODE, 'Token expired');
    await waitFor(
      () => ws.subscribes.length === 2 && c.connection.getSnapshot().status === 'connected',
      3000,
      'the renewal from the cookie',
    );
    expect(bearers(ws)).toEqual(['Bearer member-jwt', 'Bearer rotated-by-http']);

    // The cookie was not renewed this time: sending the spent token again would only be refused.
    ws.closeSockets(TOKEN_EXPIRED_CLOSE_CODE, 'Token expired');
    await waitFor(() => got.errors.length === 1, 3000, 'the error');
    expect(got.errors[0]).toMatchObject({ kind: 'network', closeCode: TOKEN_EXPIRED_CLOSE_CODE });
    expect(c.connection.getSnapshot()).toMatchObject({ status: 'closed', code: TOKEN_EXPIRED_CLOSE_CODE });
    await new Promise((r) => setTimeout(r, 150));
    expect(ws.connections.length).toBe(2);
  });

  it('a rejected refreshToken is retried with the backoff (the state shows each attempt); the subscription goes on', async () => {
    const { ws, odds } = await server();
    let calls = 0;
    const c = client(ws.url, {
      refreshToken: () => {
        calls += 1;
        return calls < 3 ? Promise.reject(new Error('the network is down')) : Promise.resolve('fresh');
      },
    });
    const states = recordStates(c);
    const got = collect();
    c.subscribe({ query: OddsUpdatedSubscription }, got.sink);
    await waitFor(() => odds.listeners === 1, 3000, 'the subscription');
    ws.closeSockets(TOKEN_EXPIRED_CLOSE_CODE, 'Token expired');
    await waitFor(
      () => ws.subscribes.length === 2 && odds.listeners === 1 && c.connection.getSnapshot().status === 'connected',
      3000,
      'the renewal',
    );
    odds.push(oddsUpdate('m', 2));
    await waitFor(() => got.events.length === 1, 3000, 'the event');
    expect(calls).toBe(3);
    expect(got.errors).toEqual([]);
    expect(bearers(ws)).toEqual(['Bearer member-jwt', 'Bearer fresh']);
    expect(statusesOf(states)).toEqual([
      'idle',
      'connecting',
      'connected',
      'reconnecting(1)',
      'reconnecting(2)',
      'reconnecting(3)',
      'connected',
    ]);
  });

  it('gives up when refreshToken keeps rejecting past retry.retries: the error carries the code and the rejection as its cause', async () => {
    const { ws, odds } = await server();
    const down = new Error('the network is down');
    let calls = 0;
    const c = client(ws.url, {
      retry: { retries: 2 },
      refreshToken: () => {
        calls += 1;
        return Promise.reject(down);
      },
    });
    const got = collect();
    c.subscribe({ query: OddsUpdatedSubscription }, got.sink);
    await waitFor(() => odds.listeners === 1, 3000, 'the subscription');
    ws.closeSockets(TOKEN_EXPIRED_CLOSE_CODE, 'Token expired');
    await waitFor(() => got.errors.length === 1, 3000, 'the error');
    expect(got.errors[0]).toMatchObject({ kind: 'network', closeCode: TOKEN_EXPIRED_CLOSE_CODE });
    expect(got.errors[0]?.cause).toBe(down);
    // The renewal itself, then the two retries the budget allows.
    expect(calls).toBe(3);
    expect(ws.connections.length).toBe(1);
  });

  it('a renewal is not a retry: with retry false the client still renews after an expiry, and gives up on the next drop', async () => {
    const { ws, odds } = await server();
    const c = createSubscriptionClient({
      url: ws.url,
      webSocketImpl: WebSocket,
      getCookie: () => 'member-jwt',
      retry: false,
      refreshToken: () => Promise.resolve('fresh'),
    });
    cleanups.push(() => c.dispose());
    const got = collect();
    c.subscribe({ query: OddsUpdatedSubscription }, got.sink);
    await waitFor(() => odds.listeners === 1, 3000, 'the subscription');
    ws.closeSockets(TOKEN_EXPIRED_CLOSE_CODE, 'Token expired');
    await waitFor(
      () => ws.subscribes.length === 2 && odds.listeners === 1 && c.connection.getSnapshot().status === 'connected',
      10_000,
      'the renewal',
    );
    odds.push(oddsUpdate('m', 2));
    await waitFor(() => got.events.length === 1, 3000, 'the event');
    ws.closeSockets(1012, 'Service restart');
    await waitFor(() => got.errors.length === 1, 3000, 'the error');
    expect(got.errors[0]).toMatchObject({ kind: 'network', closeCode: 1012 });
    expect(c.connection.getSnapshot()).toMatchObject({ status: 'closed', code: 1012 });
  });

  it.each([
    ['the spent token', (): unknown => 'member-jwt', undefined],
    ['an empty string', (): unknown => '', 'refreshToken'],
    ['a number', (): unknown => 42, 'refreshToken'],
  ])('refreshToken resolving %s stops the client like null', async (_what, value, invalid) => {
    const { ws, odds } = await server();
    const c = client(ws.url, { refreshToken: () => Promise.resolve(value() as string) });
    const got = collect();
    c.subscribe({ query: OddsUpdatedSubscription }, got.sink);
    await waitFor(() => odds.listeners === 1, 3000, 'the subscription');
    ws.closeSockets(TOKEN_EXPIRED_CLOSE_CODE, 'Token expired');
    await waitFor(() => got.errors.length === 1, 3000, 'the error');
    expect(got.errors[0]).toMatchObject({ kind: 'network', closeCode: TOKEN_EXPIRED_CLOSE_CODE });
    const cause = got.errors[0]?.cause;
    if (invalid === undefined) expect(cause).toBeUndefined();
    else expect(isValidationError(cause) && cause.issues.map((i) => i.path)).toEqual([invalid]);
    expect(ws.connections.length).toBe(1);
  });

  it('refuses a refreshToken that is not a function', () => {
    expect(
      validationPaths(() =>
        createSubscriptionClient({
          url: 'ws://127.0.0.1:1/graphql',
          webSocketImpl: WebSocket,
          refreshToken: 'x' as unknown as () => Promise<string>,
        }),
      ),
    ).toEqual(['refreshToken']);
  });
});

describe('fatal close codes', () => {
  // The codes graphql-ws 6 documents as fatal (its `retryAttempts` documentation), plus 4403.
  const FATAL = [4500, 4005, 4400, 4004, 4401, 4406, 4409, 4429, 4403, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 1015];
  // Dropped connections, restarts and the protocol's time-outs are retried.
  const RETRIED = [1000, 1001, 1005, 1006, 1012, 1013, 1014, 4408, 4504, 4499, 4000, 4999, 3000, TOKEN_EXPIRED_CLOSE_CODE];

  it.each(FATAL)('%i is fatal', (code) => expect(isFatalCloseCode(code)).toBe(true));
  it.each(RETRIED)('%i is retried', (code) => expect(isFatalCloseCode(code)).toBe(false));

  it('documents every protocol code it treats as fatal', () => {
    expect(Object.keys(FATAL_CLOSE_CODES).map(Number).sort()).toEqual([4004, 4005, 4400, 4401, 4403, 4406, 4409, 4429, 4500]);
  });

  it('treats as fatal exactly the 4xxx codes it documents', () => {
    const fatal = Array.from({ length: 1000 }, (_, i) => 4000 + i).filter(isFatalCloseCode);
    expect(fatal).toEqual(Object.keys(FATAL_CLOSE_CODES).map(Number));
  });

  it("the token-expiry code is its own: 4440, none of graphql-ws's codes, not fatal", () => {
    expect(TOKEN_EXPIRED_CLOSE_CODE).toBe(4440);
    expect(Object.hasOwn(FATAL_CLOSE_CODES, TOKEN_EXPIRED_CLOSE_CODE)).toBe(false);
    expect(isFatalCloseCode(TOKEN_EXPIRED_CLOSE_CODE)).toBe(false);
  });
});

describe('createLeanSubscriptionClient (text documents only, the same option checks and protocol core)', () => {
  function lean(url: string): LeanSubscriptionClient {
    const c = createLeanSubscriptionClient({
      url,
      webSocketImpl: WebSocket,
      getCookie: (name) => (name === '_opjwt' ? 'member-jwt' : undefined),
      retry: { baseDelayMs: 20, maxDelayMs: 80 },
    });
    cleanups.push(() => c.dispose());
    return c;
  }

  it('subscribes with a typed document string and the codegen String class, and resumes after a server restart', async () => {
    const { ws, odds } = await server();
    const c = lean(ws.url);
    const states = recordStates(c);
    const got = collect();
    const other = collect();
    c.subscribe({ query: OddsUpdatedSubscription, variables: { filter: { sports: ['football'] } } }, got.sink);
    // GraphQL Code Generator's "string" mode emits a String object: it is text too.
    c.subscribe({ query: new String('subscription Anon { oddsUpdated { marketId } }') }, other.sink);
    await waitFor(() => odds.listeners === 2, 3000, 'both server-side subscriptions');
    expect(ws.connections).toEqual([{ authorization: 'Bearer member-jwt', country: 'gb' }]);
    // No operation scanner: the lean client sends `operationName` only when the request gives it.
    expect(ws.subscribes).toEqual(['(anonymous)', '(anonymous)']);
    // The test channel gives each pushed value to one server-side subscription: one each.
    odds.push(oddsUpdate('before', 2.5));
    odds.push(oddsUpdate('before', 2.5));
    await waitFor(() => got.events.length === 1 && other.events.length === 1, 3000, 'the first events');
    expect(got.events[0]?.data?.oddsUpdated.selections[0]?.back[0]?.odds).toBe(2.5);

    await ws.stop();
    await waitFor(() => states.some((s) => s.status === 'reconnecting'), 3000, 'a reconnect attempt');
    await ws.restart();
    await waitFor(() => odds.listeners === 2 && c.connection.getSnapshot().status === 'connected', 3000, 'the resumed subscriptions');
    odds.push(oddsUpdate('after', 3));
    odds.push(oddsUpdate('after', 3));
    await waitFor(() => got.events.length === 2 && other.events.length === 2, 3000, 'the events after the restart');
    expect(got.events.map((e) => e.data?.oddsUpdated.marketId)).toEqual(['before', 'after']);
    expect(got.errors).toEqual([]);
    await c.dispose();
    expect(got.completed).toBe(1);
    expect(c.connection.getSnapshot()).toEqual({ status: 'closed', code: 1000, reason: 'disposed' });
  });

  it('refuses a DocumentNode at query, naming createSubscriptionClient, and connects for nothing; the full client takes the same node', async () => {
    const { ws, odds } = await server();
    const c = lean(ws.url);
    const node = serverGraphQL.parse('subscription Parsed { oddsUpdated { marketId } }');
    const error = validationError(() => c.subscribe({ query: node as never }, collect().sink));
    expect(error.issues).toEqual([
      { path: 'query', message: expect.stringMatching(/text or a typed document string.*createSubscriptionClient/) as unknown },
    ]);
    expect(validationPaths(() => c.subscribe({ query: '  ' }, collect().sink))).toEqual(['query']);
    // subscribe threw before registering anything: no connection was started, nothing to wait for.
    expect(c.connection.getSnapshot()).toEqual({ status: 'idle' });
    expect(ws.connections).toEqual([]);

    const full = client(ws.url);
    // The operation scanner is the full client's: it names an operation the document lacks.
    expect(validationPaths(() => full.subscribe({ query: OddsUpdatedSubscription, operationName: 'Nope' }, collect().sink))).toEqual([
      'operationName',
    ]);
    full.subscribe({ query: node }, collect().sink);
    await waitFor(() => odds.listeners === 1, 3000, "the full client's subscription");
    expect(ws.subscribes).toEqual(['Parsed']);
  });

  it('types the events and variables from a typed document string, and a DocumentNode does not typecheck (type-level)', () => {
    const c = createLeanSubscriptionClient({ url: 'wss://api.example.com/graphql', webSocketImpl: WebSocket });
    cleanups.push(() => c.dispose());
    const node = serverGraphQL.parse('subscription S { oddsUpdated { marketId } }');
    // Only typechecked (by tsc), never called: nothing connects.
    const checks = [
      () =>
        c.subscribe(
          { query: TrackedBetChangedSubscription },
          { next: (r) => expectTypeOf(r.data).toEqualTypeOf<TrackedBetChangedSubscriptionData | null | undefined>() },
        ),
      // @ts-expect-error: `sports` is a list of strings
      () => c.subscribe({ query: OddsUpdatedSubscription, variables: { filter: { sports: 'football' } } }, { next: () => undefined }),
      // @ts-expect-error: a DocumentNode is for createSubscriptionClient
      () => c.subscribe({ query: node }, { next: () => undefined }),
    ];
    expect(checks).toHaveLength(3);
  });

  it('checks its options as createSubscriptionClient does: an unknown key by name, a bad url', () => {
    // Wrong on purpose (a misspelt key, an http url, a bad keepAlive): the types refuse it too.
    const bad = { url: 'http://x/graphql', webSocketImpl: WebSocket, keepAlive: 10, retry: { maxDelay: 1 } } as never;
    expect(validationPaths(() => createLeanSubscriptionClient(bad))).toEqual(validationPaths(() => createSubscriptionClient(bad)));
    expect(validationPaths(() => createLeanSubscriptionClient(bad))).toEqual(['url', 'keepAlive', 'retry.maxDelay']);
    expect(validationError(() => createLeanSubscriptionClient(null as never)).issues).toEqual([{ path: '', message: 'must be an object' }]);
  });
});
