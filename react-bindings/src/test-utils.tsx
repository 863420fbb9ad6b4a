import type { ReactNode } from 'react';
import type { BrandRef } from '@matchkit/sdk/brands';
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
