import { createClient } from 'graphql-ws/client';
import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';
import { unknownOptions, type OptionKeys } from '../internal/keys';
import { createStore, type ReadableStore } from '../internal/store';
import { DEFAULT_TRANSPORT_BACKOFF, backoffDelay, abortableSleep as defaultSleep, type TransportBackoffOptions } from './backoff';
import { documentInfo, operationsOf, selectOperation, textOf, type DocumentInfo, type TextDocument } from './document';
import type { GraphQLResponseError, TransportErrorDetails, TransportErrorKind, TransportFailure } from './errors';
import { failFor, graphQLErrorsOf, errorText, isPlainObject, notJson, type ExchangeState } from './exchange';
import type { GraphQLRequest } from './graphql-client';
import {
  absoluteUrl,
  checkTable,
  definedFields,
  documentCookie,
  optionsObject,
  RULE_COUNT,
  RULE_DELAY,
  RULE_FN,
  RULE_TEXT,
  tokenPolicyFor,
  type InsecureTransportPolicy,
  type Rule,
  type TransportRetryPolicy,
} from './http';

/**
 * The state of the subscription connection, for the UI:
 * - `idle`: no connection and none needed (before the first subscription, and after the last one
 *   ended: the connection is lazy);
 * - `connecting`: opening the socket and waiting for the server's acknowledgement;
 * - `connected`: acknowledged; subscriptions are live;
 * - `reconnecting`: the connection dropped (or could not be made) while subscriptions were active;
 *   `attempt` counts the retries since the last successful connection, from 1;
 * - `closed`: the connection ended and will not be retried on its own: a fatal close code (see
 *   {@link FATAL_CLOSE_CODES}), retries exhausted, a token that could not be renewed after
 *   {@link TOKEN_EXPIRED_CLOSE_CODE}, or the client disposed (`1000`). A new subscription connects
 *   again.
 *
 * A token renewal (the server closed with {@link TOKEN_EXPIRED_CLOSE_CODE}) shows as
 * `reconnecting`, then `connected`: never `closed` or `idle` while subscriptions are active.
 *
 * @example
 * ```ts
 * import type { ConnectionState } from '@matchkit/sdk/transport';
 * function label(s: ConnectionState): string {
 *   switch (s.status) {
 *     case 'reconnecting': return `Reconnecting (attempt ${s.attempt})`;
 *     case 'closed': return `Disconnected (${s.code})`;
 *     default: return s.status;
 *   }
 * }
 * ```
 */
export type ConnectionState =
  | {
      /** No connection and none needed. */
      readonly status: 'idle';
    }
  | {
      /** Opening the socket. */
      readonly status: 'connecting';
    }
  | {
      /** Connected and acknowledged. */
      readonly status: 'connected';
    }
  | {
      /** Waiting to retry, or retrying, after the connection dropped. */
      readonly status: 'reconnecting';
      /** The retry's number since the last successful connection, from 1. */
      readonly attempt: number;
    }
  | {
      /** Closed for good (until a new subscription). */
      readonly status: 'closed';
      /** The WebSocket close code (1000 after `dispose`). */
      readonly code: number;
      /** The close reason, possibly empty. */
      readonly reason: string;
    };

/**
 * The close code of a socket whose token ran out: `4440` (after the non-standard HTTP 440, "login
 * time-out"). The server closes a member's socket with it when the JWT the socket signed in with
 * expires, or shortly before (the matchkit server closes 60 seconds early, so that the token can
 * still be renewed). It is not fatal: the client gets a fresh token, reconnects and sends the
 * active subscriptions again on the new socket; they neither complete nor fail in between, and
 * the connection state goes `reconnecting` → `connected`. Where the fresh token comes from:
 * {@link SubscriptionClientOptions.refreshToken} when given, else the token cookie, if it changed
 * since the socket connected. When no new token can be had (the hook resolves `null`, or the
 * cookie still holds the spent token), every active subscription ends with a `network` error whose
 * `closeCode` is this code, and the state becomes `closed` with it.
 *
 * Distinct from `4403` (Forbidden), which stays final: a missing, wrong or revoked token, or a
 * token already expired when the socket connected. The client keys on the code only, never on the
 * close reason's text.
 *
 * @example
 * ```ts
 * import { TOKEN_EXPIRED_CLOSE_CODE, type TransportFailure } from '@matchkit/sdk/transport';
 * const sessionOver = (e: TransportFailure): boolean => e.kind === 'network' && e.closeCode === TOKEN_EXPIRED_CLOSE_CODE;
 * ```
 */
export const TOKEN_EXPIRED_CLOSE_CODE = 4440;

/**
 * The close codes after which the client does not reconnect, with what each means. They are the
 * codes graphql-ws 6 treats as fatal, plus `4403` (Forbidden), which matchkit also treats as
 * fatal: the server refused this member's credentials, and retrying with the same JWT cannot
 * help (a new subscription after signing in connects again). A token that expires on an open
 * socket is not among them: see {@link TOKEN_EXPIRED_CLOSE_CODE}. Besides these, every WebSocket code
 * from 1000 to 1999 is fatal except 1000 (normal closure: reconnects if subscriptions are
 * active), 1001 (going away), 1005, 1006 (abnormal closure: a dropped connection), 1012 (service
 * restart), 1013 (try again later) and 1014 (bad gateway). See {@link isFatalCloseCode}.
 *
 * @example
 * ```ts
 * import { FATAL_CLOSE_CODES } from '@matchkit/sdk/transport';
 * FATAL_CLOSE_CODES[4403]; // 'Forbidden: ...'
 * ```
 */
