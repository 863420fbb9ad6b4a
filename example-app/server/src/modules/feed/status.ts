// Query.feedStatus: the feed's real providers as a member may read them. The feed reports each
// provider's health (state, counters, quota, lag: for /readyz and /metrics); a member is told only
// its key, its state, since when, and what that means for them (the app contract's sentence,
// which the web app's banner says too). Counters, quota and the provider's own detail (which may
// name endpoints or status codes) stay on the server.
import { feedProviderNotice } from '@matchkit/app-contract';
import type { FeedSource } from '@matchkit/app-contract/feed';
import type { Clock } from '../../clock';
import type { FeedProviderState } from '../../generated/resolvers';

/** One provider as Query.feedStatus answers it. */
export interface ProviderStatusView {
  readonly provider: string;
  readonly state: FeedProviderState;
  /** When this process saw the provider enter `state`, epoch milliseconds. */
  readonly since: number;
  readonly detail: string | null;
}

/** Follows the providers' states and since when each holds its state. */
export interface ProviderStates {
  /** Reads the feed's health now: every provider, in key order, with the time it entered its state. */
  observe(): readonly ProviderStatusView[];
}

/**
 * The providers' states as this process has seen them: a state's `since` is the clock when an
 * observation first found it (the feed module observes on every patch, so at most one tick late,
 * and on every query). A provider the feed no longer reports is forgotten.
 */
export function providerStates(feed: FeedSource | null, clock: Clock): ProviderStates {
  const seen = new Map<string, { readonly state: FeedProviderState; readonly since: number }>();
  return {
    observe() {
      if (feed === null) return [];
      const health = [...feed.health()].sort((a, b) => (a.provider < b.provider ? -1 : a.provider > b.provider ? 1 : 0));
      const now = clock();
      const views = health.map((h): ProviderStatusView => {
        let entry = seen.get(h.provider);
        if (entry === undefined || entry.state !== h.state) {
          entry = { state: h.state, since: now };
          seen.set(h.provider, entry);
        }
        return { provider: h.provider, state: h.state, since: entry.since, detail: feedProviderNotice(h.provider, h.state) };
      });
      const reported = new Set(health.map((h) => h.provider));
      for (const key of seen.keys()) if (!reported.has(key)) seen.delete(key);
      return views;
    },
  };
}
