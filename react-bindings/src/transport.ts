import { useEffect, useRef, useState } from 'react';
import type { ConnectionState, GraphQLDocument, GraphQLResponseError, SubscriptionClient, TransportError } from '@matchkit/sdk/transport';
import { contentKey } from './content-key';
import { useStore } from './store';

/**
 * The state of a subscription client's connection, for a status badge: `idle`, `connecting`,
 * `connected`, `reconnecting` (with the retry's `attempt`) or `closed` (with the close `code` and
 * `reason`). It is the client's `connection` store read with {@link useStore}; the client owns
 * every rule (lazy connection, backoff, fatal close codes).
 *
 * @param client - the client from the sdk's `createSubscriptionClient` (anything with its
 * `connection` store); pass the same object on every render
 * @returns the connection state, the same object until it changes
 *
 * @example
 * ```tsx
 * import WebSocket from 'ws';
 * import { createSubscriptionClient } from '@matchkit/sdk/transport';
 * import { useConnectionState } from '@matchkit/react';
 *
 * const live = createSubscriptionClient({ url: 'wss://api.example.com/graphql', webSocketImpl: WebSocket });
 *
 * function LiveBadge() {
 *   const state = useConnectionState(live);
 *   switch (state.status) {
 *     case 'connected': return <span className="live">Live</span>;
 *     case 'reconnecting': return <span>Reconnecting (attempt {state.attempt})</span>;
 *     case 'closed': return <span>Disconnected ({state.code})</span>;
 *     default: return <span>{state.status}</span>;
 *   }
 * }
 * ```
 */
export function useConnectionState(client: Pick<SubscriptionClient, 'connection'>): ConnectionState {
  return useStore(client.connection);
}

/**
 * What {@link useSubscription} returns. Before the first event (and after the document or the
 * variables changed, until the next event) `data` is `undefined`.
 *
 * @typeParam TData - the data of one event, from the typed document
 *
 * @example
 * ```tsx
 * import type { OddsUpdatedSubscriptionData } from '@matchkit/sdk/transport';
 * import type { SubscriptionState } from '@matchkit/react';
 *
 * function Market({ odds }: { odds: SubscriptionState<OddsUpdatedSubscriptionData> }) {
 *   if (odds.error) return <p>Live prices stopped: {odds.error.message}</p>;
 *   if (odds.data === undefined) return <p>Waiting for prices…</p>;
 *   return <p>{odds.data?.oddsUpdated.marketName}</p>;
 * }
 * ```
 */
export interface SubscriptionState<TData> {
  /**
   * The data of the latest event: `undefined` until the first event of this subscription, `null`
   * when the latest event carried no data (only errors).
   */
  readonly data: TData | null | undefined;
  /** The GraphQL errors of the latest event (fields that failed), or `undefined`. */
  readonly errors: readonly GraphQLResponseError[] | undefined;
  /**
   * Why the subscription ended, if it failed: kind `graphql` when the server rejected the
   * operation (`graphQLErrors`), kind `network` when the connection closed for good (`closeCode`).
   * The hook does not subscribe again on its own after an error; new variables, a new document or
   * a remount (a new `key`) do.
   */
  readonly error: TransportError | undefined;
  /** True once the server completed the subscription (or the client was disposed). */
  readonly completed: boolean;
}

/**
 * Options of {@link useSubscription}.
 *
 * @example
 * ```ts
 * import type { UseSubscriptionOptions } from '@matchkit/react';
 * const whileSignedOut: UseSubscriptionOptions = { skip: true };
 * ```
 */
export interface UseSubscriptionOptions {
  /**
   * When true, nothing is subscribed (and a running subscription is stopped): hooks cannot be
   * called conditionally, so this is how a component waits for its input.
   * @defaultValue `false`
   */
  readonly skip?: boolean | undefined;
  /** Which operation of the document to run; needed only when it defines several. */
  readonly operationName?: string | undefined;
}

const INITIAL: SubscriptionState<never> = Object.freeze({
  data: undefined,
  errors: undefined,
  error: undefined,
  completed: false,
});

/** What a subscription was made for; its events count only while the hook's inputs still match. */
interface Source {
  readonly client: unknown;
  readonly document: unknown;
  readonly variablesKey: string;
  readonly operationName: string | undefined;
}

const sameSource = (a: Source, b: Source): boolean =>
  a.client === b.client && a.document === b.document && a.variablesKey === b.variablesKey && a.operationName === b.operationName;