export const FATAL_CLOSE_CODES: Readonly<Record<number, string>> = /* @__PURE__ */ Object.freeze({
  4004: 'Bad response: the server sent a message the client could not read',
  4005: 'Internal client error',
  4400: 'Bad request: the server could not read a message of the client',
  4401: 'Unauthorized: the client subscribed before the server acknowledged the connection',
  4403: 'Forbidden: the server refused the credentials (missing, wrong, revoked or already expired JWT)',
  4406: 'Subprotocol not acceptable: the server does not speak graphql-transport-ws',
  4409: 'Subscriber already exists: an operation id was reused',
  4429: 'Too many initialisation requests',
  4500: 'Internal server error',
});

const RETRYABLE_WEBSOCKET_CODES = [1000, 1001, 1005, 1006, 1012, 1013, 1014];

// The keys of FATAL_CLOSE_CODES as numbers, so that a client that only needs to know whether a code
// is fatal does not ship the descriptions (a test checks that the two agree).
const FATAL_PROTOCOL_CODES = [4004, 4005, 4400, 4401, 4403, 4406, 4409, 4429, 4500];

/**
 * True when a connection closed with `code` is not retried (see {@link FATAL_CLOSE_CODES}).
 * Codes the protocol leaves to applications (other 4xxx, such as 4408 connection-initialisation
 * timeout or 4499 terminated) are retried; {@link TOKEN_EXPIRED_CLOSE_CODE} is retried with a
 * fresh token.
 *
 * @param code - a WebSocket close code
 *
 * @example
 * ```ts
 * import { isFatalCloseCode } from '@matchkit/sdk/transport';
 * isFatalCloseCode(1006); // false: a dropped connection is retried
 * isFatalCloseCode(4400); // true
 * isFatalCloseCode(4440); // false: the token is renewed and the connection made again
 * ```
 */
export function isFatalCloseCode(code: number): boolean {
  if (FATAL_PROTOCOL_CODES.includes(code)) return true;
  return code >= 1000 && code <= 1999 && !RETRYABLE_WEBSOCKET_CODES.includes(code);
}

/**
 * One result pushed by a subscription: `data`, and `errors` when some fields failed.
 *
 * @example
 * ```ts
 * import type { OddsUpdatedSubscriptionData, SubscriptionResult } from '@matchkit/sdk/transport';
 * const onResult = (r: SubscriptionResult<OddsUpdatedSubscriptionData>) => r.data?.oddsUpdated.marketId;
 * ```
 */
export interface SubscriptionResult<TData = Record<string, unknown>> {
  /** The result data; null or absent when the event failed as a whole. */
  readonly data?: TData | null;
  /** Errors of this event. */
  readonly errors?: readonly GraphQLResponseError[];
  /** The event's `extensions`. */
  readonly extensions?: Readonly<Record<string, unknown>>;
}

/**
 * Receives a subscription's events. `error` and `complete` are each called at most once, and
 * nothing is called after either or after unsubscribing.
 *
 * @example
 * ```ts
 * import type { SubscriptionSink } from '@matchkit/sdk/transport';
 * const sink: SubscriptionSink = {
 *   next: (r) => console.warn(r.data),
 *   error: (e) => console.error(e.kind, e.closeCode),
 * };
 * ```
 */
export interface SubscriptionSink<TData = Record<string, unknown>> {
  /** Called for every event. */
  next(result: SubscriptionResult<TData>): void;
  /**
   * Called once when the subscription fails: kind `graphql` when the server rejected the operation
   * (`graphQLErrors`, never empty), kind `network` when the connection closed for good
   * (`closeCode`; {@link TOKEN_EXPIRED_CLOSE_CODE} when the token ran out and could not be
   * renewed), kind `aborted` when subscribing on a disposed client. Not called for a dropped
   * connection or a token renewal that the client recovers from.
   */
  error?(error: TransportFailure): void;
  /** Called once when the server completes the subscription, or when the client is disposed. */
  complete?(): void;
}

/**
 * Options of {@link createSubscriptionClient}.
 *
 * @example
 * ```ts
 * import WebSocket from 'ws';
 * import type { SubscriptionClientOptions } from '@matchkit/sdk/transport';
 * const options: SubscriptionClientOptions = { url: 'wss://api.example.com/graphql', webSocketImpl: WebSocket };
 * ```
 */
