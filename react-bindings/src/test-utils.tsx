import type { ReactNode } from 'react';
import type { BrandRef } from '@matchkit/sdk/brands';
import type { StoreTimers } from '@matchkit/sdk/integrations';
import { BrandProvider } from './brand';
import type { ReadableStore } from './store';

/** A minimal store for tests: `set` replaces the value and notifies; `notify` notifies only. */
export function createTestStore<T>(initial: T): ReadableStore<T> & {
  set(value: T): void;
  notify(): void;
  listenerCount(): number;
} {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => value,
    set(next) {
      value = next;
      listeners.forEach((l) => l());
    },
    notify() {
      listeners.forEach((l) => l());
    },
    listenerCount: () => listeners.size,
  };
}

/** A renderHook wrapper providing `brand`. */
export function withBrand(brand: BrandRef) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return <BrandProvider brand={brand}>{children}</BrandProvider>;
  };
}

/**
 * A hand-driven timer pair (the sdk's StoreTimers seam): time moves only when `advance` is called,
 * and timers due by then fire in order of their due time.
 */
export function createManualTimers(): StoreTimers & { advance(ms: number): void; pending(): number; now(): number } {
  let now = 0;
  let nextHandle = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    setTimeout(callback, ms) {
      const handle = nextHandle++;
      timers.set(handle, { at: now + ms, callback });
      return handle;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
        if (due === undefined) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = until;
    },
    pending: () => timers.size,
    now: () => now,
  };
}

/** A focus source (the integrations store's seam) fired by hand, counting its listeners. */
export function createFocusEmitter(): { source: (listener: () => void) => () => void; focus(): void; listeners(): number } {
  const listeners = new Set<() => void>();
  return {
    source(listener) {
      const mine = () => listener();
      listeners.add(mine);
      return () => {
        listeners.delete(mine);
      };
    },
    focus() {
      for (const l of [...listeners]) l();
    },
    listeners: () => listeners.size,
  };
}
