import { MatchkitValidationError } from '../errors/errors';
import type { IntegrationsCheck, IntegrationStatus, IntegrationStatusMap, Tool } from '../model/schemas';
import type { GqlProfitTotals } from './generated/operations';
import {
  buildHeaders,
  checkRequestOptions,
  exchangeJson,
  resolveRetry,
  resolveTransport,
  type TransportRequestOptions,
  type ResolvedTransport,
  type TransportOptions,
} from './http';
import { isRecord } from '../internal/guards';
import { readOptions } from '../internal/keys';

export type { IntegrationsCheck, IntegrationStatusMap } from '../model/schemas';

/**
 * The body of `GET /api/user/integrations/external/logout?integration=...`: the member's statuses
 * after the logout (the logged-out integration is then `disconnected`).
 *
 * @example
 * ```ts
 * import type { IntegrationLogout } from '@matchkit/sdk/transport';
 * const answer: IntegrationLogout = { data: { matchbook: 'disconnected' } };
 * ```
 */
export interface IntegrationLogout {
  /** Status per integration after the logout. */
  readonly data: IntegrationStatusMap;
}

/**
 * The six profit-tracker totals endpoints of spec section 7, by name. They are REST `GET`s under
 * `/api/user/profit-tracker/` (the names contain `/`, so they are paths, not GraphQL field names).
 *
 * @example
 * ```ts
 * import { TRACKER_TOTALS_ENDPOINTS } from '@matchkit/sdk/transport';
 * TRACKER_TOTALS_ENDPOINTS.length; // 6
 * ```
 */
export const TRACKER_TOTALS_ENDPOINTS = Object.freeze([
  'two-up-tracker/getMyBetsTotals',
  'extra-place-catcher/getMyBetsTotals',
  'getPartLayMyBetsTotals',
  'getNoLayMyBetsTotals',
  'lucky-finder/getMyBetsTotals',
  'golf-master/getNoLayMyBetsTotals',
] as const);

/**
 * One of {@link TRACKER_TOTALS_ENDPOINTS}.
 *
 * @example
 * ```ts
 * import type { TrackerTotalsEndpoint } from '@matchkit/sdk/transport';
 * const endpoint: TrackerTotalsEndpoint = 'lucky-finder/getMyBetsTotals';
 * ```
 */
export type TrackerTotalsEndpoint = (typeof TRACKER_TOTALS_ENDPOINTS)[number];

/**
 * Totals of a member's tracked bets, in integer pence. `profit` and the four per-type figures are
 * settled profit (negative for a loss; void bets count for nothing); `pendingProfit` is the
 * expected profit of bets not yet settled. The same type as the GraphQL `ProfitTotals`
 * ({@link GqlProfitTotals}).
 *
 * @example
 * ```ts
 * import type { TrackerTotals } from '@matchkit/sdk/transport';
 * const totals: TrackerTotals = {
 *   betCount: 3, staked: 6000, profit: 1250, pendingProfit: 0,
 *   guaranteed: 1500, potential: 0, training: 0, ev: -250,
 * };
 * ```
 */
export type TrackerTotals = GqlProfitTotals;

/**
 * The body of a totals endpoint: `{ data: TrackerTotals }`.
 *
 * @example
 * ```ts network
 * import { getTrackerTotals } from '@matchkit/sdk/transport';
 * const { data } = await getTrackerTotals({ url: 'https://api.example.com/graphql' }, 'lucky-finder/getMyBetsTotals');
 * data.profit; // pence
 * ```
 */
export interface TrackerTotalsResponse {
  /** The totals. */
  readonly data: TrackerTotals;
}

/**
 * The integration statuses the platform reports: the values of the model's
 * `integrationStatusSchema` and of the platform schema's `IntegrationStatus` enum (tests keep all
 * three lists equal, and the model's type equal to the generated `GqlIntegrationStatus`). The REST
 * bodies are checked by hand rather than with a schema: three small shapes, and no schema library
 * in the transport's bundle.
 *
 * @example
 * ```ts
 * import { INTEGRATION_STATUSES } from '@matchkit/sdk/transport';
 * INTEGRATION_STATUSES.includes('expired'); // true
 * ```
 */
