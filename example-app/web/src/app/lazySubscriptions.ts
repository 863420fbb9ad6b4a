// The tab's subscription client, loaded when first used. The sdk's createSubscriptionClient (with
// its WebSocket protocol client; sizes in docs/guides/transport.md, "Bundle cost") is only needed
// by the pages that follow live data (the oddsmatcher, the finder tools, the profit tracker), so the first page does not load it:
// this stand-in has the SubscriptionClient shape from the start, imports the real client on the
// first `subscribe`, and hands it every call from then on. docs/app.md says why.
import {
  TransportError,
  type ConnectionState,
  type SubscriptionClient,
  type SubscriptionSink,
  type TransportFailure,
} from '@matchkit/sdk/transport';
import { lazyStore, rethrowLater } from './lazyStore';

type Subscribe = SubscriptionClient['subscribe'];
type Request = Parameters<Subscribe>[0];

const IDLE: ConnectionState = Object.freeze({ status: 'idle' });
/** The real client's state once disposed. */
const DISPOSED: ConnectionState = Object.freeze({ status: 'closed', code: 1000, reason: 'disposed' });

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
 * Disposing a client never used downloads nothing: its connection shows `closed` (code 1000), as a
 * disposed real client's, and a later `subscribe` loads a client that is disposed at once, so the
 * subscription ends as on any disposed client.
 */
export function createLazySubscriptionClient(url: string, load: () => Promise<SubscriptionClient>): SubscriptionClient {
  /** The real client once loaded (set before its connection is handed to `connection`). */
  let real: SubscriptionClient | null = null;
  /** Subscriptions asked for while the client loads: never empty while it loads, always empty otherwise. */
  let pending: Pending[] = [];
  /** `dispose` was called before the real client had loaded or was loading. */
  let disposed = false;

  /** Empties the waiting list and runs `run` on each subscription in it still wanted when reached, in order. */
  function eachWaiting(run: (entry: Pending) => void): void {
    const waiting = pending;
    pending = [];
    for (const entry of waiting) if (!entry.stopped) run(entry);
  }

  function loaded(client: SubscriptionClient): SubscriptionClient['connection'] {
    real = client;
    // Disposed before it was ever needed: the real client is too, before it is handed anything.
    if (disposed) void client.dispose();
    eachWaiting((entry) => {
      try {
        entry.stop = client.subscribe(entry.request, entry.sink);
      } catch (error) {
        rethrowLater(error);
      }
    });
    return client.connection;
  }

  function failed(error: unknown): never {
    eachWaiting((entry) => {
      entry.sink.error?.(
        new TransportError('network', `the subscription client for ${url} could not be loaded`, { url, cause: error }) as TransportFailure,
      );
    });
    throw error;
  }

  // The connection state: idle (or closed once disposed) until the real client has loaded, then its own.
  const connection = lazyStore<SubscriptionClient['connection'], ConnectionState>(IDLE, () => load().then(loaded, failed));

  const subscribe = ((request: Request, sink: SubscriptionSink) => {
    if (real !== null) return real.subscribe(request, sink);
    const entry: Pending = { request, sink, stop: null, stopped: false };
    pending.push(entry);
    connection.load().catch(() => undefined);
    return () => {
      if (entry.stopped) return;
      entry.stopped = true;
      entry.stop?.();
    };
  }) as Subscribe;

  return {
    url,
    connection: { subscribe: connection.subscribe, getSnapshot: connection.getSnapshot },
    subscribe,
    async dispose() {
      if (real !== null) return real.dispose();
      if (pending.length === 0) {
        // Nothing loaded or loading, so nothing to close: the chunk is not downloaded for it.
        disposed = true;
        connection.setFallback(DISPOSED);
        return;
      }
      await connection.load();
      // `loaded` has set it meanwhile (TypeScript still narrows it to null after the check above).
      await (real as SubscriptionClient | null)?.dispose();
    },
  };
}
