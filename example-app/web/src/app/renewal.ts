// Silent renewal of the member's access token (docs/security.md, "Sessions"). The server keeps the
// refresh token in an HttpOnly cookie that script cannot read, and sets a marker cookie
// (`_mksession=1`, no secret) beside it: the marker is how the app knows a renewal is worth asking
// for. With the marker present:
// - before a request, when `_opjwt` is missing or past its expiry, the app renews first (so a
//   member who kept themselves signed in arrives signed in, and a request never leaves with a
//   token known to be stale);
// - a request answered UNAUTHENTICATED is renewed once and sent again;
// - the subscription client's refreshToken (the server's 4440 close) uses the same renewal.
// One renewal runs at a time in the tab, and across tabs through the Web Locks API where the
// browser has it: a tab that waited finds the cookie renewed by the other and sends no request
// (a refresh token is spent by its first use; a second use would end the session).
import { RefreshSessionMutation, type GraphQLClient, type TransportFetch } from '@matchkit/sdk/transport';

/** The marker cookie's name (server: http/cookies.ts SIGNED_IN_COOKIE). */
export const SIGNED_IN_COOKIE = '_mksession';
/** The access token's cookie (the spec's). */
export const TOKEN_COOKIE = '_opjwt';
/** A token this close to its expiry counts as stale (the request must still arrive in time). */
const STALE_MARGIN_MS = 30_000;
const LOCK_NAME = 'matchkit-session-renewal';

/** Where the renewal reads cookies and the time (the page's, or a test's). */
export interface RenewalEnvironment {
  cookies(): string;
  now(): number;
  /** Runs `task` holding the cross-tab lock (navigator.locks), or at once without one. */
  exclusive<T>(task: () => Promise<T>): Promise<T>;
}

function cookieValue(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return null;
}

/** The `exp` of a JWT in ms (its payload read, not verified: the server does that), or null. */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (payload === undefined) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof json.exp === 'number' && Number.isFinite(json.exp) ? json.exp * 1000 : null;
  } catch {
    return null;
  }
}

/** The session renewal of one tab. */
export interface SessionRenewal {
  /** Whether this browser holds a refresh token to try (the marker cookie). */
  canRenew(): boolean;
  /** The current access token when it is fresh; else renews first when it can. Null: signed out. */
  freshToken(): Promise<string | null>;
  /**
   * Renews now (from the refresh cookie, or from the token while it is still valid) unless `seen`
   * (default: the current token) was replaced by a fresh one meanwhile; the new token, or null
   * when the session has ended.
   */
  renew(seen?: string | null): Promise<string | null>;
}

/** The renewal over `transport` (its RefreshSession request). */
export function createSessionRenewal(
  transport: Pick<GraphQLClient, 'request'>,
  env: RenewalEnvironment = browserEnvironment(),
): SessionRenewal {
  let running: Promise<string | null> | null = null;
  const current = () => cookieValue(env.cookies(), TOKEN_COOKIE);
  const canRenew = () => cookieValue(env.cookies(), SIGNED_IN_COOKIE) === '1';
  const isFresh = (token: string | null): token is string => {
    if (token === null || token === '') return false;
    const exp = tokenExpiry(token);
    return exp !== null && exp - STALE_MARGIN_MS > env.now();
  };
  const renew = (seen: string | null = current()): Promise<string | null> => {
    running ??= env
      .exclusive(async () => {
        // Another tab (or an earlier call) may have renewed while this one waited.
        const now = current();
        if (now !== seen && isFresh(now)) return now;
        try {
          const { data } = await transport.request({ query: RefreshSessionMutation });
          return data.refreshSession.token ?? null;
        } catch {
          return null;
        }
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  return {
    canRenew,
    async freshToken() {
      const token = current();
      if (isFresh(token) || !canRenew()) return token;
      return renew(token);
    },
    renew,
  };
}

function browserEnvironment(): RenewalEnvironment {
  return {
    cookies: () => document.cookie,
    now: () => Date.now(),
    exclusive: (task) =>
      typeof navigator !== 'undefined' && navigator.locks !== undefined ? navigator.locks.request(LOCK_NAME, task) : task(),
  };
}

/** The operation name of a GraphQL POST body, or null. */
function operationOf(init: RequestInit | undefined): string | null {
  if (typeof init?.body !== 'string') return null;
  try {
    const body = JSON.parse(init.body) as { operationName?: unknown };
    return typeof body.operationName === 'string' ? body.operationName : null;
  } catch {
    return null;
  }
}

/** Whether a GraphQL answer refused the request as UNAUTHENTICATED. */
async function refusedUnauthenticated(response: Response): Promise<boolean> {
  if (!(response.headers.get('content-type') ?? '').includes('json')) return false;
  try {
    const body = (await response.clone().json()) as { errors?: { extensions?: { code?: unknown } }[] };
    return body.errors?.some((e) => e.extensions?.code === 'UNAUTHENTICATED') === true;
  } catch {
    return false;
  }
}

function withToken(init: RequestInit | undefined, token: string | null): RequestInit {
  const headers = new Headers(init?.headers);
  if (token === null) headers.delete('authorization');
  else headers.set('authorization', `Bearer ${token}`);
  return { ...init, headers };
}

/**
 * A fetch for the GraphQL transport that renews the session around each request (see the top of
 * this file). The RefreshSession request itself passes straight through. `renewal` is read lazily:
 * it is made over the transport this fetch serves.
 */
export function renewingFetch(inner: TransportFetch, renewal: () => SessionRenewal): TransportFetch {
  return async (url, init) => {
    if (operationOf(init) === 'RefreshSession') return inner(url, init);
    const session = renewal();
    if (!session.canRenew()) return inner(url, init);
    const sentWith = new Headers(init?.headers).get('authorization')?.replace(/^Bearer\s+/i, '') ?? null;
    const token = await session.freshToken();
    const first = await inner(url, token === sentWith ? init : withToken(init, token));
    if (!(await refusedUnauthenticated(first))) return first;
    const renewed = await session.renew(token);
    return renewed === null ? first : inner(url, withToken(init, renewed));
  };
}