export interface SubscriptionClientOptions {
  /** Absolute ws(s) URL of the graphql-transport-ws endpoint. */
  readonly url: string;
  /**
   * The WebSocket constructor.
   * @defaultValue the global `WebSocket` (browsers; Node 22+); pass `ws` on older Node
   */
  readonly webSocketImpl?: unknown;
  /**
   * `country` sent in connectionParams.
   * @defaultValue `'gb'`
   */
  readonly country?: string;
  /**
   * Name of the cookie holding the member's JWT.
   * @defaultValue `'_opjwt'`
   */
  readonly tokenCookieName?: string;
  /**
   * Reads a cookie by name.
   * @defaultValue reads `document.cookie` at connection time when a `document` exists
   */
  readonly getCookie?: (name: string) => string | undefined;
  /**
   * What to do when `url` is plain `ws:` to a host that is not loopback: refuse (throw at
   * creation), connect without the token (`'anonymous'`: no `authorization` in connectionParams,
   * not even one given in `connectionParams`), or send it anyway (`'allow-token'`). See
   * {@link InsecureTransportPolicy}.
   * @defaultValue `'refuse'`
   */
  readonly insecureTransport?: InsecureTransportPolicy;
  /**
   * Gets a fresh JWT after the server closed the socket with {@link TOKEN_EXPIRED_CLOSE_CODE},
   * before reconnecting; typically the `refreshSession` mutation over the HTTP client (which also
   * sets the `_opjwt` cookie in a browser). Resolve with the new token, which the client then sends
   * as the bearer at every (re)connection until the token cookie changes (the cookie's newer value
   * wins from then on); or with `null` when the session cannot go on (signed out, ended, revoked):
   * the client stops, each active subscription ends with a `network` error whose `closeCode` is
   * {@link TOKEN_EXPIRED_CLOSE_CODE}, and the state becomes `closed` with that code. Resolving with
   * the spent token counts as `null`. A rejection is taken for a passing failure (the network): it
   * is retried with the reconnect backoff, within `retry.retries`.
   *
   * Without it, the client reconnects after an expiry only when the token cookie has changed
   * since (the app renewed it, or the server rotated it on an HTTP response); otherwise it stops as
   * for `null`.
   *
   * @defaultValue none: the cookie is read again
   *
   * @example
   * ```ts
   * import WebSocket from 'ws';
   * import { createGraphQLClient, createSubscriptionClient, isTransportError, RefreshSessionMutation } from '@matchkit/sdk/transport';
   * const api = createGraphQLClient({ url: 'https://api.example.com/graphql' });
   * const live = createSubscriptionClient({
   *   url: 'wss://api.example.com/graphql',
   *   webSocketImpl: WebSocket,
   *   refreshToken: async () => {
   *     try {
   *       return (await api.request({ query: RefreshSessionMutation })).data.refreshSession.token;
   *     } catch (e) {
   *       if (isTransportError(e) && e.kind === 'graphql') return null; // signed out, or the session is over
   *       throw e; // the network: retried with the reconnect backoff
   *     }
   *   },
   * });
   * ```
   */
  readonly refreshToken?: () => Promise<string | null>;
  /** Extra connectionParams (or a function returning them), merged under matchkit's own. */
  readonly connectionParams?:
    Readonly<Record<string, unknown>> | (() => Readonly<Record<string, unknown>> | Promise<Readonly<Record<string, unknown>>>);
  /**
   * Reconnects after a connection drops, before the state becomes `closed`: the same
   * {@link TransportRetryPolicy} shape as the HTTP clients' `retry` (`retries` may also be
   * `Infinity`); `false` never reconnects. Members left out take their defaults.
   * @defaultValue `{ retries: 20, baseDelayMs: 300, maxDelayMs: 10000 }`
   */
  readonly retry?: TransportRetryPolicy | false;
  /**
   * Uniform numbers in [0, 1) for the jitter.
   * @defaultValue `Math.random`
   */
  readonly random?: () => number;
  /**
   * Waits between reconnects; must settle when the signal aborts.
   * @defaultValue a timer-based sleep that an abort ends early
   */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /**
   * How long to keep the socket open after the last subscription ends, in ms.
   * @defaultValue 0
   */
  readonly lazyCloseTimeoutMs?: number;
  /**
   * Client pings, in ms (0: none): the client sends a `ping` this long after `connection_init`,
   * and again this long after each `pong`. A `pong` that has not come this long after its `ping`
   * means a dead connection: the client closes the socket with `4499` (Terminated) and reconnects
   * as for a dropped connection.
   * @defaultValue 0
   */
  readonly keepAliveMs?: number;
  /**
   * How long to wait, in ms, from sending `connection_init` (as soon as the socket opens) until
   * the server's `connection_ack`; past it the client closes the socket with `4504` (connection
   * acknowledgement timeout) and reconnects as for a dropped connection (within `retry.retries`).
   * 0: wait for ever. (graphql-ws's `connectionAckWaitTimeout`.)
   * @defaultValue 10000
   */
  readonly connectionAckTimeoutMs?: number;
}

/**
 * A graphql-transport-ws client made by {@link createSubscriptionClient}.
 *
 * @example
 * ```ts
 * import WebSocket from 'ws';
 * import { createSubscriptionClient, OddsUpdatedSubscription } from '@matchkit/sdk/transport';
 * const ws = createSubscriptionClient({ url: 'wss://api.example.com/graphql', webSocketImpl: WebSocket });
 * const stop = ws.subscribe({ query: OddsUpdatedSubscription, variables: {} }, { next: (r) => console.warn(r.data) });
 * stop();
 * await ws.dispose();
 * ```
 */
export interface SubscriptionClient {
  /** The WebSocket URL. */
  readonly url: string;
  /** The connection state, for the UI (`subscribe` / `getSnapshot`, stable snapshots). */
  readonly connection: ReadableStore<ConnectionState>;
  /**
   * Starts a subscription (connecting first if needed) and returns the function that stops it.
   * Active subscriptions survive reconnects and token renewals: they are sent again once the
   * connection is back, and the sink sees neither a completion nor an error in between.
   *
   * @param request - document, variables and operation name
   * @param sink - receives the events
   * @throws MatchkitValidationError when the request is invalid
   */
  subscribe<TData = Record<string, unknown>, TVariables = Record<string, unknown>>(
    request: GraphQLRequest<TData, TVariables>,
    sink: SubscriptionSink<TData>,
  ): () => void;
  /** Completes every subscription, closes the socket and stops reconnecting; the state becomes `closed` (1000). */
  dispose(): Promise<void>;
}

/**
 * What a {@link LeanSubscriptionClient} subscribes to: the document as GraphQL text or a
 * {@link TypedDocumentString} (never a `DocumentNode`), its variables and operation name. From a
 * typed document string the event data and variables types flow into `subscribe`.
 *
 * @typeParam TData - the event data type a typed document carries
 * @typeParam TVariables - the variables type a typed document carries
 *
 * @example
 * ```ts
 * import { OddsUpdatedSubscription, type LeanSubscriptionRequest } from '@matchkit/sdk/transport';
 * const request: LeanSubscriptionRequest = { query: OddsUpdatedSubscription, variables: { filter: { sports: ['tennis'] } } };
 * ```
 */
