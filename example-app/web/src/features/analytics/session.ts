// Starting and stopping the tab's analytics session (the sdk's createAnalytics, created in
// app/instances.ts) around the visitor's choice. Events go to the server that served the page
// (POST /api/analytics, same origin: the CSP's connect-src is 'self'); see docs/app.md.
import type { Analytics } from '@matchkit/sdk/analytics';
import { browserStorage, createConsentStore, type ConsentStore } from './consent';

/**
 * Not a secret: Amplitude's wire format wants an api_key, and our own endpoint only checks that
 * one is there. A deployment forwarding to a real analytics project keeps that project's key on
 * the server.
 */
export const ANALYTICS_KEY = 'matchkit-web';
export const ANALYTICS_PATH = '/api/analytics';
/** The sdk's storage keys (its default prefix): removed when the visitor declines after accepting. */
const SDK_PREFIX = 'matchkit.analytics.';

const stores = new WeakMap<Analytics, ConsentStore>();

/** The consent store that goes with a session (one per tab, made on first use). */
export function consentFor(analytics: Analytics): ConsentStore {
  let store = stores.get(analytics);
  if (store === undefined) {
    store = createConsentStore(browserStorage());
    stores.set(analytics, store);
  }
  return store;
}

/** Initialises the session (once): the member's platform id when signed in, never an e-mail. */
export function startAnalytics(analytics: Analytics, origin: string, userId: string | null): void {
  if (analytics.getSnapshot().status !== 'uninitialised') return;
  analytics
    .init({ apiKey: ANALYTICS_KEY, userId: validId(userId), upload: { url: `${origin}${ANALYTICS_PATH}` } })
    .catch((error: unknown) => {
      console.warn('analytics could not start', error);
    });
}

/** Stops the session and forgets what it stored (queue, session, device id). */
export function stopAnalytics(analytics: Analytics, storage: Storage | null = browserStorage()): void {
  void analytics.shutdown().then(() => {
    if (storage === null) return;
    for (const key of Object.keys(storage)) if (key.startsWith(SDK_PREFIX)) storage.removeItem(key);
  });
}

/** The sdk wants ids of 5 characters or more; a shorter one is left out rather than refused. */
export function validId(id: string | null | undefined): string | null {
  return typeof id === 'string' && id.length >= 5 ? id : null;
}
