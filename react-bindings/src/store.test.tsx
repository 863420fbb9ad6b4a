import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useStore, useStoreSelector, type ReadableStore } from './store';
import { createTestStore } from './test-utils';

afterEach(cleanup);

describe('useStore', () => {
  it('renders the snapshot and re-renders when the store changes', () => {
    const store = createTestStore(1);
    let renders = 0;
    function Value() {
      renders += 1;
      return <output>{useStore(store)}</output>;
    }
    render(<Value />);
    expect(screen.getByRole('status').textContent).toBe('1');
    const before = renders;
    act(() => store.set(2));
    expect(screen.getByRole('status').textContent).toBe('2');
    expect(renders).toBe(before + 1);
  });

  it('does not re-render when the store notifies without a new snapshot', () => {
    const store = createTestStore({ n: 1 });
    let renders = 0;
    function Value() {
      renders += 1;
      return <output>{useStore(store).n}</output>;
    }
    render(<Value />);
    const before = renders;
    act(() => store.notify());
    act(() => store.set(store.getSnapshot()));
    expect(renders).toBe(before);
  });

  it('unsubscribes on unmount', () => {
    const store = createTestStore('a');
    const { unmount } = renderHook(() => useStore(store));
    expect(store.listenerCount()).toBe(1);
    unmount();
    expect(store.listenerCount()).toBe(0);
  });

  it('calls the store methods on the store, so class-based stores keep `this`', () => {
    class Counter implements ReadableStore<number> {
      private value = 0;
      private readonly listeners = new Set<() => void>();
      subscribe(listener: () => void): () => void {
        this.listeners.add(listener);
        return () => this.listeners.delete(listener);
      }
      getSnapshot(): number {
        return this.value;
      }
      increment(): void {
        this.value += 1;
        this.listeners.forEach((l) => l());
      }
    }
    const counter = new Counter();
    const { result } = renderHook(() => useStore(counter));
    expect(result.current).toBe(0);
    act(() => counter.increment());
    expect(result.current).toBe(1);
  });

  it('switches to another store passed on a later render', () => {
    const a = createTestStore('a');
    const b = createTestStore('b');
    const { result, rerender } = renderHook(({ store }) => useStore(store), { initialProps: { store: a } });
    expect(result.current).toBe('a');
    rerender({ store: b });
    expect(result.current).toBe('b');
    expect(a.listenerCount()).toBe(0);
    act(() => b.set('b2'));
    expect(result.current).toBe('b2');
  });
});

describe('useStoreSelector', () => {
  it('re-renders only when the selected value changes', () => {
    const store = createTestStore({ count: 1, other: 'x' });
    let renders = 0;
    const selectCount = (s: { count: number }) => s.count;
    function Count() {
      renders += 1;
      return <output>{useStoreSelector(store, selectCount)}</output>;
    }
    render(<Count />);
    const before = renders;
    act(() => store.set({ count: 1, other: 'y' }));
    expect(renders).toBe(before);
    act(() => store.set({ count: 2, other: 'y' }));
    expect(renders).toBe(before + 1);
    expect(screen.getByRole('status').textContent).toBe('2');
  });

  it('keeps the same reference while equal, even with an inline selector and an unrelated re-render', () => {
    const store = createTestStore({ items: [1, 2, 3], tick: 0 });
    const sameItems = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, i) => v === b[i]);
    const { result, rerender } = renderHook(() => useStoreSelector(store, (s) => s.items.filter((n) => n > 1), sameItems));
    const first = result.current;
    expect(first).toEqual([2, 3]);
    rerender();
    expect(result.current).toBe(first);
    act(() => store.set({ items: [1, 2, 3], tick: 1 }));
    expect(result.current).toBe(first);
    act(() => store.set({ items: [1, 2, 3, 4], tick: 1 }));
    expect(result.current).toEqual([2, 3, 4]);
    expect(result.current).not.toBe(first);
  });
});