export interface LeanSubscriptionRequest<TData = Record<string, unknown>, TVariables = Record<string, unknown>> {
  /** GraphQL text or a {@link TypedDocumentString} (also GraphQL Code Generator's `TypedDocumentString` class). */
  readonly query: TextDocument<TData, TVariables>;
  /** The operation's variables (a plain object). */
  readonly variables?: TVariables;
  /** Which operation of the document to run; required only when it defines several. */
  readonly operationName?: string;
}

/**
 * A graphql-transport-ws client made by {@link createLeanSubscriptionClient}: a
 * {@link SubscriptionClient} whose `subscribe` takes text documents only.
 *
 * @example
 * ```ts
 * import WebSocket from 'ws';
 * import { createLeanSubscriptionClient, TrackedBetChangedSubscription, type LeanSubscriptionClient } from '@matchkit/sdk/transport';
 * const live: LeanSubscriptionClient = createLeanSubscriptionClient({ url: 'wss://api.example.com/graphql', webSocketImpl: WebSocket });
 * const stop = live.subscribe({ query: TrackedBetChangedSubscription }, { next: (r) => console.warn(r.data?.trackedBetChanged) });
 * stop();
 * ```
 */
export interface LeanSubscriptionClient extends Omit<SubscriptionClient, 'subscribe'> {
  /**
   * Starts a subscription (connecting first if needed) and returns the function that stops it, as
   * {@link SubscriptionClient.subscribe} does.
   *
   * @param request - the document as text or a typed document string, variables and operation name
   * @param sink - receives the events
   * @throws MatchkitValidationError when the request is invalid; at `query` for a `DocumentNode`
   */
  subscribe<TData = Record<string, unknown>, TVariables = Record<string, unknown>>(
    request: LeanSubscriptionRequest<TData, TVariables>,
    sink: SubscriptionSink<TData>,
  ): () => void;
}

const IDLE: ConnectionState = Object.freeze({ status: 'idle' });
const CONNECTING: ConnectionState = Object.freeze({ status: 'connecting' });
const CONNECTED: ConnectionState = Object.freeze({ status: 'connected' });

/** How a socket ended: its close code and reason (or the code graphql-ws closed it with when it gave up on the socket). */
interface Close {
  readonly code: number;
  readonly reason: string;
}

/** A connection that dropped without a close code of its own. */
const DROPPED: Close = { code: 1006, reason: '' };

/** One socket graphql-ws asked for, as this layer follows it. */
interface Attempt {
  readonly socket: { readonly readyState?: unknown };
  /** Not a socket at all: the layer had nothing left to connect for (see `noSocket`). */
  readonly none: boolean;
  /** The server acknowledged it. */
  ack?: boolean;
  /** No subscription was left while it was open: graphql-ws closes it itself (lazily). */
  idled?: boolean;
  /** How it ended, when graphql-ws gave up on it (4004, 4005) or once its close event came. */
  end?: Close;
}

/** An active subscription: its operation's name, its sink, and the function that stops it in graphql-ws. */
interface Entry {
  readonly name: string | undefined;
  readonly sink: SubscriptionSink<never>;
  stop: () => void;
}

/** What graphql-ws passes to `closed` and `error` listeners, as far as this layer reads it. */
interface SocketEvent {
  readonly code?: unknown;
  readonly reason?: unknown;
  readonly target?: object;
}

/**
 * What graphql-ws gets instead of a socket when the layer has nothing to connect for (every
 * subscription ended, or the client gave up while graphql-ws was about to reconnect): closed from
 * the start, it reports a normal closure at once, so that graphql-ws stops without touching the
 * network (with no subscription left, it does not retry a 1000).
 */
function noSocket(): object {
  const socket = { readyState: 3, onclose: null as ((event: SocketEvent) => void) | null, send() {}, close() {} };
  queueMicrotask(() => socket.onclose?.({ code: 1000, reason: 'All Subscriptions Gone', target: socket }));
  return socket;
}

/**
 * Calls a sink's function so that what it throws cannot break the connection nor the other
 * subscriptions: the error is rethrown on its own (the host reports it as uncaught).
 */
function deliver(call: () => void): void {
  try {
    call();
  } catch (error) {
    queueMicrotask(() => {
      throw error;
    });
  }
}

/** Whether two states say the same (the snapshot is kept when they do). Both are built with their fields in one order. */
const sameState = (a: ConnectionState, b: ConnectionState): boolean => JSON.stringify(a) === JSON.stringify(b);

const OPTIONS = 'subscription client options';

const RECONNECT_RULES: Readonly<Record<string, Rule>> = {
  retries: [(v) => v === Infinity || RULE_COUNT[0](v), 'must be a whole number, at least 0, or Infinity'],
  baseDelayMs: RULE_DELAY,
  maxDelayMs: RULE_DELAY,
};

// Every option but `url`, `webSocketImpl` and `insecureTransport` (checked first, in that order),
// in one table whose rules are the HTTP clients' where they can be.
const OPTION_RULES: Readonly<Record<string, Rule>> = {
  country: RULE_TEXT,
  tokenCookieName: RULE_TEXT,
  getCookie: RULE_FN,
  random: RULE_FN,
  sleep: RULE_FN,
  refreshToken: RULE_FN,
  connectionParams: [(v) => typeof v === 'function' || isPlainObject(v), 'must be an object or a function returning one'],
  // The options of earlier versions, so that a caller who still passes them is told, not ignored.
  retryAttempts: [() => false, 'was replaced by retry.retries'],
  backoff: [() => false, 'was replaced by retry.baseDelayMs and retry.maxDelayMs'],
  retry: (retry, path, issues) => {
    if (retry === false) return;
    if (typeof retry === 'object' && retry !== null) checkTable(retry as Record<string, unknown>, RECONNECT_RULES, issues, `${path}.`);
    else issues.push({ path, message: 'must be an object or false' });
  },
  lazyCloseTimeoutMs: RULE_DELAY,
  keepAliveMs: RULE_DELAY,
  connectionAckTimeoutMs: RULE_DELAY,
};

