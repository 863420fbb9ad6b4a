import { offerSync, type SyncSink } from '../sync-delivery';
import { checkTopic } from './payload';
import { PubSubOverflowError, type PubSubPayload, type PubSubStats, type PubSubSubscription } from './types';

/** What a transport does when a topic gains its first local subscriber or loses its last one. */
export interface TopicTransport {
  /** Start receiving `topic`; resolves once the transport confirms (never needs to reject). */
  open(topic: string): Promise<void>;
  /** Stop receiving `topic`. */
  shut(topic: string): void;
}

interface Subscriber {
  push(payload: PubSubPayload): void;
  end(error?: Error): void;
}

interface TopicEntry {
  readonly subscribers: Set<Subscriber>;
  readonly live: Promise<void>;
}

/**
 * The local side every implementation shares: the subscribers of each topic in this process, their
 * queues, abort and close. Transports only move payloads between processes and call deliver().
 */
export interface Hub {
  subscribe(topic: string, signal: AbortSignal | undefined): PubSubSubscription;
  /** Hands a payload to every local subscriber of `topic` (the same frozen value to each). */
  deliver(topic: string, payload: PubSubPayload): void;
  hasSubscribers(topic?: string): boolean;
  /** The topics with local subscribers. */
  topics(): string[];
  stats(): PubSubStats;
  /** Ends every subscription (their iterators finish). */
  endAll(): void;
}

const DONE: IteratorReturnResult<undefined> = Object.freeze({ done: true, value: undefined });

export function createHub(transport: TopicTransport, maxBuffered: number): Hub {
  const topics = new Map<string, TopicEntry>();
  let subscriptions = 0;
  let sinkFailed = false;
  /** A synchronous sink threw (sync-delivery.ts): a process warning, the first time for this hub only. */
  const warnSinkFailed = (error: unknown): void => {
    if (sinkFailed) return;
    sinkFailed = true;
    process.emitWarning(
      `a synchronous delivery sink threw; its payloads take the asynchronous path: ${error instanceof Error ? error.message : String(error)}`,
      { code: 'MATCHKIT_SYNC_SINK' },
    );
  };

  function leave(topic: string, subscriber: Subscriber): void {
    const entry = topics.get(topic);
    if (entry === undefined || !entry.subscribers.delete(subscriber)) return;
    subscriptions -= 1;
    if (entry.subscribers.size === 0) {
      topics.delete(topic);
      transport.shut(topic);
    }
  }

  function subscribe(topic: string, signal: AbortSignal | undefined): PubSubSubscription {
    checkTopic(topic);
    const queue: PubSubPayload[] = [];
    const waiting: { resolve(r: IteratorResult<PubSubPayload>): void; reject(e: Error): void }[] = [];
    let ended = false;
    let failure: Error | undefined;
    // The consumer's synchronous sink (sync-delivery.ts): offered a payload while it waits.
    let sink: SyncSink<PubSubPayload> | null = null;
    let markReady!: () => void;
    const ready = new Promise<void>((resolve) => (markReady = resolve));

    const onAbort = (): void => subscriber.end();

    const subscriber: Subscriber = {
      push(payload) {
        if (ended) return;
        // Waiting with nothing queued (a waiter means the queue is empty): the sink may take it.
        if (sink !== null && waiting.length > 0) {
          let taken = false;
          try {
            taken = sink(payload);
          } catch (error) {
            // A sink that fails changes nothing by contract: the consumer meets the payload itself.
            // A bug all the same (the fast path lost without a word): said once per PubSub.
            warnSinkFailed(error);
          }
          if (taken) return;
        }
        const waiter = waiting.shift();
        if (waiter !== undefined) {
          waiter.resolve({ done: false, value: payload });
          return;
        }
        queue.push(payload);
        if (queue.length > maxBuffered) subscriber.end(new PubSubOverflowError(topic, maxBuffered));
      },
      end(error) {
        if (ended) return;
        ended = true;
        sink = null;
        queue.length = 0;
        signal?.removeEventListener('abort', onAbort);
        leave(topic, subscriber);
        markReady();
        if (error !== undefined && waiting.length === 0) failure = error;
        for (const waiter of waiting.splice(0)) {
          if (error !== undefined) waiter.reject(error);
          else waiter.resolve(DONE);
        }
      },
    };

    const iterator: PubSubSubscription & { [offerSync](next: SyncSink<PubSubPayload> | null): void } = {
      ready,
      [offerSync](next) {
        sink = next;
      },
      next() {
        const value = queue.shift();
        if (value !== undefined) return Promise.resolve({ done: false, value });
        if (ended) {
          if (failure !== undefined) {
            const error = failure;
            failure = undefined;
            return Promise.reject(error);
          }
          return Promise.resolve(DONE);
        }
        return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
      },
      return() {
        subscriber.end();
        return Promise.resolve(DONE);
      },
      [Symbol.asyncIterator]() {
        return iterator;
      },
    };

    if (signal?.aborted === true) {
      ended = true;
      markReady();
      return iterator;
    }

    let entry = topics.get(topic);
    if (entry === undefined) {
      const live = transport.open(topic).catch(() => undefined);
      entry = { subscribers: new Set(), live };
      topics.set(topic, entry);
    }
    entry.subscribers.add(subscriber);
    subscriptions += 1;
    void entry.live.then(markReady);
    signal?.addEventListener('abort', onAbort, { once: true });
    return iterator;
  }

  return {
    subscribe,
    deliver(topic, payload) {
      const entry = topics.get(topic);
      if (entry === undefined) return;
      for (const subscriber of [...entry.subscribers]) subscriber.push(payload);
    },
    hasSubscribers(topic) {
      return topic === undefined ? subscriptions > 0 : topics.has(topic);
    },
    topics() {
      return [...topics.keys()];
    },
    stats() {
      return { topics: topics.size, subscriptions };
    },
    endAll() {
      for (const entry of [...topics.values()]) {
        for (const subscriber of [...entry.subscribers]) subscriber.end();
      }
    },
  };
}
