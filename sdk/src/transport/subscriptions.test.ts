import WebSocket from 'ws';
import { afterAll, afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { isValidationError } from '../errors';
import {
  FATAL_CLOSE_CODES,
  OddsUpdatedSubscription,
  TrackedBetChangedSubscription,
  createSubscriptionClient,
  isFatalCloseCode,
  type ConnectionState,
  type OddsUpdatedSubscriptionData,
  type SubscriptionClient,
  type SubscriptionClientOptions,
  type SubscriptionResult,
  type TrackedBetChangedSubscriptionData,
  type TransportError,
  type TransportRetryPolicy,
} from '../transport';
import { validationPaths } from '../internal/testing/validation';
import { Channel, expectNoLeakedHandles, oddsUpdate, startWsServer, waitFor, type TestWsServer } from './test-servers';

// A real graphql-ws server (graphql-ws/use/ws over a ws WebSocketServer) executing the platform
// schema on 127.0.0.1; the tests stop it and start it again on the same port.

expectNoLeakedHandles(afterAll);

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function server(options: { requireAuth?: boolean } = {}): Promise<{ ws: TestWsServer; odds: Channel<unknown> }> {
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
function recordStates(c: SubscriptionClient): ConnectionState[] {
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

  it('takes the HTTP clients\' retry shape, and names the options it replaced when a caller still passes them', () => {
    expectTypeOf<NonNullable<SubscriptionClientOptions['retry']>>().toEqualTypeOf<TransportRetryPolicy | false>();
    const legacy = { url: 'ws://127.0.0.1:1/graphql', webSocketImpl: WebSocket, retryAttempts: 3, backoff: { baseDelayMs: 1, maxDelayMs: 2 } };
    try {
      createSubscriptionClient(legacy as unknown as SubscriptionClientOptions);
      expect.unreachable();
    } catch (e) {
      expect(isValidationError(e) && e.issues.map((i) => i.path)).toEqual(['retryAttempts', 'backoff']);
    }
    expect(validationPaths(() => createSubscriptionClient({ url: 'ws://127.0.0.1:1/graphql', webSocketImpl: WebSocket, retry: 3 as unknown as false }))).toEqual(['retry']);
  });
});

describe('fatal close codes', () => {
  // The codes graphql-ws 6 documents as fatal (its `retryAttempts` documentation), plus 4403.
  const FATAL = [4500, 4005, 4400, 4004, 4401, 4406, 4409, 4429, 4403, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 1015];
  // Dropped connections, restarts and the protocol's time-outs are retried.
  const RETRIED = [1000, 1001, 1005, 1006, 1012, 1013, 1014, 4408, 4504, 4499, 4000, 4999, 3000];

  it.each(FATAL)('%i is fatal', (code) => expect(isFatalCloseCode(code)).toBe(true));
  it.each(RETRIED)('%i is retried', (code) => expect(isFatalCloseCode(code)).toBe(false));

  it('documents every protocol code it treats as fatal', () => {
    expect(Object.keys(FATAL_CLOSE_CODES).map(Number).sort()).toEqual([4004, 4005, 4400, 4401, 4403, 4406, 4409, 4429, 4500]);
  });
});
