// The session cookie. The spec's client reads `_opjwt` to send it as a bearer header, so the cookie
// cannot be HttpOnly (docs/security.md says what makes up for it). SameSite=Lax; Secure everywhere
// but on a loopback http origin (a browser drops Secure cookies over plain http).

/** The session cookie's name (the spec's default). */
export const SESSION_COOKIE = '_opjwt';

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