export const INTEGRATION_STATUSES: readonly IntegrationStatus[] = Object.freeze(['connected', 'disconnected', 'expired']);

type Issues = { path: string; message: string }[];
/** Checks a body and returns it typed, or lists what is wrong with it. */
type BodyCheck<T> = (json: unknown, issues: Issues) => T;

function statusMap(value: unknown, path: string, issues: Issues): IntegrationStatusMap {
  if (!isRecord(value)) {
    issues.push({ path, message: 'must be an object of integration names to statuses' });
    return {};
  }
  for (const [name, status] of Object.entries(value)) {
    if (!(INTEGRATION_STATUSES as readonly unknown[]).includes(status)) {
      issues.push({ path: `${path}.${name}`, message: `must be one of ${INTEGRATION_STATUSES.join(', ')}` });
    }
  }
  return value as IntegrationStatusMap;
}

const checkBody: BodyCheck<IntegrationsCheck> = (json, issues) => {
  if (!isRecord(json)) {
    issues.push({ path: '', message: 'must be an object with data and error' });
    return { data: null, error: true };
  }
  if (typeof json.error !== 'boolean') issues.push({ path: 'error', message: 'must be a boolean' });
  const data = json.data === undefined || json.data === null ? null : statusMap(json.data, 'data', issues);
  if (data === null && json.error !== true) issues.push({ path: 'data', message: 'must be an object of statuses when error is false' });
  return { data, error: json.error === true };
};

const logoutBody: BodyCheck<IntegrationLogout> = (json, issues) => {
  if (!isRecord(json)) {
    issues.push({ path: '', message: 'must be an object with data' });
    return { data: {} };
  }
  return { data: statusMap(json.data, 'data', issues) };
};

const TOTAL_FIELDS = ['betCount', 'staked', 'profit', 'pendingProfit', 'guaranteed', 'potential', 'training', 'ev'] as const;
const NON_NEGATIVE = new Set<string>(['betCount', 'staked']);

const totalsBody: BodyCheck<TrackerTotalsResponse> = (json, issues) => {
  const data = isRecord(json) ? json.data : undefined;
  if (!isRecord(data)) {
    issues.push({ path: 'data', message: 'must be an object of totals' });
    return { data: json as TrackerTotals };
  }
  for (const field of TOTAL_FIELDS) {
    const v = data[field];
    if (!Number.isSafeInteger(v)) issues.push({ path: `data.${field}`, message: 'must be a whole number (pence or a count)' });
    else if (NON_NEGATIVE.has(field) && (v as number) < 0) issues.push({ path: `data.${field}`, message: 'must be at least 0' });
  }
  return { data: data as unknown as TrackerTotals };
};

async function getJson<T>(
  transport: ResolvedTransport,
  path: string,
  query: Readonly<Record<string, string>>,
  check: BodyCheck<T>,
  options: TransportRequestOptions | undefined,
  changesState = false,
): Promise<T> {
  checkRequestOptions(options);
  const policy = resolveRetry(transport.retry, options?.retry);
  const target = new URL(path, transport.restBase);
  for (const [k, v] of Object.entries(query)) target.searchParams.set(k, v);
  const url = target.href;
  const response = await exchangeJson(transport, {
    method: 'GET',
    url,
    headers: buildHeaders(transport, target, { accept: 'application/json' }, options?.headers),
    // A call that changes state on the server is retried only when `retry.mutations` is on, as a
    // GraphQL mutation is: its response may have been lost after the server acted.
    retry: changesState && policy !== false && !policy.mutations ? false : policy,
    signal: options?.signal,
    timeoutMs: options?.timeoutMs ?? transport.timeoutMs,
  });
  const issues: Issues = [];
  const body = check(response.json, issues);
  if (issues.length > 0) {
    const list = issues.map((i) => `${i.path === '' ? '(body)' : i.path}: ${i.message}`).join('; ');
    throw response.fail('malformed', `answered with a body of the wrong shape (${list})`);
  }
  return body;
}

