// Token rotation: an authenticated HTTP request whose access token is past half its life gets a
// fresh token for the same session in its response's `_opjwt` cookie, and the session slides on
// (last seen now, expiry now + its lifetime: auth/sessions.ts). For "keep me signed in", the
// refresh and marker cookies the request carried are set again with the new expiry, so the
// browser keeps them as long as the server keeps the session. A member idle for longer than a
// token's life renews through refreshSession with the refresh cookie instead. A cookie-bound
// session (signed in from the app's own page) rotates only when its refresh cookie comes too.
import type { AppDeps, Viewer } from '../kernel';
import { parseCookies, REFRESH_COOKIE, refreshCookies, sessionCookie } from '../http/cookies';
import { sessionOfRefreshToken, touchSession } from './sessions';
import { TOKEN_TTL_MS } from './tokens';

/** Whether the viewer's token is past half its life. */
export function rotationDue(viewer: Viewer, now: number): boolean {
  return now - viewer.tokenIssuedAt >= TOKEN_TTL_MS / 2;
}

/**
 * The Set-Cookie values renewing the viewer's session when rotation is due (none when it is not,
 * or when the session ended meanwhile). `request` is the request's address and Cookie header.
 */
export async function rotatedSessionCookies(
  deps: AppDeps,
  viewer: Viewer | null,
  now: number,
  request: { readonly ip: string; readonly cookie: string | null },
): Promise<string[]> {
  if (viewer === null || !rotationDue(viewer, now)) return [];
  const refresh = parseCookies(request.cookie).get(REFRESH_COOKIE);
  // A cookie-bound session rotates only with its own refresh cookie beside the token (sent to
  // /graphql only): a copied access token alone never earns a fresh one.
  const owner = refresh === undefined || refresh === '' ? null : await sessionOfRefreshToken(deps.db, refresh);
  const session = await touchSession(deps.db, viewer.sessionId, now, request.ip, {
    byAccessToken: owner?.sessionId !== viewer.sessionId,
  });
  if (session === null) return [];
  const { token, expiresAt } = await deps.tokens.issue(
    { userId: viewer.userId, sessionVersion: viewer.sessionVersion, sessionId: session.id, signedInAt: viewer.signedInAt },
    now,
  );
  const cookies = [sessionCookie(deps.config.publicOrigin, token, expiresAt, now)];
  if (session.persistent && refresh !== undefined && refresh !== '')
    cookies.push(...refreshCookies(deps.config.publicOrigin, refresh, session, now));
  return cookies;
}
