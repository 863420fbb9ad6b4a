import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';
import { textOf, type TextDocument } from './document';
import type { TransportError } from './errors';
import { attemptJson, failFor, GRAPHQL_HEADERS, graphQLResultOf, isPlainObject, notJson, type ExchangeState } from './exchange';
import type { GraphQLResult } from './graphql-client';
import {
  absoluteUrl,
  checkHeaders,
  checkTable,
  isSecureForCredentials,
  mergeHeaders,
  optionsObject,
  RULE_FN,
  RULE_TEXT,
  SIGNAL_RULE,
  type Rule,
  type TransportFetch,
} from './http';

/**
 * What {@link graphqlRequest} sends: the document as text, its variables and operation name, and
 * the call's own headers, abort signal and fetch.
 *
 * @typeParam TData - the result type a typed document carries
 * @typeParam TVariables - the variables type a typed document carries
 *
 * @example
 * ```ts
 * import { TrackedBetsQuery, type GraphQLRequestInit } from '@matchkit/sdk/transport';
 * const init: GraphQLRequestInit = { query: TrackedBetsQuery, variables: { first: 20 }, signal: AbortSignal.timeout(10_000) };
 * ```
 */
export interface GraphQLRequestInit<TData = Record<string, unknown>, TVariables = Record<string, unknown>> {
  /**
   * GraphQL text or a {@link TypedDocumentString} (the platform's operations are these, as is the
   * `TypedDocumentString` class of GraphQL Code Generator's "string" mode). A `DocumentNode` is not
   * accepted here: {@link createGraphQLClient} prints one.
   */
  readonly query: TextDocument<TData, TVariables>;
  /** The operation's variables (a plain object). */
  readonly variables?: TVariables;
  /**
   * The operation to run, sent as `operationName` and named in error messages; required by the
   * server when the document defines several.
   */
  readonly operationName?: string;
  /**
   * Headers of this request. `content-type` and `accept` are the transport's (JSON in, the
   * GraphQL response media type preferred out). A plain object only (a `Headers` is refused:
   * pass `Object.fromEntries(headers)`). The credential headers `Authorization`, `Cookie` and
   * `Proxy-Authorization` are refused for a plain `http:` url to a host that is not loopback.
   */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * Aborts the request: it rejects with kind `aborted`. Use `AbortSignal.timeout(ms)` for a
   * timeout: when the signal's reason is a `TimeoutError` (as `AbortSignal.timeout` sets), the
   * failure has `timedOut: true`; any other abort has `timedOut: false`.
   */
  readonly signal?: AbortSignal;
  /**
   * The fetch to use.
   * @defaultValue the global `fetch`, looked up at each call
   */
  readonly fetch?: TransportFetch;
}

/** Headers that carry a credential: refused over plain `http:` to a host that is not loopback. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

const REQUEST_RULES: Readonly<Record<string, Rule>> = {
  variables: [isPlainObject, 'must be a plain object'],
  operationName: RULE_TEXT,
  // A plain object only: a `Headers` (or a Map) has no own enumerable entries, so its headers
  // would be dropped without a word.
  headers: (headers, path, issues) => {
    if (isPlainObject(headers)) (checkHeaders as Extract<Rule, (...args: never[]) => void>)(headers, path, issues);
    else
      issues.push({
        path,
        message: 'must be a plain object of header names to string values (for a Headers, pass Object.fromEntries(headers))',
      });
  },
  signal: SIGNAL_RULE,
  fetch: RULE_FN,
};

/**
 * The smallest GraphQL-over-HTTP call of the sdk: one `POST` of JSON
 * `{ operationName, variables, query }` to `url`, resolved or rejected exactly as a
 * {@link createGraphQLClient} request is (both make each attempt with the same code): it resolves
 * to `{ data, errors?, extensions? }` (errors beside data are a partial result) and rejects with
 * a {@link TransportFailure} of kind `aborted`, `network`, `http`, `parse`, `malformed` or
 * `graphql`, with the same fields. What it leaves out, to stay small: no retries (a `network`
 * failure rejects at once, `attempts: 1`), no timeout but the caller's `signal` (an
 * `AbortSignal.timeout(ms)` rejects with `timedOut: true`), no
 * `DocumentNode` printing (pass text or a typed document string), no check of the document's
 * operations (a subscription is sent as it is), no cookie read and no token added.
 *
 * Credentials: it sends only the headers you give, to `url` only. Redirects are not followed (a
 * 3xx rejects with kind `http`), so no header reaches another host; fetch's `credentials` is
 * `'same-origin'`, so the browser's cookies never go to another origin; and an `Authorization`,
 * `Cookie` or `Proxy-Authorization` header over plain `http:` to a host that is not loopback is
 * refused before anything is sent.
 *
 * @param url - absolute http(s) URL of the GraphQL endpoint
 * @param init - the document, variables, operation name, headers, abort signal and fetch
 * @returns the result data, with the errors reported beside it and the response's extensions
 * @throws MatchkitValidationError (as a rejection, nothing sent) naming each bad field: `url`,
 * `query`, `variables`, `operationName`, `headers`, `signal`, `fetch`
 *
 * @example
 * ```ts
 * import { graphqlRequest, isTransportError, PlansQuery } from '@matchkit/sdk/transport';
 * try {
 *   const { data } = await graphqlRequest('https://api.example.com/graphql', {
 *     query: PlansQuery,
 *     signal: AbortSignal.timeout(10_000),
 *   });
 *   console.warn(data.plans.map((p) => p.price.monthly));
 * } catch (e) {
 *   if (isTransportError(e)) console.error(e.kind, e.status, e.graphQLErrors);
 * }
 * ```
 */