/**
 * `GET /api/user/integrations/external/check` (spec section 7): the member's status per external
 * integration and the error flag, through the same fetch, base URL and authorisation rules as the
 * GraphQL client (`restBaseUrl`, default the origin of `url`; the bearer token only to the origin
 * of `url`, over https or to a loopback host). Network failures are retried by the retry policy;
 * the other failures reject with a {@link TransportFailure}. A body with `error: true` resolves:
 * the flag is the caller's to act on.
 *
 * @param options - the same options as {@link createGraphQLClient}, read (and validated) at every
 * call, so a changed options object takes effect on the next call
 * @param requestOptions - abort signal, timeout, retry policy and headers for this call
 *
 * @example
 * ```ts network
 * import { checkIntegrations } from '@matchkit/sdk/transport';
 * const options = { url: 'https://api.example.com/graphql' };
 * const { data, error } = await checkIntegrations(options);
 * if (!error) console.warn(data);
 * ```
 */
export async function checkIntegrations(options: TransportOptions, requestOptions?: TransportRequestOptions): Promise<IntegrationsCheck> {
  const transport = resolveTransport(options);
  return getJson(transport, 'api/user/integrations/external/check', {}, checkBody, requestOptions);
}

/**
 * `GET /api/user/integrations/external/logout?integration=...` (spec section 7): disconnects one
 * external integration and resolves to the statuses after it. Same base URL and authorisation
 * rules as {@link checkIntegrations}. The spec makes it a `GET`, but it changes state, so it is
 * treated like a mutation: a network failure is not retried unless the retry policy has
 * `mutations: true` (a logout whose response was lost has probably happened; the store's recheck
 * shows the truth).
 *
 * @param options - the same options as {@link createGraphQLClient}
 * @param integration - the integration's name, for example `matchbook`
 * @param requestOptions - abort signal, timeout, retry policy and headers for this call
 * @throws MatchkitValidationError when `integration` is not a non-empty string
 *
 * @example
 * ```ts network
 * import { logoutIntegration } from '@matchkit/sdk/transport';
 * const { data } = await logoutIntegration({ url: 'https://api.example.com/graphql' }, 'matchbook');
 * data.matchbook; // 'disconnected'
 * ```
 */
export async function logoutIntegration(
  options: TransportOptions,
  integration: string,
  requestOptions?: TransportRequestOptions,
): Promise<IntegrationLogout> {
  const transport = resolveTransport(options);
  if (typeof integration !== 'string' || integration.trim() === '') {
    throw new MatchkitValidationError('integration logout', [{ path: 'integration', message: 'must be a non-empty integration name' }]);
  }
  return getJson(transport, 'api/user/integrations/external/logout', { integration }, logoutBody, requestOptions, true);
}

function checkParams(params: unknown, issues: { path: string; message: string }[]): void {
  if (params === undefined) return;
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    issues.push({ path: 'params', message: 'must be an object of string values' });
    return;
  }
  for (const [k, v] of Object.entries(params)) if (typeof v !== 'string') issues.push({ path: `params.${k}`, message: 'must be a string' });
}

/**
 * The options of one tracker totals call: the query parameters and the per-request transport
 * options (abort signal, timeout, retry policy, headers), in one object.
 *
 * @example
 * ```ts
 * import type { TrackerTotalsRequestOptions } from '@matchkit/sdk/transport';
 * const august: TrackerTotalsRequestOptions = { params: { from: '2025-08-01', to: '2025-08-31' }, timeoutMs: 5000 };
 * ```
 */
export interface TrackerTotalsRequestOptions extends TransportRequestOptions {
  /** Query parameters (a tool's `profitTrackerTotalsParams`, a date range, ...): string values only. */
  readonly params?: Readonly<Record<string, string>>;
}

/** The keys of {@link TrackerTotalsRequestOptions}. */
const REQUEST_OPTION_KEYS = ['params', 'signal', 'timeoutMs', 'retry', 'headers'];

