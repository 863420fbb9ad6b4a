import type { StoreTimers } from '../internal/platform';
import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';
import { DEFAULT_TRANSPORT_BACKOFF, retryBackoffDelay, abortableSleep as defaultSleep } from './backoff';
import { TransportError, type GraphQLResponseError } from './errors';

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

const INSECURE_POLICIES: readonly string[] = ['refuse', 'anonymous', 'allow-token'];

/** True for a loopback host: `localhost`, `*.localhost`, `127.0.0.0/8` or `[::1]` (hostnames as `URL` normalises them). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** True when credentials may travel to `url` without crossing a network in clear text: TLS (`https:`, `wss:`) or a loopback host. */
export function isSecureForCredentials(url: URL): boolean {
  return url.protocol === 'https:' || url.protocol === 'wss:' || isLoopbackHost(url.hostname);
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
  const allowed = anonymous ? INSECURE_POLICIES : INSECURE_POLICIES.filter((p) => p !== 'anonymous');
  if (policy !== undefined && (typeof policy !== 'string' || !allowed.includes(policy))) {
    issues.push({ path: 'insecureTransport', message: `must be ${allowed.map((p) => `"${p}"`).join(' or ')}` });
    return false;
  }
  if (url === undefined || isSecureForCredentials(url)) return true;
  const mode = (policy ?? 'refuse') as InsecureTransportPolicy;
  if (mode === 'refuse') {
    issues.push({
      path: 'url',
      message:
        `is plain ${url.protocol.slice(0, -1)} to ${url.hostname}, not a loopback host: ${credential} would cross the network unencrypted. ` +
        `Use ${url.protocol === 'ws:' ? 'wss' : 'https'}, or set insecureTransport (${anonymous ? '"anonymous": no token; ' : ''}"allow-token": a network you trust)`,
    });
    return false;
  }
  return mode === 'allow-token';
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
  /** Absolute http(s) URL of the platform's GraphQL endpoint (`POST /graphql`). */
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

const DEFAULT_RETRY: Required<TransportRetryOptions> = Object.freeze({
  retries: 2,
  baseDelayMs: DEFAULT_TRANSPORT_BACKOFF.baseDelayMs,
  maxDelayMs: DEFAULT_TRANSPORT_BACKOFF.maxDelayMs,
  mutations: false,
});

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Reads one cookie from a `document.cookie`-style string (`a=1; b=2`), URI-decoded. */
export function readCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
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
function documentCookie(name: string): string | undefined {
  const doc = (globalThis as { document?: { cookie?: unknown } }).document;
  return typeof doc?.cookie === 'string' ? readCookie(doc.cookie, name) : undefined;
}

function checkRetry(retry: unknown, path: string, issues: ValidationIssue[]): void {
  if (retry === undefined || retry === false) return;
  if (typeof retry !== 'object' || retry === null) {
    issues.push({ path, message: 'must be an object or false' });
    return;
  }
  const r = retry as Record<string, unknown>;
  if (r.retries !== undefined && !(Number.isInteger(r.retries) && (r.retries as number) >= 0)) {
    issues.push({ path: `${path}.retries`, message: 'must be a whole number, at least 0' });
  }
  for (const key of ['baseDelayMs', 'maxDelayMs']) {
    const v = r[key];
    if (v !== undefined && !(typeof v === 'number' && Number.isFinite(v) && v >= 0)) {
      issues.push({ path: `${path}.${key}`, message: 'must be a finite number of ms, at least 0' });
    }
  }
  if (r.mutations !== undefined && typeof r.mutations !== 'boolean') {
    issues.push({ path: `${path}.mutations`, message: 'must be a boolean' });
  }
}

function checkHeaders(headers: unknown, path: string, issues: ValidationIssue[]): void {
  if (headers === undefined) return;
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) {
    issues.push({ path, message: 'must be an object of header names to string values' });
    return;
  }
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name)) issues.push({ path: `${path}.${name}`, message: 'is not a valid header name' });
    else if (typeof value !== 'string') issues.push({ path: `${path}.${name}`, message: 'must be a string' });
  }
}

function checkTimeout(timeoutMs: unknown, path: string, issues: ValidationIssue[]): void {
  if (timeoutMs !== undefined && !(typeof timeoutMs === 'number' && Number.isFinite(timeoutMs) && timeoutMs > 0)) {
    issues.push({ path, message: 'must be a finite number of ms greater than 0' });
  }
}

/**
 * Parses an absolute URL of the given scheme family (`http`: http or https; `ws`: ws or wss),
 * recording a validation issue at `path` when it is not one. Used by every client of the transport.
 */
