import { unknownOptions, type OptionKeys } from '../internal/keys';
import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';
import { defaultLogger, type Logger } from '../internal/platform';
import { createCoalescedWriter, readStorage, type CoalescedWriter, type KeyValueStorage } from './storage';

/**
 * The default cap of the event queue: 65536 entries (spec section 9, the catalogue's
 * `analytics.maxQueuedEvents`).
 *
 * @example
 * ```ts
 * import { DEFAULT_MAX_QUEUED_EVENTS } from '@matchkit/sdk/analytics';
 * DEFAULT_MAX_QUEUED_EVENTS; // 65536
 * ```
 */
export const DEFAULT_MAX_QUEUED_EVENTS = 65_536;

/**
 * What the queue does when it is full: drop its oldest entry to make room (the default, as
 * Amplitude's SDKs do with their saved-event cap), or refuse the newest.
 *
 * @example
 * ```ts
 * import type { QueueOverflow } from '@matchkit/sdk/analytics';
 * const keepHistory: QueueOverflow = 'drop-newest';
 * ```
 */
export type QueueOverflow = 'drop-oldest' | 'drop-newest';

/**
 * Options of {@link createEventQueue}.
 *
 * @example
 * ```ts
 * import { createEventQueue, createMemoryStorage, type EventQueueOptions } from '@matchkit/sdk/analytics';
 * const options: EventQueueOptions<string> = { storage: createMemoryStorage(), storageKey: 'q', maxSize: 1000 };
 * const queue = createEventQueue(options);
 * ```
 */
export interface EventQueueOptions<T> {
  /** Most entries held. @defaultValue 65536 */
  readonly maxSize?: number | undefined;
  /** What happens at the cap. @defaultValue `'drop-oldest'` */
  readonly overflow?: QueueOverflow | undefined;
  /** Where the entries are persisted; without one the queue lives in memory only. */
  readonly storage?: KeyValueStorage | undefined;
  /** The storage key. @defaultValue `'matchkit.analytics.queue'` */
  readonly storageKey?: string | undefined;
  /** Filters what is restored from storage (anything else is dropped and logged). */
  readonly isItem?: ((value: unknown) => value is T) | undefined;
  /** Where drops and storage failures are logged. @defaultValue the global console */
  readonly logger?: Logger | undefined;
}

/**
 * One queued entry: the item and its sequence number (increasing from head to tail; restored
 * entries have negative numbers, so they stay ahead of anything queued before the restore ended).
 *
 * @example
 * ```ts
 * import type { QueuedEntry } from '@matchkit/sdk/analytics';
 * const entry: QueuedEntry<string> = { seq: 1, item: 'page_view' };
 * ```
 */
export interface QueuedEntry<T> {
  /** Identifies the entry for {@link EventQueue.remove}. */
  readonly seq: number;
  /** The queued item. */
  readonly item: T;
}

/**
 * A first-in first-out queue with a cap, persisted through a {@link KeyValueStorage}.
 *
 * @example
 * ```ts
 * import { createEventQueue } from '@matchkit/sdk/analytics';
 * const queue = createEventQueue<string>({ maxSize: 2 });
 * queue.push('a');
 * queue.push('b');
 * queue.push('c'); // full: 'a' is dropped
 * queue.toArray(); // ['b', 'c']
 * ```
 */
export interface EventQueue<T> {
  /** How many entries are queued. */
  readonly size: number;
  /** How many entries were dropped at the cap since creation. */
  readonly dropped: number;
  /** Resolves once the persisted entries were read back (immediately without storage). */
  readonly ready: Promise<void>;
  /** Appends an item; returns `false` when it was refused (full, with `'drop-newest'`). */
  push(item: T): boolean;
  /** The first `count` entries, oldest first, without removing them. */
  peek(count: number): readonly QueuedEntry<T>[];
  /** Removes the entries with these sequence numbers; returns how many were still there. */
  remove(seqs: Iterable<number>): number;
  /** Every queued item, oldest first. */
  toArray(): T[];
  /** Resolves when every change so far has been written to storage. */
  persisted(): Promise<void>;
}

const EVENT_QUEUE_KEYS: OptionKeys<EventQueueOptions<unknown>> = {
  maxSize: 0,
  overflow: 0,
  storage: 0,
  storageKey: 0,
  isItem: 0,
  logger: 0,
};

/**
 * Creates an event queue capped at `maxSize` (65536 by default): below the cap nothing is ever
 * dropped and order is always kept; at the cap the oldest entry is dropped (or, with
 * `overflow: 'drop-newest'`, the new one refused), which is logged once each time the queue
 * fills up. With a storage, the queue reads its persisted entries back as soon as it is created
 * (they go ahead of anything pushed meanwhile) and writes every change back, coalesced, so
 * nothing is lost across reloads.
 *
 * @param options - cap, overflow rule, storage; see {@link EventQueueOptions}
 * @throws MatchkitValidationError when `maxSize` is not a positive integer or `overflow` is unknown
 *
 * @example
 * ```ts
 * import { createEventQueue, createMemoryStorage } from '@matchkit/sdk/analytics';
 * const storage = createMemoryStorage();
 * const queue = createEventQueue<{ n: number }>({ storage });
 * queue.push({ n: 1 });
 * await queue.persisted();
 * const again = createEventQueue<{ n: number }>({ storage });
 * await again.ready;
 * again.toArray(); // [{ n: 1 }]
 * ```
 */
