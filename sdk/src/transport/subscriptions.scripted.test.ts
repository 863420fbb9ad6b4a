import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { isValidationError } from '../errors';
import {
  createLeanSubscriptionClient,
  createSubscriptionClient,
  type SubscriptionClient,
  type SubscriptionClientOptions,
  type TransportError,
} from '../transport';
import { abortableSleep } from './backoff';
import { expectNoLeakedHandles, waitFor } from './test-servers';

// The subscription client's behaviour (its public contract: states, errors, retries, timeouts)
// when the server misbehaves. graphql-ws's client speaks the protocol (its framing is graphql-ws's
// to test); subscriptions.test.ts runs the client against graphql-ws's server, and these tests
// script the server side by hand (a bare `ws` server on 127.0.0.1) for what a well-behaved server
// never does: silence, dead connections, messages out of turn, closes at odd moments.

expectNoLeakedHandles(afterAll);

interface Scripted {
  readonly url: string;
  /** Every message the server received, parsed, in order. */
  readonly received: Record<string, unknown>[];
  /** Close codes of the sockets the server saw end. */
  readonly closes: number[];
  /** The open sockets, latest last. */
  readonly sockets: WebSocket[];
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A server that calls `onMessage` with each client message (after recording it). */
async function scripted(onMessage: (socket: WebSocket, message: Record<string, unknown>) => void): Promise<Scripted> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await once(server, 'listening');
  const state: Scripted = {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`,
    received: [],
    closes: [],
    sockets: [],
  };
  server.on('connection', (socket, request) => {
    expect(request.headers['sec-websocket-protocol']).toBe('graphql-transport-ws');
    state.sockets.push(socket);
    socket.on('close', (code) => state.closes.push(code));
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as Record<string, unknown>;
      state.received.push(message);
      onMessage(socket, message);
    });
  });
  cleanups.push(async () => {
    for (const socket of server.clients) socket.terminate();
    await new Promise((resolve) => server.close(resolve));
  });
  return state;
}

/** The usual server side: acknowledges the connection, ignores the rest. */
const acknowledging = (socket: WebSocket, message: Record<string, unknown>) => {
  if (message.type === 'connection_init') socket.send(JSON.stringify({ type: 'connection_ack' }));
};

function client(url: string, extra: Partial<SubscriptionClientOptions> = {}): SubscriptionClient {
  const c = createSubscriptionClient({ url, webSocketImpl: WebSocket, getCookie: () => 'member-jwt', retry: { retries: 0 }, ...extra });
  cleanups.push(() => c.dispose());
  return c;
}

function sink() {
  const errors: TransportError[] = [];
  return { errors, next: () => undefined, error: (e: TransportError) => void errors.push(e) };
}

/**
 * Subscribes once (with retries to spare) and expects the fatal 4004 close: one network error
 * carrying 4004 to the sink, the connection closed with it, and the socket closed with it.
 */
async function expectClosedFor4004(server: Scripted): Promise<void> {
  const c = client(server.url, { retry: { retries: 5 } });
  const got = sink();
  c.subscribe({ query: 'subscription { tick }' }, got);
  await waitFor(() => got.errors.length === 1, 3000, 'the error');
  expect(got.errors[0]).toMatchObject({ kind: 'network', closeCode: 4004 });
  expect(c.connection.getSnapshot()).toMatchObject({ status: 'closed', code: 4004 });
  await waitFor(() => server.closes.length === 1, 3000, 'the socket to close');
  expect(server.closes).toEqual([4004]);
}

describe('the subscription client against a scripted server', () => {
  it('a first message other than connection_ack closes the socket with 4004 (fatal): a network error carrying 4004', async () => {
    const server = await scripted((socket, message) => {
      if (message.type === 'connection_init') socket.send(JSON.stringify({ type: 'next', id: '1', payload: {} }));
    });
    await expectClosedFor4004(server);
    expect(server.sockets).toHaveLength(1);
  });

  it('connectionParams that reject close the socket with 4005 (fatal), the rejection in the message', async () => {
    const server = await scripted(acknowledging);
    const c = client(server.url, { connectionParams: () => Promise.reject(new Error('no session store')) });
    const got = sink();
    c.subscribe({ query: 'subscription { tick }' }, got);
    await waitFor(() => got.errors.length === 1, 3000, 'the error');
    expect(got.errors[0]).toMatchObject({ kind: 'network', closeCode: 4005 });
    expect(got.errors[0]?.message).toContain('no session store');
    expect(server.received).toEqual([]);
  });

  it('with lazyCloseTimeoutMs, the idle socket stays open that long, and a subscription made meanwhile reuses it', async () => {
    const server = await scripted(acknowledging);
    const c = client(server.url, { lazyCloseTimeoutMs: 300 });
    const stopB = c.subscribe({ query: 'subscription B { tick }' }, sink());
    await waitFor(() => server.received.filter((m) => m.type === 'subscribe').length === 1, 3000, 'the subscribe');
    stopB();
    c.subscribe({ query: 'subscription C { tick }' }, sink());
    await waitFor(() => server.received.filter((m) => m.type === 'subscribe').length === 2, 3000, 'the second subscribe');
    expect(server.sockets).toHaveLength(1);
    expect(server.closes).toEqual([]);
    expect(server.received.map((m) => m.type)).toEqual(['connection_init', 'subscribe', 'complete', 'subscribe']);
  });

  it('a sink that throws breaks neither the connection nor the other subscriptions (the error is reported on its own)', async () => {
    const server = await scripted((socket, message) => {
      acknowledging(socket, message);
      if (message.type === 'subscribe') socket.send(JSON.stringify({ id: message.id, type: 'next', payload: { data: { tick: 1 } } }));
    });
    const thrown: unknown[] = [];
    const onUncaught = (error: unknown) => void thrown.push(error);
    process.on('uncaughtException', onUncaught);
    cleanups.push(() => void process.off('uncaughtException', onUncaught));
    const c = client(server.url);
    const calm: unknown[] = [];
    c.subscribe(
      { query: 'subscription A { tick }' },
      {
        next: () => {
          throw new Error('a bug in the app');
        },
      },
    );
    c.subscribe({ query: 'subscription B { tick }' }, { next: (r) => void calm.push(r) });
    await waitFor(() => calm.length === 1 && thrown.length === 1, 3000, 'both events');
    expect(String(thrown[0])).toContain('a bug in the app');
    expect(c.connection.getSnapshot()).toEqual({ status: 'connected' });
    expect(server.closes).toEqual([]);
  });

  it('refuses variables that cannot be sent as JSON, naming `variables`, before anything is sent', () => {
    const c = client('ws://127.0.0.1:1/graphql');
    let error: unknown;
    try {
      c.subscribe({ query: 'subscription { tick }', variables: { big: 1n } }, sink());
    } catch (e) {
      error = e;
    }
    expect(isValidationError(error) && error.issues.map((i) => i.path)).toEqual(['variables']);
    expect(c.connection.getSnapshot()).toEqual({ status: 'idle' });
  });

  it("a subscription made from a sink's error, after the client gave up, connects again", async () => {
    let inits = 0;
    const server = await scripted((socket, message) => {
      if (message.type !== 'connection_init') return;
      inits += 1;
      if (inits === 1) socket.close(4403, 'Forbidden');
      else socket.send(JSON.stringify({ type: 'connection_ack' }));
    });
    const c = client(server.url);
    const again = sink();
    const first = sink();
    c.subscribe(
      { query: 'subscription First { tick }' },
      {
        next: () => undefined,
        error: (e) => {
          first.errors.push(e);
          c.subscribe({ query: 'subscription Again { tick }' }, again);
        },
      },
    );
    await waitFor(() => server.received.some((m) => m.type === 'subscribe'), 3000, 'the subscription made from error');
    expect(first.errors[0]).toMatchObject({ kind: 'network', closeCode: 4403 });
    expect(server.received.at(-1)).toMatchObject({ type: 'subscribe', payload: { operationName: 'Again' } });
    expect(server.sockets).toHaveLength(2);
    expect(c.connection.getSnapshot()).toEqual({ status: 'connected' });
  });

  it('a normal closure (1000) before connection_ack is a failed attempt: backoff, then the retry budget ends it', async () => {
    const server = await scripted((socket, message) => {
      if (message.type === 'connection_init') socket.close(1000, 'Normal Closure');
    });
    const waits: number[] = [];
    // The waits are recorded, not slept: nothing here depends on the clock.
    const c = client(server.url, {
      retry: { retries: 2, baseDelayMs: 20, maxDelayMs: 20 },
      random: () => 0.5,
      sleep: (ms) => (waits.push(ms), Promise.resolve()),
    });
    // Waits on the sink's error itself (the test's timeout bounds it), not on a polling deadline.
    const error = await new Promise<TransportError>((resolve) =>
      c.subscribe({ query: 'subscription { tick }' }, { next: () => undefined, error: resolve }),
    );
    expect(error).toMatchObject({ kind: 'network', closeCode: 1000 });
    expect(c.connection.getSnapshot()).toMatchObject({ status: 'closed', code: 1000 });
    expect(server.sockets).toHaveLength(3);
    expect(waits).toEqual([10, 10]);
  });

  it('a normal closure (1000) of an acknowledged socket with subscriptions left reconnects after a backoff wait, costing no retry', async () => {
    let inits = 0;
    const server = await scripted((socket, message) => {
      if (message.type === 'connection_init') {
        inits += 1;
        socket.send(JSON.stringify({ type: 'connection_ack' }));
      }
      if (message.type === 'subscribe' && inits === 1) socket.close(1000, 'Normal Closure');
    });
    const waits: number[] = [];
    const c = client(server.url, {
      retry: { retries: 0, baseDelayMs: 20, maxDelayMs: 20 },
      random: () => 0.5,
      sleep: (ms, signal) => (waits.push(ms), abortableSleep(ms, signal)),
    });
    const states: string[] = [];
    c.connection.subscribe(() => states.push(c.connection.getSnapshot().status));
    c.subscribe({ query: 'subscription { tick }' }, sink());
    await waitFor(() => server.received.filter((m) => m.type === 'subscribe').length === 2, 3000, 'the subscription sent again');
    expect(waits).toEqual([10]);
    expect(states).toEqual(['connecting', 'connected', 'reconnecting', 'connected']);
    expect(server.sockets).toHaveLength(2);
  });

  it('with keepAliveMs, a pong that does not come within keepAliveMs closes the socket with 4499 and reconnects', async () => {
    // What the client sent, socket by socket. graphql-ws sends its ping keepAliveMs after
    // connection_init, acknowledged or not, so the order within a socket depends on timing and is
    // not asserted (nor whether the dead socket was acknowledged before its pong was late).
    const sent = new Map<WebSocket, string[]>();
    const server = await scripted((socket, message) => {
      sent.set(socket, [...(sent.get(socket) ?? []), String(message.type)]);
      acknowledging(socket, message);
      // Only the first socket is dead: the later ones answer their pings.
      if (message.type === 'ping' && [...sent.keys()].indexOf(socket) > 0) socket.send(JSON.stringify({ type: 'pong' }));
    });
    const c = client(server.url, { keepAliveMs: 30, retry: { retries: 3, baseDelayMs: 0 } });
    const got = sink();
    c.subscribe({ query: 'subscription { tick }' }, got);
    const first = () => [...sent.values()][0] ?? [];
    const second = () => [...sent.values()][1] ?? [];
    await waitFor(() => second().includes('subscribe'), 10_000, 'the subscription sent again on a second socket');
    expect(server.closes[0]).toBe(4499);
    expect(first()).toEqual(expect.arrayContaining(['connection_init', 'ping']));
    expect(second()[0]).toBe('connection_init');
    // The second socket answers its pings: it stays open, and the subscription lives on.
    expect(server.closes).toEqual([4499]);
    expect(got.errors).toEqual([]);
    expect(c.connection.getSnapshot()).toEqual({ status: 'connected' });
  });

  it('without connection_ack within connectionAckTimeoutMs, the socket closes with 4504 and the client reconnects', async () => {
    const server = await scripted(() => undefined);
    const c = client(server.url, { connectionAckTimeoutMs: 40, retry: { retries: 1, baseDelayMs: 0 } });
    const got = sink();
    c.subscribe({ query: 'subscription { tick }' }, got);
    await waitFor(() => got.errors.length === 1, 3000, 'both sockets to time out');
    expect(got.errors[0]).toMatchObject({ kind: 'network', closeCode: 4504 });
    expect(server.sockets).toHaveLength(2);
    await waitFor(() => server.closes.length === 2, 3000, 'the sockets to close');
    expect(server.closes).toEqual([4504, 4504]);
    let error: unknown;
    try {
      client(server.url, { connectionAckTimeoutMs: -1 });
    } catch (e) {
      error = e;
    }
    expect(isValidationError(error) && error.issues.map((i) => i.path)).toEqual(['connectionAckTimeoutMs']);
  });

  it('ending the last subscription during a reconnect wait cuts the wait: a subscription made then shows connecting and connects at once', async () => {
    let inits = 0;
    const server = await scripted((socket, message) => {
      if (message.type !== 'connection_init') return;
      inits += 1;
      if (inits === 1) socket.close(4000, 'try again');
      else socket.send(JSON.stringify({ type: 'connection_ack' }));
    });
    // A 10-second wait: the test ends long before it would.
    const c = client(server.url, { retry: { retries: 3, baseDelayMs: 10_000, maxDelayMs: 10_000 }, random: () => 0.99 });
    const states: string[] = [];
    c.connection.subscribe(() => states.push(c.connection.getSnapshot().status));
    const stop = c.subscribe({ query: 'subscription A { tick }' }, sink());
    await waitFor(() => c.connection.getSnapshot().status === 'reconnecting', 3000, 'the reconnect wait');
    stop();
    expect(c.connection.getSnapshot()).toEqual({ status: 'idle' });
    c.subscribe({ query: 'subscription B { tick }' }, sink());
    await waitFor(() => server.received.some((m) => m.type === 'subscribe'), 3000, 'B on a new socket, before the wait would end');
    expect(states).toEqual(['connecting', 'reconnecting', 'idle', 'connecting', 'connected']);
    expect(server.received.at(-1)).toMatchObject({ type: 'subscribe', payload: { operationName: 'B' } });
  });

  it('a subscription made while the idle socket is closing connects again at once, as a new run (no reconnect wait)', async () => {
    const server = await scripted(acknowledging);
    const waits: number[] = [];
    let onClosing = () => {};
    // graphql-ws closes the socket once its last subscription ended: B comes right then.
    class Closing extends WebSocket {
      override close(code?: number, reason?: string): void {
        super.close(code, reason);
        onClosing();
      }
    }
    const c = client(server.url, { webSocketImpl: Closing, sleep: (ms, signal) => (waits.push(ms), abortableSleep(ms, signal)) });
    const states: string[] = [];
    c.connection.subscribe(() => states.push(c.connection.getSnapshot().status));
    const stop = c.subscribe({ query: 'subscription A { tick }' }, sink());
    await waitFor(() => c.connection.getSnapshot().status === 'connected', 3000, 'A');
    onClosing = () => {
      onClosing = () => {};
      c.subscribe({ query: 'subscription B { tick }' }, sink());
    };
    stop();
    await waitFor(() => server.received.filter((m) => m.type === 'subscribe').length === 2, 3000, 'B on a new socket');
    expect(server.received.at(-1)).toMatchObject({ type: 'subscribe', payload: { operationName: 'B' } });
    expect(server.sockets).toHaveLength(2);
    expect(waits).toEqual([]);
    expect(states).toEqual(['connecting', 'connected', 'connecting', 'connected']);
  });

  it('a subscription made while the socket still connects, after the last one ended, rides that socket: a later drop is a reconnect', async () => {
    let inits = 0;
    const server = await scripted((socket, message) => {
      if (message.type === 'connection_init') {
        inits += 1;
        setTimeout(() => socket.send(JSON.stringify({ type: 'connection_ack' })), 30);
      }
      if (message.type === 'subscribe' && inits === 1) setTimeout(() => socket.close(1012, 'Service restart'), 30);
    });
    const waits: number[] = [];
    const c = client(server.url, { retry: { retries: 1 }, sleep: (ms, signal) => (waits.push(ms), abortableSleep(ms, signal)) });
    const states: string[] = [];
    c.connection.subscribe(() => states.push(c.connection.getSnapshot().status));
    const stopA = c.subscribe({ query: 'subscription A { tick }' }, sink());
    stopA();
    c.subscribe({ query: 'subscription B { tick }' }, sink());
    await waitFor(() => server.received.filter((m) => m.type === 'subscribe').length === 2, 3000, 'B sent again after the drop');
    expect(server.sockets).toHaveLength(2);
    expect(waits).toHaveLength(1);
    expect(states).toEqual(['connecting', 'connected', 'reconnecting', 'connected']);
  });

  it.each([
    ['createSubscriptionClient', createSubscriptionClient],
    ['createLeanSubscriptionClient', createLeanSubscriptionClient],
  ] as const)("%s with 'anonymous' over plain ws sends no token, and asks refreshToken for none after 4440", async (_, create) => {
    const server = await scripted((socket, message) => {
      if (message.type === 'connection_init') socket.send(JSON.stringify({ type: 'connection_ack' }));
      if (message.type === 'subscribe') socket.close(4440, 'Token expired');
    });
    /** A remote host's url, connected to the scripted server on loopback. */
    class ToScripted extends WebSocket {
      constructor(_url: string | URL, protocols?: string | string[]) {
        super(server.url, protocols);
      }
    }
    let asked = 0;
    const c = create({
      url: 'ws://odds.example.com/graphql',
      webSocketImpl: ToScripted,
      insecureTransport: 'anonymous',
      getCookie: () => 'member-jwt',
      refreshToken: () => ((asked += 1), Promise.resolve('fresh-jwt')),
      retry: { retries: 0 },
    });
    cleanups.push(() => c.dispose());
    const error = await new Promise<TransportError>((resolve) =>
      c.subscribe({ query: 'subscription S { tick }' }, { next: () => undefined, error: resolve }),
    );
    expect(error).toMatchObject({ kind: 'network', closeCode: 4440 });
    expect(asked).toBe(0);
    expect(server.received.filter((m) => m.type === 'connection_init')).toEqual([{ type: 'connection_init', payload: { country: 'gb' } }]);
  });

  it('a WebSocket constructor that throws is fatal (4005): a network error with its message, and no second try', async () => {
    let made = 0;
    // A constructor as the client calls it (with `new`), refusing every url.
    const Refusing = function (): never {
      made += 1;
      throw new Error('this platform refuses the url');
    };
    const c = client('ws://127.0.0.1:1/graphql', { webSocketImpl: Refusing, retry: { retries: 3 } });
    const got = sink();
    c.subscribe({ query: 'subscription { tick }' }, got);
    await waitFor(() => got.errors.length === 1, 3000, 'the error');
    expect(got.errors[0]).toMatchObject({ kind: 'network', closeCode: 4005 });
    expect(got.errors[0]?.message).toContain('this platform refuses the url');
    expect(c.connection.getSnapshot()).toMatchObject({ status: 'closed', code: 4005 });
    await new Promise((r) => setTimeout(r, 50));
    expect(made).toBe(1);
  });

  it('refuses variables that are not a plain object (a Map), naming `variables`, as graphqlRequest does', () => {
    const c = client('ws://127.0.0.1:1/graphql');
    let error: unknown;
    try {
      c.subscribe({ query: 'subscription { tick }', variables: new Map([['a', 1]]) as never }, sink());
    } catch (e) {
      error = e;
    }
    expect(isValidationError(error) && error.issues.map((i) => i.path)).toEqual(['variables']);
    expect(c.connection.getSnapshot()).toEqual({ status: 'idle' });
  });
});