/**
 * One of the tracker totals endpoints of spec section 7, as a typed call:
 * `GET /api/user/profit-tracker/{endpoint}?{params}` answering `{ data: TrackerTotals }` (pence
 * checked to be whole numbers; a body of another shape rejects with kind `malformed`).
 *
 * @param options - the same options as {@link createGraphQLClient}
 * @param endpoint - one of {@link TRACKER_TOTALS_ENDPOINTS}
 * @param requestOptions - the query `params`, and abort signal, timeout, retry policy and headers
 * for this call; see {@link TrackerTotalsRequestOptions}
 * @throws MatchkitValidationError when `endpoint` is not one of the six, a param is not a string,
 * `requestOptions` is not an object or has a key that is not an option (query parameters go in
 * `params`: "options.variant: is not an option; query parameters go in options.params")
 *
 * @example
 * ```ts network
 * import { getTrackerTotals } from '@matchkit/sdk/transport';
 * const { data } = await getTrackerTotals(
 *   { url: 'https://api.example.com/graphql' },
 *   'two-up-tracker/getMyBetsTotals',
 *   { params: { variant: 'master' } },
 * );
 * console.warn(data.ev);
 * ```
 */
export async function getTrackerTotals(
  options: TransportOptions,
  endpoint: TrackerTotalsEndpoint,
  requestOptions?: TrackerTotalsRequestOptions,
): Promise<TrackerTotalsResponse> {
  const transport = resolveTransport(options);
  const issues: { path: string; message: string }[] = [];
  // Before 1.0 the query parameters were the third argument: a key of theirs is no option.
  const { params, ...perRequest } = readOptions(requestOptions, REQUEST_OPTION_KEYS, issues, {
    '*': 'query parameters go in options.params',
  }) as TrackerTotalsRequestOptions;
  if (!(TRACKER_TOTALS_ENDPOINTS as readonly string[]).includes(endpoint)) {
    issues.push({ path: 'endpoint', message: `must be one of ${TRACKER_TOTALS_ENDPOINTS.join(', ')}` });
  }
  checkParams(params, issues);
  if (issues.length > 0) throw new MatchkitValidationError('tracker totals call', issues);
  return getJson(transport, `api/user/profit-tracker/${endpoint}`, params ?? {}, totalsBody, perRequest);
}

/**
 * The totals of one tool of a brand catalogue: calls the tool's `profitTrackerTotalsEndpoint` with
 * its `profitTrackerTotalsParams` (plus the options' `params`, which win on a clash).
 *
 * @param options - the same options as {@link createGraphQLClient}
 * @param tool - a catalogue tool with a totals endpoint
 * @param requestOptions - extra query `params`, and abort signal, timeout, retry policy and
 * headers for this call; see {@link TrackerTotalsRequestOptions}
 * @throws MatchkitValidationError when the tool has no totals endpoint (or an unknown one), or
 * `requestOptions` is not an object or has a key that is not an option
 *
 * @example
 * ```ts network
 * import { getBrand } from '@matchkit/sdk/brands';
 * import { getToolTrackerTotals } from '@matchkit/sdk/transport';
 * const golf = getBrand('primary').tools.find((t) => t.key === 'golfMaster');
 * if (golf !== undefined) await getToolTrackerTotals({ url: 'https://api.example.com/graphql' }, golf);
 * ```
 */
export async function getToolTrackerTotals(
  options: TransportOptions,
  tool: Pick<Tool, 'key' | 'profitTrackerTotalsEndpoint' | 'profitTrackerTotalsParams'>,
  requestOptions?: TrackerTotalsRequestOptions,
): Promise<TrackerTotalsResponse> {
  const endpoint = tool?.profitTrackerTotalsEndpoint;
  const issues: { path: string; message: string }[] = [];
  const given = readOptions(requestOptions, REQUEST_OPTION_KEYS, issues, { '*': 'query parameters go in options.params' });
  if (issues.length > 0) throw new MatchkitValidationError('tracker totals call', issues);
  if (endpoint === undefined) {
    throw new MatchkitValidationError('tracker totals call', [
      { path: 'tool.profitTrackerTotalsEndpoint', message: `tool "${String(tool?.key)}" has no totals endpoint` },
    ]);
  }
  return getTrackerTotals(options, endpoint as TrackerTotalsEndpoint, {
    ...given,
    params: { ...tool.profitTrackerTotalsParams, ...(given as TrackerTotalsRequestOptions).params },
  });
}
