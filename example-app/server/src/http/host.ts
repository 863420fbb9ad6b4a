// The Host header, checked against the origins this server answers for. A page on another site can
// point its own hostname at 127.0.0.1 (DNS rebinding) and then read a developer's running server as
// same-origin: its requests name that hostname in Host. So every request and WebSocket upgrade must
// name the host of PUBLIC_ORIGIN or of an ALLOWED_ORIGINS entry, else 421 Misdirected Request.
//
// - Development: when PUBLIC_ORIGIN is plain http on a loopback host (the default
//   http://localhost:3000), the loopback names localhost, 127.0.0.1 and [::1] are accepted on any
//   port, so `npm start` answers at http://127.0.0.1:3000 and http://localhost:3000 alike (pages
//   at the other one are then sent to PUBLIC_ORIGIN, http/origin.ts). A rebinding page cannot
//   make a browser send one of those names: its requests carry the attacker's hostname.
// - Behind a proxy: no forwarded header (X-Forwarded-Host, Forwarded) is trusted. The proxy must
//   pass the browser's Host on, or set it to PUBLIC_ORIGIN's host.
// - The Host is never the server's own origin: links, cookies and origin checks use PUBLIC_ORIGIN.
import { isLoopbackHttp } from './cookies';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The host (hostname and port, lower case, default port left out) of `value` under `protocol`, or null when it is not a host. */
function normalHost(value: string, protocol: string): string | null {
  if (value === '' || /[\s/\\?#@]/.test(value)) return null;
  try {
    const url = new URL(`${protocol}//${value}`);
    return url.host.toLowerCase();
  } catch {
    return null;
  }
}

/** Whether a request whose Host header is `host` is addressed to this server. */
export type HostCheck = (host: string | null) => boolean;

/** The check for `publicOrigin` and `allowedOrigins` (see the file's comment). */
export function hostCheck(publicOrigin: string, allowedOrigins: readonly string[]): HostCheck {
  const origins = [publicOrigin, ...allowedOrigins].map((o) => new URL(o));
  const hosts = new Set(origins.map((u) => u.host.toLowerCase()));
  const loopback = isLoopbackHttp(publicOrigin);
  const protocol = new URL(publicOrigin).protocol;
  return (host) => {
    if (host === null) return false;
    const normal = normalHost(host.trim(), protocol);
    if (normal === null) return false;
    if (hosts.has(normal)) return true;
    if (!loopback) return false;
    return LOOPBACK_NAMES.has(new URL(`http://${normal}`).hostname);
  };
}

/** The Host a request names: its Host header, else (a Request made in process, which has none) its URL's. */
export function hostOf(request: Request): string | null {
  const given = request.headers.get('host');
  if (given !== null) return given;
  try {
    return new URL(request.url).host;
  } catch {
    return null;
  }
}

/** The answer to a request addressed to another host. */
export function misdirected(): Response {
  return new Response('Misdirected request: this server does not answer for that host name.\n', {
    status: 421,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', connection: 'close' },
  });
}
