import type { Analytics, AnalyticsFetchResponse } from './types';
import { ANALYTICS } from '../brands/common';
import type { Brand } from '../brands/schema';
import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';
import { defaultLogger, type Logger } from '../internal/platform';
import { isInt, isRecord } from '../internal/guards';
import { readOptions, unknownOptions, type OptionKeys } from '../internal/keys';

/**
 * Header names never recorded by network capture, whatever the options say (compared
 * case-insensitively).
 *
 * @example
 * ```ts
 * import { NEVER_RECORDED_HEADERS } from '@matchkit/sdk/analytics';
 * NEVER_RECORDED_HEADERS.includes('cookie'); // true
 * ```
 */
export const NEVER_RECORDED_HEADERS = Object.freeze(['authorization', 'proxy-authorization', 'cookie', 'set-cookie'] as const);

/**
 * Header names left out by default besides {@link NEVER_RECORDED_HEADERS}: common carriers of API
 * keys and anti-forgery tokens. A `denyHeaders` option adds to this list.
 *
 * @example
 * ```ts
 * import { DEFAULT_DENIED_HEADERS } from '@matchkit/sdk/analytics';
 * DEFAULT_DENIED_HEADERS.includes('x-api-key'); // true
 * ```
 */
export const DEFAULT_DENIED_HEADERS = Object.freeze(['x-api-key', 'x-auth-token', 'x-csrf-token', 'x-xsrf-token'] as const);

/**
 * Headers in any of the usual shapes: a `Headers` object (or anything with `forEach`), an array
 * of pairs, or a plain record.
 *
 * @example
 * ```ts
 * import type { HeadersInput } from '@matchkit/sdk/analytics';
 * const h: HeadersInput = { 'content-type': 'application/json' };
 * ```
 */
export type HeadersInput =
  | {
      /** Calls `callback` for every header (as `Headers.forEach` does). */
      forEach(callback: (value: string, name: string) => void): void;
    }
  | readonly (readonly [string, string])[]
  | Readonly<Record<string, string | readonly string[] | undefined>>;

/**
 * The options of {@link redactHeaders}.
 *
 * @example
 * ```ts
 * import type { RedactHeadersOptions } from '@matchkit/sdk/analytics';
 * const options: RedactHeadersOptions = { deny: ['x-trace', 'x-session'] };
 * ```
 */
export interface RedactHeadersOptions {
  /**
   * More header names to leave out, compared case-insensitively.
   * @defaultValue `[]`
   */
  readonly deny?: readonly string[] | undefined;
}

/**
 * Copies headers with lower-case names, leaving out {@link NEVER_RECORDED_HEADERS},
 * {@link DEFAULT_DENIED_HEADERS} and every name in `options.deny` (all compared
 * case-insensitively).
 *
 * @param headers - the headers to copy
 * @param options - more names to leave out; see {@link RedactHeadersOptions}
 * @throws MatchkitValidationError when `options` is not an object (an array of names goes in
 *   `options.deny`), has a key that is not an option, or `deny` is not an array of strings
 *
 * @example
 * ```ts
 * import { redactHeaders } from '@matchkit/sdk/analytics';
 * redactHeaders({ Authorization: 'Bearer x', COOKIE: 'a=b', 'Content-Type': 'text/html', 'X-Trace': '1' }, { deny: ['x-trace'] });
 * // { 'content-type': 'text/html' }
 * ```
 */
