// The odds feed's source: any feed (the simulated one here, a real one later) implements
// FeedSource. The contract it speaks (a snapshot with a sequence number, patches that each move it
// on by exactly one, applyPatch, FeedGapError, the key helpers, diffMarkets) is the sdk's
// (`@matchkit/sdk/feed`), imported from there, so the server and the browser's live feed apply
// patches with the same function.
import type { FeedPatch, FeedSnapshot } from '@matchkit/sdk/feed';

/** A source of odds: the simulated feed, or a real one behind the same interface. */
export interface FeedSource {
  /** The current snapshot (the same object until the next patch). */
  snapshot(): FeedSnapshot;
  /** Calls `listener` with every patch from now on; returns the function that stops it. */
  onPatch(listener: (p: FeedPatch) => void): () => void;
  /** Starts producing patches (idempotent). */
  start(): void;
  /** Stops producing patches and releases its timer (idempotent). */
  stop(): void;
  /** True when the prices are simulated. */
  readonly simulated: boolean;
  /** How each real provider behind the feed is doing (empty for the simulated feed). */
  health(): readonly FeedProviderHealth[];
}

/** How one real odds provider behind the feed is doing: for /readyz, /metrics and the app's banner. Never holds a secret. */
export interface FeedProviderHealth {
  /** The provider's key (`odds-api`, `betfair`): the `source` of its prices. */
  readonly provider: string;
  /**
   * `starting` before its first book; `live` while it is up to date; `degraded` when it answers
   * but slowly or rationed (quota low, reconnecting); `down` when it says so, or has been silent
   * for longer than the feed allows its kind (a polled provider two polls at its pace, a provider
   * that is not a live stream the feed's stale age): its prices are no longer shown.
   */
  readonly state: 'starting' | 'live' | 'degraded' | 'down';
  /** Why it is not live, in plain words for operators (/readyz, /metrics, logs), without keys or tokens; null when live. */
  readonly detail: string | null;
  /**
   * Why it is not live, as the provider knows it (what members are told is read from this, never
   * from `detail`); null when live, and while starting.
   */
  readonly reason: FeedProviderHealthReason | null;
  /** When it last delivered a book, epoch milliseconds; null before the first. */
  readonly lastBookAt: number | null;
  /** Requests made (HTTP providers) since start. */
  readonly requests: number;
  /** Messages received (stream providers) since start. */
  readonly messages: number;
  /** Failures (refused requests, dropped connections, malformed messages) since start. */
  readonly errors: number;
  /** Requests left in the provider's quota, when it reports one; null otherwise. */
  readonly quotaRemaining: number | null;
  /** How far behind the provider's own clock the last update arrived, milliseconds; null when unknown. */
  readonly lagMs: number | null;
}

/**
 * Why a real provider is not live, set where the provider knows it:
 * - `rationed`: the quota is paced so that it lasts until it renews at `until`;
 * - `paused`: the quota is used up; polling resumes when it renews at `until`;
 * - `reconnecting`: the connection, the stream or the login session is being made again;
 * - `incomplete`: its prices are live, but names of markets it has just listed could not be read;
 * - `late`: it answers late, asked for fewer requests (rate limited, `until`: when it tries again),
 *   or did not answer;
 * - `unavailable`: it stopped with no known return (a key refused, silent too long, stopped;
 *   `until`, when known: when it tries again).
 * `until` is an instant, epoch milliseconds.
 */
export type FeedProviderHealthReason =
  | { readonly kind: 'rationed' | 'paused'; readonly until: number }
  | { readonly kind: 'reconnecting' | 'incomplete' | 'late' | 'unavailable'; readonly until?: number };
