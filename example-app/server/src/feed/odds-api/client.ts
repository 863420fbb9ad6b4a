// One GET to The Odds API: the key added as the documented `apiKey` query parameter, the quota
// headers read from every answer (errors too), the documented errors turned into typed ones. The
// key is a query parameter, so it would be in any URL or message quoted: `scrub` takes it out of
// everything this module hands to a log or an error.
import { readError, readQuotaHeaders, type QuotaHeaders } from './wire';

/** The key was refused (401 INVALID_KEY, MISSING_KEY, DEACTIVATED_KEY or another 401). */
export class OddsApiKeyRefused extends Error {
  override readonly name = 'OddsApiKeyRefused';
  constructor(readonly errorCode: string | null) {
    super(`odds-api: the key was refused (${errorCode ?? 'no error code'})`);
  }
}

/** The month's credits are spent (401 OUT_OF_USAGE_CREDITS). */
export class OddsApiOutOfCredits extends Error {
  override readonly name = 'OddsApiOutOfCredits';
  constructor() {
    super('odds-api: the usage credits are spent (OUT_OF_USAGE_CREDITS)');
  }
}

/** Rate limited (429): `retryAfterMs` from a Retry-After header when the answer has one. */
export class OddsApiRateLimited extends Error {
  override readonly name = 'OddsApiRateLimited';
  constructor(readonly retryAfterMs: number | null) {
    super(`odds-api: rate limited (429)${retryAfterMs === null ? '' : `, retry after ${retryAfterMs} ms`}`);
  }
}

/** Any other failure: no answer (`status` null), a 4xx or 5xx, or a body that is not JSON. */
export class OddsApiRequestFailed extends Error {
  override readonly name = 'OddsApiRequestFailed';
  constructor(
    readonly status: number | null,
    readonly errorCode: string | null,
    message: string,
  ) {
    super(message);
  }
}

/** What a GET answers: its JSON body and its quota headers. */
export interface OddsApiAnswer {
  readonly body: unknown;
  readonly quota: QuotaHeaders;
}

/** How the client is set up. */
export interface ClientSetup {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly timeoutMs: number;
  readonly fetch: typeof fetch;
  /** Aborted by the provider's stop(): a request in flight ends at once. */
  readonly signal: AbortSignal;
  /** Called with the quota headers of every answer, before its status is looked at. */
  readonly onQuota: (quota: QuotaHeaders) => void;
}

/** `text` with the key (raw and URL-encoded) replaced by `[redacted]`. */
export function scrub(text: string, apiKey: string): string {
  let out = text;
  for (const form of new Set([apiKey, encodeURIComponent(apiKey)])) if (form !== '') out = out.split(form).join('[redacted]');
  return out;
}

/** A URL as it may be logged: the `apiKey` parameter's value redacted. */
export function redactUrl(url: URL): string {
  const copy = new URL(url);
  if (copy.searchParams.has('apiKey')) copy.searchParams.set('apiKey', '[redacted]');
  return copy.toString().replace(encodeURIComponent('[redacted]'), '[redacted]');
}

/** Retry-After as milliseconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number): number | null {
  if (value === null) return null;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

/** A GET of `path` with `params`; throws the typed errors above. */
export async function getJson(
  setup: ClientSetup,
  path: string,
  params: Readonly<Record<string, string>>,
  now: () => number,
): Promise<OddsApiAnswer> {
  const url = new URL(path, setup.baseUrl);
  url.searchParams.set('apiKey', setup.apiKey);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  let response: Response;
  try {
    response = await setup.fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.any([setup.signal, AbortSignal.timeout(setup.timeoutMs)]),
    });
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new OddsApiRequestFailed(null, null, scrub(`odds-api: no answer from ${redactUrl(url)} (${reason})`, setup.apiKey));
  }
  const quota = readQuotaHeaders(response.headers);
  setup.onQuota(quota);
  const text = await response.text().catch(() => '');
  let body: unknown = null;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    if (response.ok)
      throw new OddsApiRequestFailed(
        response.status,
        null,
        `odds-api: ${redactUrl(url)} answered ${response.status} with a body that is not JSON`,
      );
  }
  if (response.ok) return { body, quota };
  const { errorCode, message } = readError(body);
  if (response.status === 401) throw errorCode === 'OUT_OF_USAGE_CREDITS' ? new OddsApiOutOfCredits() : new OddsApiKeyRefused(errorCode);
  if (response.status === 429) throw new OddsApiRateLimited(retryAfterMs(response.headers.get('retry-after'), now()));
  const said = message === null ? '' : `: ${message}`;
  throw new OddsApiRequestFailed(
    response.status,
    errorCode,
    scrub(`odds-api: ${redactUrl(url)} answered ${response.status} ${errorCode ?? ''}${said}`.trim(), setup.apiKey),
  );
}
