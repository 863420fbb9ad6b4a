// One origin for the web app's pages. The session cookie belongs to PUBLIC_ORIGIN's host, and the
// payment provider sends a member back there: a member browsing at another address of this machine
// (http://127.0.0.1:3000 while PUBLIC_ORIGIN is http://localhost:3000) would leave for payment from
// one origin and come back to the other, signed out. So a page asked for at another loopback
// address is sent to PUBLIC_ORIGIN first. Only between loopback addresses: behind a proxy the
// address a request names may be the proxy's view, not the browser's, and redirecting on it could
// loop; and only pages (no file extension), never the API, GraphQL, files or the server's routes.
import { extname } from 'node:path';
import { isLoopbackHttp } from './cookies';

/** A 302 to the same page at `publicOrigin` when `request` is a page asked for at another loopback origin; else null. */
export function publicOriginRedirect(request: Request, publicOrigin: string): Response | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const url = new URL(request.url);
  const target = new URL(publicOrigin).origin;
  if (url.origin === target || extname(url.pathname) !== '') return null;
  if (!isLoopbackHttp(url.origin) || !isLoopbackHttp(target)) return null;
  return new Response(null, { status: 302, headers: { location: `${target}${url.pathname}${url.search}`, 'cache-control': 'no-store' } });
}