export function redactHeaders(headers: HeadersInput | null | undefined, options: RedactHeadersOptions = {}): Record<string, string> {
  const issues: ValidationIssue[] = [];
  // Before 1.0 the names to deny were the second argument: an array here is refused, not ignored.
  const deny = (readOptions(options, ['deny'], issues, {}, 'the names to leave out go in options.deny') as RedactHeadersOptions).deny ?? [];
  if (!Array.isArray(deny) || deny.some((d) => typeof d !== 'string'))
    issues.push({ path: 'options.deny', message: 'must be an array of header names' });
  if (issues.length > 0) throw new MatchkitValidationError('redactHeaders options', issues);
  const denied = new Set([...NEVER_RECORDED_HEADERS, ...DEFAULT_DENIED_HEADERS, ...deny.map((d) => d.toLowerCase())]);
  const out: Record<string, string> = {};
  const add = (name: string, value: unknown): void => {
    const lower = String(name).toLowerCase();
    if (denied.has(lower) || value === undefined) return;
    const text = Array.isArray(value) ? value.join(', ') : String(value);
    out[lower] = out[lower] === undefined ? text : `${out[lower]}, ${text}`;
  };
  if (headers === null || headers === undefined) return out;
  if (Array.isArray(headers)) {
    for (const [name, value] of headers as readonly (readonly [string, string])[]) add(name, value);
  } else if (typeof (headers as { forEach?: unknown }).forEach === 'function') {
    (headers as { forEach(cb: (value: string, name: string) => void): void }).forEach((value, name) => add(name, value));
  } else {
    for (const [name, value] of Object.entries(headers)) add(name, value);
  }
  return out;
}

/**
 * A finished request as network capture sees it.
 *
 * @example
 * ```ts
 * import type { CapturedRequest } from '@matchkit/sdk/analytics';
 * const failed: CapturedRequest = { url: 'https://api.example/graphql', method: 'POST', status: 502, durationMs: 840 };
 * ```
 */
export interface CapturedRequest {
  /** The request's URL (user-info credentials and the fragment are never recorded, the query string only with `keepQuery`). */
  readonly url: string;
  /** The HTTP method. @defaultValue `'GET'` */
  readonly method?: string | undefined;
  /** The response status. */
  readonly status: number;
  /** How long it took, in milliseconds. */
  readonly durationMs?: number | undefined;
  /** The request's headers (redacted before recording). */
  readonly requestHeaders?: HeadersInput | null | undefined;
  /** The response's headers (redacted before recording). */
  readonly responseHeaders?: HeadersInput | null | undefined;
}

/**
 * Options of {@link createNetworkCapture}.
 *
 * @example
 * ```ts
 * import type { NetworkCaptureOptions } from '@matchkit/sdk/analytics';
 * const options: NetworkCaptureOptions = { statusRange: { min: 400, max: 599 }, denyHeaders: ['x-session'] };
 * ```
 */
export interface NetworkCaptureOptions {
  /**
   * The statuses recorded, inclusive.
   * @defaultValue the `brand` catalogue's `analytics.networkCaptureStatus`, else 500-599 (both reference catalogues)
   */
  readonly statusRange?:
    | {
        /** The lowest status recorded. */
        readonly min: number;
        /** The highest status recorded. */
        readonly max: number;
      }
    | undefined;
  /** More header names never recorded (added to the defaults). @defaultValue `[]` */
  readonly denyHeaders?: readonly string[] | undefined;
  /** The event type of a recorded failure. @defaultValue `'network_request_failed'` */
  readonly eventType?: string | undefined;
  /** Record the URL's query string too (it often carries tokens or e-mail addresses). @defaultValue `false` */
  readonly keepQuery?: boolean | undefined;
  /**
   * A catalogue (from `getBrand` or `defineBrand`) whose `analytics.networkCaptureStatus` is the
   * default status range. @defaultValue the reference catalogues' shared 500-599
   */
  readonly brand?: Pick<Brand, 'analytics'> | undefined;
  /** Where a failure inside an instrumented `fetch`'s capture is logged. @defaultValue the global console */
  readonly logger?: Logger | undefined;
  /** The clock that times instrumented requests, epoch ms. @defaultValue `Date.now` */
  readonly now?: (() => number) | undefined;
}

/**
 * Network capture for one analytics instance (see {@link createNetworkCapture}).
 *
 * @example
 * ```ts
 * import { createAnalytics, createNetworkCapture, type NetworkCapture } from '@matchkit/sdk/analytics';
 * const capture: NetworkCapture = createNetworkCapture(createAnalytics());
 * capture.captureRequest({ url: 'https://api.example/graphql', status: 502 }); // false: not initialised (logged)
 * ```
 */
