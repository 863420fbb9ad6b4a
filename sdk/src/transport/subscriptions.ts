import { createClient } from 'graphql-ws/client';
import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';
import { unknownOptions, type OptionKeys } from '../internal/keys';
import { createStore, type ReadableStore } from '../internal/store';
import { DEFAULT_TRANSPORT_BACKOFF, backoffDelay, abortableSleep as defaultSleep, type TransportBackoffOptions } from './backoff';
import { documentInfo, selectOperation, textOf, type TextDocument } from './document';
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

/** How a socket ended: its close code and reason. */
interface Close {
  readonly code: number;
  readonly reason: string;
}

/** A connection that dropped without a close event of its own. */
const DROPPED: Close = { code: 1006, reason: '' };

/** An active subscription: its operation's name, its sink, and the function that stops it in graphql-ws. */
interface Entry {
  readonly name: string | undefined;
  readonly sink: SubscriptionSink<never>;
  stop: () => void;
}

/** What a factory's request reader gives the core: the text to send, the operation's name, the variables. */
interface ReadRequest {
  readonly text: string;
  readonly name: string | undefined;
  readonly variables: Record<string, unknown> | undefined;
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
 * until `subscribe` is called. Every option and every request is checked, with a
 * MatchkitValidationError naming the field (an unknown option by its name).
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
  return subscriptionClient(
    options,
    (o, issues) => {
      const Impl = o.webSocketImpl ?? (globalThis as { WebSocket?: unknown }).WebSocket;
      if (typeof Impl !== 'function') {
        issues.push({
          path: 'webSocketImpl',
          message: Impl === undefined ? 'no global WebSocket on this platform: pass one' : 'is not a WebSocket constructor',
        });
      }
      checkTable(o, OPTION_RULES, issues);
    },
    checkRenewed,
    (request, sink) => {
      const invalid = (path: string, message: string) => new MatchkitValidationError('subscription request', [{ path, message }]);
      if (typeof request !== 'object' || request === null) throw invalid('', 'must be an object with a query');
      if (typeof (sink as Partial<SubscriptionSink> | null)?.next !== 'function') throw invalid('sink.next', RULE_FN[1]);
      const variables = request.variables as Record<string, unknown> | undefined;
      if (variables !== undefined && !isPlainObject(variables)) throw invalid('variables', 'must be a plain object');
      const info = documentInfo(request.query);
      try {
        JSON.stringify(variables);
      } catch (cause) {
        throw invalid('variables', notJson(cause));
      }
      return { text: info.text, name: selectOperation(info, request.operationName).name, variables };
    },
  );
}

/** What the full client says of a `refreshToken` result that is neither a token nor `null`: the cause of the stop. */
const checkRenewed = (next: unknown) =>
  next === null || (typeof next === 'string' && next !== '')
    ? undefined
    : new MatchkitValidationError('refreshToken', [
        {
          path: 'refreshToken',
          message: `must resolve to a non-empty string or null, not ${next === '' ? 'an empty string' : typeof next}`,
        },
      ]);

