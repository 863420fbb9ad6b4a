// The feed's state for /readyz: live when every provider is, down when every one is down, degraded
// in between, naming each provider's state and why. The simulated feed is always live.
//
// /readyz stays 200 whatever the feed's state: a process whose odds sources fail still serves
// everything else (accounts, calculators, the tracker, billing), and taking every replica out of
// the load balancer because a third party is down would stop all of that too. Monitoring reads the
// state here and in /metrics (matchkit_feed_provider_state, and matchkit_feed_provider_reason by
// the reason's kind: a bounded set, never the free-text detail).
import type { FeedProviderHealth, FeedSource } from '@matchkit/app-contract/feed';
import { healthReasonKind, type HealthReasonKind } from '../modules/feed/status';

/** The feed's part of the /readyz answer. */
export interface FeedReadiness {
  readonly state: 'live' | 'degraded' | 'down';
  readonly simulated: boolean;
  /**
   * Each real provider, its state, and why it is not live: `reason`, the kind of the reason it
   * reports (null when it reports none), and `detail`, plain words for operators (never a secret).
   */
  readonly providers: readonly {
    readonly provider: string;
    readonly state: FeedProviderHealth['state'];
    readonly reason: HealthReasonKind | null;
    readonly detail: string | null;
  }[];
}

/** The feed's state from its providers' health. */
export function feedReadiness(feed: FeedSource): FeedReadiness {
  const health = feed.health();
  const providers = health.map((h) => ({ provider: h.provider, state: h.state, reason: healthReasonKind(h), detail: h.detail }));
  const live = health.filter((h) => h.state === 'live').length;
  const down = health.filter((h) => h.state === 'down').length;
  const state = live === health.length ? 'live' : down === health.length ? 'down' : 'degraded';
  return { state, simulated: feed.simulated, providers };
}
