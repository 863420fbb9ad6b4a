import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';
import { unknownOptions, type OptionKeys } from '../internal/keys';
import { documentInfo, selectOperation, type GraphQLDocument, type OperationType } from './document';
import type { GraphQLResponseError } from './errors';
import { GRAPHQL_HEADERS, graphQLResultOf, isPlainObject, notJson } from './exchange';
import {
  buildHeaders,
  checkRequestOptions,
  checkTable,
  COMMON_RULES,
  exchangeJson,
  absoluteUrl,
  mergeHeaders,
  optionsObject,
  platformDefaults,
  resolveRetry,
  resolveTransport,
  RULE_HEADER,
  RETRY_KEYS,
  RULE_TEXT,
  tokenPolicyFor,
  type InsecureTransportPolicy,
  type TransportFetch,
  type HttpPlatform,
  type Rule,
  type TransportRequestOptions,
  type TransportRetryOptions,
  type TransportTimers,
  type TransportOptions,
} from './http';

/**
 * One GraphQL request: the document, its variables and, for a document with several operations,
 * the operation to run. With a typed document (a {@link TypedDocumentString} such as the
 * platform's operations, or a `TypedDocumentNode`) the result and variables types follow from the
 * document.
 *
 * @example
 * ```ts
 * import { TrackedBetsQuery, type GraphQLRequest } from '@matchkit/sdk/transport';
 * const request: GraphQLRequest = { query: TrackedBetsQuery, variables: { first: 20 } };
 * ```
 */
export interface GraphQLRequest<TData = Record<string, unknown>, TVariables = Record<string, unknown>> {
  /** GraphQL text, a {@link TypedDocumentString}, a `DocumentNode` or a `TypedDocumentNode`. */
  readonly query: GraphQLDocument<TData, TVariables>;
  /** The operation's variables (a plain object). */
  readonly variables?: TVariables;
  /** Which operation of the document to run; required only when it defines several. */
  readonly operationName?: string;
}

/**
 * What a request resolves to: `data`, and `errors` when the server reported some alongside data
 * (a partial result). A response with errors and no data rejects instead (kind `graphql`).
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, MeQuery } from '@matchkit/sdk/transport';
 * const client = createGraphQLClient({ url: 'https://api.example.com/graphql' });
 * const { data, errors } = await client.request({ query: MeQuery });
 * if (errors !== undefined) console.warn('partial result', errors);
 * console.warn(data.me?.email);
 * ```
 */
export interface GraphQLResult<TData = Record<string, unknown>> {
  /** The result data (never null: a null result with errors rejects with kind `graphql`). */
  readonly data: TData;
  /** Errors reported alongside the data (fields that failed); absent when there were none. */
  readonly errors?: readonly GraphQLResponseError[];
  /** The response's `extensions`, when it had any. */
  readonly extensions?: Readonly<Record<string, unknown>>;
}

/**
 * A GraphQL-over-HTTP client made by {@link createGraphQLClient} or
 * {@link createAuthServiceClient}.
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, PlansQuery } from '@matchkit/sdk/transport';
 * const client = createGraphQLClient({ url: 'https://api.example.com/graphql' });
 * const { data } = await client.request({ query: PlansQuery });
 * data.plans.map((p) => p.price.monthly);
 * ```
 */
export interface GraphQLClient {
  /** The endpoint every request is posted to. */
  readonly url: string;
  /**
   * Posts one operation and resolves to its result, or rejects with a {@link TransportFailure}
   * (`aborted`, `network`, `http`, `parse`, `malformed`, `graphql`: narrow it with
   * {@link isTransportError} and `kind`), or with a MatchkitValidationError (never sent) when the
   * request itself is invalid.
   *
   * @param request - document, variables and operation name
   * @param options - abort signal, timeout, retry policy and headers for this request
   */
  request<TData = Record<string, unknown>, TVariables = Record<string, unknown>>(
    request: GraphQLRequest<TData, TVariables>,
    options?: TransportRequestOptions,
  ): Promise<GraphQLResult<TData>>;
}

interface Endpoint {
  readonly url: string;
  readonly platform: HttpPlatform;
  readonly retry: Required<TransportRetryOptions> | false;
  readonly timeoutMs: number | undefined;
  readonly headersFor: (perRequest: Readonly<Record<string, string>> | undefined) => Record<string, string>;
}

const REQUEST_RULES: Readonly<Record<string, Rule>> = { variables: [isPlainObject, 'must be a plain object'], operationName: RULE_TEXT };