export function absoluteUrl(value: unknown, path: string, issues: ValidationIssue[], scheme: 'http' | 'ws' = 'http'): URL | undefined {
  if (typeof value !== 'string') {
    issues.push({ path, message: `must be an absolute ${scheme}(s) URL string` });
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    issues.push({ path, message: `must be an absolute ${scheme}(s) URL, received "${value}"` });
    return undefined;
  }
  if (url.protocol !== `${scheme}:` && url.protocol !== `${scheme}s:`) {
    issues.push({ path, message: `must use ${scheme} or ${scheme}s, received ${url.protocol}` });
    return undefined;
  }
  return url;
}

/** Validates shared options and collects issues (for the auth-service client, which shares part of them). */
export function checkCommon(options: Record<string, unknown>, issues: ValidationIssue[]): void {
  if (options.fetch !== undefined && typeof options.fetch !== 'function') issues.push({ path: 'fetch', message: 'must be a function' });
  checkHeaders(options.headers, 'headers', issues);
  checkTimeout(options.timeoutMs, 'timeoutMs', issues);
  checkRetry(options.retry, 'retry', issues);
  for (const key of ['random', 'sleep']) {
    if (options[key] !== undefined && typeof options[key] !== 'function') issues.push({ path: key, message: 'must be a function' });
  }
  const timers = options.timers as Partial<TransportTimers> | undefined;
  if (timers !== undefined && (typeof timers?.setTimeout !== 'function' || typeof timers.clearTimeout !== 'function')) {
    issues.push({ path: 'timers', message: 'must have setTimeout and clearTimeout functions' });
  }
}

function defaultFetch(): TransportFetch | undefined {
  const f = (globalThis as { fetch?: unknown }).fetch;
  return typeof f === 'function' ? (url, init) => globalThis.fetch(url, init) : undefined;
}

function defaultTimers(): TransportTimers {
  return {
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as Parameters<typeof globalThis.clearTimeout>[0]),
  };
}

/** Resolves `retry` option layers into one policy. */
export function resolveRetry(...layers: (TransportRetryOptions | false | undefined)[]): Required<TransportRetryOptions> | false {
  let policy = DEFAULT_RETRY as Required<TransportRetryOptions> | false;
  for (const layer of layers) {
    if (layer === undefined) continue;
    policy = layer === false ? false : { ...(policy === false ? DEFAULT_RETRY : policy), ...layer };
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
  const fetch = options.fetch ?? defaultFetch();
  if (fetch === undefined) {
    throw new MatchkitValidationError('transport options', [
      { path: 'fetch', message: 'no global fetch on this platform: pass a fetch implementation' },
    ]);
  }
  return {
    fetch,
    random: options.random ?? Math.random,
    sleep: options.sleep ?? defaultSleep,
    timers: options.timers ?? defaultTimers(),
  };
}

/**
 * Validates and defaults {@link TransportOptions}, listing every bad field in one
 * MatchkitValidationError. Not cached: a client resolves once at creation (a snapshot); the REST
 * calls resolve at every call, so they always see the options object as it is now (a few
 * microseconds against a network round trip).
 */
export function resolveTransport(options: TransportOptions): ResolvedTransport {
  if (typeof options !== 'object' || options === null) {
    throw new MatchkitValidationError('transport options', [{ path: '', message: 'must be an object' }]);
  }
  const o = options as unknown as Record<string, unknown>;
  const issues: ValidationIssue[] = [];
  const url = absoluteUrl(o.url, 'url', issues);
  const restBase = o.restBaseUrl === undefined ? url : absoluteUrl(o.restBaseUrl, 'restBaseUrl', issues);
  for (const key of ['country', 'countryHeader', 'tokenCookieName']) {
    if (o[key] !== undefined && (typeof o[key] !== 'string' || o[key] === '')) {
      issues.push({ path: key, message: 'must be a non-empty string' });
    }
  }
  if (typeof o.countryHeader === 'string' && o.countryHeader !== '' && !HEADER_NAME.test(o.countryHeader)) {
    issues.push({ path: 'countryHeader', message: 'is not a valid header name' });
  }
  if (o.getCookie !== undefined && typeof o.getCookie !== 'function') issues.push({ path: 'getCookie', message: 'must be a function' });
  const sendsToken = tokenPolicyFor(url, o.insecureTransport, issues);
  checkCommon(o, issues);
  if (issues.length > 0 || url === undefined || restBase === undefined) {
    throw new MatchkitValidationError('transport options', issues);
  }
  const resolved: ResolvedTransport = Object.freeze({
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
  return resolved;
}

/** Validates per-request options. */
export function checkRequestOptions(options: TransportRequestOptions | undefined): void {
  if (options === undefined) return;
  const issues: ValidationIssue[] = [];
  if (typeof options !== 'object' || options === null) {
    throw new MatchkitValidationError('request options', [{ path: '', message: 'must be an object' }]);
  }
  const signal = options.signal as unknown;
  if (signal !== undefined && (typeof signal !== 'object' || signal === null || typeof (signal as AbortSignal).addEventListener !== 'function')) {
    issues.push({ path: 'signal', message: 'must be an AbortSignal' });
  }
  checkTimeout(options.timeoutMs, 'timeoutMs', issues);
  checkRetry(options.retry, 'retry', issues);
  checkHeaders(options.headers, 'headers', issues);
  if (issues.length > 0) throw new MatchkitValidationError('request options', issues);
}

/**
 * The bearer header for a request to `target`: only for the configured url's origin, only where
 * the token may go (TLS, loopback, or `insecureTransport: 'allow-token'`), only with a token.
 */
export function authorizationFor(transport: ResolvedTransport, target: URL): string | undefined {
  if (target.origin !== transport.origin || !mayCarryAuthorization(transport, target)) return undefined;
  const token = transport.getCookie(transport.tokenCookieName);
  return typeof token === 'string' && token !== '' ? `Bearer ${token}` : undefined;
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
}

/** The platform pieces an exchange needs. */
export type HttpPlatform = Pick<ResolvedTransport, 'fetch' | 'random' | 'sleep' | 'timers'>;

function describeTarget(call: HttpCall): string {
  return `${call.method} ${call.url}${call.operationName === undefined ? '' : ` (operation ${call.operationName})`}`;
}

/** Reads `errors` of a parsed GraphQL-ish body: the list when it is a list of error objects. */
export function graphQLErrorsOf(json: unknown): GraphQLResponseError[] | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  const errors = (json as { errors?: unknown }).errors;
  if (!Array.isArray(errors)) return undefined;
  if (!errors.every((e) => typeof e === 'object' && e !== null && typeof (e as { message?: unknown }).message === 'string')) {
    return undefined;
  }
  return errors as GraphQLResponseError[];
}

function tryParse(text: string): { ok: true; value: unknown } | { ok: false; error: unknown } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error };
  }
}

