// The visitor's analytics choice (UK PECR: analytics storage and tracking only after the visitor
// agrees). Remembered in localStorage under one key, which is strictly necessary to remember the
// choice itself; nothing else is written before "Accept". A tiny store so the banner and the
// settings switch update together.
import { useSyncExternalStore } from 'react';

export type Consent = 'accepted' | 'declined' | 'unset';

export const CONSENT_KEY = 'matchkit.consent.analytics';

export interface ConsentStore {
  getSnapshot(): Consent;
  subscribe(listener: () => void): () => void;
  set(choice: Exclude<Consent, 'unset'>): void;
}

/** Reads and writes the choice in `storage` (localStorage in the app); a failing storage keeps it in memory. */
export function createConsentStore(storage: Pick<Storage, 'getItem' | 'setItem'> | null): ConsentStore {
  const read = (): Consent => {
    try {
      const v = storage?.getItem(CONSENT_KEY);
      return v === 'accepted' || v === 'declined' ? v : 'unset';
    } catch {
      return 'unset';
    }
  };
  let current = read();
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(choice) {
      current = choice;
      try {
        storage?.setItem(CONSENT_KEY, choice);
      } catch {
        // Private mode or a full storage: the choice holds for this tab.
      }
      listeners.forEach((l) => l());
    },
  };
}

export function useConsent(store: ConsentStore): Consent {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, () => 'unset' as const);
}

/** localStorage when the browser lets us use it, else null. */
export function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