function makeRequest(endpoint: Endpoint): GraphQLClient['request'] {
  return async function request<TData, TVariables>(
    req: GraphQLRequest<TData, TVariables>,
    options?: TransportRequestOptions,
  ): Promise<GraphQLResult<TData>> {
    if (typeof req !== 'object' || req === null) {
      throw new MatchkitValidationError('GraphQL request', [{ path: '', message: 'must be an object with a query' }]);
    }
    checkRequestOptions(options);
    const issues: ValidationIssue[] = [];
    checkTable(req as unknown as Record<string, unknown>, REQUEST_RULES, issues);
    if (issues.length > 0) throw new MatchkitValidationError('GraphQL request', issues);
    const info = documentInfo(req.query);
    const op = selectOperation(info, req.operationName);
    if (op.type === 'subscription') {
      throw new MatchkitValidationError('GraphQL request', [
        { path: 'query', message: 'is a subscription: subscribe with createSubscriptionClient (graphql-transport-ws)' },
      ]);
    }
    let body: string;
    try {
      body = JSON.stringify({ operationName: op.name ?? null, variables: req.variables ?? {}, query: info.text });
    } catch (cause) {
      throw new MatchkitValidationError('GraphQL request', [{ path: 'variables', message: notJson(cause) }]);
    }
    const policy = resolveRetry(endpoint.retry, options?.retry);
    const retry = retryFor(op.type, policy);
    const response = await exchangeJson(endpoint.platform, {
      method: 'POST',
      url: endpoint.url,
      headers: endpoint.headersFor(options?.headers),
      body,
      operationName: op.name,
      retry,
      signal: options?.signal,
      timeoutMs: options?.timeoutMs ?? endpoint.timeoutMs,
    });
    return graphQLResultOf<TData>(response);
  };
}

/** Queries retry by the policy; mutations (and operations whose type could not be read) only when `mutations` is on. */
function retryFor(
  type: OperationType | undefined,
  policy: Required<TransportRetryOptions> | false,
): Required<TransportRetryOptions> | false {
  if (policy === false) return false;
  if (type === 'query') return policy;
  return policy.mutations ? policy : false;
}

/**
 * Creates a client for the platform's GraphQL endpoint (spec section 7). Every request is a
 * `POST` of JSON `{ operationName, variables, query }` to `options.url`, with the country header
 * (`country: gb` by default) and, when the JWT cookie (`_opjwt` by default) is set,
 * `Authorization: Bearer <jwt>`. The token is read at each request and is only ever sent to the
 * origin of `options.url`: redirects are not followed (a 3xx is an `http` error), so it cannot be
 * forwarded either. It only travels over `https:` or to a loopback host: a plain `http:` url to
 * another host is refused at creation unless `insecureTransport` says otherwise (see
 * {@link InsecureTransportPolicy}). The options are read once, here: later changes to the object
 * do not affect the client. A factory, not a singleton: one client per server-rendered request is
 * fine.
 *
 * Error rules (see {@link TransportError}): a status of 300 or above is `http` whatever the body
 * (GraphQL errors in a JSON body are kept); a body that is not JSON is `parse`; JSON with neither
 * `data` nor `errors` is `malformed`; errors with null or absent `data` are `graphql`; data with
 * errors resolves as a partial result. Network failures are retried with jittered backoff (two
 * retries by default) for queries only; mutations are not retried unless `retry.mutations` is on.
 * Rejections are {@link TransportFailure}s, a union discriminated by `kind`.
 *
 * @param options - endpoint, cookie and header settings, and injectable platform pieces
 * @throws MatchkitValidationError listing every bad option (a plain-http url to a remote host
 * included, unless `insecureTransport` allows it)
 *
 * @example
 * ```ts
 * import { createGraphQLClient, MeQuery, isTransportError } from '@matchkit/sdk/transport';
 * const client = createGraphQLClient({ url: 'https://api.example.com/graphql' });
 * try {
 *   const { data } = await client.request({ query: MeQuery }, { timeoutMs: 10_000 });
 *   console.warn(data.me?.capabilities);
 * } catch (e) {
 *   if (isTransportError(e)) console.error(e.kind, e.status, e.graphQLErrors);
 * }
 * ```
 */
export function createGraphQLClient(options: TransportOptions): GraphQLClient {
  const transport = resolveTransport(options);
  const target = new URL(transport.url);
  const endpoint: Endpoint = {
    url: transport.url,
    platform: transport,
    retry: transport.retry,
    timeoutMs: transport.timeoutMs,
    headersFor: (perRequest) => buildHeaders(transport, target, GRAPHQL_HEADERS, perRequest),
  };
  return Object.freeze({ url: transport.url, request: makeRequest(endpoint) });
}

/**
 * Options of {@link createAuthServiceClient}.
 *
 * @example
 * ```ts
 * import type { AuthServiceClientOptions } from '@matchkit/sdk/transport';
 * const options: AuthServiceClientOptions = { url: 'https://auth.example.com/graphql', apiKey: 'from-your-secret-store' };
 * ```
 */
