// Query.feedStatus: the feed's real providers as a member may read them. The feed reports each
// provider's health (state, counters, quota, lag: for /readyz and /metrics); a member is told only
// its key, its state, since when, and what that means for them: the app contract's sentence,
// naming the provider by its configured (or neutral) name, for the reason the provider reports
// ({@link memberReason}). Counters, quota and the provider's own
// detail (which may name endpoints or status codes) stay on the server.
import { feedProviderLabel, feedProviderNotice, londonDate, type FeedProviderReason } from '@matchkit/app-contract';
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

/**
 * Why a provider is not live, in member-safe terms: a plain read of the reason the provider itself
 * reports (`FeedProviderHealth.reason`, set where it knows it: server/src/feed), its renewal instant
 * as a UK date in words. The provider's `detail` (operators' words) is never read here nor sent.
 * With no reason (a provider that gives none), a down provider is `unavailable`, any other `late`.
 */
export function memberReason(health: Pick<FeedProviderHealth, 'state' | 'reason'>): FeedProviderReason {
  const reason = healthReasonKind(health) === null ? null : (health.reason as NonNullable<FeedProviderHealth['reason']>);
  if (reason === null) return { kind: health.state === 'down' ? 'unavailable' : 'late' };
  if (reason.kind === 'rationed' || reason.kind === 'paused') return { kind: reason.kind, until: londonDate(reason.until) };
  return { kind: reason.kind };
}

/** A kind of the contract's `FeedProviderHealth.reason`. */
export type HealthReasonKind = NonNullable<FeedProviderHealth['reason']>['kind'];

/** Every reason kind this release reads (the contract's `FeedProviderHealth.reason`): a bounded set (/metrics labels). */
export const HEALTH_REASON_KINDS: readonly HealthReasonKind[] = ['rationed', 'paused', 'reconnecting', 'incomplete', 'late', 'unavailable'];
const KNOWN_KINDS: ReadonlySet<string> = new Set(HEALTH_REASON_KINDS);

/**
 * The kind of the reason a provider reports, one of {@link HEALTH_REASON_KINDS}, or null when it
 * reports none (live, starting, or a provider that gives none). A leader of an earlier release
 * (during a rolling deploy) sends health without a reason, and a newer one may send a kind this
 * release does not know: both read as no reason.
 */
export function healthReasonKind(health: Pick<FeedProviderHealth, 'reason'>): HealthReasonKind | null {
  const reason = (health.reason as FeedProviderHealth['reason'] | undefined) ?? null;
  return reason !== null && KNOWN_KINDS.has(reason.kind) ? reason.kind : null;
}

/**
 * The sentence a member reads for a provider's health (null while it is live or starting): the
 * contract's notice naming it by `names` (FEED_PROVIDER_NAMES) or its neutral name, for its
 * {@link memberReason}.
 */
export function providerNotice(health: FeedProviderHealth, names: Readonly<Record<string, string>> = {}): string | null {
  return feedProviderNotice(feedProviderLabel(health.provider, names), health.state, memberReason(health));
}

/**
 * The providers' states as this process has seen them: a state's `since` is the clock when an
 * observation first found it (the feed module observes on every patch, so at most one tick late,
 * and on every query). A provider the feed no longer reports is forgotten. `names`: the providers'
 * display names the deployment configures (FEED_PROVIDER_NAMES), by key.
 */
export function providerStates(feed: FeedSource | null, clock: Clock, names: Readonly<Record<string, string>> = {}): ProviderStates {
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
        return { provider: h.provider, state: h.state, since: entry.since, detail: providerNotice(h, names) };
      });
      const reported = new Set(health.map((h) => h.provider));
      for (const key of seen.keys()) if (!reported.has(key)) seen.delete(key);
      return views;
    },
  };
}
