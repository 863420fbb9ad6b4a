/**
 * `@matchkit/react`: thin React hooks over `@matchkit/sdk`. Stores are read with
 * {@link useStore} (React's `useSyncExternalStore`), the brand catalogue comes from a
 * {@link BrandProvider}, and the entitlement and sale hooks call the sdk's functions against that
 * brand, so that the UI and the server apply the same rules. The sdk's client stores have a hook
 * each ({@link useNotifications}, {@link useIntegrations}, {@link usePushState},
 * {@link useConnectionState}), as do GraphQL subscriptions ({@link useSubscription}) and the
 * casino wagering simulation ({@link useWageringSimulation}), and the live odds feed
 * ({@link useLiveFeed}); every rule stays in the sdk. A
 * {@link MatchkitProvider} hands the sdk instances the app created to its subtree
 * ({@link useMatchkit}), and {@link useMatchkitQuery} and {@link useMatchkitMutation} run GraphQL
 * operations over its transport with TanStack Query. Nothing
 * runs at import and nothing is global: every piece of state lives in a store or a provider you
 * create.
 *
 * @example
 * ```tsx
 * import { BrandProvider, useAvailableTools, usePlanTier } from '@matchkit/react';
 *
 * function Member({ user }: { user: EntitledUser }) {
 *   const tier = usePlanTier(user);
 *   const tools = useAvailableTools(user);
 *   return <p>{tier}: {tools.map((t) => t.shortTitle).join(', ')}</p>;
 * }
 *
 * export const App = ({ user }: { user: EntitledUser }) => (
 *   <BrandProvider brand="primary"><Member user={user} /></BrandProvider>
 * );
 * ```
 *
 * @packageDocumentation
 * @module @matchkit/react
 */
export { useStore, useStoreSelector, type ReadableStore } from './store';
export { BrandProvider, useBrand, type BrandProviderProps } from './brand';
export { MatchkitProvider, useMatchkit, type MatchkitInstances, type MatchkitProviderProps } from './provider';
export {
  useMatchkitQuery,
  useMatchkitMutation,
  matchkitQueryKey,
  matchkitQueryOptions,
  type MatchkitQueryError,
  type MatchkitQueryOptions,
  type MatchkitMutationOptions,
  type MatchkitMutationVariables,
} from './query';
export { useUser, type UseUserResult } from './user';
export { useAnalytics } from './analytics';
export { usePlanTier, useAvailableTools, useCanUseTool, useMemberSegment } from './entitlements';
export { useActiveSale, useSaleCountdown, useNow } from './sales';
export { useNotifications, type UseNotificationsResult } from './notifications';
export { useIntegrations } from './integrations';
export { usePushState } from './push';
export { useConnectionState, useSubscription, type SubscriptionState, type UseSubscriptionOptions } from './transport';
export { useLiveFeed } from './feed';
export {
  useWageringSimulation,
  type UseWageringSimulationOptions,
  type WageringSimulationState,
  type WageringSimulationStatus,
} from './casino';
