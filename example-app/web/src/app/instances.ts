// The sdk instances of one browser tab, created once at boot and handed to <MatchkitProvider>.
// Nothing here is global to the module: `createInstances` makes a fresh set (a test or a second
// root gets its own).
import { QueryClient } from '@tanstack/react-query';
import { createAnalytics, type Analytics } from '@matchkit/sdk/analytics';
import type { IntegrationsStore } from '@matchkit/sdk/integrations';
import { createNotificationsStore, type NotificationsStore } from '@matchkit/sdk/notifications';
import { createGraphQLClient, type GraphQLClient, type SubscriptionClient } from '@matchkit/sdk/transport';
import type { PushManager, PushSubscriptionJSONLike } from '@matchkit/sdk/push';
import { capturingFetch } from '../features/analytics/network';
import { createLazyIntegrationsStore, createLazyPushManager } from './lazyStore';
import { createLazySubscriptionClient } from './lazySubscriptions';
import { createSessionRenewal, renewingFetch, type SessionRenewal } from './renewal';

/** What the app creates at boot. */
export interface AppInstances {
  readonly transport: GraphQLClient;
  readonly subscriptions: SubscriptionClient;
  readonly queryClient: QueryClient;
  readonly notifications: NotificationsStore;
  /** The sdk analytics session: idle (nothing stored or sent) until the visitor accepts analytics. */
  readonly analytics: Analytics;
  /** Web push: nothing is asked of the browser until the member turns notifications on. */
  readonly push: PushManager<PushSubscriptionJSONLike>;
  /** The member's exchange integrations (the REST check and logout); idle until a panel shows them, then rechecked on focus. */
  readonly integrations: IntegrationsStore;
}

/** The tab's instances, talking to the server that served the page (same origin, cookie session). */
export function createInstances(origin: string = window.location.origin): AppInstances {
  // The sdk's own session: it downloads its engine with import() only when the visitor accepts
  // analytics (init). A stand-in for the rest would have to copy the session's rules (its checks
  // of a user id before init), which stay in the sdk.
  const analytics = createAnalytics();
  // Failed requests (5xx, no answer) are recorded through the sdk once analytics runs. The session
  // is renewed silently around each request when the browser holds a refresh cookie (renewal.ts).
  let renewal: SessionRenewal | undefined;
  const transport = createGraphQLClient({
    url: `${origin}/graphql`,
    fetch: renewingFetch(capturingFetch(analytics), () => (renewal ??= createSessionRenewal(transport))),
  });
  renewal ??= createSessionRenewal(transport);
  const session = renewal;
  // Loaded on the first subscription (the pages with live data), not by the first page.
  const wsUrl = `${origin.replace(/^http/, 'ws')}/graphql`;
  // The socket sends the `_opjwt` cookie's token: renewed first when it is stale.
  const subscriptions = createLazySubscriptionClient(wsUrl, async () => {
    await session.freshToken();
    return (await import('./subscriptionClient')).createAppSubscriptionClient(wsUrl, session);
  });
  const queryClient = new QueryClient({
    defaultOptions: {
      // The transport retries network failures itself; a query is not retried again on top.
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
  const notifications = createNotificationsStore();
  // Push (the settings page) and the integrations (the balance sheet) are loaded on first use too.
  const push = createLazyPushManager(async () => (await import('../features/push/push')).createAppPushManager(transport));
  const integrations = createLazyIntegrationsStore(async () =>
    (await import('../features/integrations/store')).createAppIntegrationsStore(origin),
  );
  return { transport, subscriptions, queryClient, notifications, analytics, push, integrations };
}