export async function graphqlRequest<TData = Record<string, unknown>, TVariables = Record<string, unknown>>(
  url: string,
  init: GraphQLRequestInit<TData, TVariables>,
): Promise<GraphQLResult<TData>> {
  const issues: ValidationIssue[] = [];
  const target = absoluteUrl(url, 'url', issues);
  const o = optionsObject(init, 'GraphQL request');
  // Text or a String object (GraphQL Code Generator's TypedDocumentString class), from any realm.
  const text = textOf(o.query) ?? '';
  if (text.trim() === '') {
    issues.push({
      path: 'query',
      message: 'must be non-empty GraphQL text or a typed document string (createGraphQLClient takes a DocumentNode)',
    });
  }
  checkTable(o, REQUEST_RULES, issues);
  if (target !== undefined && isPlainObject(o.headers) && !isSecureForCredentials(target)) {
    for (const name of Object.keys(o.headers)) {
      if (CREDENTIAL_HEADERS.includes(name.toLowerCase())) {
        issues.push({
          path: `headers.${name}`,
          message: `is a credential that would cross the network unencrypted to ${target.hostname}: use https (or a loopback host)`,
        });
      }
    }
  }
  const fetch = init.fetch ?? (typeof globalThis.fetch === 'function' ? (u: string, i: RequestInit) => globalThis.fetch(u, i) : undefined);
  if (fetch === undefined) issues.push({ path: 'fetch', message: 'no global fetch on this platform: pass a fetch implementation' });
  let body = '';
  try {
    body = JSON.stringify({ operationName: init.operationName ?? null, variables: init.variables ?? {}, query: text });
  } catch (cause) {
    issues.push({ path: 'variables', message: notJson(cause) });
  }
  if (issues.length > 0 || target === undefined || fetch === undefined) throw new MatchkitValidationError('GraphQL request', issues);
  const state: ExchangeState = { url: target.href, operationName: init.operationName, attempts: 0, status: undefined, bodyText: undefined };
  const fail = failFor('POST', state);
  // `AbortSignal.timeout(ms)` (the lean request's only timeout) aborts with a TimeoutError: that is a timeout.
  const aborted = (cause: unknown): TransportError => {
    const timedOut = (init.signal?.reason as { name?: unknown } | undefined)?.name === 'TimeoutError';
    return fail('aborted', timedOut ? 'timed out (its signal aborted with a TimeoutError)' : 'was aborted', { timedOut, cause });
  };
  const json = await attemptJson(
    fetch,
    {
      method: 'POST',
      headers: mergeHeaders(init.headers, GRAPHQL_HEADERS),
      body,
      credentials: 'same-origin',
      ...(init.signal ? { signal: init.signal } : {}),
    },
    state,
    fail,
    aborted,
  );
  return graphQLResultOf<TData>({ json, fail });
}
