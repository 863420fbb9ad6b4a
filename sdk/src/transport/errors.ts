import { MatchkitError, isMatchkitError } from '../errors/errors';

// The transport's own mark, beside the family brand every MatchkitError has: the kinds `aborted`
// and `network` are shared with other modules (a cancelled casino simulation is an `aborted`
// MatchkitError too), so the kind alone cannot tell a transport failure. A registry symbol, so
// that errors made by another copy of the sdk in the same bundle are recognised as well.
const TRANSPORT = Symbol.for('@matchkit/sdk/transport-error');

/**
 * The kinds of failure of the transport, in the order a response is examined:
 *
 * - `aborted`: the caller's `AbortSignal` fired or the request's `timeoutMs` passed
 *   (`timedOut` tells which);
 * - `network`: no complete response arrived (DNS, refused or reset connection, body cut off, a
 *   WebSocket that closed for good); retried with backoff when retries are on;
 * - `http`: a response whose status is not 2xx (300 or above, even with an HTML or empty body);
 * - `parse`: a 2xx response whose body is not valid JSON (an empty body included);
 * - `malformed`: valid JSON that is not a GraphQL response (neither `data` nor `errors`, or a
 *   field of the wrong type) or, for REST calls, not the documented shape;
 * - `graphql`: a GraphQL response with errors and no data.
 *
 * @example
 * ```ts
 * import { TRANSPORT_ERROR_KINDS } from '@matchkit/sdk/transport';
 * TRANSPORT_ERROR_KINDS.includes('http'); // true
 * ```
 */
export const TRANSPORT_ERROR_KINDS = Object.freeze(['aborted', 'network', 'http', 'parse', 'malformed', 'graphql'] as const);

/**
 * One of {@link TRANSPORT_ERROR_KINDS}.
 *
 * @example
 * ```ts
 * import type { TransportErrorKind } from '@matchkit/sdk/transport';
 * const retryable = (kind: TransportErrorKind) => kind === 'network';
 * ```
 */
export type TransportErrorKind = (typeof TRANSPORT_ERROR_KINDS)[number];

/**
 * One entry of a GraphQL response's `errors` list, as the GraphQL specification defines it.
 *
 * @example
 * ```ts
 * import type { GraphQLResponseError } from '@matchkit/sdk/transport';
 * const e: GraphQLResponseError = { message: 'Not signed in', extensions: { code: 'UNAUTHENTICATED' } };
 * ```
 */
export interface GraphQLResponseError {
  /** What went wrong, for a developer. */
  readonly message: string;
  /** Where in the document the error arose (1-based line and column). */
  readonly locations?: readonly {
    /** Line, from 1. */
    readonly line: number;
    /** Column, from 1. */
    readonly column: number;
  }[];
  /** The response path of the field that failed, for example `['me', 'billing']`. */
  readonly path?: readonly (string | number)[];
  /** Server-defined details, for example `{ code: 'UNAUTHENTICATED' }`. */
  readonly extensions?: Readonly<Record<string, unknown>>;
}

/**
 * What a {@link TransportError} knows besides its kind and message. Every field that exists for
 * the failure is kept: a 500 with an HTML page keeps `status` and `bodyText`; a 404 whose body is
 * a GraphQL error response keeps its `graphQLErrors` too.
 *
 * @example
 * ```ts
 * import type { TransportErrorDetails } from '@matchkit/sdk/transport';
 * const details: TransportErrorDetails = { status: 502, bodyText: '<html>Bad gateway</html>' };
 * ```
 */
export interface TransportErrorDetails {
  /** The HTTP status, when a response arrived. */
  readonly status?: number | undefined;
  /** The response body as text, when it was read. */
  readonly bodyText?: string | undefined;
  /** The GraphQL errors parsed from the body, when it was a JSON object with an `errors` list. */
  readonly graphQLErrors?: readonly GraphQLResponseError[] | undefined;
  /** The URL that was requested (HTTP) or connected to (WebSocket). */
  readonly url?: string | undefined;
  /** The GraphQL operation name, when there was one. */
  readonly operationName?: string | undefined;
  /** How many attempts were made (1 when nothing was retried). */
  readonly attempts?: number | undefined;
  /** For `aborted`: true when the request's `timeoutMs` passed, false when the caller aborted. */
  readonly timedOut?: boolean | undefined;
  /** For a WebSocket that closed: its close code. */
  readonly closeCode?: number | undefined;
  /** For a WebSocket that closed: its close reason. */
  readonly closeReason?: string | undefined;
  /** The underlying error (a `TypeError` from fetch, a `SyntaxError` from JSON, ...). */
  readonly cause?: unknown;
}