/**
 * {@link createSubscriptionClient} for text documents, the smallest transport with subscriptions
 * (with {@link graphqlRequest}): the same client (one core over graphql-ws runs both: the
 * connection-state store, the error union, token renewal on {@link TOKEN_EXPIRED_CLOSE_CODE}, the
 * fatal codes with `4403` among them, keep-alive and acknowledgement timeouts, reconnects with
 * backoff) and the same options. It checks, as {@link createSubscriptionClient} does:
 * - the options object and `url` (an absolute `ws:` or `wss:` URL);
 * - the insecure-transport policy: a plain `ws:` url to a host that is not loopback is refused at
 *   creation unless `insecureTransport` is `'anonymous'` (no token at all) or `'allow-token'`;
 * - the option keys: an unknown option (`keepAlive`, `retry.maxDelay`) is refused by name.
 *
 * What it leaves out, to stay small: the checks of the other options' values (a wrong type fails
 * later or not at all, as TypeScript's types forbid it), the request checks and the operation
 * scanner (an error names the operation only when `operationName` is given), and the
 * `DocumentNode` printer (about 1 KB gzipped): `subscribe` takes GraphQL text or a
 * {@link TypedDocumentString} (the platform's operations, GraphQL Code Generator's "string" mode).
 *
 * @param options - the same options as {@link createSubscriptionClient}
 * @throws MatchkitValidationError listing a bad `url` (a plain `ws:` url to a host that is not
 * loopback included, unless `insecureTransport` allows it) and every unknown option; its
 * `subscribe` throws one at `query` for anything but non-empty text (a `DocumentNode`: print it,
 * or use {@link createSubscriptionClient})
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
  return subscriptionClient(
    options,
    // No checks of the values: they cost 0.29 KB gzipped, and the types forbid what they catch.
    () => {},
    () => undefined,
    (request) => {
      const text = textOf(request.query) ?? '';
      if (text.trim() === '') {
        throw new MatchkitValidationError('subscription request', [
          {
            path: 'query',
            message: 'must be non-empty GraphQL text or a typed document string (createSubscriptionClient takes a DocumentNode)',
          },
        ]);
      }
      return { text, name: request.operationName, variables: request.variables as Record<string, unknown> | undefined };
    },
  );
}

/**
 * The client both factories return, over graphql-ws's `createClient`: graphql-ws speaks the
 * protocol (connection_init with the params, connection_ack, subscribe, next, error, complete,
 * ping and pong, the acknowledgement timeout, the lazy close, the fatal close codes it knows) and
 * drives the reconnects; this layer keeps the state store from graphql-ws's events, decides in
 * graphql-ws's `url` hook (which graphql-ws awaits before every socket) whether to go on, waits
 * with the sdk's backoff and renews the token there, ends the subscriptions itself when it gives
 * up, and maps what ends a subscription into the error union. Not in `retryWait`: graphql-ws
 * reconnects after a 1000 without calling it, and a 1000 before `connection_ack` must count
 * against the budget. Both factories' options pass the same checks of `url`, the insecure-transport
 * policy and the keys here; `checkMore` adds the full factory's checks of the values. `read` checks
 * a request (the full factory) or takes it as typed (the lean one).
 */
