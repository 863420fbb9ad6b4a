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
 *
 * @example
 * ```ts
 * import { redactHeaders } from '@matchkit/sdk/analytics';
 * redactHeaders({ Authorization: 'Bearer x', COOKIE: 'a=b', 'Content-Type': 'text/html', 'X-Trace': '1' }, { deny: ['x-trace'] });
 * // { 'content-type': 'text/html' }
 * ```
 */
export function redactHeaders(headers: HeadersInput | null | undefined, options: RedactHeadersOptions = {}): Record<string, string> {
  const deny = options.deny ?? [];
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
 * Options of network capture (`init({ networkCapture })` of the analytics instance).
 *
 * @example
 * ```ts
 * import type { NetworkCaptureOptions } from '@matchkit/sdk/analytics';
 * const options: NetworkCaptureOptions = { statusRange: { min: 400, max: 599 }, denyHeaders: ['x-session'] };
 * ```
 */
export interface NetworkCaptureOptions {
  /** The statuses recorded, inclusive. @defaultValue the catalogue's `analytics.networkCaptureStatus` (500-599) */
  readonly statusRange?:
    | {
        /** The lowest status recorded. */
        readonly min: number;
        /** The highest status recorded. */
        readonly max: number;
      }
    | undefined;
  /** More header names never recorded (added to the defaults). */
  readonly denyHeaders?: readonly string[] | undefined;
  /** The event type of a recorded failure. @defaultValue `'network_request_failed'` */
  readonly eventType?: string | undefined;
  /** Record the URL's query string too (it often carries tokens or e-mail addresses). @defaultValue `false` */
  readonly keepQuery?: boolean | undefined;
}

/**
 * The URL as recorded: without user-info credentials (`https://user:secret@host/` records
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