/**
 * The one error of the transport: a {@link MatchkitError} whose `kind` is a
 * {@link TransportErrorKind}, carrying the status, body text and GraphQL errors whenever they
 * exist. Recognise it with {@link isTransportError}, which also works for errors made by another
 * copy of the sdk in the same bundle.
 *
 * @example
 * ```ts
 * import { createGraphQLClient, isTransportError } from '@matchkit/sdk/transport';
 * const client = createGraphQLClient({ url: 'https://api.example.com/graphql' });
 * try {
 *   await client.request({ query: '{ me { email } }' });
 * } catch (e) {
 *   if (isTransportError(e) && e.kind === 'http') console.error(e.status, e.bodyText);
 * }
 * ```
 */
export class TransportError extends MatchkitError {
  // Declared, not class fields, as in MatchkitError (no class-field helper in ES2020 bundles).
  /** Which kind of transport failure this is. */
  declare readonly kind: TransportErrorKind;
  /** The HTTP status, when a response arrived. */
  declare readonly status: number | undefined;
  /** The response body as text, when it was read. */
  declare readonly bodyText: string | undefined;
  /** The GraphQL errors of the response (empty when there were none or the body was not JSON). */
  declare readonly graphQLErrors: readonly GraphQLResponseError[];
  /** The URL that was requested or connected to. */
  declare readonly url: string | undefined;
  /** The GraphQL operation name, when there was one. */
  declare readonly operationName: string | undefined;
  /** How many attempts were made (1 when nothing was retried). */
  declare readonly attempts: number;
  /** True when the request's own timeout aborted it (kind `aborted` only). */
  declare readonly timedOut: boolean;
  /** The WebSocket close code, for subscription connections that closed for good. */
  declare readonly closeCode: number | undefined;
  /** The WebSocket close reason, for subscription connections that closed for good. */
  declare readonly closeReason: string | undefined;