export interface NetworkCapture {
  /**
   * Records a failed request as an event of the instance when its status is in the capture range
   * (500-599 by default), with credentials, query, fragment and denied headers left out. Returns
   * whether it was recorded: never for a status out of range or a request to the instance's own
   * endpoint; not when the instance is not running (before `init` the instance logs
   * `ANALYTICS_MESSAGES.notInitialised`, as `track` does).
   *
   * @throws MatchkitValidationError when `url` is not a string or `status` not an HTTP status
   */
  captureRequest(request: CapturedRequest): boolean;
  /**
   * Wraps a `fetch` so that every response it gets goes through {@link NetworkCapture.captureRequest}
   * (a failure of the capture itself is logged; the response is returned as it came).
   *
   * @typeParam F - the wrapped function's type, kept as is
   * @throws MatchkitValidationError when `fetch` is not a function
   */
  instrumentFetch<F extends (input: never, init?: never) => Promise<AnalyticsFetchResponse>>(fetch: F): F;
}

const NETWORK_CAPTURE_KEYS: OptionKeys<NetworkCaptureOptions> = {
  statusRange: 0,
  denyHeaders: 0,
  eventType: 0,
  keepQuery: 0,
  brand: 0,
  logger: 0,
  now: 0,
};

/**
 * Network capture (spec section 9: status range 500-599 by default) as a piece of its own, so an
 * app that does not use it does not ship it: records failed requests as events of `analytics`
 * (`network_request_failed` with the URL, method, status, duration and redacted headers; bodies
 * never). The instance's own uploads are never captured.
 *
 * @param analytics - the instance that records the events (its `track` and `getSnapshot`)
 * @param options - status range, denied headers, event type; see {@link NetworkCaptureOptions}
 * @throws MatchkitValidationError naming every bad option
 *
 * @example
 * ```ts network
 * import { createAnalytics, createNetworkCapture } from '@matchkit/sdk/analytics';
 * const analytics = createAnalytics();
 * await analytics.init({ apiKey: 'YOUR_API_KEY', upload: { url: 'https://api.example.com/api/analytics' } });
 * // 500-599 by default; 404s too here
 * const capture = createNetworkCapture(analytics, { denyHeaders: ['x-session'], statusRange: { min: 404, max: 599 } });
 * const fetchWithCapture = capture.instrumentFetch(fetch);
 * (await fetchWithCapture('https://api.example.com/no-such-page')).status; // 404
 * analytics.getSnapshot().queued; // 1: the failed request, as a network_request_failed event
 * await analytics.flush();
 * analytics.getSnapshot().queued; // 0: uploaded
 * await analytics.shutdown();
 * ```
 */
