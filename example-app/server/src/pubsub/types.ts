/**
 * The server's publish/subscribe layer: one interface, three transports (in-process, Redis,
 * PostgreSQL LISTEN/NOTIFY), so that a subscription on one server process receives what any process
 * publishes.
 */

/** A JSON value: what survives `JSON.stringify` and `JSON.parse` unchanged. */
export type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/**
 * What is published: a JSON value (finite numbers, strings, booleans, null, arrays, plain objects).
 * Instants go as ISO strings or epoch milliseconds, money as integer pence. Subscribers receive a
 * frozen copy; declare payload shapes with `type` aliases (interfaces lack the index signature).
 */
export type PubSubPayload = JsonValue;

/** One subscription: an async iterator of payloads that also says when it is live. */
export interface PubSubSubscription extends AsyncIterableIterator<PubSubPayload> {
  /**
   * Resolves once the subscription is registered with the transport (for Redis and PostgreSQL, once
   * the server has confirmed it), so that anything published afterwards, by any process, is delivered.
   * Take a snapshot after this to have no gap between the snapshot and the stream. Never rejects; also
   * resolves when the subscription ends first.
   */
  readonly ready: Promise<void>;
}

/** Counts for metrics and for tests that check a subscription was freed. */
export interface PubSubStats {
  /** Topics with at least one local subscriber. */
  readonly topics: number;
  /** Local subscriptions, over all topics. */
  readonly subscriptions: number;
}

export interface PubSub {
  /**
   * Publishes to every current subscriber of `topic` in every process. Resolves once the transport has
   * accepted the message (Redis replied, PostgreSQL committed). Calls from one instance are delivered
   * in call order per topic. Rejects with {@link PubSubInputError} for a bad topic or a payload that is
   * not JSON, and after close().
   */
  publish(topic: string, payload: PubSubPayload): Promise<void>;
  /**
   * Subscribes to `topic`. The iterator ends when `signal` aborts, when the consumer stops (`return()`,
   * a `break` out of `for await`) or at close(); queued payloads are then dropped. A consumer that falls
   * more than `maxBuffered` payloads behind gets a {@link PubSubOverflowError} from `next()`.
   * Throws {@link PubSubClosedError} after close().
   */
  subscribe(topic: string, signal?: AbortSignal): PubSubSubscription;
  /** Ends every subscription, waits for publishes in flight and closes the connections. Idempotent. */
  close(): Promise<void>;
  /** Local subscription counts. */
  stats(): PubSubStats;
  readonly kind: 'memory' | 'redis' | 'postgres';
}

/** One log line. Never carries a payload or a connection string. */
export interface PubSubLogEntry {
  readonly level: 'info' | 'warn' | 'error';
  readonly msg: string;
}

/** Where a pubsub reports connection trouble and recovery (e.g. `({ level, msg }) => logger[level](msg)`). */
export type PubSubLog = (entry: PubSubLogEntry) => void;

/** Options every implementation takes. */
export interface PubSubCommonOptions {
  /** Connection events. Default: none. */
  readonly log?: PubSubLog;
  /**
   * How many undelivered payloads one subscription may hold before it is ended with
   * {@link PubSubOverflowError}.
   * @defaultValue 1000
   */
  readonly maxBuffered?: number;
  /**
   * Largest payload accepted, in bytes of its JSON text.
   * @defaultValue 1_000_000
   */
  readonly maxPayloadBytes?: number;
}

/** A bad argument: names the field and why; never echoes the payload. */
export class PubSubInputError extends TypeError {
  override readonly name = 'PubSubInputError';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
  }
}

/** Thrown from `next()` of a subscription whose consumer fell too far behind. */
export class PubSubOverflowError extends Error {
  override readonly name = 'PubSubOverflowError';
  constructor(
    readonly topic: string,
    readonly limit: number,
  ) {
    super(`subscription to "${topic}" ended: its consumer fell more than ${limit} messages behind`);
  }
}

/** publish() or subscribe() after close(). */
export class PubSubClosedError extends Error {
  override readonly name = 'PubSubClosedError';
  constructor(kind: string) {
    super(`the ${kind} pubsub is closed`);
  }
}