/**
 * Performs one HTTP exchange with timeout, abort and retries, and classifies the outcome:
 * resolves only for a 2xx response whose body is valid JSON; rejects with a TransportError of
 * kind `aborted`, `network`, `http` or `parse` otherwise. The caller classifies the JSON further
 * (`malformed`, `graphql`).
 */
export async function exchangeJson(platform: HttpPlatform, call: HttpCall): Promise<JsonResponse> {
  const controller = new AbortController();
  let timedOut = false;
  const outer = call.signal;
  const onOuterAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted === true) controller.abort(outer.reason);
  else outer?.addEventListener('abort', onOuterAbort, { once: true });
  const timer =
    call.timeoutMs === undefined
      ? undefined
      : platform.timers.setTimeout(() => {
          timedOut = true;
          controller.abort(new DOMException(`timed out after ${call.timeoutMs} ms`, 'TimeoutError'));
        }, call.timeoutMs);
  const target = describeTarget(call);
  let attempts = 0;

  const abortedError = (cause: unknown) =>
    new TransportError(
      'aborted',
      timedOut ? `${target} timed out after ${call.timeoutMs} ms` : `${target} was aborted`,
      { url: call.url, operationName: call.operationName, attempts, timedOut, cause },
    );

  try {
    for (;;) {
      if (controller.signal.aborted) throw abortedError(controller.signal.reason);
      attempts += 1;
      let response: Response;
      let bodyText: string;
      try {
        response = await platform.fetch(call.url, {
          method: call.method,
          headers: call.headers,
          ...(call.body === undefined ? {} : { body: call.body }),
          signal: controller.signal,
          // Never follow redirects: a redirect is answered as an `http` error (status >= 300) and
          // the Authorization header can never reach the redirect's target.
          redirect: 'manual',
        });
      } catch (cause) {
        if (controller.signal.aborted) throw abortedError(cause);
        const failure = new TransportError('network', `${target} failed: no response (${messageOf(cause)})`, {
          url: call.url,
          operationName: call.operationName,
          attempts,
          cause,
        });
        await waitBeforeRetry(platform, call, controller.signal, attempts, failure, abortedError);
        continue;
      }
      try {
        bodyText = await response.text();
      } catch (cause) {
        if (controller.signal.aborted) throw abortedError(cause);
        const failure = new TransportError(
          'network',
          `${target} failed: the response body (status ${response.status}) was cut off (${messageOf(cause)})`,
          { url: call.url, operationName: call.operationName, status: response.status, attempts, cause },
        );
        await waitBeforeRetry(platform, call, controller.signal, attempts, failure, abortedError);
        continue;
      }
      const status = response.status;
      const parsed = tryParse(bodyText);
      if (status < 200 || status >= 300) {
        const graphQLErrors = parsed.ok ? graphQLErrorsOf(parsed.value) : undefined;
        const first = graphQLErrors?.[0]?.message;
        throw new TransportError(
          'http',
          `${target} answered HTTP ${status}${response.statusText ? ` ${response.statusText}` : ''}${first === undefined ? '' : `: ${first}`}`,
          { url: call.url, operationName: call.operationName, status, bodyText, graphQLErrors, attempts },
        );
      }
      if (!parsed.ok) {
        throw new TransportError(
          'parse',
          `${target} answered HTTP ${status} with a body that is not valid JSON${bodyText === '' ? ' (empty body)' : ''}`,
          { url: call.url, operationName: call.operationName, status, bodyText, attempts, cause: parsed.error },
        );
      }
      return { status, bodyText, json: parsed.value, attempts };
    }
  } finally {
    if (timer !== undefined) platform.timers.clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
  }
}