/**
 * Subscribes to a GraphQL subscription while the component is mounted and returns the latest
 * event. It subscribes after mount, subscribes again when the client, the document, the operation
 * name or the variables change, and unsubscribes on unmount (or with `skip`). Variables are
 * compared by content, not by identity, so an inline object does not resubscribe on every render.
 * Events of a subscription that was replaced or stopped are ignored, so React's strict-mode double
 * effects (subscribe, unsubscribe, subscribe) leave one live subscription and no duplicate data.
 * The client owns the connection: it connects lazily, resubscribes after a reconnect and closes
 * when the last subscription ends.
 *
 * @typeParam TData - the data of one event, inferred from a typed document
 * @typeParam TVariables - the document's variables, inferred from a typed document
 * @param client - the client from the sdk's `createSubscriptionClient`, or any object with the
 * same `subscribe(request, sink)` contract; pass the same object on every render
 * @param document - the subscription: GraphQL text, a `DocumentNode` or a typed document such
 * as `OddsUpdatedSubscription` (keep it a module constant: it is compared by identity)
 * @param variables - the operation's variables (plain JSON data)
 * @param options - `skip` and `operationName`, see {@link UseSubscriptionOptions}
 * @returns the latest event's data and errors, and the subscription's error or completion
 * @throws the client's `MatchkitValidationError` (from the effect, to the nearest error boundary)
 * when the document has no subscription operation or the variables are not a plain object
 *
 * @example
 * ```tsx
 * import WebSocket from 'ws';
 * import { createSubscriptionClient, OddsUpdatedSubscription } from '@matchkit/sdk/transport';
 * import { useSubscription } from '@matchkit/react';
 *
 * const live = createSubscriptionClient({ url: 'wss://api.example.com/graphql', webSocketImpl: WebSocket });
 *
 * function LivePrices({ sport }: { sport: string }) {
 *   const { data, error } = useSubscription(live, OddsUpdatedSubscription, { filter: { sports: [sport] } });
 *   if (error) return <p>Live prices stopped: {error.message}</p>;
 *   if (!data) return <p>Waiting for prices…</p>;
 *   const update = data.oddsUpdated;
 *   return <p>{update.eventName}, {update.marketName}: {update.selections.length} selections</p>;
 * }
 * ```
 */
export function useSubscription<TData = Record<string, unknown>, TVariables = Record<string, unknown>>(
  client: Pick<SubscriptionClient, 'subscribe'>,
  document: GraphQLDocument<TData, TVariables>,
  variables?: TVariables,
  options: UseSubscriptionOptions = {},
): SubscriptionState<TData> {
  const skip = options.skip === true;
  const { operationName } = options;
  const variablesKey = contentKey(variables);
  const [state, setState] = useState<{ source: Source; value: SubscriptionState<TData> } | null>(null);

  // The variables of the last commit, read by the effect below; the effect itself depends on
  // their content (variablesKey), not on the object.
  const latestVariables = useRef(variables);
  useEffect(() => {
    latestVariables.current = variables;
  });

  useEffect(() => {
    if (skip) return undefined;
    const source: Source = { client, document, variablesKey, operationName };
    let live = true;
    const update = (next: (previous: SubscriptionState<TData>) => SubscriptionState<TData>): void => {
      if (!live) return;
      setState((s) => ({ source, value: next(s !== null && sameSource(s.source, source) ? s.value : INITIAL) }));
    };
    const request = {
      query: document,
      ...(latestVariables.current === undefined ? {} : { variables: latestVariables.current }),
      ...(operationName === undefined ? {} : { operationName }),
    };
    const unsubscribe = client.subscribe<TData, TVariables>(request, {
      next: (result) => update(() => ({ data: result.data ?? null, errors: result.errors, error: undefined, completed: false })),
      error: (error) => update((previous) => ({ ...previous, error })),
      complete: () => update((previous) => ({ ...previous, completed: true })),
    });
    return () => {
      live = false;
      unsubscribe();
      // What this subscription received is not the next one's: a resubscription for the same
      // inputs (after `skip`, or strict mode's second effect) starts from the initial state.
      setState(null);
    };
  }, [client, document, variablesKey, operationName, skip]);

  const current: Source = { client, document, variablesKey, operationName };
  return !skip && state !== null && sameSource(state.source, current) ? state.value : INITIAL;
}
