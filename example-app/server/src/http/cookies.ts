// The session cookies. The spec's client reads `_opjwt` (the 15-minute access token) to send it as
// a bearer header, so that cookie cannot be HttpOnly (docs/security.md says what makes up for it):
// SameSite=Lax, Path=/. The refresh token that renews it is HttpOnly, SameSite=Strict, and sent to
// /graphql only (refreshSession is its one use). A third cookie, `_mksession`, holds no secret:
// it tells the web app that a refresh token is there to try when `_opjwt` is missing or stale.
// The refresh and marker cookies have a Max-Age for "keep me signed in", none otherwise (they go
// when the browser closes). All are Secure everywhere but on a loopback http origin (a browser
// drops Secure cookies over plain http).

/** The session cookie's name (the spec's default). */
export const SESSION_COOKIE = '_opjwt';
/** The refresh token's cookie (HttpOnly). */
export const REFRESH_COOKIE = '_mkrt';
/** The path the refresh cookie is sent to: the GraphQL endpoint, where refreshSession is. */
export const REFRESH_COOKIE_PATH = '/graphql';
/** The marker cookie: "this browser has a refresh cookie" (value `1`, readable by script, no secret). */
export const SIGNED_IN_COOKIE = '_mksession';

/** The cookies of a Cookie header (first value wins; malformed pairs are skipped). */
export function parseCookies(header: string | null | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (header === null || header === undefined) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (out.has(name)) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      out.set(name, decodeURIComponent(value));
    } catch {
      // A value that is not valid percent-encoding is not ours.
    }
  }
  return out;
}

/** Whether cookies for `origin` may omit Secure: plain http on a loopback host only. */
export function isLoopbackHttp(origin: string): boolean {
  const u = new URL(origin);
  return u.protocol === 'http:' && (u.hostname === 'localhost' || u.hostname === '127.0.0.1' || u.hostname === '[::1]');
}

/** The Set-Cookie value that stores `token` until `expiresAt` (epoch ms), or clears the cookie when token is null. */
export function sessionCookie(publicOrigin: string, token: string | null, expiresAt: number, now: number): string {
  const parts = [
    `${SESSION_COOKIE}=${token === null ? '' : encodeURIComponent(token)}`,
    'Path=/',
    'SameSite=Lax',
    token === null ? 'Max-Age=0' : `Max-Age=${Math.max(0, Math.floor((expiresAt - now) / 1000))}`,
  ];
  if (!isLoopbackHttp(publicOrigin)) parts.push('Secure');
  return parts.join('; ');
}

/**
 * The Set-Cookie values for a session's refresh token and its marker: until `expiresAt` (epoch ms)
 * for a persistent session, for the browser's session otherwise; both cleared when `refreshToken`
 * is null.
 */
export function refreshCookies(
  publicOrigin: string,
  refreshToken: string | null,
  session: { readonly persistent: boolean; readonly expiresAt: number } | null,
  now: number,
): [string, string] {
  const secure = isLoopbackHttp(publicOrigin) ? [] : ['Secure'];
  const age =
    refreshToken === null
      ? ['Max-Age=0']
      : session?.persistent === true
        ? [`Max-Age=${Math.max(0, Math.floor((session.expiresAt - now) / 1000))}`]
        : [];
  return [
    [`${REFRESH_COOKIE}=${refreshToken ?? ''}`, `Path=${REFRESH_COOKIE_PATH}`, 'HttpOnly', 'SameSite=Strict', ...age, ...secure].join('; '),
    [`${SIGNED_IN_COOKIE}=${refreshToken === null ? '' : '1'}`, 'Path=/', 'SameSite=Strict', ...age, ...secure].join('; '),
  ];
}