export interface AuthServiceClientOptions {
  /** Absolute http(s) URL of the auth service's GraphQL endpoint (`POST /graphql`). */
  readonly url: string;
  /** The API key. Kept in a closure: never a property of the client, never in a message or log. */
  readonly apiKey: string;
  /**
   * Name of the API key header.
   * @defaultValue `'x-api-key'`
   */
  readonly apiKeyHeader?: string;
  /**
   * The fetch to use.
   * @defaultValue the global `fetch` (Node 18+ has one)
   */
  readonly fetch?: TransportFetch;
  /** Extra headers sent with every request (the API key header wins on a clash). */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * What to do when `url` is plain `http:` to a host that is not loopback, where the API key would
   * cross the network unencrypted: `'refuse'` (throw at creation) or `'allow-token'` (send it
   * anyway: a network you trust, such as a service mesh with mutual TLS). `'anonymous'` is not a
   * choice here: the auth service needs its key.
   * @defaultValue `'refuse'`
   */
  readonly insecureTransport?: Exclude<InsecureTransportPolicy, 'anonymous'>;
  /** Default timeout of a whole request in ms; none when absent. */
  readonly timeoutMs?: number;
  /** Retry policy for network failures; `false` turns retries off. */
  readonly retry?: TransportRetryOptions | false;
  /**
   * Uniform numbers in [0, 1) for the retry jitter.
   * @defaultValue `Math.random`
   */
  readonly random?: () => number;
  /**
   * Waits between retries.
   * @defaultValue a timer-based sleep that an abort ends early
   */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /**
   * TransportTimers for timeouts.
   * @defaultValue the global `setTimeout` / `clearTimeout`
   */
  readonly timers?: TransportTimers;
}

/** Every option of {@link AuthServiceClientOptions}: any other key is refused by name. */
const AUTH_SERVICE_KEYS: OptionKeys<AuthServiceClientOptions> = {
  url: 0,
  apiKey: 0,
  apiKeyHeader: 0,
  fetch: 0,
  headers: 0,
  insecureTransport: 0,
  timeoutMs: 0,
  retry: 0,
  random: 0,
  sleep: 0,
  timers: 0,
};

/**
 * Creates the server-render client of the separate auth service (spec section 7): `POST /graphql`
 * with an API key header. It reads no cookie and touches no browser global, so it runs in Node
 * (and any server runtime with `fetch`); the same error union, timeout and retry rules as
 * {@link createGraphQLClient} apply. The key is held in a closure: it is not a property of the
 * client, it is never logged, and it is only sent to `options.url` (redirects are not followed),
 * over `https:` or to a loopback host unless `insecureTransport` is `'allow-token'`.
 *
 * @param options - the endpoint, the API key and injectable platform pieces
 * @throws MatchkitValidationError listing every bad option (the key's value is never echoed), a
 * plain-http url to a remote host included
 *
 * @example
 * ```ts network
 * import { createAuthServiceClient } from '@matchkit/sdk/transport';
 * const auth = createAuthServiceClient({
 *   url: 'https://api.example.com/auth/graphql',
 *   apiKey: process.env.AUTH_SERVICE_API_KEY ?? '',
 * });
 * const { data } = await auth.request<{ session: { user: { id: string } } | null }>({
 *   query: 'query Session($token: String!) { session(token: $token) { user { id } } }',
 *   variables: { token: 'jwt-from-the-request-cookie' },
 * });
 * data.session; // null: that is no token the platform issued
 * ```
 */
export function createAuthServiceClient(options: AuthServiceClientOptions): GraphQLClient {
  const o = optionsObject(options, 'auth service options');
  const issues: ValidationIssue[] = [];
  const url = absoluteUrl(o.url, 'url', issues);
  if (url !== undefined) tokenPolicyFor(url, o.insecureTransport, issues, 'the API key', false);
  // A missing key is checked as an empty one: the key is required.
  checkTable({ ...o, apiKey: o.apiKey ?? '' }, { apiKey: RULE_TEXT, apiKeyHeader: RULE_HEADER, ...COMMON_RULES }, issues);
  unknownOptions(o, AUTH_SERVICE_KEYS, issues);
  unknownOptions(o.retry, RETRY_KEYS, issues, 'retry');
  if (issues.length > 0 || url === undefined) throw new MatchkitValidationError('auth service options', issues);
  const apiKey = options.apiKey;
  const apiKeyHeader = options.apiKeyHeader ?? 'x-api-key';
  const extra = Object.freeze({ ...options.headers });
  const href = url.href;
  const endpoint: Endpoint = {
    url: href,
    platform: platformDefaults(options),
    retry: resolveRetry(options.retry),
    timeoutMs: options.timeoutMs,
    headersFor: (perRequest) => mergeHeaders(extra, perRequest, GRAPHQL_HEADERS, { [apiKeyHeader]: apiKey }),
  };
  return Object.freeze({ url: href, request: makeRequest(endpoint) });
}