function subscriptionClient(
  options: SubscriptionClientOptions,
  checkMore: (o: Record<string, unknown>, issues: ValidationIssue[]) => void,
  checkToken: (token: unknown) => unknown,
  read: (request: GraphQLRequest<unknown, unknown>, sink: SubscriptionSink<never>) => ReadRequest,
): SubscriptionClient {
  // Both factories: the url, the insecure-transport policy and the option keys (the HTTP side's
  // own checks); `checkMore` adds the full factory's checks of the values, in between.
  const o = optionsObject(options, OPTIONS);
  const issues: ValidationIssue[] = [];
  const url = absoluteUrl(o.url, 'url', issues, 'ws');
  // False for 'anonymous' over plain ws to a remote host: no credential at all, whoever supplied
  // it (no cookie, nothing to renew, no `authorization` in the caller's connectionParams).
  const sendsToken = tokenPolicyFor(url, o.insecureTransport, issues);
  checkMore(o, issues);
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
  const Impl = (options.webSocketImpl ?? (globalThis as { WebSocket?: unknown }).WebSocket) as new (
    url: string,
    protocol: string,
  ) => object;
  /** How many failed attempts in a row are retried. */
  const budget = retry === false ? 0 : (retry?.retries ?? 20);
  const backoff: TransportBackoffOptions = { ...DEFAULT_TRANSPORT_BACKOFF, ...definedFields(retry || {}) };
  const store = createStore<ConnectionState>(IDLE);
  const active = new Set<Entry>();
  let disposed = false;
  /** How the latest socket ended: set by its close, forgotten once the next socket is decided on. */
  let last: Close | undefined;
  /** The latest socket was acknowledged. */
  let acked = false;
  /**
   * The next socket starts a run afresh: no wait, nothing counted. So after idle or closed, and
   * once the last subscription ended (graphql-ws closes the socket then: a subscription made
   * while it closes connects again at once), unless that socket is kept open and used again.
   */
  let fresh = false;
  /** The latest acknowledged socket. */
  let socket: { readonly readyState?: unknown } | undefined;
  /** Cuts the current reconnect wait short (the last subscription ended, or dispose). */
  let cutWait: AbortController | undefined;
  /** Closes a socket whose pong is late (keepAliveMs). */
  let pongWait: ReturnType<typeof setTimeout> | undefined;
  /** Reconnect attempts since the last acknowledged connection: the state's `attempt`. */
  let tries = 0;
  /** Of those, the ones that count against the budget (a renewal and an acknowledged 1000 do not). */
  let failures = 0;
  /** The close that asked for a new token (TOKEN_EXPIRED_CLOSE_CODE), until one is had. */
  let expired: Close | undefined;
  /** The token sent with the latest connection: a renewal must give another one. */
  let lastSent: string | undefined;
  /** The token refreshToken gave, with the cookie as it was then: sent for as long as the cookie stays so. */
  let renewed: { readonly token: string; readonly cookie: string | undefined } | undefined;

  const status = () => store.getSnapshot().status;
  const setState = (next: ConnectionState) => {
    if (!disposed) store.set((previous) => (JSON.stringify(previous) === JSON.stringify(next) ? previous : Object.freeze(next)));
  };
  /** Whether there is anything to connect for. */
  const live = () => !disposed && active.size > 0;

  const cookieToken = (): string | undefined => (sendsToken && getCookie(tokenCookieName)) || undefined;
  /** The token to connect with: the renewed one, unless the cookie changed since (the newer wins). */
  const currentToken = (): string | undefined => {
    const cookie = cookieToken();
    if (renewed?.cookie !== cookie) renewed = undefined;
    return renewed?.token ?? cookie;
  };

  /** A TransportError about `name`'s subscription, made as the HTTP side makes its own. */
  const failure = (name: string | undefined, kind: TransportErrorKind, message: string, details?: TransportErrorDetails) =>
    failFor('WebSocket', { url: href, operationName: name } as ExchangeState)(kind, message, details) as TransportFailure;

  /**
   * The connection closed for good: the state says so, every subscription is stopped in graphql-ws
   * and ends with the network error. The sinks hear it a microtask later, once graphql-ws has let
   * go of the closed socket, so that a sink subscribing again from its `error` starts a new connection.
   */
  const giveUp = (close: Close, suffix = '', cause?: unknown) => {
    setState({ status: 'closed', ...close });
    const ended = [...active];
    active.clear();
    for (const entry of ended) {
      entry.stop();
      queueMicrotask(() =>
        deliver(() =>
          entry.sink.error?.(
            failure(entry.name, 'network', `closed with ${close.code}${close.reason && ` ${close.reason}`}${suffix}`, {
              closeCode: close.code,
              closeReason: close.reason,
              cause,
            }),
          ),
        ),
      );
    }
  };

  /** One reconnect wait, with the state showing it; cut short when the last subscription ends (a later one starts afresh). */
  const pause = async () => {
    setState({ status: 'reconnecting', attempt: (tries += 1) });
    const cut = (cutWait = new AbortController());
    await sleep(backoffDelay(tries - 1, backoff, random), cut.signal).catch(() => {});
    if (cut.signal.aborted) tries = failures = 0;
  };

  /** No token to go on with: every active subscription ends with the expiry's network error. */
  const stopExpired = (cause?: unknown) => giveUp(expired as Close, ' and the token could not be renewed', cause);

  /**
   * Gets the token for the connection after an expiry: from `refreshToken`, or the cookie when it
   * changed. A rejection is retried like a dropped connection; `null`, the spent token, or no
   * budget left stops the client.
   */
  const renew = async (): Promise<void> => {
    let next: unknown;
    try {
      next = refreshToken && sendsToken ? await refreshToken() : (currentToken() ?? null);
    } catch (cause) {
      if (!live()) return;
      if (failures++ >= budget) return stopExpired(cause);
      await pause();
      return live() ? renew() : undefined;
    }
    if (!live()) return;
    // Sending the spent token again would only be refused: stop instead (and for anything but a
    // token, with what `checkToken` says of it as the cause).
    if (typeof next !== 'string' || next === '' || next === lastSent) return stopExpired(checkToken(next));
    if (refreshToken) renewed = { token: next, cookie: cookieToken() };
    expired = undefined;
  };

  /**
   * Before each socket (graphql-ws's `url` hook, which it awaits): decides from how the previous
   * socket ended. A run started afresh connects at once. Otherwise, within `retry.retries`, it
   * waits with full-jitter backoff; the server's normal closure (1000) and an expiry (renewed
   * first) of an acknowledged socket wait as a retry does but cost none. Past the budget it gives
   * up, which leaves graphql-ws no subscription to connect for (see `Socket`).
   */
  const prepare = async () => {
    // With nothing to connect for, `Socket` stands in.
    if (live() && fresh) {
      setState(CONNECTING);
    } else if (live()) {
      const close = last ?? DROPPED;
      if (close.code === TOKEN_EXPIRED_CLOSE_CODE) expired = close;
      if (!(acked && (expired || close.code === 1000)) && failures++ >= budget) giveUp(close);
      else await pause();
    }
    if (expired && live()) await renew();
    fresh = acked = false;
    last = undefined;
    return href;
  };

  /** A socket closed from the start with `close`, for graphql-ws to hear of at once. */
  const closedSocket = (close: Close) => {
    const socket = { readyState: 3, onclose: (_: Close) => {}, send() {}, close() {} };
    queueMicrotask(() => socket.onclose(close));
    return socket;
  };

  const client = createClient({
    url: prepare,
    // With nothing left to connect for (every subscription ended, or the layer gave up), a socket
    // closed with 1000 stands in, so that graphql-ws stops without touching the network (with no
    // subscription left it does not retry a 1000). A constructor that throws (a URL or protocol it
    // refuses) is fatal, as in graphql-ws: a socket closed with 4005 stands in for it.
    webSocketImpl: Object.assign(
      function Socket(target: string, protocol: string) {
        if (!live()) return closedSocket({ code: 1000, reason: 'All Subscriptions Gone' });
        try {
          return new Impl(target, protocol);
        } catch (cause) {
          return closedSocket({ code: 4005, reason: errorText(cause) });
        }
      },
      { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 },
    ),
    // The caller's connectionParams under matchkit's own (country, bearer token).
    connectionParams: async () => {
      let payload: Record<string, unknown>;
      try {
        payload = { ...(typeof params === 'function' ? await params() : params), country };
      } catch (cause) {
        // graphql-ws closes the socket with 4005 (fatal) for it; the layer gives up at once, with the cause.
        giveUp({ code: 4005, reason: errorText(cause) }, '', cause);
        throw cause;
      }
      // With no token to send ('anonymous'), the caller's `authorization` goes too, in any case.
      if ((lastSent = currentToken())) payload.authorization = `Bearer ${lastSent}`;
      return sendsToken ? payload : Object.fromEntries(Object.entries(payload).filter(([key]) => key.toLowerCase() !== 'authorization'));
    },
    lazyCloseTimeout: options.lazyCloseTimeoutMs ?? 0,
    keepAlive: keepAliveMs,
    connectionAckWaitTimeout: options.connectionAckTimeoutMs ?? 10_000,
    retryAttempts: Infinity,
    retryWait: async () => {},
    // Every failure is retried while subscriptions are active (the socket's error event too: a
    // server that is down, which graphql-ws's default takes for fatal), but 4403: graphql-ws then
    // ends the subscriptions with the close, as it does for the codes it takes for fatal itself
    // (FATAL_CLOSE_CODES). `prepare` keeps the budget.
    shouldRetry: (event) => live() && (event as Partial<Close>).code !== 4403,
    on: {
      // graphql-ws's own errors (a message it could not read) close the socket with 4004, fatal:
      // the layer gives up at once, with the error as the cause (a socket's error event is no Error).
      error: (error) => {
        if (error instanceof Error && live()) giveUp({ code: 4004, reason: error.message }, '', error);
      },
      connected: (opened) => {
        socket = opened as typeof socket;
        // Acknowledged: the run is under way, whatever ended before (a drop is a reconnect).
        fresh = false;
        acked = true;
        tries = failures = 0;
        setState(CONNECTED);
      },
      // A ping of ours (sent only with keepAliveMs): its pong must come within keepAliveMs, or the
      // connection is taken for dead (graphql-ws closes it with 4499 and it is retried).
      ping: (received) => {
        if (!received) pongWait = setTimeout(client.terminate, keepAliveMs);
      },
      pong: (received) => {
        if (received) clearTimeout(pongWait);
      },
      closed: (event) => {
        clearTimeout(pongWait);
        const { code, reason } = event as Partial<Close>;
        last = { code: code ?? 1006, reason: reason ?? '' };
        if (!live() && status() !== 'closed') setState(IDLE);
      },
    },
  });

  function subscribe<TData, TVariables>(request: GraphQLRequest<TData, TVariables>, sink: SubscriptionSink<TData>): () => void {
    const { text, name, variables } = read(request as GraphQLRequest<unknown, unknown>, sink as SubscriptionSink<never>);
    if (disposed) {
      sink.error?.(failure(name, 'aborted', 'was disposed'));
      return () => {};
    }
    const now = status();
    if (now === 'idle' || now === 'closed') {
      // A run starts afresh (the first subscription, or one after the client went idle or closed).
      fresh = true;
      tries = failures = 0;
      setState(CONNECTING);
    } else if (socket?.readyState === 1) {
      // graphql-ws keeps an open socket that has a subscription again (`lazyCloseTimeoutMs`).
      fresh = false;
    }
    const entry: Entry = { name, sink: sink as SubscriptionSink<never>, stop: () => {} };
    const stop = () => {
      if (!active.delete(entry)) return false;
      entry.stop();
      // With no subscription left, graphql-ws closes the socket (after `lazyCloseTimeoutMs`); a reconnect wait ends at once.
      if (active.size === 0) {
        fresh = true;
        if (status() === 'reconnecting') setState(IDLE);
        cutWait?.abort();
      }
      return true;
    };
    /** The subscription ended from graphql-ws's side: `call` tells the sink, unless it was stopped already. */
    const end = (call: () => void) => stop() && deliver(call);
    // In `active` before graphql-ws hears of it: graphql-ws may ask for its socket at once.
    active.add(entry);
    entry.stop = client.subscribe(
      { query: text, variables, operationName: name },
      {
        next: (value) => {
          if (active.has(entry)) deliver(() => sink.next(value as SubscriptionResult<TData>));
        },
        error: (error) => {
          // A close graphql-ws took for fatal (its own codes, and 4403 by `shouldRetry`): the end of every subscription.
          if (typeof (error as Partial<Close> | null)?.code === 'number') return giveUp(last ?? DROPPED);
          // Otherwise a list of GraphQL errors (graphql-ws lets through only a non-empty list of objects with a `message`).
          const errors = graphQLErrorsOf({ errors: error }) ?? [{ message: errorText(error) }];
          end(() => sink.error?.(failure(name, 'graphql', `failed: ${errors[0]?.message}`, { graphQLErrors: errors })));
        },
        complete: () => end(() => sink.complete?.()),
      },
    );
    return () => void stop();
  }

  async function dispose(): Promise<void> {
    if (disposed) return;
    disposed = true;
    const ended = [...active];
    active.clear();
    for (const entry of ended) {
      entry.stop();
      deliver(() => entry.sink.complete?.());
    }
    cutWait?.abort();
    clearTimeout(pongWait);
    void Promise.resolve(client.dispose()).catch(() => {});
    store.set(Object.freeze({ status: 'closed', code: 1000, reason: 'disposed' }));
  }

  return Object.freeze({ url: href, connection: { subscribe: store.subscribe, getSnapshot: store.getSnapshot }, subscribe, dispose });
}