/** Every option of {@link SubscriptionClientOptions}, and the two old ones OPTION_RULES explains: any other key is refused by name. */
const OPTION_KEYS: OptionKeys<SubscriptionClientOptions> & { readonly retryAttempts: 0; readonly backoff: 0 } = {
  url: 0,
  webSocketImpl: 0,
  country: 0,
  tokenCookieName: 0,
  getCookie: 0,
  insecureTransport: 0,
  refreshToken: 0,
  connectionParams: 0,
  retry: 0,
  random: 0,
  sleep: 0,
  lazyCloseTimeoutMs: 0,
  keepAliveMs: 0,
  connectionAckTimeoutMs: 0,
  retryAttempts: 0,
  backoff: 0,
};
const RETRY_KEYS: OptionKeys<TransportRetryPolicy> = { retries: 0, baseDelayMs: 0, maxDelayMs: 0 };

/**
 * Creates a subscription client over the graphql-transport-ws protocol (spec section 7), a thin
 * layer over graphql-ws's `createClient` (graphql-ws speaks the protocol; the layer keeps the
 * state store, the error union, the fatal codes, the reconnect budget and the token renewal). It connects lazily (on the first subscription) and closes when the last
 * one ends; it sends `{ authorization: 'Bearer <jwt>', country }` as connectionParams, reading the
 * JWT cookie at every (re)connection, and only over `wss:` or to a loopback host (a plain `ws:` url
 * to another host is refused at creation unless `insecureTransport` says otherwise); when the
 * connection drops it reconnects with full-jitter backoff (every error but a fatal close code is
 * retried, up to `retry.retries` times) and sends the active subscriptions again. When the server
 * closes with {@link TOKEN_EXPIRED_CLOSE_CODE}, it renews the token (`refreshToken`, or a changed
 * cookie) and reconnects at once; that renewal is not counted as a retry, even with `retry: false`.
 * `connection` is a store of the {@link ConnectionState} for the UI. A factory: nothing connects
 * until `subscribe` is called.
 *
 * @param options - the ws(s) URL, the WebSocket implementation and the retry policy
 * @throws MatchkitValidationError listing every bad option, a plain `ws:` url to a host that is not
 * loopback included (unless `insecureTransport` is `'anonymous'` or `'allow-token'`)
 *
 * @example
 * ```ts
 * import WebSocket from 'ws';
 * import { createSubscriptionClient, OddsUpdatedSubscription } from '@matchkit/sdk/transport';
 * const client = createSubscriptionClient({ url: 'wss://api.example.com/graphql', webSocketImpl: WebSocket });
 * client.connection.subscribe(() => console.warn(client.connection.getSnapshot()));
 * const stop = client.subscribe(
 *   { query: OddsUpdatedSubscription, variables: { filter: { sports: ['football'] } } },
 *   { next: ({ data }) => console.warn(data?.oddsUpdated.selections), error: (e) => console.error(e.message) },
 * );
 * ```
 */
export function createSubscriptionClient(options: SubscriptionClientOptions): SubscriptionClient {
  return subscriptionClient(options, documentInfo);
}

/**
 * {@link createSubscriptionClient} for documents given as text: the same client (one
 * graphql-transport-ws core runs both: connection, token renewal, reconnects, fatal codes, the
 * connection-state store, the same options and errors), except that `subscribe` takes GraphQL
 * text or a {@link TypedDocumentString} (the platform's operations, GraphQL Code Generator's
 * "string" mode) and never a `DocumentNode`, so an app does not ship the document printer (about
 * 1 KB gzipped). With {@link graphqlRequest} it is the smallest transport with subscriptions.
 *
 * @param options - the same options as {@link createSubscriptionClient}
 * @throws MatchkitValidationError listing every bad option, as {@link createSubscriptionClient} does;
 * its `subscribe` throws one at `query` for a `DocumentNode` (print it, or use
 * {@link createSubscriptionClient})
 *
 * @example
 * ```ts
 * import WebSocket from 'ws';
 * import { createLeanSubscriptionClient, OddsUpdatedSubscription } from '@matchkit/sdk/transport';
 * const live = createLeanSubscriptionClient({ url: 'wss://api.example.com/graphql', webSocketImpl: WebSocket });
 * const stop = live.subscribe(
 *   { query: OddsUpdatedSubscription, variables: { filter: { sports: ['football'] } } },
 *   { next: ({ data }) => console.warn(data?.oddsUpdated.marketId), error: (e) => console.error(e.kind) },
 * );
 * stop();
 * await live.dispose();
 * ```
 */
export function createLeanSubscriptionClient(options: SubscriptionClientOptions): LeanSubscriptionClient {
  return subscriptionClient(options, textDocument);
}

/** The lean client's reader: text or a String object (the codegen class, from any realm), never a DocumentNode. */
function textDocument(query: unknown): DocumentInfo {
  const text = textOf(query) ?? '';
  if (text.trim() === '') {
    throw new MatchkitValidationError('subscription request', [
      {
        path: 'query',
        message: 'must be non-empty GraphQL text or a typed document string (createSubscriptionClient takes a DocumentNode)',
      },
    ]);
  }
  return { text, operations: operationsOf(text) };
}

