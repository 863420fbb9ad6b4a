import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { ReadableStore } from '@matchkit/sdk';

// The store shape is the sdk's own (`subscribe` / `getSnapshot`, from sdk/src/internal/store.ts),
// re-exported under the same name so that `import type { ReadableStore } from '@matchkit/react'`
// keeps working and the two packages can never disagree about it. It is structural: any object of
// your own with these two methods fits.
export type { ReadableStore };

function useSubscribe(store: ReadableStore<unknown>): (listener: () => void) => () => void {
  // Called through the store (not detached) so that class-based stores keep their `this`.
  return useCallback((listener: () => void) => store.subscribe(listener), [store]);
}

/**
 * Reads a `ReadableStore` (the sdk's store shape) in a component and re-renders the component
 * when, and only when, the store's snapshot changes (by `Object.is`). A thin wrapper over React's
 * `useSyncExternalStore`; the snapshot is also used for server rendering and hydration.
 *
 * @param store - the store to read; pass the same object on every render
 * @returns the store's current snapshot
 *
 * @example
 * ```tsx
 * import { useStore, type ReadableStore } from '@matchkit/react';
 *
 * function Count({ counter }: { counter: ReadableStore<number> }) {
 *   const count = useStore(counter);
 *   return <span>{count}</span>;
 * }
 * ```
 */
export function useStore<T>(store: ReadableStore<T>): T {
  const subscribe = useSubscribe(store);
  const getSnapshot = useCallback(() => store.getSnapshot(), [store]);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/**
 * Builds the getSnapshot of useStoreSelector: the selection is recomputed only for a new store
 * snapshot, and the previous selection (this closure's, else the last committed one) is returned
 * when the new one is equal to it.
 */
function createGetSelection<T, S>(
  store: ReadableStore<T>,
  selector: (snapshot: T) => S,
  isEqual: (a: S, b: S) => boolean,
  committed: { readonly current: { value: S } | null },
): () => S {
  let memo: { snapshot: T; value: S } | null = null;
  return () => {
    const snapshot = store.getSnapshot();
    if (memo !== null && Object.is(memo.snapshot, snapshot)) return memo.value;
    const next = selector(snapshot);
    const previous = memo ?? committed.current;
    const value = previous !== null && isEqual(previous.value, next) ? previous.value : next;
    memo = { snapshot, value };
    return value;
  };
}

/**
 * Reads one derived value of a `ReadableStore` (the sdk's store shape): the component re-renders
 * only when the selected value changes by `isEqual`, and the same reference is returned for as
 * long as it is equal, even when the selector builds a new object each time or the component
 * re-renders for another reason.
 *
 * @param store - the store to read; pass the same object on every render
 * @param selector - derives the value from a snapshot; keep it pure
 * @param isEqual - decides whether a new selection equals the previous one
 * @returns the selected value
 *
 * @defaultValue `isEqual` defaults to `Object.is`
 *
 * @example
 * ```tsx
 * import { useStoreSelector, type ReadableStore } from '@matchkit/react';
 *
 * function Unread({ inbox }: { inbox: ReadableStore<{ items: { read: boolean }[] }> }) {
 *   const unread = useStoreSelector(inbox, (s) => s.items.filter((i) => !i.read).length);
 *   return <span>{unread}</span>;
 * }
 * ```
 */
export function useStoreSelector<T, S>(
  store: ReadableStore<T>,
  selector: (snapshot: T) => S,
  isEqual: (a: S, b: S) => boolean = Object.is,
): S {
  const subscribe = useSubscribe(store);
  // The last selection React committed, shared with every getSelection closure so that a new
  // selector on each render (an inline arrow) still yields the previous reference when equal.
  const committed = useRef<{ value: S } | null>(null);
  const getSelection = useMemo(
    // The ref is read only inside getSelection (React's getSnapshot) and written only in the
    // effect below after a commit: the scheme of React's own useSyncExternalStoreWithSelector.
    // eslint-disable-next-line react-hooks/refs
    () => createGetSelection(store, selector, isEqual, committed),
    [store, selector, isEqual],
  );
  const selected = useSyncExternalStore(subscribe, getSelection, getSelection);
  useEffect(() => {
    committed.current = { value: selected };
  }, [selected]);
  return selected;
}
