import { unknownOptions, type OptionKeys } from '../internal/keys';
import type { StoreTimers } from '../internal/platform';
import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';
import { DEFAULT_TRANSPORT_BACKOFF, backoffDelay, abortableSleep as defaultSleep } from './backoff';
import type { TransportError, TransportErrorDetails, TransportErrorKind } from './errors';
import { attemptJson, failFor, type ExchangeState } from './exchange';

export { graphQLErrorsOf } from './exchange';

/**
 * The `fetch` the transport calls: the platform's `fetch` or anything with its signature (undici,
 * node-fetch, a test double).
 *
 * @example
 * ```ts
 * import type { TransportFetch } from '@matchkit/sdk/transport';
 * const logged: TransportFetch = (url, init) => fetch(url, init);
 * ```
 */
export type TransportFetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * The one shape of a retry policy in the transport: how many retries and the full-jitter backoff
 * between them. The HTTP clients' `retry` option ({@link TransportRetryOptions}, which adds
 * `mutations`) and the subscription client's `retry` option (reconnects) both take it; `false`
 * turns retries off in both. The defaults differ by client and are stated on each option.
 *
 * @example
 * ```ts
 * import type { TransportRetryPolicy } from '@matchkit/sdk/transport';
 * const patient: TransportRetryPolicy = { retries: 50, baseDelayMs: 500, maxDelayMs: 30000 };
 * ```
 */
export interface TransportRetryPolicy {
  /**
   * How many times a failed attempt is retried (so at most `retries + 1` attempts).
   * @defaultValue 2 for HTTP requests; 20 for subscription reconnects (which also accept `Infinity`)
   */
  readonly retries?: number;
  /**
   * Ceiling of the first retry's delay in ms (full jitter, doubling per retry).
   * @defaultValue 300
   */
  readonly baseDelayMs?: number;
  /**
   * Cap of every retry delay in ms.
   * @defaultValue 10000
   */
  readonly maxDelayMs?: number;
}

/**
 * When and how the HTTP transport retries: a {@link TransportRetryPolicy} plus `mutations`. Only
 * `network` failures are retried (no complete response arrived); an HTTP status, a body that does
 * not parse, GraphQL errors and aborts never are.
 *
 * @example
 * ```ts
 * import type { TransportRetryOptions } from '@matchkit/sdk/transport';
 * const retry: TransportRetryOptions = { retries: 4, baseDelayMs: 200, maxDelayMs: 5000 };
 * ```
 */
export interface TransportRetryOptions extends TransportRetryPolicy {
  /**
   * Whether mutations are retried too. Off by default: a mutation whose response was lost may
   * have run on the server, and running it twice (a purchase, a recorded bet) is worse than an
   * error the member can see.
   * @defaultValue false
   */
  readonly mutations?: boolean;
}

/**
 * The timer pair the transport uses for timeouts and backoff waits: the same shape as the
 * stores' {@link StoreTimers}, so one injected pair serves both.
 *
 * @example
 * ```ts
 * import type { TransportTimers } from '@matchkit/sdk/transport';
 * const timers: TransportTimers = { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as number) };
 * ```
 */
export type TransportTimers = StoreTimers;

/**
 * What a client does when its URL is not secure for credentials: plain `http:` or `ws:` to a host
 * that is not loopback (`localhost`, `*.localhost`, `127.0.0.0/8`, `[::1]`), where the member's
 * JWT would cross the network unencrypted.
 *
 * - `'refuse'` (the default): creating the client throws a MatchkitValidationError naming `url`.
 *   Fail loudly: a token sent in clear text can be read by anyone on the path.
 * - `'anonymous'`: the client is created and never sends the JWT, nor any `Authorization`
 *   header, to that URL (public data over a plain connection).
 * - `'allow-token'`: the JWT is sent anyway. Only for a network you trust to encrypt or isolate
 *   traffic (a service mesh with mutual TLS, a VPN): a deliberate, visible choice.
 *
 * `https:`/`wss:` URLs and loopback hosts always carry the token; the policy does not apply there.
 *
 * @example
 * ```ts
 * import { createGraphQLClient, type InsecureTransportPolicy } from '@matchkit/sdk/transport';
 * const policy: InsecureTransportPolicy = 'anonymous';
 * const publicData = createGraphQLClient({ url: 'http://odds.internal.example/graphql', insecureTransport: policy });
 * ```
 */
