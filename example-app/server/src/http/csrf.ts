// Cross-site request forgery prevention for cookie-authenticated requests. The session cookie is
// SameSite=Lax, which already keeps it off cross-site subrequests in current browsers; this guard
// does not rely on that. A browser sends a cross-site request without asking the server first (a
// "simple" request: a form post, an <img>, a link) only when the method is GET, HEAD or POST, the
// content type is a form or text/plain, and no custom header is set. So a request that carries a
// cookie must prove it is not simple: a POST with `content-type: application/json`, or any method
// with one of the CSRF headers below (a custom header makes a browser ask first, and the CORS policy
// only answers yes to the allowed origins). When the request names its Origin, that origin must be
// allowed too. A request without any cookie carries no ambient credential (a bearer token is set by
// script, which a foreign page cannot do for us), so the guard leaves it alone.

/** Headers that mark a request as sent by script (their value does not matter). */
export const CSRF_HEADERS = ['x-matchkit-csrf', 'graphql-require-preflight'] as const;

/**
 * Whether `origin` may send cookie-authenticated requests or open the WebSocket: PUBLIC_ORIGIN or an
 * ALLOWED_ORIGINS entry (`allowedOrigins` holds both). The Host a request names is never taken as
 * the server's own origin (a DNS-rebinding page names its own host there).
 */
export function isAllowedOrigin(origin: string, allowedOrigins: readonly string[]): boolean {
  return origin !== 'null' && allowedOrigins.includes(origin);
}

/** Why `request` is refused as a possible forgery, or null when it is acceptable. */
export function csrfProblem(request: Request, allowedOrigins: readonly string[]): string | null {
  const cookie = request.headers.get('cookie');
  if (cookie === null || cookie.trim() === '') return null;
  const origin = request.headers.get('origin');
  if (origin !== null && !isAllowedOrigin(origin, allowedOrigins)) {
    return `requests with cookies are accepted from the app's own origins only (not ${origin.slice(0, 100)})`;
  }
  if (CSRF_HEADERS.some((h) => request.headers.has(h))) return null;
  if (request.method === 'POST' && mediaType(request.headers.get('content-type')) === 'application/json') return null;
  return 'a request with cookies must be a POST with content-type application/json, or carry the x-matchkit-csrf header';
}

function mediaType(contentType: string | null): string | null {
  if (contentType === null) return null;
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

/**
 * Whether a cookie-authenticated call lacks proof that this app's own page sent it: neither
 * `Sec-Fetch-Site: same-origin` nor the app's `x-matchkit-csrf` header (which no other site can add
 * without a CORS preflight). A call with an Authorization header needs no proof: only script on
 * this origin can read the token. For the REST calls a link or a redirect on another site could
 * trigger (a state-changing GET, a download of the member's data).
 */
export function unprovenCookieCall(request: Request): boolean {
  const authorization = request.headers.get('authorization');
  if (authorization !== null && authorization.trim() !== '') return false;
  return request.headers.get('sec-fetch-site') !== 'same-origin' && !request.headers.has(CSRF_HEADERS[0]);
}
