// The one exchange every GraphQL-over-HTTP call of the transport makes, whatever the client: one
// fetch, the body read as text, and every outcome classified into the TransportError union.
// `exchangeJson` (http.ts: the full clients, with timeouts and retries around it) and
// `graphqlRequest` (request.ts: the lean entry) both call `attemptJson` for each attempt and
// `graphQLResultOf` for the body, so the two can never classify a response differently.
import { TransportError, type GraphQLResponseError, type TransportErrorDetails, type TransportErrorKind } from './errors';
import { isRecord } from '../internal/guards';

/** The fetch an exchange calls (the global one by default). */
export type ExchangeFetch = (url: string, init: RequestInit) => Promise<Response>;

/** What an exchange knows so far; every TransportError it makes carries these fields. */
export interface ExchangeState {
  readonly url: string;
  readonly operationName: string | undefined;
  attempts: number;
  status: number | undefined;
  bodyText: string | undefined;
}

/** Makes a TransportError of the exchange: its message starts with the request, its details are the state's. */
export type ExchangeFail = (kind: TransportErrorKind, message: string, details?: TransportErrorDetails) => TransportError;

/** The `fail` of an exchange of `state` by `method`. */
export function failFor(method: string, state: ExchangeState): ExchangeFail {
  const target = `${method} ${state.url}${state.operationName === undefined ? '' : ` (operation ${state.operationName})`}`;
  return (kind, message, details) => new TransportError(kind, `${target} ${message}`, { ...state, ...details });
}

/** An error's message, or the thrown value as text. */
export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** What is said of variables that JSON.stringify refused (the HTTP clients' and the subscription client's words). */
export const notJson = (cause: unknown): string => `cannot be sent as JSON (${errorText(cause)})`;

/** True for a plain object (`{}` or `Object.create(null)`), the only `data` or `variables` the transport accepts. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Reads `errors` of a parsed GraphQL-ish body: the list when it is a list of error objects. */
export function graphQLErrorsOf(json: unknown): GraphQLResponseError[] | undefined {
  const errors = isRecord(json) ? json.errors : undefined;
  return Array.isArray(errors) &&
    errors.every((e) => typeof e === 'object' && e !== null && typeof (e as { message?: unknown }).message === 'string')
    ? (errors as GraphQLResponseError[])
    : undefined;
}

/** A network failure's text: the error's, with its cause's code (`ECONNREFUSED`) when it has one. */
function messageOf(error: unknown): string {
  const code = error instanceof Error ? (error.cause as { code?: unknown } | undefined)?.code : undefined;
  return typeof code === 'string' ? `${errorText(error)}: ${code}` : errorText(error);
}

/**
 * One attempt of an exchange: counts it, fetches `state.url` with `init` and reads the body.
 * Resolves to the parsed JSON of a 2xx response whose body is valid JSON; otherwise rejects with a
 * TransportError: `aborted` (made by `aborted`, when `init.signal` fired before or during the
 * attempt), `network` (no complete response: the caller may retry), `http` (any status that is
 * not 2xx, keeping the GraphQL errors of a JSON body) or `parse` (a 2xx body that is not JSON).
 * Redirects are never followed (`redirect: 'manual'`): a 3xx is an `http` error, so no header
 * of the request can reach the redirect's target.
 */
export async function attemptJson(
  fetch: ExchangeFetch,
  init: RequestInit,
  state: ExchangeState,
  fail: ExchangeFail,
  aborted: (cause: unknown) => TransportError,
): Promise<unknown> {
  // A function, not a narrowed field: the signal may fire while the fetch is awaited.
  const fired = (): boolean => init.signal?.aborted === true;
  if (fired()) throw aborted(init.signal?.reason);
  state.attempts += 1;
  let response: Response | undefined;
  try {
    response = await fetch(state.url, { ...init, redirect: 'manual' });
    state.bodyText = await response.text();
  } catch (cause) {
    throw fired()
      ? aborted(cause)
      : fail(
          'network',
          `failed: ${response === undefined ? 'no response' : `the response body (status ${response.status}) was cut off`} (${messageOf(cause)})`,
          {
            status: response?.status,
            cause,
          },
        );
  }
  const status = (state.status = response.status);
  const bodyText = state.bodyText;
  let json: unknown;
  let parseError: unknown;
  try {
    json = JSON.parse(bodyText);
  } catch (error) {
    parseError = error;
  }
  if (status < 200 || status >= 300) {
    const graphQLErrors = parseError === undefined ? graphQLErrorsOf(json) : undefined;
    const first = graphQLErrors?.[0]?.message;
    throw fail(
      'http',
      `answered HTTP ${status}${response.statusText ? ` ${response.statusText}` : ''}${first === undefined ? '' : `: ${first}`}`,
      { graphQLErrors },
    );
  }
  if (parseError !== undefined) {
    throw fail('parse', `answered HTTP ${status} with a body that is not valid JSON${bodyText === '' ? ' (empty body)' : ''}`, {
      cause: parseError,
    });
  }
  return json;
}

/** A GraphQL result: `data`, the errors reported beside it (a partial result) and `extensions`. */
export interface ExchangeResult<TData> {
  readonly data: TData;
  readonly errors?: readonly GraphQLResponseError[];
  readonly extensions?: Readonly<Record<string, unknown>>;
}

/**
 * Classifies a parsed 2xx body by the transport's rules: not a GraphQL response, or neither `data`
 * nor `errors`, is `malformed`; errors with no (or null) data are `graphql`; data (with or
 * without errors) resolves.
 */
export function graphQLResultOf<TData>(response: { readonly json: unknown; readonly fail: ExchangeFail }): ExchangeResult<TData> {
  const { json, fail } = response;
  const malformed = (why: string) => fail('malformed', `answered with ${why}`);
  if (!isPlainObject(json)) throw malformed('JSON that is not a GraphQL response object');
  const { data, errors: listed, extensions } = json;
  if (data === undefined && listed === undefined) throw malformed('neither data nor errors (a missing response)');
  const errors = listed === undefined ? [] : graphQLErrorsOf(json);
  if (errors === undefined) throw malformed('an `errors` field that is not a list of error objects with a message');
  if (data !== undefined && data !== null && !isPlainObject(data)) throw malformed('a `data` field that is not an object');
  if (data === undefined || data === null) {
    if (errors.length === 0) throw malformed('no data and no errors');
    throw fail('graphql', `failed: ${errors[0]?.message ?? 'GraphQL error'}`, { graphQLErrors: errors });
  }
  return {
    data: data as TData,
    ...(errors.length > 0 ? { errors } : {}),
    ...(isPlainObject(extensions) ? { extensions } : {}),
  };
}

/** The headers of every GraphQL POST: JSON in, the GraphQL response media type preferred out. */
export const GRAPHQL_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'application/json',
  accept: 'application/graphql-response+json, application/json;q=0.9',
};