export function createEventQueue<T>(options: EventQueueOptions<T> = {}): EventQueue<T> {
  const issues: ValidationIssue[] = [];
  const maxSize = options.maxSize ?? DEFAULT_MAX_QUEUED_EVENTS;
  if (!Number.isSafeInteger(maxSize) || maxSize < 1) issues.push({ path: 'maxSize', message: 'must be a positive integer' });
  const overflow = options.overflow ?? 'drop-oldest';
  if (overflow !== 'drop-oldest' && overflow !== 'drop-newest') {
    issues.push({ path: 'overflow', message: 'must be "drop-oldest" or "drop-newest"' });
  }
  unknownOptions(options, EVENT_QUEUE_KEYS, issues);
  if (issues.length > 0) throw new MatchkitValidationError('event queue options', issues);
  return eventQueue(options, maxSize, overflow);
}

/** {@link createEventQueue} without the checks, for callers whose options are already valid (the analytics instance). Internal. */
export function eventQueue<T>(options: EventQueueOptions<T>, maxSize: number, overflow: QueueOverflow): EventQueue<T> {
  const logger = options.logger ?? defaultLogger();
  const key = options.storageKey ?? 'matchkit.analytics.queue';

  // A deque: live entries are buf[head..]; the dead prefix is compacted away now and then.
  let buf: QueuedEntry<T>[] = [];
  let head = 0;
  let nextSeq = 1;
  let dropped = 0;
  let full = false; // true from the first drop until the queue is below the cap again
  let loaded = options.storage === undefined;

  const size = (): number => buf.length - head;
  const compact = (): void => {
    if (head > 1024 && head * 2 > buf.length) {
      buf = buf.slice(head);
      head = 0;
    }
  };
  const noteDrops = (count: number, what: string): void => {
    if (count === 0) return;
    dropped += count;
    if (!full) logger.error(`analytics queue is full (${maxSize} events): ${what}`);
    full = true;
  };
  const trimToCap = (): void => {
    const excess = size() - maxSize;
    if (excess > 0) {
      head += excess;
      noteDrops(excess, 'dropped the oldest events');
      compact();
    }
  };

  const writer: CoalescedWriter | null =
    options.storage === undefined
      ? null
      : createCoalescedWriter(options.storage, key, () => JSON.stringify({ v: 1, items: buf.slice(head).map((e) => e.item) }), logger);
  const changed = (): void => {
    if (size() < maxSize) full = false;
    if (loaded) writer?.schedule();
  };

  const ready: Promise<void> =
    options.storage === undefined
      ? Promise.resolve()
      : readStorage(options.storage, key, logger).then((text) => {
          let items: unknown[] = [];
          if (text !== undefined) {
            try {
              const parsed = JSON.parse(text) as { items?: unknown };
              if (!Array.isArray(parsed?.items)) throw new TypeError('no items array');
              items = parsed.items;
            } catch (error) {
              logger.error(`analytics queue in storage "${key}" is unreadable: discarded`, error);
            }
          }
          const isItem = options.isItem;
          const valid = isItem === undefined ? items : items.filter((v) => isItem(v));
          if (valid.length < items.length) {
            logger.error(`analytics queue in storage "${key}": dropped ${items.length - valid.length} malformed entries`);
          }
          const restored = valid.map((item, i) => ({ seq: i - valid.length, item: item as T }));
          buf = [...restored, ...buf.slice(head)];
          head = 0;
          trimToCap();
          loaded = true;
          writer?.schedule();
        });

  return {
    get size() {
      return size();
    },
    get dropped() {
      return dropped;
    },
    ready,
    push(item) {
      if (size() >= maxSize && overflow === 'drop-newest') {
        noteDrops(1, 'refused the newest event');
        return false;
      }
      buf.push({ seq: nextSeq++, item });
      trimToCap();
      changed();
      return true;
    },
    peek(count) {
      return buf.slice(head, head + Math.max(0, count));
    },
    remove(seqs) {
      const wanted = new Set(seqs);
      const before = size();
      while (head < buf.length && wanted.size > 0) {
        const entry = buf[head];
        if (entry === undefined || !wanted.has(entry.seq)) break;
        wanted.delete(entry.seq);
        head += 1;
      }
      if (wanted.size > 0) {
        buf = buf.slice(head).filter((e) => !wanted.has(e.seq));
        head = 0;
      } else {
        compact();
      }
      const removed = before - size();
      if (removed > 0) changed();
      return removed;
    },
    toArray() {
      return buf.slice(head).map((e) => e.item);
    },
    async persisted() {
      await ready;
      await writer?.idle();
    },
  };
}
