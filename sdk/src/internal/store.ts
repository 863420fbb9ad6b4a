/**
 * The one store shape of matchkit: `subscribe(listener) => unsubscribe` and `getSnapshot()`
 * returning the same reference until something changed (what React's useSyncExternalStore needs).
 *
 * @example
 * ```ts
 * import type { ReadableStore } from '@matchkit/sdk';
 * function logChanges<T>(store: ReadableStore<T>) {
 *   return store.subscribe(() => console.warn(store.getSnapshot()));
 * }
 * ```
 */
export interface ReadableStore<T> {
  /** Registers a listener called after every change; returns the function that removes it. */
  subscribe(listener: () => void): () => void;
  /** The current state: the same reference until the state changes. */
  getSnapshot(): T;
}

/** A store whose state its owner can set. Internal building block of the sdk's stores. */
export interface WritableStore<T> extends ReadableStore<T> {
  /** Replaces the state (or derives it from the previous one); listeners run only on change. */
  set(next: T | ((previous: T) => T)): void;
}

/**
 * Creates a store holding `initial`. `set` notifies listeners only when the new state is not
 * `Object.is` the old one; a listener that throws does not stop the others (its error is rethrown
 * asynchronously). Methods are bound, so `store.subscribe` can be passed around alone.
 */
export function createStore<T>(initial: T): WritableStore<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    set(next) {
      const value = typeof next === 'function' ? (next as (previous: T) => T)(state) : next;
      if (Object.is(value, state)) return;
      state = value;
      for (const listener of [...listeners]) {
        try {
          listener();
        } catch (error) {
          queueMicrotask(() => {
            throw error;
          });
        }
      }
    },
  };
}