async function waitBeforeRetry(
  platform: HttpPlatform,
  call: HttpCall,
  signal: AbortSignal,
  attempts: number,
  failure: TransportError,
  abortedError: (cause: unknown) => TransportError,
): Promise<void> {
  const policy = call.retry;
  if (policy === false || attempts > policy.retries) throw failure;
  const delay = retryBackoffDelay(attempts - 1, { baseDelayMs: policy.baseDelayMs, maxDelayMs: policy.maxDelayMs, random: platform.random });
  try {
    await platform.sleep(delay, signal);
  } catch (cause) {
    if (signal.aborted) throw abortedError(cause);
    throw cause;
  }
  if (signal.aborted) throw abortedError(signal.reason);
}

function messageOf(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    const code = typeof cause === 'object' && cause !== null ? (cause as { code?: unknown }).code : undefined;
    return typeof code === 'string' ? `${error.message}: ${code}` : error.message;
  }
  return String(error);
}

/**
 * Merges header layers case-insensitively: a later layer's header replaces an earlier one of the
 * same name (whatever its case), keeping the later spelling.
 */
export class HeaderBag {
  private readonly map = new Map<string, [string, string]>();

  /** Sets every header of `layer`. */
  putAll(layer: Readonly<Record<string, string>> | undefined): this {
    for (const [name, value] of Object.entries(layer ?? {})) this.put(name, value);
    return this;
  }

  /** Sets one header. */
  put(name: string, value: string): this {
    this.map.set(name.toLowerCase(), [name, value]);
    return this;
  }

  /** Removes one header. */
  remove(name: string): this {
    this.map.delete(name.toLowerCase());
    return this;
  }

  /** The headers as a plain object. */
  toObject(): Record<string, string> {
    return Object.fromEntries(this.map.values());
  }
}

/** Builds the headers of a request: extra headers first, then the transport's own. */
export function buildHeaders(
  transport: ResolvedTransport,
  target: URL,
  own: Readonly<Record<string, string>>,
  perRequest: Readonly<Record<string, string>> | undefined,
): Record<string, string> {
  const headers = new HeaderBag().putAll(transport.headers).putAll(perRequest).putAll(own);
  headers.put(transport.countryHeader, transport.country);
  const authorization = authorizationFor(transport, target);
  if (authorization !== undefined) headers.put('authorization', authorization);
  // Never forward a caller-supplied Authorization to another origin, nor over a connection the
  // token may not use ('anonymous' over plain http to a remote host), either.
  else if (target.origin !== transport.origin || !mayCarryAuthorization(transport, target)) headers.remove('authorization');
  return headers.toObject();
}

/** Whether any Authorization header may go to `target`: over TLS or to loopback, or by the `'allow-token'` choice for the configured origin. */
function mayCarryAuthorization(transport: ResolvedTransport, target: URL): boolean {
  return isSecureForCredentials(target) || (transport.sendsToken && target.origin === transport.origin);
}