export function createNetworkCapture(
  analytics: Pick<Analytics, 'track' | 'getSnapshot'>,
  options: NetworkCaptureOptions = {},
): NetworkCapture {
  const issues: ValidationIssue[] = [];
  const o: NetworkCaptureOptions = isRecord(options) ? options : {};
  if (!isRecord(options)) issues.push({ path: 'options', message: 'must be an object' });
  if (typeof analytics?.track !== 'function' || typeof analytics.getSnapshot !== 'function') {
    issues.push({ path: 'analytics', message: 'must be an analytics instance (from createAnalytics)' });
  }
  const range = o.statusRange ?? (o.brand?.analytics ?? ANALYTICS).networkCaptureStatus;
  if (!isInt(range?.min, 100, 599)) issues.push({ path: 'statusRange.min', message: 'must be an HTTP status (100-599)' });
  if (!isInt(range?.max, 100, 599) || range.max < range.min)
    issues.push({ path: 'statusRange.max', message: 'must be an HTTP status (100-599) not below min' });
  const deny = o.denyHeaders ?? [];
  if (!Array.isArray(deny) || deny.some((h) => typeof h !== 'string'))
    issues.push({ path: 'denyHeaders', message: 'must be an array of header names' });
  const eventType = o.eventType ?? 'network_request_failed';
  if (typeof eventType !== 'string' || eventType.trim() === '') issues.push({ path: 'eventType', message: 'must be a non-empty string' });
  unknownOptions(options, NETWORK_CAPTURE_KEYS, issues);
  if (issues.length > 0) throw new MatchkitValidationError('network capture options', issues);
  const logger = o.logger ?? defaultLogger();
  const now = o.now ?? Date.now;

  function captureRequest(request: CapturedRequest): boolean {
    const problems: ValidationIssue[] = [];
    if (!isRecord(request)) throw new MatchkitValidationError('captured request', [{ path: '', message: 'must be an object' }]);
    if (typeof request.url !== 'string') problems.push({ path: 'url', message: 'must be a string' });
    if (!isInt(request.status, 0, 999)) problems.push({ path: 'status', message: 'must be an HTTP status' });
    if (problems.length > 0) throw new MatchkitValidationError('captured request', problems);
    const { status, endpoint } = analytics.getSnapshot();
    if (request.status < range.min || request.status > range.max) return false;
    if (endpoint !== null && recordedUrl(request.url, false) === recordedUrl(endpoint, false)) return false; // never its own uploads
    analytics.track(eventType, {
      url: recordedUrl(request.url, o.keepQuery === true),
      method: (request.method ?? 'GET').toUpperCase(),
      status: request.status,
      ...(request.durationMs === undefined ? {} : { duration_ms: request.durationMs }),
      request_headers: redactHeaders(request.requestHeaders, { deny }),
      response_headers: redactHeaders(request.responseHeaders, { deny }),
    });
    return status === 'ready' || status === 'initialising';
  }

  return {
    captureRequest,
    instrumentFetch<F extends (input: never, init?: never) => Promise<AnalyticsFetchResponse>>(fetchFn: F): F {
      if (typeof fetchFn !== 'function') {
        throw new MatchkitValidationError('instrumented fetch', [{ path: 'fetch', message: 'must be a function' }]);
      }
      const wrapped = async (input: unknown, init?: unknown): Promise<AnalyticsFetchResponse> => {
        const started = now();
        const response = await (fetchFn as unknown as (i: unknown, n?: unknown) => Promise<AnalyticsFetchResponse>)(input, init);
        try {
          const req = isRecord(input) ? input : {};
          const opts = isRecord(init) ? init : {};
          const url =
            typeof input === 'string'
              ? input
              : typeof req.href === 'string'
                ? req.href
                : typeof req.url === 'string'
                  ? req.url
                  : String(input);
          const method = typeof opts.method === 'string' ? opts.method : typeof req.method === 'string' ? req.method : 'GET';
          captureRequest({
            url,
            method,
            status: response.status,
            durationMs: Math.max(0, now() - started),
            requestHeaders: (opts.headers ?? req.headers) as CapturedRequest['requestHeaders'],
            responseHeaders: response.headers as unknown as CapturedRequest['responseHeaders'],
          });
        } catch (error) {
          logger.error('network capture failed', error);
        }
        return response;
      };
      return wrapped as unknown as F;
    },
  };
}

/**
 * The URL as recorded (internal): without user-info credentials (`https://user:secret@host/` records
 * `https://host/`), without fragment, and without query unless asked. Unparseable URLs (relative
 * ones) are kept as given minus any `user:pass@` after `//`, and minus `?...`/`#...`.
 */
export function recordedUrl(url: string, keepQuery: boolean): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    u.hash = '';
    if (!keepQuery) u.search = '';
    return u.href;
  } catch {
    const cut = (url.split('#')[0] ?? '').replace(/^((?:[A-Za-z][A-Za-z0-9+.-]*:)?\/\/)[^/?#]*@/, '$1');
    return keepQuery ? cut : (cut.split('?')[0] ?? '');
  }
}
