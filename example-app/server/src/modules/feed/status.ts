// Query.feedStatus: the feed's real providers as a member may read them. The feed reports each
// provider's health (state, counters, quota, lag: for /readyz and /metrics); a member is told only
// its key, its state, since when, and what that means for them: the app contract's sentence,
// naming the provider by its configured (or neutral) name, for the member-safe reason the
// provider's own detail maps to ({@link memberReason}). Counters, quota and the provider's own
// detail (which may name endpoints or status codes) stay on the server.
import { feedProviderLabel, feedProviderNotice, type FeedProviderReason } from '@matchkit/app-contract';
import type { FeedProviderHealth, FeedSource } from '@matchkit/app-contract/feed';
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

/** "… renews on Wednesday, 1 April 2026." in a provider's detail (londonDate): the date its allowance renews. */
const RENEWS_ON = /renews on ((?:[A-Z][a-z]+, )?[0-9]{1,2} [A-Z][a-z]+ [0-9]{4})/;

/**
 * Why a provider is not live, in member-safe terms, from its health. The providers' details
 * (server/src/feed: odds-api/provider.ts, betfair/betfair.ts, provider-feed.ts) are plain words
 * for operators; they are read here, never sent:
 * - a quota that is rationed names the renewal date (`renews on <date>`): `rationed` while the
 *   provider is degraded; used up (down), `paused` until that date;
 * - Betfair's market names that could not be read leave its prices live: `incomplete`;
 * - a dropped stream, a connection or a session being made again: `reconnecting`;
 * - any other degraded state (late, rate limited, not answering): `late`; any other down: `unavailable`.
 */
export function memberReason(health: Pick<FeedProviderHealth, 'state' | 'detail'>): FeedProviderReason {
  const detail = health.detail ?? '';
  const until = RENEWS_ON.exec(detail)?.[1];
  if (health.state === 'down') return until !== undefined && /used up/i.test(detail) ? { kind: 'paused', until } : { kind: 'unavailable' };
  if (until !== undefined) return { kind: 'rationed', until };
  if (/market names could not be read/i.test(detail)) return { kind: 'incomplete' };
  if (/reconnect|connecting|stream closed|connection failed|session|login/i.test(detail)) return { kind: 'reconnecting' };
  return { kind: 'late' };
}

/**
 * The providers' states as this process has seen them: a state's `since` is the clock when an
 * observation first found it (the feed module observes on every patch, so at most one tick late,
 * and on every query). A provider the feed no longer reports is forgotten. `names`: the providers'
 * display names the deployment configures (FEED_PROVIDER_NAMES), by key.
 */
export function providerStates(feed: FeedSource | null, clock: Clock, names: Readonly<Record<string, string>> = {}): ProviderStates {
  const notice = (h: FeedProviderHealth) => feedProviderNotice(feedProviderLabel(h.provider, names), h.state, memberReason(h));
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
        return { provider: h.provider, state: h.state, since: entry.since, detail: notice(h) };
      });
      const reported = new Set(health.map((h) => h.provider));
      for (const key of seen.keys()) if (!reported.has(key)) seen.delete(key);
      return views;
    },
  };
}
