// Where the server may send a push: only to the browser push services' hosts, never to an address a
// member names. A subscription's endpoint is a URL the browser posts; without this rule a member
// could post https://127.0.0.1/..., https://10.0.0.5/... or https://169.254.169.254/... and make the
// server POST inside its own network (and learn from the subscription's pruning what answered).
// The hosts are checked when a subscription is saved and again before each send.

/** The browsers' push services (Chrome, Edge, Firefox, Safari): PUSH_ALLOWED_HOSTS when unset. */
export const DEFAULT_PUSH_HOSTS: readonly string[] = Object.freeze([
  'fcm.googleapis.com',
  '*.push.services.mozilla.com',
  '*.notify.windows.com',
  '*.push.apple.com',
]);

/** One PUSH_ALLOWED_HOSTS entry: a host name, `*.` and a domain (any host under it), or an IPv4 address (tests). */
export const PUSH_HOST_PATTERN = /^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** True when `hostname` (a URL's, lower case) is one of `allowed` (exact, or under a `*.` domain). */
export function pushHostAllowed(hostname: string, allowed: readonly string[]): boolean {
  return allowed.some((pattern) =>
    pattern.startsWith('*.') ? hostname.endsWith(pattern.slice(1)) && hostname.length > pattern.length - 1 : hostname === pattern,
  );
}

/** Why `endpoint` may not receive a push (https, no credentials, a host in `allowed`), or null when it may. */
export function pushEndpointProblem(endpoint: string, allowed: readonly string[]): string | null {
  if (!URL.canParse(endpoint)) return 'must be the https URL of a push service';
  const u = new URL(endpoint);
  if (u.protocol !== 'https:' || u.username !== '' || u.password !== '') return 'must be the https URL of a push service';
  if (!pushHostAllowed(u.hostname, allowed)) return "must be at a browser's push service (its host is not one this server sends to)";
  return null;
}