export type InsecureTransportPolicy = 'refuse' | 'anonymous' | 'allow-token';

const INSECURE_POLICIES = ['refuse', 'anonymous', 'allow-token'];

/** True for a loopback host: `localhost`, `*.localhost`, `127.0.0.0/8` or `[::1]` (hostnames as `URL` normalises them). */
export function isLoopbackHost(hostname: string): boolean {
  return /^(?:(?:.+\.)?localhost|\[::1\]|127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/.test(hostname.toLowerCase().replace(/\.$/, ''));
}

/** True when credentials may travel to `url` without crossing a network in clear text: TLS (`https:`, `wss:`) or a loopback host. */
export function isSecureForCredentials(url: URL): boolean {
  return /^(?:https|wss):$/.test(url.protocol) || isLoopbackHost(url.hostname);
}

/**
 * Validates an {@link InsecureTransportPolicy} against `url` and tells whether the credential may
 * be sent there; pushes an issue (on `url` when refused, on `insecureTransport` when not a policy).
 *
 * @param credential - what would leak, for the message ("the member's JWT", "the API key")
 * @param anonymous - whether `'anonymous'` is a valid choice (not for a client that needs its key)
 */
export function tokenPolicyFor(
  url: URL | undefined,
  policy: unknown,
  issues: ValidationIssue[],
  credential = "the member's JWT",
  anonymous = true,
): boolean {
  const allowed = INSECURE_POLICIES.filter((p) => anonymous || p !== 'anonymous');
  if (policy !== undefined && !allowed.includes(policy as string)) {
    issues.push({ path: 'insecureTransport', message: `must be "${allowed.join('" or "')}"` });
    return false;
  }
  if (url === undefined || isSecureForCredentials(url)) return true;
  if ((policy ?? 'refuse') === 'refuse') {
    issues.push({
      path: 'url',
      message:
        `is plain ${url.protocol.slice(0, -1)} to ${url.hostname}, not a loopback host: ${credential} would cross the network unencrypted. ` +
        `Use ${url.protocol === 'ws:' ? 'wss' : 'https'}, or set insecureTransport (${anonymous ? '"anonymous": no token; ' : ''}"allow-token": a network you trust)`,
    });
    return false;
  }
  return policy === 'allow-token';
}

/**
 * The configuration shared by {@link createGraphQLClient} and the REST calls
 * ({@link checkIntegrations}, {@link logoutIntegration}, {@link getTrackerTotals}): where the
 * platform is, how requests are authorised, and the platform pieces (fetch, cookies, timers,
 * randomness) to use. Nothing is read from `window` or `document` until a request is made, and
 * only when `getCookie` is not given.
 *
 * @example
 * ```ts
 * import type { TransportOptions } from '@matchkit/sdk/transport';
 * const options: TransportOptions = { url: 'https://api.example.com/graphql', country: 'gb' };
 * ```
 */
export interface TransportOptions {
  /**
   * The http(s) URL of the platform's GraphQL endpoint (`POST /graphql`). In a browser it may be
   * relative (`'/graphql'`), resolved against the page's address when the client is created; in
   * Node it must be absolute (a relative one is refused, naming `url`).
   */
  readonly url: string;
  /**
   * Base URL of the REST calls (`/api/user/...`).
   * @defaultValue the origin of `url`
   */
  readonly restBaseUrl?: string;
  /**
   * The fetch to use.
   * @defaultValue the global `fetch`, looked up when the client is created
   */
  readonly fetch?: TransportFetch;
  /**
   * Value of the country header.
   * @defaultValue `'gb'`
   */
  readonly country?: string;
  /**
   * Name of the country header.
   * @defaultValue `'country'`
   */
  readonly countryHeader?: string;
  /**
   * Name of the cookie holding the member's JWT.
   * @defaultValue `'_opjwt'`
   */
  readonly tokenCookieName?: string;
  /**
   * Reads a cookie by name; return undefined when it is not set.
   * @defaultValue reads `document.cookie` at request time when a `document` exists, else none
   */
  readonly getCookie?: (name: string) => string | undefined;
  /** Extra headers sent with every request (the transport's own headers win on a clash). */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * What to do when `url` is plain `http:` to a host that is not loopback: refuse (throw at
   * creation), connect anonymously, or send the token anyway. See {@link InsecureTransportPolicy}.
   * @defaultValue `'refuse'`
   */
  readonly insecureTransport?: InsecureTransportPolicy;
  /** Default timeout of a whole request (all attempts and waits), in ms; none when absent. */
  readonly timeoutMs?: number;
  /** Retry policy for network failures; `false` turns retries off. */
  readonly retry?: TransportRetryOptions | false;
  /**
   * Uniform numbers in [0, 1) for the retry jitter.
   * @defaultValue `Math.random`
   */
  readonly random?: () => number;
  /**
   * Waits between retries; must reject when the signal aborts.
   * @defaultValue a timer-based sleep that an abort ends early
   */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /**
   * TransportTimers for `timeoutMs`.
   * @defaultValue the global `setTimeout` / `clearTimeout`
   */
  readonly timers?: TransportTimers;
}

/**
 * Options of one request.
 *
 * @example
 * ```ts
 * import type { TransportRequestOptions } from '@matchkit/sdk/transport';
 * const controller = new AbortController();
 * const options: TransportRequestOptions = { signal: controller.signal, timeoutMs: 5000 };
 * ```
 */
export interface TransportRequestOptions {
  /** Aborts the request (rejects with kind `aborted`, `timedOut: false`). */
  readonly signal?: AbortSignal;
  /** Timeout of the whole request in ms, overriding the client's (rejects with kind `aborted`, `timedOut: true`). */
  readonly timeoutMs?: number;
  /** Retry policy for this request, overriding the client's; `false` turns retries off. */
  readonly retry?: TransportRetryOptions | false;
  /** Extra headers for this request (the transport's own headers win on a clash). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** A validated, defaulted {@link TransportOptions}. */
export interface ResolvedTransport {
  readonly url: string;
  readonly origin: string;
  readonly restBase: string;
  readonly fetch: TransportFetch;
  readonly country: string;
  readonly countryHeader: string;
  readonly tokenCookieName: string;
  readonly getCookie: (name: string) => string | undefined;
  readonly headers: Readonly<Record<string, string>>;
  /** Whether an Authorization header may go to `origin` (TLS, loopback, or `insecureTransport: 'allow-token'`). */
  readonly sendsToken: boolean;
  readonly timeoutMs: number | undefined;
  readonly retry: Required<TransportRetryOptions> | false;
  readonly random: () => number;
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly timers: TransportTimers;
}

const DEFAULT_RETRY: Required<TransportRetryOptions> = /* @__PURE__ */ Object.freeze({
  retries: 2,
  ...DEFAULT_TRANSPORT_BACKOFF,
  mutations: false,
});

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * One rule of an option table: a test that a present value must pass and the message when it does
 * not, or a function that checks the value and records its own issues (for nested options).
 */
export type Rule =
  readonly [test: (value: unknown) => boolean, message: string] | ((value: unknown, path: string, issues: ValidationIssue[]) => void);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isMs = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** A rule's test and its message. */
type Check = readonly [test: (value: unknown) => boolean, message: string];

// The rules the transport's options share, so that each message is written once. Each is a
// constant of its own, not a field of one object: a bundler keeps a rule only when a table that
// is used names it, so the lean graphqlRequest pays for none of the full client's tables.
/** The rule of a function option. */
export const RULE_FN: Check = [(v) => typeof v === 'function', 'must be a function'];
/** The rule of a non-empty text option. */
export const RULE_TEXT: Check = [(v) => typeof v === 'string' && v !== '', 'must be a non-empty string'];
/** The rule of a header-name option. */
export const RULE_HEADER: Check = [(v) => typeof v === 'string' && HEADER_NAME.test(v), 'is not a valid header name'];
const RULE_TIMEOUT: Check = [(v) => isMs(v) && v > 0, 'must be a finite number of ms greater than 0'];
/** The rule of a delay option (ms, 0 or more). */
export const RULE_DELAY: Check = [(v) => isMs(v) && v >= 0, 'must be a finite number of ms, at least 0'];
/** The rule of a count option (a whole number, 0 or more). */
export const RULE_COUNT: Check = [(v) => Number.isInteger(v) && (v as number) >= 0, 'must be a whole number, at least 0'];
const RULE_BOOL: Check = [(v) => typeof v === 'boolean', 'must be a boolean'];

/**
 * Checks every key of `table` that `options` holds (undefined counts as absent), in the table's
 * order, recording an issue at `prefix + key` for each broken rule.
 */
export function checkTable(
  options: Record<string, unknown>,
  table: Readonly<Record<string, Rule>>,
  issues: ValidationIssue[],
  prefix = '',
): void {
  for (const [key, rule] of Object.entries(table)) {
    const value = options[key];
    if (value === undefined) continue;
    if (typeof rule === 'function') rule(value, prefix + key, issues);
    else if (!rule[0](value)) issues.push({ path: prefix + key, message: rule[1] });
  }
}

/** The options argument as a record, or a validation error of `subject` when it is not an object. */
export function optionsObject(value: unknown, subject: string): Record<string, unknown> {
  if (!isObject(value)) throw new MatchkitValidationError(subject, [{ path: '', message: 'must be an object' }]);
  return value;
}

/** Reads one cookie from a `document.cookie`-style string (`a=1; b=2`), URI-decoded. */
export function readCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/** The browser default of `getCookie`: reads `document.cookie` at call time, never at import. */
export function documentCookie(name: string): string | undefined {
  const cookie = (globalThis as { document?: { cookie?: unknown } }).document?.cookie;
  return typeof cookie === 'string' ? readCookie(cookie, name) : undefined;
}

const RETRY_RULES: Readonly<Record<string, Rule>> = {
  retries: RULE_COUNT,
  baseDelayMs: RULE_DELAY,
  maxDelayMs: RULE_DELAY,
  mutations: RULE_BOOL,
};

const checkRetry: Rule = (retry, path, issues) => {
  if (retry === false) return;
  if (isObject(retry)) checkTable(retry, RETRY_RULES, issues, `${path}.`);
  else issues.push({ path, message: 'must be an object or false' });
};

/** Checks a headers option: an object of valid header names to string values. */
export const checkHeaders: Rule = (headers, path, issues) => {
  if (!isObject(headers) || Array.isArray(headers)) {
    issues.push({ path, message: 'must be an object of header names to string values' });
    return;
  }
  for (const [name, value] of Object.entries(headers)) {
    const message = !HEADER_NAME.test(name) ? 'is not a valid header name' : typeof value === 'string' ? '' : 'must be a string';
    if (message !== '') issues.push({ path: `${path}.${name}`, message });
  }
};

/**
 * Parses an absolute URL of the given scheme family (`http`: http or https; `ws`: ws or wss),
 * recording a validation issue at `path` when it is not one. Used by every client of the transport.
 * An http URL may be relative (`/graphql`) where there is a page: it is resolved against the
 * page's address (`location.href`, read at the call, never at import). Node has no page, so there
 * a relative URL is refused as before.
 */
export function absoluteUrl(value: unknown, path: string, issues: ValidationIssue[], scheme: 'http' | 'ws' = 'http'): URL | undefined {
  let url: URL | undefined;
  const page = scheme === 'http' ? (globalThis as { location?: { href?: unknown } }).location?.href : undefined;
  try {
    url = new URL(value as string, typeof page === 'string' ? page : undefined);
  } catch {
    // recorded below
  }
  if (typeof value === 'string' && (url?.protocol === `${scheme}:` || url?.protocol === `${scheme}s:`)) return url;
  issues.push({
    path,
    message: `must be an absolute ${scheme} or ${scheme}s URL, received ${typeof value === 'string' ? `"${value}"` : typeof value}`,
  });
  return undefined;
}

/** The rules of the options every HTTP client shares (fetch, headers, timeout, retry and the platform pieces). */
export const COMMON_RULES: Readonly<Record<string, Rule>> = {
  fetch: RULE_FN,
  headers: checkHeaders,
  timeoutMs: RULE_TIMEOUT,
  retry: checkRetry,
  random: RULE_FN,
  sleep: RULE_FN,
  timers: [
    (t) => isObject(t) && typeof t.setTimeout === 'function' && typeof t.clearTimeout === 'function',
    'must have setTimeout and clearTimeout functions',
  ],
};

const TRANSPORT_RULES: Readonly<Record<string, Rule>> = {
  country: RULE_TEXT,
  countryHeader: RULE_HEADER,
  tokenCookieName: RULE_TEXT,
  getCookie: RULE_FN,
};

/** The rule of a `signal` option. */
export const SIGNAL_RULE: Rule = [(v) => isObject(v) && typeof v.addEventListener === 'function', 'must be an AbortSignal'];

const REQUEST_RULES: Readonly<Record<string, Rule>> = {
  signal: SIGNAL_RULE,
  timeoutMs: RULE_TIMEOUT,
  retry: checkRetry,
  headers: checkHeaders,
};

/** The fields of `layer` that are set: an option given as `undefined` keeps the value under it. */
export const definedFields = <T extends object>(layer: T): Partial<T> =>
  Object.fromEntries(Object.entries(layer).filter((field) => field[1] !== undefined)) as Partial<T>;

/** Resolves `retry` option layers into one policy (a field left undefined keeps the layer below's). */
export function resolveRetry(...layers: (TransportRetryOptions | false | undefined)[]): Required<TransportRetryOptions> | false {
  let policy = DEFAULT_RETRY as Required<TransportRetryOptions> | false;
  for (const layer of layers) {
    if (layer !== undefined) policy = layer && { ...(policy || DEFAULT_RETRY), ...definedFields(layer) };
  }
  return policy;
}

/** Fills the platform defaults shared by every client (fetch, timers, random, sleep). */
export function platformDefaults(options: {
  readonly fetch?: TransportFetch | undefined;
  readonly random?: (() => number) | undefined;
  readonly sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
  readonly timers?: TransportTimers | undefined;
}): Pick<ResolvedTransport, 'fetch' | 'random' | 'sleep' | 'timers'> {
  const fetch =
    options.fetch ?? (typeof globalThis.fetch === 'function' ? (url: string, init: RequestInit) => globalThis.fetch(url, init) : undefined);
  if (fetch === undefined) {
    throw new MatchkitValidationError('transport options', [
      { path: 'fetch', message: 'no global fetch on this platform: pass a fetch implementation' },
    ]);
  }
  return {
    fetch,
    random: options.random ?? Math.random,
    sleep: options.sleep ?? defaultSleep,
    timers: options.timers ?? {
      setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
      clearTimeout: (handle) => globalThis.clearTimeout(handle as Parameters<typeof globalThis.clearTimeout>[0]),
    },
  };
}

/** Every option of {@link TransportOptions}: any other key is refused by name. */
const TRANSPORT_KEYS: OptionKeys<TransportOptions> = {
  url: 0,
  restBaseUrl: 0,
  fetch: 0,
  country: 0,
  countryHeader: 0,
  tokenCookieName: 0,
  getCookie: 0,
  headers: 0,
  insecureTransport: 0,
  timeoutMs: 0,
  retry: 0,
  random: 0,
  sleep: 0,
  timers: 0,
};

/** Every field of a `retry` option ({@link TransportRetryOptions}). */
export const RETRY_KEYS: OptionKeys<TransportRetryOptions> = { retries: 0, baseDelayMs: 0, maxDelayMs: 0, mutations: 0 };

/**
 * Validates and defaults {@link TransportOptions}, listing every bad field in one
 * MatchkitValidationError. Not cached: a client resolves once at creation (a snapshot); the REST
 * calls resolve at every call, so they always see the options object as it is now (a few
 * microseconds against a network round trip).
 */
export function resolveTransport(options: TransportOptions): ResolvedTransport {
  const o = optionsObject(options, 'transport options');
  const issues: ValidationIssue[] = [];
  const url = absoluteUrl(o.url, 'url', issues);
  const restBase = o.restBaseUrl === undefined ? url : absoluteUrl(o.restBaseUrl, 'restBaseUrl', issues);
  checkTable(o, TRANSPORT_RULES, issues);
  const sendsToken = tokenPolicyFor(url, o.insecureTransport, issues);
  checkTable(o, COMMON_RULES, issues);
  unknownOptions(o, TRANSPORT_KEYS, issues);
  unknownOptions(o.retry, RETRY_KEYS, issues, 'retry');
  if (issues.length > 0 || url === undefined || restBase === undefined) {
    throw new MatchkitValidationError('transport options', issues);
  }
  return Object.freeze({
    url: url.href,
    origin: url.origin,
    restBase: o.restBaseUrl === undefined ? `${url.origin}/` : `${restBase.origin}${restBase.pathname.replace(/\/?$/, '/')}`,
    country: options.country ?? 'gb',
    countryHeader: options.countryHeader ?? 'country',
    tokenCookieName: options.tokenCookieName ?? '_opjwt',
    getCookie: options.getCookie ?? documentCookie,
    headers: Object.freeze({ ...options.headers }),
    sendsToken,
    timeoutMs: options.timeoutMs,
    retry: resolveRetry(options.retry),
    ...platformDefaults(options),
  });
}

/** Validates per-request options. */
export function checkRequestOptions(options: TransportRequestOptions | undefined): void {
  if (options === undefined) return;
  const issues: ValidationIssue[] = [];
  checkTable(optionsObject(options, 'request options'), REQUEST_RULES, issues);
  if (issues.length > 0) throw new MatchkitValidationError('request options', issues);
}

/** One HTTP exchange to perform. */
export interface HttpCall {
  readonly method: 'GET' | 'POST';
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly operationName?: string | undefined;
  readonly retry: Required<TransportRetryOptions> | false;
  readonly signal?: AbortSignal | undefined;
  readonly timeoutMs?: number | undefined;
}

/** A response that arrived with a 2xx status and a body that parsed as JSON. */
export interface JsonResponse {
  readonly status: number;
  readonly bodyText: string;
  readonly json: unknown;
  readonly attempts: number;
  /** Makes the TransportError of this response (`malformed`, `graphql`): its message starts with the request, its details are filled in. */
  readonly fail: (kind: TransportErrorKind, message: string, details?: TransportErrorDetails) => TransportError;
}

/** The platform pieces an exchange needs. */
export type HttpPlatform = Pick<ResolvedTransport, 'fetch' | 'random' | 'sleep' | 'timers'>;

/**
 * Performs one HTTP exchange with timeout, abort and retries, and classifies the outcome:
 * resolves only for a 2xx response whose body is valid JSON; rejects with a TransportError of
 * kind `aborted`, `network`, `http` or `parse` otherwise. Each attempt is exchange.ts's
 * `attemptJson`, the one the lean `graphqlRequest` makes. The caller classifies the JSON further
 * (`malformed`, `graphql`) with the response's `fail`.
 */
export async function exchangeJson(platform: HttpPlatform, call: HttpCall): Promise<JsonResponse> {
  const { timeoutMs, retry, signal: outer } = call;
  const controller = new AbortController();
  const signal = controller.signal;
  const onOuterAbort = () => controller.abort(outer?.reason);
  let timedOut = false;
  const state: ExchangeState = { url: call.url, operationName: call.operationName, attempts: 0, status: undefined, bodyText: undefined };
  if (outer?.aborted === true) onOuterAbort();
  else outer?.addEventListener('abort', onOuterAbort, { once: true });
  const timer =
    timeoutMs === undefined
      ? undefined
      : platform.timers.setTimeout(() => {
          timedOut = true;
          controller.abort(new DOMException(`timed out after ${timeoutMs} ms`, 'TimeoutError'));
        }, timeoutMs);
  const fail = failFor(call.method, state);
  const aborted = (cause: unknown) => fail('aborted', timedOut ? `timed out after ${timeoutMs} ms` : 'was aborted', { timedOut, cause });
  const init: RequestInit = { method: call.method, headers: call.headers, ...(call.body === undefined ? {} : { body: call.body }), signal };
  try {
    for (;;) {
      try {
        const json = await attemptJson(platform.fetch, init, state, fail, aborted);
        return { status: state.status ?? 0, bodyText: state.bodyText ?? '', json, attempts: state.attempts, fail };
      } catch (failure) {
        // Only a `network` failure is retried; `aborted`, `http` and `parse` are final.
        if ((failure as TransportError).kind !== 'network' || retry === false || state.attempts > retry.retries) throw failure;
      }
      await platform.sleep(backoffDelay(state.attempts - 1, retry, platform.random), signal).catch((error: unknown) => {
        throw signal.aborted ? aborted(error) : error;
      });
    }
  } finally {
    if (timer !== undefined) platform.timers.clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
  }
}

/**
 * Merges header layers case-insensitively: a later layer's header replaces an earlier one of the
 * same name (whatever its case), keeping the later spelling; a header set to `undefined` is removed.
 */
export function mergeHeaders(...layers: (Readonly<Record<string, string | undefined>> | undefined)[]): Record<string, string> {
  const merged = new Map<string, [string, string | undefined]>();
  for (const layer of layers) {
    for (const [name, value] of Object.entries(layer ?? {})) merged.set(name.toLowerCase(), [name, value]);
  }
  return Object.fromEntries([...merged.values()].filter((header) => header[1] !== undefined)) as Record<string, string>;
}

/**
 * Builds the headers of a request: extra headers first, then the transport's own. The bearer
 * header goes only to the configured url's origin, only where the token may go (TLS, loopback, or
 * `insecureTransport: 'allow-token'`), only with a token; and no caller-supplied Authorization
 * goes to another origin, nor over a connection the token may not use.
 */
export function buildHeaders(
  transport: ResolvedTransport,
  target: URL,
  own: Readonly<Record<string, string>>,
  perRequest: Readonly<Record<string, string>> | undefined,
): Record<string, string> {
  const sameOrigin = target.origin === transport.origin;
  const allowed = sameOrigin && (isSecureForCredentials(target) || transport.sendsToken);
  const token: unknown = allowed ? transport.getCookie(transport.tokenCookieName) : undefined;
  const authorization =
    typeof token === 'string' && token !== '' ? { authorization: `Bearer ${token}` } : allowed ? {} : { authorization: undefined };
  return mergeHeaders(transport.headers, perRequest, own, { [transport.countryHeader]: transport.country }, authorization);
}
