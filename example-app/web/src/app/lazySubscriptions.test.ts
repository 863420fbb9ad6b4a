import { describe, expect, it, vi } from 'vitest';
import { isTransportError, type ConnectionState, type SubscriptionClient, type SubscriptionSink } from '@matchkit/sdk/transport';
import { createLazySubscriptionClient } from './lazySubscriptions';

const URL = 'ws://127.0.0.1:4000/graphql';
const REQUEST = { query: 'subscription { ping }' } as unknown as Parameters<SubscriptionClient['subscribe']>[0];

/** A stand-in for the sdk's client: records subscriptions, and its connection state can be set. */
function fakeClient() {
  let state: ConnectionState = Object.freeze({ status: 'idle' });
  const listeners = new Set<() => void>();
  const stops: ReturnType<typeof vi.fn>[] = [];
  const client = {
    url: URL,
    connection: {
      subscribe: (listener: () => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      getSnapshot: () => state,
    },
    subscribe: vi.fn((_request: unknown, _sink: SubscriptionSink) => {
      const stop = vi.fn();
      stops.push(stop);
      return stop;
    }),
    dispose: vi.fn(() => Promise.resolve()),
  };
  const setState = (next: ConnectionState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    client: client as unknown as SubscriptionClient & { subscribe: typeof client.subscribe; dispose: typeof client.dispose },
    stops,
    setState,
  };
}

/** A load function the test resolves or rejects by hand. */
function deferredLoad() {
  let resolve!: (client: SubscriptionClient) => void;
  let reject!: (error: unknown) => void;
  const load = vi.fn(
    () =>
      new Promise<SubscriptionClient>((res, rej) => {
        resolve = res;
        reject = rej;
      }),
  );
  return { load, resolve: (c: SubscriptionClient) => resolve(c), reject: (e: unknown) => reject(e) };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createLazySubscriptionClient', () => {
  it('loads nothing until the first subscription, and is idle meanwhile', () => {
    const { load } = deferredLoad();
    const lazy = createLazySubscriptionClient(URL, load);
    expect(lazy.url).toBe(URL);
    expect(lazy.connection.getSnapshot()).toEqual({ status: 'idle' });
    expect(load).not.toHaveBeenCalled();
  });

  it('sends the subscriptions asked for while loading, in order, once loaded (a stopped one is dropped)', async () => {
    const { load, resolve } = deferredLoad();
    const { client } = fakeClient();
    const lazy = createLazySubscriptionClient(URL, load);
    const first = { next: vi.fn() };
    const second = { next: vi.fn() };
    const third = { next: vi.fn() };
    lazy.subscribe(REQUEST, first);
    const stopSecond = lazy.subscribe(REQUEST, second);
    lazy.subscribe(REQUEST, third);
    stopSecond();
    expect(load).toHaveBeenCalledTimes(1);
    resolve(client);
    await flush();
    expect(client.subscribe.mock.calls.map(([, sink]) => sink)).toEqual([first, third]);
    // Once loaded, calls go straight to the real client.
    const fourth = { next: vi.fn() };
    lazy.subscribe(REQUEST, fourth);
    expect(client.subscribe).toHaveBeenLastCalledWith(REQUEST, fourth);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('stops a replayed subscription through the real client', async () => {
    const { load, resolve } = deferredLoad();
    const { client, stops } = fakeClient();
    const lazy = createLazySubscriptionClient(URL, load);
    const stop = lazy.subscribe(REQUEST, { next: vi.fn() });
    resolve(client);
    await flush();
    stop();
    stop();
    expect(stops[0]).toHaveBeenCalledTimes(1);
  });

  it("follows the real client's connection state once loaded, telling its listeners", async () => {
    const { load, resolve } = deferredLoad();
    const { client, setState } = fakeClient();
    const lazy = createLazySubscriptionClient(URL, load);
    const listener = vi.fn();
    lazy.connection.subscribe(listener);
    lazy.subscribe(REQUEST, { next: vi.fn() });
    resolve(client);
    await flush();
    expect(listener).toHaveBeenCalledTimes(1);
    const connected: ConnectionState = { status: 'connected' };
    setState(connected);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(lazy.connection.getSnapshot()).toBe(connected);
  });

  it('ends the waiting subscriptions with a network error when loading fails, and tries again on the next one', async () => {
    const { load, reject, resolve } = deferredLoad();
    const lazy = createLazySubscriptionClient(URL, load);
    const error = vi.fn();
    lazy.subscribe(REQUEST, { next: vi.fn(), error });
    reject(new TypeError('Failed to fetch dynamically imported module'));
    await flush();
    expect(error).toHaveBeenCalledTimes(1);
    const failure: unknown = error.mock.calls[0]?.[0];
    expect(isTransportError(failure) && failure.kind === 'network').toBe(true);
    const { client } = fakeClient();
    lazy.subscribe(REQUEST, { next: vi.fn() });
    expect(load).toHaveBeenCalledTimes(2);
    resolve(client);
    await flush();
    expect(client.subscribe).toHaveBeenCalledTimes(1);
  });

  it('disposes the real client once it has loaded, when it was loading', async () => {
    const { load, resolve } = deferredLoad();
    const { client } = fakeClient();
    const lazy = createLazySubscriptionClient(URL, load);
    lazy.subscribe(REQUEST, { next: vi.fn() });
    const disposed = lazy.dispose();
    resolve(client);
    await disposed;
    expect(client.dispose).toHaveBeenCalledTimes(1);
  });

  it('disposes a client never used without loading it, and disposes the real one before a later subscription', async () => {
    const { load, resolve } = deferredLoad();
    const { client } = fakeClient();
    const lazy = createLazySubscriptionClient(URL, load);
    const listener = vi.fn();
    lazy.connection.subscribe(listener);
    await lazy.dispose();
    await lazy.dispose();
    expect(load).not.toHaveBeenCalled();
    expect(lazy.connection.getSnapshot()).toEqual({ status: 'closed', code: 1000, reason: 'disposed' });
    expect(listener).toHaveBeenCalledTimes(1);
    // Used after all: the real client is disposed before it is handed the subscription (which it ends).
    lazy.subscribe(REQUEST, { next: vi.fn() });
    resolve(client);
    await flush();
    expect(client.dispose).toHaveBeenCalledTimes(1);
    expect(client.subscribe).toHaveBeenCalledTimes(1);
    expect(client.dispose.mock.invocationCallOrder[0]).toBeLessThan(client.subscribe.mock.invocationCallOrder[0] ?? 0);
  });
});
