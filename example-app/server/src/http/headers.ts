// Security headers on every response. The Content-Security-Policy allows only the app's own
// scripts, styles and connections (the built app has no inline script: see vite.config.ts).

/** The policy for every page the server sends. */
export function contentSecurityPolicy(publicOrigin: string): string {
  const ws = publicOrigin.replace(/^http/, 'ws');
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${ws}`,
    "manifest-src 'self'",
    "worker-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}

/** Adds the security headers to `response` (in place) and returns it. */
export function withSecurityHeaders(response: Response, publicOrigin: string): Response {
  const h = response.headers;
  const set = (name: string, value: string) => {
    if (!h.has(name)) h.set(name, value);
  };
  set('content-security-policy', contentSecurityPolicy(publicOrigin));
  set('x-content-type-options', 'nosniff');
  set('referrer-policy', 'strict-origin-when-cross-origin');
  set('x-frame-options', 'DENY');
  set('cross-origin-opener-policy', 'same-origin');
  set('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  if (publicOrigin.startsWith('https:')) set('strict-transport-security', 'max-age=31536000; includeSubDomains');
  return response;
}
