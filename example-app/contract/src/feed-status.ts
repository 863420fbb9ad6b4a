// How the odds feed's real providers are doing, as members read it: the GraphQL query the web app
// sends (Query.feedStatus, server: modules/feed), each provider's name as members read it, and the
// one sentence that says what its state means for them. The server knows why a provider is not
// live (each provider reports a structured reason beside its operators' detail, which may name
// endpoints or status codes); it reads that as one of a few member-safe reasons
// ({@link FeedProviderReason}) and sends the sentence in the query's `detail`, which the app's
// banner shows as it is.
import type { TypedDocumentString } from '@matchkit/sdk/transport';
import { accountLabel } from './names';

/** A provider's state as members see it (the feed contract's `FeedProviderHealth.state`). */
export type FeedProviderState = 'starting' | 'live' | 'degraded' | 'down';

/** One real provider behind the feed, as Query.feedStatus answers it. */
export interface FeedProviderStatus {
  /** The provider's key (`odds-api`, `betfair`): the `source` of its prices. Never shown to members. */
  readonly provider: string;
  readonly state: FeedProviderState;
  /** When the server saw the provider enter this state, an ISO 8601 instant. */
  readonly since: string;
  /** {@link feedProviderNotice} of the provider's name, state and reason; null while it is live or starting. */
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
 * The providers' names as members read them when the deployment names none (FEED_PROVIDER_NAMES
 * on the server): what the source is, not whose it is. A provider not listed reads as its key's
 * words (as a bookmaker does, {@link accountLabel}).
 */
export const DEFAULT_FEED_PROVIDER_NAMES: Readonly<Record<string, string>> = Object.freeze({
  'odds-api': 'our bookmaker odds source',
  betfair: 'the exchange stream',
});

/**
 * A provider's key as the name members read: the configured name (`names`, from the server's
 * configuration) when there is one, else the neutral default: `betfair` is `the exchange stream`;
 * an unlisted `price-hub` is `Price Hub`.
 */
export function feedProviderLabel(key: string, names: Readonly<Record<string, string>> = {}): string {
  return names[key] ?? DEFAULT_FEED_PROVIDER_NAMES[key] ?? accountLabel(key);
}

/**
 * Why a provider is not live, in terms a member may read (the server reads the provider's
 * structured reason, the feed contract's `FeedProviderHealthReason`, as one of these; see
 * server/src/modules/feed/status.ts):
 * - `rationed`: its prices are refreshed less often so that the plan's allowance lasts until it
 *   renews on `until` (a UK date in words);
 * - `paused`: the allowance is used up; its prices come back when it renews on `until`;
 * - `reconnecting`: the connection dropped and is being made again;
 * - `late`: it answers late or not at all for now;
 * - `incomplete`: its prices are live, but markets it has just listed may not appear yet;
 * - `unavailable`: its prices are gone, with no known return date.
 */
export type FeedProviderReason =
  | { readonly kind: 'rationed' | 'paused'; readonly until: string }
  | { readonly kind: 'reconnecting' | 'late' | 'incomplete' | 'unavailable' };

/**
 * What a provider's state means for a member, in one sentence naming it (`name`, from
 * {@link feedProviderLabel}); null while it is live or starting (its prices simply have not
 * arrived yet). A down provider's rows are hidden (the feed drops its prices); a degraded one's
 * show, older than usual or, when `incomplete`, up to date.
 */
export function feedProviderNotice(name: string, state: FeedProviderState, reason: FeedProviderReason): string | null {
  if (state === 'live' || state === 'starting') return null;
  if (state === 'down') {
    if (reason.kind === 'paused' || reason.kind === 'rationed')
      return `Prices from ${name} are not available until ${reason.until}: rows from it are hidden until then.`;
    return `Prices from ${name} are not available: rows from it are hidden until it is back.`;
  }
  switch (reason.kind) {
    case 'rationed':
    case 'paused':
      return `Prices from ${name} are refreshed less often than usual until ${reason.until}, so they may be a few minutes old.`;
    case 'reconnecting':
      return `Prices from ${name} may be older than usual while we reconnect to it.`;
    case 'incomplete':
      return `Prices from ${name} are up to date, but markets it has just added may not appear yet.`;
    case 'late':
    case 'unavailable':
      return `Prices from ${name} are arriving late: they may be older than usual.`;
  }
}
