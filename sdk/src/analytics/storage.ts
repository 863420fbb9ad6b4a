import type { Logger } from '../internal/platform';

/**
 * A key-value storage, synchronous or asynchronous: `localStorage` and `sessionStorage` fit as
 * they are; an IndexedDB wrapper fits by returning promises (and holds far more than the few
 * megabytes `localStorage` allows).
 *
 * @example
 * ```ts
 * import type { KeyValueStorage } from '@matchkit/sdk/analytics';
 * const map = new Map<string, string>();
 * const storage: KeyValueStorage = {
 *   getItem: async (key) => map.get(key) ?? null,
 *   setItem: async (key, value) => void map.set(key, value),
 *   removeItem: async (key) => void map.delete(key),
 * };
 * ```
 */
export interface KeyValueStorage {
  /** The stored value, or `null`/`undefined` when there is none. */
  getItem(key: string): string | null | undefined | Promise<string | null | undefined>;
  /** Stores a value; may throw or reject (a full `localStorage` throws `QuotaExceededError`). */
  setItem(key: string, value: string): void | Promise<void>;
  /** Removes a value. */
  removeItem(key: string): void | Promise<void>;
}

/**
 * A storage that keeps values in memory only (for servers, tests, or when no persistent storage
 * is available). Nothing survives a reload.
 *
 * @param initial - values to start with
 *
 * @example
 * ```ts
 * import { createMemoryStorage } from '@matchkit/sdk/analytics';
 * const storage = createMemoryStorage({ greeting: 'hello' });
 * storage.getItem('greeting'); // 'hello'
 * ```
 */
export function createMemoryStorage(initial: Readonly<Record<string, string>> = {}): KeyValueStorage {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      map.set(key, String(value));
    },
    removeItem: (key) => {
      map.delete(key);
    },
  };
}

/**
 * Writes one key's latest value at most once per microtask burst and never two writes at once,
 * so frequent changes cost one serialisation each time the storage is free. A failed write is
 * logged (once per run of failures) and the next change tries again.
 */
export interface CoalescedWriter {
  /** Marks the value as changed; `serialise` is called when the write happens. */
  schedule(): void;
  /** Resolves when no write is pending or running. */
  idle(): Promise<void>;
}

export function createCoalescedWriter(
  storage: KeyValueStorage,
  key: string,
  serialise: () => string | null,
  logger: Logger,
): CoalescedWriter {
  let dirty = false;
  let running: Promise<void> | null = null;
  let failing = false;

  async function run(): Promise<void> {
    while (dirty) {
      dirty = false;
      try {
        const value = serialise();
        await (value === null ? storage.removeItem(key) : storage.setItem(key, value));
        failing = false;
      } catch (error) {
        if (!failing) logger.error(`analytics storage write failed for "${key}": kept in memory only`, error);
        failing = true;
      }
    }
  }

  function start(): void {
    running = Promise.resolve()
      .then(run)
      .finally(() => {
        running = null;
        if (dirty) start(); // changed between the last write and this line
      });
  }

  return {
    schedule() {
      dirty = true;
      if (running === null) start();
    },
    async idle() {
      while (running !== null) await running;
    },
  };
}

/** Reads a key, turning a throwing or rejecting storage into `undefined` plus a log line. */
export async function readStorage(storage: KeyValueStorage, key: string, logger: Logger): Promise<string | undefined> {
  try {
    const value = await storage.getItem(key);
    return typeof value === 'string' ? value : undefined;
  } catch (error) {
    logger.error(`analytics storage read failed for "${key}"`, error);
    return undefined;
  }
}
