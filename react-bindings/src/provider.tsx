import { createContext, useContext, useMemo, type ReactElement, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { Analytics } from '@matchkit/sdk/analytics';
import type { BrandRef } from '@matchkit/sdk/brands';
import type { IntegrationsStore } from '@matchkit/sdk/integrations';
import type { NotificationsStore } from '@matchkit/sdk/notifications';
import type { PushManager } from '@matchkit/sdk/push';
import type { GraphQLClient, SubscriptionClient } from '@matchkit/sdk/transport';
import { BrandProvider } from './brand';

/**
 * The sdk instances a {@link MatchkitProvider} hands to its subtree, as {@link useMatchkit}
 * returns them. The provider creates none of them: the app creates each one (per browser tab, or
 * per server-rendered request) and passes it in, so nothing is shared between two providers.
 * The optional ones are `undefined` when the provider was not given them.
 *
 * @example
 * ```tsx
 * import { useMatchkit, type MatchkitInstances } from '@matchkit/react';
 *
 * function useTransport(): MatchkitInstances['transport'] {
 *   return useMatchkit().transport;
 * }
 * ```
 */
export interface MatchkitInstances {
  /** The GraphQL-over-HTTP client (the sdk's `createGraphQLClient`) the query hooks post through. */
  readonly transport: Pick<GraphQLClient, 'request'>;
  /** The TanStack Query client holding the query hooks' cache. */
  readonly queryClient: QueryClient;
  /** The subscription client (the sdk's `createSubscriptionClient`, graphql-transport-ws), for `useSubscription`. */
  readonly subscriptions: SubscriptionClient | undefined;
  /** The analytics session (the sdk's `createAnalytics`). */
  readonly analytics: Analytics | undefined;
  /** The notifications store (the sdk's `createNotificationsStore`), for `useNotifications`. */
  readonly notifications: NotificationsStore | undefined;
  /** The integrations store (the sdk's `createIntegrationsStore`), for `useIntegrations`. */
  readonly integrations: IntegrationsStore | undefined;
  /** The push manager (the sdk's `createPushManager`), for `usePushState`. */
  readonly push: PushManager | undefined;
}

/**
 * The props of {@link MatchkitProvider}: the brand, the instances the app created, and the subtree.
 *
 * @example
 * ```tsx
 * import { QueryClient } from '@tanstack/react-query';
 * import { createGraphQLClient } from '@matchkit/sdk/transport';
 * import type { MatchkitProviderProps } from '@matchkit/react';
 *
 * const props: MatchkitProviderProps = {
 *   brand: 'primary',
 *   transport: createGraphQLClient({ url: 'https://api.example.com/graphql' }),
 *   queryClient: new QueryClient(),
 * };
 * ```
 */
export interface MatchkitProviderProps {
  /** The brand whose catalogue the subtree sees (as {@link BrandProviderProps.brand}). */
  readonly brand: BrandRef;
  /** The GraphQL-over-HTTP client, see {@link MatchkitInstances.transport}. */
  readonly transport: Pick<GraphQLClient, 'request'>;
  /**
   * The TanStack Query client. Create one per browser tab (in a module of the app's entry, or
   * with `useState(() => new QueryClient())`) and one per server-rendered request: a client shared
   * between requests would share one member's data with another.
   */
  readonly queryClient: QueryClient;
  /** The subscription client, see {@link MatchkitInstances.subscriptions}. */
  readonly subscriptions?: SubscriptionClient | undefined;
  /** The analytics session, see {@link MatchkitInstances.analytics}. */
  readonly analytics?: Analytics | undefined;
  /** The notifications store, see {@link MatchkitInstances.notifications}. */
  readonly notifications?: NotificationsStore | undefined;
  /** The integrations store, see {@link MatchkitInstances.integrations}. */
  readonly integrations?: IntegrationsStore | undefined;
  /** The push manager, see {@link MatchkitInstances.push}. */
  readonly push?: PushManager | undefined;
  /** The subtree that reads the instances with {@link useMatchkit} and the hooks. */
  readonly children?: ReactNode;
}

const MatchkitContext = /* @__PURE__ */ createContext<MatchkitInstances | null>(null);

/**
 * Provides the app's sdk instances, the TanStack Query client and the brand to its subtree: a
 * {@link BrandProvider} and TanStack's `QueryClientProvider` inside one element. It creates
 * nothing and starts nothing (no store is started, no socket opened, no browser global read), so
 * it renders on the server, and React's strict mode (render twice, effects twice) changes nothing.
 * The context value changes only when one of the instances does.
 *
 * @param props - the brand, the instances and the subtree, see {@link MatchkitProviderProps}
 * @returns the provider element
 *
 * @example
 * ```tsx dom
 * import { QueryClient } from '@tanstack/react-query';
 * import { createAnalytics } from '@matchkit/sdk/analytics';
 * import { createGraphQLClient } from '@matchkit/sdk/transport';
 * import { MatchkitProvider } from '@matchkit/react';
 * declare function App(): React.JSX.Element;
 *
 * // One of each per tab, created by the app (per request when rendering on the server).
 * // A relative url is resolved against the page; on a server, give the absolute address.
 * const transport = createGraphQLClient({ url: '/graphql' });
 * const queryClient = new QueryClient();
 * const analytics = createAnalytics();
 *
 * export function Root() {
 *   return (
 *     <MatchkitProvider brand="primary" transport={transport} queryClient={queryClient} analytics={analytics}>
 *       <App />
 *     </MatchkitProvider>
 *   );
 * }
 * ```
 */
export function MatchkitProvider(props: MatchkitProviderProps): ReactElement {
  const { brand, transport, queryClient, subscriptions, analytics, notifications, integrations, push, children } = props;
  const value = useMemo<MatchkitInstances>(
    () => ({ transport, queryClient, subscriptions, analytics, notifications, integrations, push }),
    [transport, queryClient, subscriptions, analytics, notifications, integrations, push],
  );
  return (
    <MatchkitContext.Provider value={value}>
      <QueryClientProvider client={queryClient}>
        <BrandProvider brand={brand}>{children}</BrandProvider>
      </QueryClientProvider>
    </MatchkitContext.Provider>
  );
}

/**
 * The sdk instances of the nearest {@link MatchkitProvider}.
 *
 * @returns the instances, the same object until one of them changes
 * @throws Error when no `MatchkitProvider` is above the calling component
 *
 * @example
 * ```tsx
 * import { useMatchkit } from '@matchkit/react';
 *
 * function TrackedLink({ href, children }: { href: string; children: React.ReactNode }) {
 *   const { analytics } = useMatchkit();
 *   return <a href={href} onClick={() => analytics?.track('Link Clicked', { href })}>{children}</a>;
 * }
 * ```
 */
export function useMatchkit(): MatchkitInstances {
  const instances = useContext(MatchkitContext);
  if (instances === null) {
    throw new Error(
      'useMatchkit() was called outside a <MatchkitProvider>: wrap the component tree in ' +
        '<MatchkitProvider brand="primary" transport={...} queryClient={...}> from @matchkit/react, ' +
        'with the sdk instances your app created.',
    );
  }
  return instances;
}