/**
 * The client both factories return: graphql-ws's `createClient` speaks the protocol (connection_init
 * with the params, connection_ack, subscribe, next, error, complete, ping and pong, the ack
 * timeout, the lazy close); this layer keeps the connection-state store, the error union, the
 * fatal codes, the reconnect budget and backoff, and the token renewal. graphql-ws is told to
 * retry whatever it does not itself treat as fatal while subscriptions are active
 * (`retryAttempts: Infinity`, no `retryWait`); the layer decides, waits, counts and renews in
 * graphql-ws's `url` hook, which graphql-ws awaits before each socket, and gives up there by
 * handing graphql-ws {@link noSocket}. `readDocument` gives a subscription's text and operations
 * (the full client's prints a DocumentNode, the lean one's takes text only).
 */
function subscriptionClient(options: SubscriptionClientOptions, readDocument: (query: unknown) => DocumentInfo): SubscriptionClient {
  const o = optionsObject(options, OPTIONS);
  const issues: ValidationIssue[] = [];
  const url = absoluteUrl(o.url, 'url', issues, 'ws');
  const sendsToken = url !== undefined && tokenPolicyFor(url, o.insecureTransport, issues);
  const Impl = (o.webSocketImpl ?? (globalThis as { WebSocket?: unknown }).WebSocket) as new (url: string, protocol: string) => object;
  if (typeof Impl !== 'function') {
    issues.push({
      path: 'webSocketImpl',
      message: Impl === undefined ? 'no global WebSocket on this platform: pass one' : 'is not a WebSocket constructor',
    });
  }
  checkTable(o, OPTION_RULES, issues);
  unknownOptions(o, OPTION_KEYS, issues);
  unknownOptions(o.retry, RETRY_KEYS, issues, 'retry');
  if (issues.length > 0 || url === undefined) throw new MatchkitValidationError(OPTIONS, issues);

  const href = url.href;
  const {
    connectionParams: params,
    refreshToken,
    retry,
    keepAliveMs = 0,
    country = 'gb',
    tokenCookieName = '_opjwt',
    getCookie = documentCookie,
    random = Math.random,
    sleep = defaultSleep,
  } = options;
  /** How many failed attempts in a row are retried. */
  const budget = retry === false ? 0 : (retry?.retries ?? 20);
  const backoff: TransportBackoffOptions = { ...DEFAULT_TRANSPORT_BACKOFF, ...definedFields(retry || {}) };
  const store = createStore<ConnectionState>(IDLE);
  const active = new Set<Entry>();
  /** The sockets graphql-ws made, each with what the layer knows of it. */
  const attempts = new WeakMap<object, Attempt>();
  let disposed = false;
  /** The latest socket; a reconnect decides from how it ended. Forgotten when a run starts afresh. */
  let last: Attempt | undefined;
  /** Cuts the current reconnect wait short (the last subscription ended, or dispose). */
  let cutWait: AbortController | undefined;
  /** Closes a socket whose pong is late (keepAliveMs). */
  let pongWait: ReturnType<typeof setTimeout> | undefined;
  /** The connectionParams of the latest socket failed (graphql-ws then closes it with 4005). */
  let paramsFailed = false;

  // Reconnection bookkeeping: the budget of `retry.retries` is kept so that renewing an expired
  // token does not spend it.
  /** Reconnect attempts since the last acknowledged connection: the state's `attempt`. */
  let tries = 0;
  /** Of those, the ones that count against the budget. */
  let failures = 0;
  /** A new token is needed before the next connection (the server closed with TOKEN_EXPIRED_CLOSE_CODE). */
  let mustRenew = false;
  /** The reason the server gave with its latest TOKEN_EXPIRED_CLOSE_CODE (for the error, never for a decision). */
  let expiryReason = '';
  /** The token sent with the latest connection: a renewal must give another one. */
  let lastSent: string | undefined;
  /** The token refreshToken gave, with the cookie as it was then: sent for as long as the cookie stays so. */
  let renewed: { readonly token: string; readonly cookie: string | undefined } | undefined;

  const status = () => store.getSnapshot().status;
  const setState = (next: ConnectionState) => {
    if (!disposed) store.set((previous) => (sameState(previous, next) ? previous : Object.freeze(next)));
  };
  /** Whether there is anything to connect for. */
  const live = () => !disposed && active.size > 0;

  const cookieToken = (): string | undefined => {
    const token = getCookie(tokenCookieName);
    return typeof token === 'string' && token !== '' ? token : undefined;
  };
  /** The token to connect with: the renewed one, unless the cookie changed since (the newer wins). */
  const currentToken = (): string | undefined => {
    const cookie = cookieToken();
    if (renewed !== undefined && renewed.cookie === cookie) return renewed.token;
    renewed = undefined;
    return cookie;
  };

  /** The `connection_init` payload: the caller's connectionParams under matchkit's own (country, bearer token). */
  const connectionParams = async (): Promise<Record<string, unknown>> => {
    try {
      const payload: Record<string, unknown> = { ...(typeof params === 'function' ? await params() : params), country };
      // 'anonymous' over plain ws to a remote host: no credential at all, whoever supplied it.
      if (!sendsToken) return Object.fromEntries(Object.entries(payload).filter(([key]) => key.toLowerCase() !== 'authorization'));
      if ((lastSent = currentToken()) !== undefined) payload.authorization = `Bearer ${lastSent}`;
      return payload;
    } catch (error) {
      paramsFailed = true;
      throw error;
    }
  };

  /** A TransportError about `name`'s subscription, made as the HTTP side makes its own. */
  const failure = (name: string | undefined, kind: TransportErrorKind, message: string, details?: TransportErrorDetails) =>
    failFor('WebSocket', { url: href, operationName: name } as ExchangeState)(kind, message, details) as TransportFailure;

  /** The network error a subscription ends with when the connection closed for good. */
  const closedError = (close: Close, name: string | undefined, suffix = '', cause?: unknown) =>
    failure(name, 'network', `closed with ${close.code}${close.reason && ` ${close.reason}`}${suffix}`, {
      closeCode: close.code,
      closeReason: close.reason,
      cause,
    });

  /** Removes every active subscription, stopping each in graphql-ws; returns them. */
  const endAll = () => {
    const ended = [...active];
    active.clear();
    for (const entry of ended) entry.stop();
    return ended;
  };

  /**
   * The connection closed for good: the state says so and every subscription ends with the network
   * error. The sinks hear it a microtask later, once graphql-ws has let go of the closed socket,
   * so that a sink subscribing again from its `error` starts a new connection.
   */
  const giveUp = (close: Close, suffix = '', cause?: unknown): false => {
    if (active.size > 0 || status() !== 'closed') {
      setState({ status: 'closed', ...close });
      const ended = endAll();
      queueMicrotask(() => {
        for (const entry of ended) deliver(() => entry.sink.error?.(closedError(close, entry.name, suffix, cause)));
      });
    }
    return false;
  };

  /**
   * One reconnect attempt's wait, with the state showing it. The wait ends early when the last
   * subscription ends (or on dispose); a subscription made after that starts afresh: the state shows
   * `connecting` and the retry budget is whole again. Resolves with whether to connect.
   */
  const pause = async (): Promise<boolean> => {
    setState({ status: 'reconnecting', attempt: (tries += 1) });
    const cut = (cutWait = new AbortController());
    try {
      await sleep(backoffDelay(tries - 1, backoff, random), cut.signal);
    } catch {
      // cut short: seen below.
    }
    if (!live()) return false;
    if (cut.signal.aborted) {
      tries = failures = 0;
      setState(CONNECTING);
    }
    return true;
  };

  /** A failed attempt: within the budget it waits as {@link pause} does; past it, `stop` ends the run. */
  const retryOr = (stop: () => false): Promise<boolean> | false => (failures++ < budget ? pause() : stop());

  /** No token to go on with: every active subscription ends with the expiry's network error. */
  const stopExpired = (cause?: unknown) =>
    giveUp({ code: TOKEN_EXPIRED_CLOSE_CODE, reason: expiryReason }, ' and the token could not be renewed', cause);

  /**
   * Gets the token for the connection after an expiry: from `refreshToken`, or the cookie when it
   * changed. A rejection is retried like a dropped connection; `null`, the spent token, or no
   * budget left stops the client. Resolves with whether to connect.
   */
  const renew = async (): Promise<boolean> => {
    // 'anonymous' sends no token: there is none to renew.
    if (!sendsToken) return stopExpired();
    for (;;) {
      let next: unknown;
      try {
        next = refreshToken === undefined ? (currentToken() ?? null) : await refreshToken();
      } catch (cause) {
        if (live() && (await retryOr(() => stopExpired(cause)))) continue;
        return false;
      }
      if (!live()) return false;
      if (next !== null && (typeof next !== 'string' || next === '')) {
        return stopExpired(
          new MatchkitValidationError('refreshToken', [
            {
              path: 'refreshToken',
              message: `must resolve to a non-empty string or null, not ${next === '' ? 'an empty string' : typeof next}`,
            },
          ]),
        );
      }
      // Sending the spent token again would only be refused: stop instead.
      if (next === null || next === lastSent) return stopExpired();
      if (refreshToken !== undefined) renewed = { token: next, cookie: cookieToken() };
      mustRenew = false;
      return true;
    }
  };

  /**
   * Before each socket (graphql-ws's `url` hook): decides from how the previous socket ended.
   * Nothing before it (a fresh run), or a socket graphql-ws closed for want of subscriptions:
   * connect at once. Otherwise a reconnect: within `retry.retries` it waits with full-jitter
   * backoff (an expired token is renewed first); renewing an acknowledged socket's token, and the
   * server's normal closure (1000) of an acknowledged socket, wait as a retry does but cost none; a
   * 1000 before `connection_ack` is a failed attempt. Resolves with whether to connect.
   */
  const prepare = async (previous: Attempt | undefined): Promise<boolean> => {
    if (!live()) return false;
    if (previous === undefined || previous.none || previous.idled) {
      setState(CONNECTING);
    } else {
      const close = previous.end ?? DROPPED;
      const expired = close.code === TOKEN_EXPIRED_CLOSE_CODE;
      if (expired) {
        mustRenew = true;
        expiryReason = close.reason;
      }
      const free = previous.ack && (expired || close.code === 1000);
      if (!(await (free ? pause() : retryOr(() => giveUp(close))))) return false;
    }
    return !mustRenew || renew();
  };

  /** The WebSocket constructor graphql-ws uses: the caller's, or {@link noSocket} for an empty url. */
  function Socket(target: string, protocol: string): object {
    paramsFailed = false;
    let socket: object;
    try {
      socket = target === '' ? noSocket() : new Impl(target, protocol);
    } catch (cause) {
      // A constructor that throws (a URL or protocol it refuses) is fatal, as in graphql-ws.
      giveUp({ code: 4005, reason: `Internal client error: ${errorText(cause)}` });
      socket = noSocket();
      target = '';
    }
    attempts.set(socket, (last = { socket, none: target === '' }));
    return socket;
  }
  Object.assign(Socket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });

  /** The socket an event is about (graphql-ws's own events carry none: the latest socket). */
  const attemptOf = (event: unknown) => attempts.get((event as SocketEvent | undefined)?.target as object) ?? (last as Attempt);

  const client = createClient({
    url: async () => ((await prepare(last)) ? href : ''),
    webSocketImpl: Socket,
    connectionParams,
    lazyCloseTimeout: options.lazyCloseTimeoutMs ?? 0,
    keepAlive: keepAliveMs,
    connectionAckWaitTimeout: options.connectionAckTimeoutMs ?? 10_000,
    retryAttempts: Infinity,
    retryWait: async () => {},
    // Every failure is retried while subscriptions are active (the socket's error event too: a
    // server that is down, which graphql-ws's default takes for fatal). A fatal close has ended
    // them all already (the `closed` listener runs first), so graphql-ws gets noSocket from `url`.
    shouldRetry: live,
    on: {
      connected: (socket) => {
        attemptOf({ target: socket }).ack = true;
        // The server accepted the token it was sent: nothing is left to renew.
        mustRenew = false;
        tries = failures = 0;
        setState(CONNECTED);
      },
      ping: (received) => {
        // A ping of ours (sent only with keepAliveMs): its pong must come within keepAliveMs, or
        // the connection is taken for dead.
        if (received) return;
        clearTimeout(pongWait);
        pongWait = setTimeout(client.terminate, keepAliveMs);
      },
      pong: (received) => {
        if (received) clearTimeout(pongWait);
      },
      error: (error) => {
        const attempt = attemptOf(error);
        // The socket's error event is followed by its close event, which says more. Otherwise
        // graphql-ws gave up on the socket itself (connectionParams failed, or a message it could
        // not read) and closes it with 4005 or 4004, both fatal.
        if (attempt.none || !(paramsFailed || error instanceof Error)) return;
        attempt.end = paramsFailed
          ? { code: 4005, reason: `Internal client error: ${errorText(error)}` }
          : { code: 4004, reason: `Bad response: ${errorText(error)}` };
        giveUp(attempt.end, '', error);
      },
      closed: (event) => {
        clearTimeout(pongWait);
        const attempt = attemptOf(event);
        if (attempt.none) return;
        const { code, reason } = event as SocketEvent;
        attempt.end ??= { code: typeof code === 'number' ? code : 1006, reason: String(reason ?? '') };
        if (active.size > 0) {
          if (isFatalCloseCode(attempt.end.code)) giveUp(attempt.end);
        } else if (status() !== 'closed') {
          setState(IDLE);
        }
      },
    },
  });

  /** The protocol's error message: a list of GraphQL errors (never empty in the failure, even for an odd list). */
  const subscriptionError = (payload: unknown, name: string | undefined): TransportFailure => {
    // graphql-ws ended the subscription with something else (a close or an error it threw).
    if (!Array.isArray(payload)) return closedError(last?.end ?? DROPPED, name, '', payload);
    // graphql-ws lets through only a non-empty list of objects with a `message`.
    const listed = graphQLErrorsOf({ errors: payload });
    const errors = listed?.length ? listed : [{ message: 'the server rejected the subscription without a readable error' }];
    return failure(name, 'graphql', `failed: ${errors[0]?.message}`, { graphQLErrors: errors });
  };

  /** With no subscription left, graphql-ws closes the socket (after `lazyCloseTimeoutMs`); a reconnect wait ends at once. */
  const whenIdle = () => {
    if (active.size > 0) return;
    if (status() === 'reconnecting') setState(IDLE);
    if (last !== undefined && last.end === undefined) last.idled = true;
    cutWait?.abort();
  };

  function subscribe<TData, TVariables>(request: GraphQLRequest<TData, TVariables>, sink: SubscriptionSink<TData>): () => void {
    const invalid = (path: string, message: string) => new MatchkitValidationError('subscription request', [{ path, message }]);
    if (typeof request !== 'object' || request === null) throw invalid('', 'must be an object with a query');
    if (typeof (sink as Partial<SubscriptionSink<TData>> | null)?.next !== 'function') throw invalid('sink.next', RULE_FN[1]);
    const variables = request.variables as Record<string, unknown> | undefined;
    if (variables !== undefined && !isPlainObject(variables)) throw invalid('variables', 'must be a plain object');
    const info = readDocument(request.query);
    const name = selectOperation(info, request.operationName).name;
    if (disposed) {
      sink.error?.(failure(name, 'aborted', 'was disposed'));
      return () => {};
    }
    try {
      JSON.stringify(variables);
    } catch (cause) {
      throw invalid('variables', notJson(cause));
    }
    const now = status();
    if (now === 'idle' || now === 'closed') {
      // A run starts afresh (the first subscription, or one after the client went idle or closed).
      last = undefined;
      tries = failures = 0;
      setState(CONNECTING);
    } else if (last?.socket.readyState === 1) {
      // graphql-ws keeps an open socket that has a subscription again.
      last.idled = false;
    }
    const entry: Entry = { name, sink: sink as SubscriptionSink<never>, stop: () => {} };
    /** The subscription ended from graphql-ws's side: `call` tells the sink, unless it was stopped already. */
    const end = (call: () => void) => {
      if (!active.delete(entry)) return;
      deliver(call);
      whenIdle();
    };
    // In `active` before graphql-ws hears of it: graphql-ws may ask for its socket at once.
    active.add(entry);
    entry.stop = client.subscribe(
      { query: info.text, variables, operationName: name },
      {
        next: (value) => {
          if (active.has(entry)) deliver(() => sink.next(value as SubscriptionResult<TData>));
        },
        error: (error) => end(() => sink.error?.(subscriptionError(error, name))),
        complete: () => end(() => sink.complete?.()),
      },
    );
    return () => {
      if (!active.delete(entry)) return;
      entry.stop();
      whenIdle();
    };
  }

  async function dispose(): Promise<void> {
    if (disposed) return;
    disposed = true;
    for (const entry of endAll()) deliver(() => entry.sink.complete?.());
    cutWait?.abort();
    clearTimeout(pongWait);
    void Promise.resolve(client.dispose()).catch(() => {});
    store.set(Object.freeze({ status: 'closed', code: 1000, reason: 'disposed' }));
  }

  return Object.freeze({ url: href, connection: { subscribe: store.subscribe, getSnapshot: store.getSnapshot }, subscribe, dispose });
}
