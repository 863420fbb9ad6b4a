import {
  queryOptions,
  useMutation,
  useQuery,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { MatchkitValidationError } from '@matchkit/sdk/errors';
import {
  operationsOf,
  type GraphQLClient,
  type GraphQLDocument,
  type GraphQLResult,
  type OperationType,
  type TransportFailure,
} from '@matchkit/sdk/transport';
import { useMatchkit } from './provider';

/**
 * What a query or mutation hook's `error` can be, unwrapped: the transport's
 * `TransportFailure` union (narrow it on `kind`: `graphql` carries
 * `graphQLErrors`, `http` carries `status` and `bodyText`, ...), or the sdk's
 * `MatchkitValidationError` when the request was refused before it was sent (variables that are
 * not a plain object). TanStack Query hands the rejection to the component as it was thrown.
 *
 * @example
 * ```ts
 * import { isTransportError } from '@matchkit/sdk/transport';
 * import type { MatchkitQueryError } from '@matchkit/react';
 *
 * function describe(error: MatchkitQueryError): string {
 *   if (!isTransportError(error)) return `Invalid request: ${error.message}`;
 *   if (error.kind === 'graphql') return String(error.graphQLErrors[0]?.extensions?.code ?? error.message);
 *   if (error.kind === 'http') return `The server answered ${error.status}`;
 *   return error.message;
 * }
 * ```
 */
export type MatchkitQueryError = TransportFailure | MatchkitValidationError;

/**
 * The query key of an operation: `[operationName, variables]` (variables `{}` when there are
 * none, as the transport sends them), or `[operationName]` when `variables` is omitted, the
 * prefix that matches every variables of the operation (for `invalidateQueries`). TanStack Query
 * compares keys by content, so an inline variables object is the same key on every render.
 *
 * @param document - a query with a named operation (the platform's are)
 * @param variables - the operation's variables; omit for the prefix of every variables
 * @param operationName - which operation of a document that defines several
 * @returns the key
 * @throws MatchkitValidationError (path `document`) when the operation is anonymous or absent
 *
 * @example
 * ```ts
 * import { QueryClient } from '@tanstack/react-query';
 * import { TrackedBetsQuery } from '@matchkit/sdk/transport';
 * import { matchkitQueryKey } from '@matchkit/react';
 *
 * const queryClient = new QueryClient(); // the app's, from useQueryClient() in a component
 * // After recording a bet: every page of tracked bets is stale.
 * await queryClient.invalidateQueries({ queryKey: matchkitQueryKey(TrackedBetsQuery) });
 * ```
 */
export function matchkitQueryKey<TData, TVariables>(
  document: GraphQLDocument<TData, TVariables>,
  variables?: TVariables,
  operationName?: string,
): readonly [string] | readonly [string, TVariables | Record<string, never>] {
  const name = operationNameOf(document, operationName, 'query');
  return variables === undefined ? [name] : [name, variables];
}

/**
 * Options of {@link useMatchkitQuery} and {@link matchkitQueryOptions}: TanStack Query's
 * `useQuery` options without the key and function (the hook makes them), plus the operation
 * name for a document with several. `retry` is off by default: the transport already retries
 * network failures of queries by its own policy, and the other failures do not get better.
 *
 * @typeParam TData - the operation's result
 * @typeParam TSelected - what `select` makes of the result (the whole result when absent)
 *
 * @example
 * ```ts
 * import type { MeQueryData } from '@matchkit/sdk/transport';
 * import type { MatchkitQueryOptions } from '@matchkit/react';
 * const options: MatchkitQueryOptions<MeQueryData> = { staleTime: 30_000 };
 * ```
 */
export type MatchkitQueryOptions<TData, TSelected = GraphQLResult<TData>> = Omit<
  UseQueryOptions<GraphQLResult<TData>, MatchkitQueryError, TSelected, readonly unknown[]>,
  'queryKey' | 'queryFn'
> & {
  /** Which operation of the document to run; needed only when it defines several. */
  readonly operationName?: string | undefined;
};

/**
 * TanStack Query options for one GraphQL query over the transport: the key from
 * {@link matchkitQueryKey}, a function that posts the operation (passing TanStack's abort
 * signal, so an unmounted or cancelled query aborts its request) and resolves to the whole
 * `GraphQLResult` (`data`, and `errors` of a partial result), and `retry: false`. For prefetching
 * with `queryClient.fetchQuery` / `prefetchQuery` before a server render, or for `useQueries`.
 *
 * @param transport - the GraphQL client (from {@link useMatchkit}, or the one given to the provider)
 * @param document - the query (keep it a module constant)
 * @param variables - the operation's variables
 * @param options - TanStack options and `operationName`, see {@link MatchkitQueryOptions}
 * @returns options for `useQuery`, `fetchQuery`, `prefetchQuery` or `useQueries`
 * @throws MatchkitValidationError when the operation is anonymous, absent or not a query
 *
 * @example
 * ```tsx platform
 * import { QueryClient } from '@tanstack/react-query';
 * import { renderToString } from 'react-dom/server';
 * import { createGraphQLClient, PlansQuery } from '@matchkit/sdk/transport';
 * import { MatchkitProvider, matchkitQueryOptions, useMatchkitQuery } from '@matchkit/react';
 *
 * function Plans() {
 *   const { data } = useMatchkitQuery(PlansQuery);
 *   return <ul>{data?.data.plans.map((plan) => <li key={plan.name}>{plan.name}</li>)}</ul>;
 * }
 *
 * // On the server, per request: fetch first, then render with the data in the cache.
 * const transport = createGraphQLClient({ url: 'https://api.example.com/graphql' });
 * const queryClient = new QueryClient();
 * await queryClient.prefetchQuery(matchkitQueryOptions(transport, PlansQuery));
 * const html = renderToString(
 *   <MatchkitProvider brand="primary" transport={transport} queryClient={queryClient}><Plans /></MatchkitProvider>,
 * );
 * html.includes('<li>'); // true: rendered with the plans, not empty
 * ```
 */
export function matchkitQueryOptions<TData, TVariables, TSelected = GraphQLResult<TData>>(
  transport: Pick<GraphQLClient, 'request'>,
  document: GraphQLDocument<TData, TVariables>,
  variables?: TVariables,
  options: MatchkitQueryOptions<TData, TSelected> = {},
) {
  const { operationName, ...rest } = options;
  const name = operationNameOf(document, operationName, 'query');
  const sentVariables = variables ?? ({} as TVariables);
  return queryOptions<GraphQLResult<TData>, MatchkitQueryError, TSelected, readonly unknown[]>({
    retry: false,
    ...rest,
    queryKey: [name, sentVariables],
    queryFn: ({ signal }) =>
      transport.request<TData, TVariables>(
        { query: document, variables: sentVariables, ...(operationName === undefined ? {} : { operationName }) },
        { signal },
      ),
  });
}

/**
 * Runs a GraphQL query over the provider's transport with TanStack Query: cached under
 * `[operationName, variables]` in the provider's `QueryClient`, deduplicated between components,
 * refetched by TanStack's rules, aborted when no longer wanted. `data` is the whole
 * `GraphQLResult` (`data.data`, and `data.errors` for a partial result) unless `select` picks
 * something else. `error` is exactly what the transport rejected with, a
 * {@link MatchkitQueryError}: narrow it with `isTransportError` and `kind`.
 *
 * On the server, the hook does not fetch: it renders what the `QueryClient` already holds (see
 * {@link matchkitQueryOptions} to prefetch) or the pending state.
 *
 * @param document - the query: a typed document such as `MeQuery`, or text (keep it a module constant)
 * @param variables - the operation's variables, compared by content
 * @param options - TanStack `useQuery` options and `operationName`, see {@link MatchkitQueryOptions}
 * @returns TanStack's query result, with the transport's error union as its error type
 * @throws Error outside a {@link MatchkitProvider}; MatchkitValidationError when the operation is
 * anonymous, absent or not a query
 *
 * @example
 * ```tsx
 * import { isTransportError, MeQuery } from '@matchkit/sdk/transport';
 * import { useMatchkitQuery } from '@matchkit/react';
 *
 * function Email() {
 *   const me = useMatchkitQuery(MeQuery, undefined, { select: (result) => result.data.me });
 *   if (me.isPending) return <p>Loading…</p>;
 *   if (me.isError) {
 *     const error = me.error; // TransportFailure | MatchkitValidationError, as thrown
 *     if (isTransportError(error) && error.kind === 'graphql') {
 *       return <p>Refused: {String(error.graphQLErrors[0]?.extensions?.code)}</p>;
 *     }
 *     if (isTransportError(error) && error.kind === 'http') return <p>Server error {error.status}</p>;
 *     return <p>{error.message}</p>;
 *   }
 *   return <p>{me.data?.email ?? 'Signed out'}</p>;
 * }
 * ```
 */
export function useMatchkitQuery<TData, TVariables, TSelected = GraphQLResult<TData>>(
  document: GraphQLDocument<TData, TVariables>,
  variables?: TVariables,
  options?: MatchkitQueryOptions<TData, TSelected>,
): UseQueryResult<TSelected, MatchkitQueryError> {
  const { transport } = useMatchkit();
  return useQuery(matchkitQueryOptions(transport, document, variables, options));
}

/**
 * What `mutate` of a {@link useMatchkitMutation} takes: the operation's variables, and nothing at
 * all when none of them is required (`LogoutMutation`, whose variables are `NoVariables`), so
 * `logout.mutate()` needs no `{}`. An operation with a required variable still needs them.
 *
 * @typeParam TVariables - the operation's variables
 *
 * @example
 * ```ts
 * import type { LogoutMutationVariables, SetOfferCompletedMutationVariables } from '@matchkit/sdk/transport';
 * import type { MatchkitMutationVariables } from '@matchkit/react';
 * const none: MatchkitMutationVariables<LogoutMutationVariables> = undefined; // mutate()
 * const some: MatchkitMutationVariables<SetOfferCompletedMutationVariables> = { slug: 'welcome', completed: true };
 * ```
 */
// `void`, not `undefined`: only a parameter typed with void may be left out of a call (mutate()).
// eslint-disable-next-line @typescript-eslint/no-invalid-void-type
export type MatchkitMutationVariables<TVariables> = Record<string, never> extends TVariables ? TVariables | void : TVariables;

/**
 * Options of {@link useMatchkitMutation}: TanStack Query's `useMutation` options without the
 * function (the hook makes it), plus the operation name for a document with several. Mutations
 * are not retried unless `retry` says so.
 *
 * @typeParam TData - the operation's result
 * @typeParam TVariables - the operation's variables
 * @typeParam TContext - what `onMutate` returns, for optimistic updates
 *
 * @example
 * ```ts
 * import type { SetOfferCompletedMutationData, SetOfferCompletedMutationVariables } from '@matchkit/sdk/transport';
 * import type { MatchkitMutationOptions } from '@matchkit/react';
 * const options: MatchkitMutationOptions<SetOfferCompletedMutationData, SetOfferCompletedMutationVariables> = {
 *   onSuccess: (result) => console.warn(result.data.setOfferCompleted.completed),
 * };
 * ```
 */
export type MatchkitMutationOptions<TData, TVariables, TContext = unknown> = Omit<
  UseMutationOptions<GraphQLResult<TData>, MatchkitQueryError, MatchkitMutationVariables<TVariables>, TContext>,
  'mutationFn'
> & {
  /** Which operation of the document to run; needed only when it defines several. */
  readonly operationName?: string | undefined;
};

/**
 * Runs a GraphQL mutation over the provider's transport with TanStack Query's `useMutation`:
 * `mutate(variables)` posts it (`mutate()` when the operation has no required variable, see
 * {@link MatchkitMutationVariables}), `data` is the whole `GraphQLResult`, `error` is exactly what the
 * transport rejected with (a {@link MatchkitQueryError}). The mutation key defaults to
 * `[operationName]`. Expected failures that the platform returns as typed payloads (a
 * `failure` with a `code` and a `field`) arrive in `data`, not in `error`.
 *
 * @param document - the mutation: a typed document such as `SetOfferCompletedMutation`, or text
 * @param options - TanStack `useMutation` options and `operationName`, see {@link MatchkitMutationOptions}
 * @returns TanStack's mutation result, with the transport's error union as its error type
 * @throws Error outside a {@link MatchkitProvider}; MatchkitValidationError when the operation is
 * anonymous, absent or not a mutation
 *
 * @example
 * ```tsx
 * import { isTransportError, OffersQuery, SetOfferCompletedMutation } from '@matchkit/sdk/transport';
 * import { matchkitQueryKey, useMatchkit, useMatchkitMutation } from '@matchkit/react';
 *
 * function Done({ slug }: { slug: string }) {
 *   const { queryClient } = useMatchkit();
 *   const done = useMatchkitMutation(SetOfferCompletedMutation, {
 *     onSuccess: () => queryClient.invalidateQueries({ queryKey: matchkitQueryKey(OffersQuery) }),
 *   });
 *   const error = done.error;
 *   return (
 *     <>
 *       <button disabled={done.isPending} onClick={() => done.mutate({ slug, completed: true })}>Done</button>
 *       {error && <p role="alert">{isTransportError(error) ? `${error.kind}: ${error.message}` : error.message}</p>}
 *     </>
 *   );
 * }
 * ```
 */
export function useMatchkitMutation<TData, TVariables, TContext = unknown>(
  document: GraphQLDocument<TData, TVariables>,
  options: MatchkitMutationOptions<TData, TVariables, TContext> = {},
): UseMutationResult<GraphQLResult<TData>, MatchkitQueryError, MatchkitMutationVariables<TVariables>, TContext> {
  const { transport, queryClient } = useMatchkit();
  const { operationName, ...rest } = options;
  const name = operationNameOf(document, operationName, 'mutation');
  return useMutation<GraphQLResult<TData>, MatchkitQueryError, MatchkitMutationVariables<TVariables>, TContext>(
    {
      mutationKey: [name],
      ...rest,
      mutationFn: (variables) =>
        transport.request<TData, TVariables>({
          query: document,
          // `mutate()` of an operation without required variables: nothing to send.
          ...(variables === undefined ? {} : { variables: variables as TVariables }),
          ...(operationName === undefined ? {} : { operationName }),
        }),
    },
    queryClient,
  );
}

interface OperationNode {
  readonly kind: string;
  readonly operation?: string;
  readonly name?: { readonly value: string } | undefined;
}

/** The name of the operation to run, checked to be of the expected type. */
function operationNameOf<TData, TVariables>(
  document: GraphQLDocument<TData, TVariables>,
  operationName: string | undefined,
  expected: OperationType,
): string {
  const refuse = (message: string): never => {
    throw new MatchkitValidationError(`GraphQL ${expected}`, [{ path: 'document', message }]);
  };
  let ops: { type: string | undefined; name: string | undefined }[];
  if (typeof document === 'string' || document instanceof String) {
    ops = operationsOf(String(document));
  } else if (typeof document === 'object' && document !== null && Array.isArray((document as { definitions?: unknown }).definitions)) {
    ops = (document as { definitions: readonly OperationNode[] }).definitions
      .filter((d) => d.kind === 'OperationDefinition')
      .map((d) => ({ type: d.operation, name: d.name?.value }));
  } else {
    return refuse('must be GraphQL text or a DocumentNode');
  }
  const op = operationName === undefined ? (ops.length === 1 ? ops[0] : undefined) : ops.find((o) => o.name === operationName);
  if (op === undefined) {
    return refuse(
      operationName === undefined
        ? `must define exactly one operation (it defines ${ops.length}); pass operationName to choose`
        : `has no operation named ${operationName}`,
    );
  }
  if (op.type !== expected) return refuse(`is a ${op.type ?? 'document'} operation, not a ${expected}`);
  if (op.name === undefined) return refuse(`must name its ${expected}: the cache key is the operation name and the variables`);
  return op.name;
}
