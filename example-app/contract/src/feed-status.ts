// How the odds feed's real providers are doing, as members read it: the GraphQL query the web app
// sends (Query.feedStatus, server: modules/feed), each provider's name as members read it, and the
// one sentence that says what its state means for them. The server says the same sentence in the
// query's `detail`, so an API client and the app's banner agree.
import type { TypedDocumentString } from '@matchkit/sdk/transport';
import { accountLabel } from './names';

/** A provider's state as members see it (the feed contract's `FeedProviderHealth.state`). */
export type FeedProviderState = 'starting' | 'live' | 'degraded' | 'down';

/** One real provider behind the feed, as Query.feedStatus answers it. */
export interface FeedProviderStatus {
  /** The provider's key (`odds-api`, `betfair`): the `source` of its prices. Shown by {@link feedProviderLabel}. */
  readonly provider: string;
  readonly state: FeedProviderState;
  /** When the server saw the provider enter this state, an ISO 8601 instant. */
  readonly since: string;
  /** {@link feedProviderNotice} of the provider and state; null while it is live or starting. */
  readonly detail: string | null;
}

/** Query.feedStatus: whether the prices are simulated, and how each real provider is doing. */
export interface FeedStatus {
  readonly simulated: boolean;
  readonly providers: readonly FeedProviderStatus[];
}

/** The feed's status; needs a tool that reads the feed (as oddsSnapshot does). */
export const FeedStatusQuery = `
query FeedStatus {
  feedStatus { simulated providers { provider state since detail } }
}` as TypedDocumentString<{ readonly feedStatus: FeedStatus }, Record<string, never>>;

/**
 * The providers' names as members read them, by key. A provider not listed reads as its key's
 * words (as a bookmaker does, {@link accountLabel}); add a line here when a new source is wired in.
 */
export const FEED_PROVIDER_NAMES: Readonly<Record<string, string>> = Object.freeze({
  'odds-api': 'The Odds API',
  betfair: 'the Betfair Exchange',
});

/** A provider's key as the name members read: `betfair` is `the Betfair Exchange`; an unlisted `price-hub` is `Price Hub`. */
export function feedProviderLabel(key: string): string {
  return FEED_PROVIDER_NAMES[key] ?? accountLabel(key);
}

/**
 * What a provider's state means for a member, in one sentence naming it; null while it is live or
 * starting (its prices simply have not arrived yet): "Prices from the Betfair Exchange are not
 * available: rows from it are hidden until it is back."
 */
export function feedProviderNotice(provider: string, state: FeedProviderState): string | null {
  const name = feedProviderLabel(provider);
  if (state === 'degraded') return `Prices from ${name} are delayed: they may be older than usual until it catches up.`;
  if (state === 'down') return `Prices from ${name} are not available: rows from it are hidden until it is back.`;
  return null;
}