  /**
   * @param kind - the kind of failure
   * @param message - a human-readable description (never contains header values)
   * @param details - status, body text, GraphQL errors and the rest, where they exist
   */
  constructor(kind: TransportErrorKind, message: string, details: TransportErrorDetails = {}) {
    super(kind, message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'TransportError';
    this.status = details.status;
    this.bodyText = details.bodyText;
    this.graphQLErrors = Object.freeze((details.graphQLErrors ?? []).slice());
    this.url = details.url;
    this.operationName = details.operationName;
    this.attempts = details.attempts ?? 1;
    this.timedOut = details.timedOut ?? false;
    this.closeCode = details.closeCode;
    this.closeReason = details.closeReason;
    Object.defineProperty(this, TRANSPORT, { value: true, enumerable: false });
  }
}

/**
 * A {@link TransportError} of kind `http`: a response arrived with a status that is not 2xx. Its
 * `status` and `bodyText` always exist (the body may be empty or HTML); `graphQLErrors` holds the
 * errors of a JSON body with an `errors` list (a 404 answered by a GraphQL server), else `[]`.
 *
 * @example
 * ```ts
 * import type { HttpFailure } from '@matchkit/sdk/transport';
 * const describe = (e: HttpFailure): string => `HTTP ${e.status}: ${e.bodyText.slice(0, 80)}`;
 * ```
 */
export type HttpFailure = TransportError & {
  /** Always `http`. */
  readonly kind: 'http';
  /** The response's status (300 or above, or below 200, or 0 for a browser's opaque redirect). */
  readonly status: number;
  /** The response body as text (possibly empty). */
  readonly bodyText: string;
};

/**
 * A {@link TransportError} of kind `parse`: a 2xx response whose body is not valid JSON (an empty
 * body included). `status` and `bodyText` always exist; `cause` is the JSON `SyntaxError`.
 *
 * @example
 * ```ts
 * import type { ParseFailure } from '@matchkit/sdk/transport';
 * const looksLikeAProxyPage = (e: ParseFailure): boolean => e.bodyText.trimStart().startsWith('<');
 * ```
 */
export type ParseFailure = TransportError & {
  /** Always `parse`. */
  readonly kind: 'parse';
  /** The response's (2xx) status. */
  readonly status: number;
  /** The body that did not parse (possibly empty). */
  readonly bodyText: string;
};

/**
 * A {@link TransportError} of kind `malformed`: valid JSON of the wrong shape (neither `data` nor
 * `errors`, a field of the wrong type, a REST body not of the documented shape). `status` and
 * `bodyText` always exist.
 *
 * @example
 * ```ts
 * import type { MalformedFailure } from '@matchkit/sdk/transport';
 * const report = (e: MalformedFailure): string => `${e.status} ${e.bodyText}`;
 * ```
 */
export type MalformedFailure = TransportError & {
  /** Always `malformed`. */
  readonly kind: 'malformed';
  /** The response's (2xx) status. */
  readonly status: number;
  /** The body, valid JSON of the wrong shape. */
  readonly bodyText: string;
};

/**
 * A {@link TransportError} of kind `graphql`: the server rejected the operation (errors and no
 * data). `graphQLErrors` always has at least one entry. Over HTTP `status` and `bodyText` exist
 * too; for a subscription rejected over WebSocket they are `undefined`.
 *
 * @example
 * ```ts
 * import type { GraphQLFailure } from '@matchkit/sdk/transport';
 * const code = (e: GraphQLFailure): unknown => e.graphQLErrors[0].extensions?.code;
 * ```
 */
export type GraphQLFailure = TransportError & {
  /** Always `graphql`. */
  readonly kind: 'graphql';
  /** The errors the server reported: never empty. */
  readonly graphQLErrors: readonly [GraphQLResponseError, ...GraphQLResponseError[]];
};

/**
 * A {@link TransportError} of kind `network`: no complete response arrived (DNS, a refused or reset
 * connection, a body cut off, a WebSocket closed for good). `status` exists only when the headers
 * arrived before the body was cut off; `closeCode` and `closeReason` only for WebSockets.
 *
 * @example
 * ```ts
 * import type { NetworkFailure } from '@matchkit/sdk/transport';
 * const signInAgain = (e: NetworkFailure): boolean => e.closeCode === 4403;
 * ```
 */
export type NetworkFailure = TransportError & {
  /** Always `network`. */
  readonly kind: 'network';
};

/**
 * A {@link TransportError} of kind `aborted`: the caller's `AbortSignal` fired (`timedOut` false)
 * or the request's `timeoutMs` passed (`timedOut` true), or a subscription was started on a
 * disposed client.
 *
 * @example
 * ```ts
 * import type { AbortedFailure } from '@matchkit/sdk/transport';
 * const slow = (e: AbortedFailure): boolean => e.timedOut;
 * ```
 */
export type AbortedFailure = TransportError & {
  /** Always `aborted`. */
  readonly kind: 'aborted';
  /** True when the request's own timeout aborted it. */
  readonly timedOut: boolean;
};

/**
 * The transport's failures as one discriminated union over {@link TransportError}: narrowing on
 * `kind` gives each kind the fields that always exist for it (`status: number` and
 * `bodyText: string` for `http`, `parse` and `malformed`; a non-empty `graphQLErrors` for
 * `graphql`). {@link isTransportError} narrows to it; every transport call rejects with it.
 *
 * @example
 * ```ts
 * import { isTransportError, type TransportFailure } from '@matchkit/sdk/transport';
 * function explain(e: TransportFailure): string {
 *   switch (e.kind) {
 *     case 'http': return `the platform answered ${e.status}`;
 *     case 'graphql': return e.graphQLErrors[0].message;
 *     case 'aborted': return e.timedOut ? 'the platform is slow' : 'cancelled';
 *     default: return e.message;
 *   }
 * }
 * const onError = (e: unknown) => (isTransportError(e) ? explain(e) : String(e));
 * ```
 */
export type TransportFailure = HttpFailure | ParseFailure | MalformedFailure | GraphQLFailure | NetworkFailure | AbortedFailure;

/**
 * True when `value` is a {@link TransportError} made by any copy of `@matchkit/sdk` (the check
 * reads the transport's registry-symbol mark and the kind, not the class identity), and only
 * then: another module's `MatchkitError` of a shared kind (a cancelled casino simulation rejects
 * with kind `aborted`) is not a transport failure. It narrows to the {@link TransportFailure}
 * union, so a following check of `kind` narrows the fields too.
 *
 * @example
 * ```ts
 * import { createGraphQLClient, isTransportError, MeQuery } from '@matchkit/sdk/transport';
 * try {
 *   await createGraphQLClient({ url: 'http://127.0.0.1:9/graphql', retry: false }).request({ query: MeQuery });
 * } catch (e) {
 *   if (isTransportError(e) && e.kind === 'http') {
 *     const status: number = e.status; // a number, not number | undefined
 *     console.error(status, e.bodyText);
 *   } else if (isTransportError(e)) {
 *     console.error(e.kind); // logs network: nothing listens on port 9
 *   } else throw e;
 * }
 * isTransportError(new Error('x')); // false
 * ```
 */
export function isTransportError(value: unknown): value is TransportFailure {
  return (
    isMatchkitError(value) &&
    (value as { [TRANSPORT]?: unknown })[TRANSPORT] === true &&
    (TRANSPORT_ERROR_KINDS as readonly string[]).includes(value.kind)
  );
}
