// The sdk instances of one browser tab, created once at boot and handed to <MatchkitProvider>.
// Nothing here is global to the module: `createInstances` makes a fresh set (a test or a second
// root gets its own).
import { QueryClient } from '@tanstack/react-query';
import { createAnalytics, type Analytics } from '@matchkit/sdk/analytics';
import { createIntegrationsStore, type IntegrationsStore } from '@matchkit/sdk/integrations';
import { createNotificationsStore, type NotificationsStore } from '@matchkit/sdk/notifications';
import {
  checkIntegrations,
  createGraphQLClient,
  createSubscriptionClient,
  logoutIntegration,
  RefreshSessionMutation,
  type GraphQLClient,
  type SubscriptionClient,
} from '@matchkit/sdk/transport';
import type { PushManager, PushSubscriptionJSONLike } from '@matchkit/sdk/push';
import { capturingFetch } from '../features/analytics/network';
import { createAppPushManager } from '../features/push/push';

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
  const analytics = createAnalytics();
  // Failed requests (5xx, no answer) are recorded through the sdk once analytics runs.
  const transport = createGraphQLClient({ url: `${origin}/graphql`, fetch: capturingFetch(analytics) });
  const subscriptions = createSubscriptionClient({
    url: `${origin.replace(/^http/, 'ws')}/graphql`,
    // The server closes a socket 60 s before its token expires (4440): ask for a fresh one, which
    // also renews the `_opjwt` cookie, and the same subscriptions continue (docs/guides/transport.md).
    refreshToken: async () => {
      const { data } = await transport.request({ query: RefreshSessionMutation });
      return data.refreshSession.token ?? null;
    },
  });
  const queryClient = new QueryClient({
    defaultOptions: {
      // The transport retries network failures itself; a query is not retried again on top.
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
  const notifications = createNotificationsStore();
  const rest = { url: `${origin}/graphql` };
  const integrations = createIntegrationsStore({ check: () => checkIntegrations(rest), logout: (name) => logoutIntegration(rest, name) });
  return { transport, subscriptions, queryClient, notifications, analytics, push: createAppPushManager(), integrations };
}
