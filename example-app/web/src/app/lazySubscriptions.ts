// The tab's subscription client, loaded when first used. The sdk's createSubscriptionClient (with
// its WebSocket protocol client; sizes in docs/guides/transport.md, "Bundle cost") is only needed
// by the pages that follow live data (the oddsmatcher, the finder tools, the profit tracker), so the first page does not load it:
// this stand-in has the SubscriptionClient shape from the start, imports the real client on the
// first `subscribe` (or `dispose`), and hands it every call from then on. docs/app.md says why.
import { TransportError, type ConnectionState, type SubscriptionClient, type SubscriptionSink, type TransportFailure } from '@matchkit/sdk/transport';

type Subscribe = SubscriptionClient['subscribe'];
type Request = Parameters<Subscribe>[0];

const IDLE: ConnectionState = Object.freeze({ status: 'idle' });

/** A subscription asked for before the real client had loaded. */
interface Pending {
  readonly request: Request;
  readonly sink: SubscriptionSink;
  /** The real client's stop function once it is running; null while it waits. */
  stop: (() => void) | null;
  /** Stopped by its caller (before or after the client loaded). */
  stopped: boolean;
}

/**
 * A SubscriptionClient for `url` whose real client `load` creates on first use. Before that its
 * connection is `idle` (the real client's state too: it connects on the first subscription);
 * subscriptions asked for meanwhile are sent, in order, once it has loaded, and stopping one
 * before then simply drops it. If loading fails (the network dropped while the chunk was fetched),
 * each waiting subscription ends with a `network` TransportError and the next `subscribe` tries
 * again. A request the real client refuses when it is replayed (a programming error, thrown at once
 * when the client is loaded) is rethrown in a microtask, so it still surfaces as an error.
 */
export function createLazySubscriptionClient(url: string, load: () => Promise<SubscriptionClient>): SubscriptionClient {
  let real: SubscriptionClient | null = null;
  let loading: Promise<SubscriptionClient> | null = null;
  let pending: Pending[] = [];
  // The stand-in's own listeners: told of the real client's changes once it has loaded.
  const listeners = new Set<() => void>();
  const notify = (): void => {
    for (const listener of [...listeners]) listener();
  };

  function loaded(client: SubscriptionClient): SubscriptionClient {
    real = client;
    client.connection.subscribe(notify);
    const waiting = pending;
    pending = [];
    for (const entry of waiting) {
      if (entry.stopped) continue;
      try {
        entry.stop = client.subscribe(entry.request, entry.sink);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
    // The snapshot is now the real store's (another object, maybe another state).
    notify();
    return client;
  }

  function failed(error: unknown): never {
    loading = null;
    const waiting = pending;
    pending = [];
    for (const entry of waiting) {
      if (entry.stopped) continue;
      entry.sink.error?.(new TransportError('network', `the subscription client for ${url} could not be loaded`, { url, cause: error }) as TransportFailure);
    }
    throw error;
  }

  const start = (): Promise<SubscriptionClient> => (loading ??= load().then(loaded, failed));

  const subscribe = ((request: Request, sink: SubscriptionSink) => {
    if (real !== null) return real.subscribe(request, sink);
    const entry: Pending = { request, sink, stop: null, stopped: false };
    pending.push(entry);
    start().catch(() => undefined);
    return () => {
      if (entry.stopped) return;
      entry.stopped = true;
      entry.stop?.();
    };
  }) as Subscribe;

  return {
    url,
    connection: {
      subscribe(listener) {
        listeners.add(listener);
        return () => {
          listeners.delete(listener);
        };
      },
      getSnapshot: () => (real === null ? IDLE : real.connection.getSnapshot()),
    },
    subscribe,
    async dispose() {
      await (real ?? (await start())).dispose();
    },
  };
}
