import type { Analytics, AnalyticsState } from '@matchkit/sdk/analytics';
import type { ReadableStore } from '@matchkit/sdk/transport';
import { useMatchkit } from './provider';
import { useStore } from './store';

/**
 * The provider's analytics session (the sdk's `createAnalytics`) and its state (`status`,
 * queued events, ...), re-rendering when the state changes. Track with the session's own methods
 * (`track`): every rule (consent, queueing, batching, retries) stays in the
 * sdk. Both are `undefined` when the provider was given no `analytics`, so a component can call
 * the hook unconditionally.
 *
 * @returns the session and its current state, or `undefined` for both
 *
 * @example
 * ```tsx
 * import { useAnalytics } from '@matchkit/react';
 *
 * function BuyButton() {
 *   const { analytics } = useAnalytics();
 *   return <button onClick={() => analytics?.track('buy_clicked')}>Buy</button>;
 * }
 * ```
 */
export function useAnalytics(): { readonly analytics: Analytics | undefined; readonly state: AnalyticsState | undefined } {
  const { analytics } = useMatchkit();
  const store: ReadableStore<AnalyticsState | undefined> = analytics ?? NO_SESSION;
  return { analytics, state: useStore(store) };
}

/** The state when there is no analytics session: never changes (a hook runs unconditionally). */
const NO_SESSION: ReadableStore<undefined> = {
  getSnapshot: () => undefined,
  subscribe: () => () => {},
};
