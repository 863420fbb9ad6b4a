// Token rotation: an authenticated HTTP request whose token is past half its life gets a fresh
// token for the same session in its response's `_opjwt` cookie. The session's sign-in instant
// travels unchanged, so rotation never stretches a session past SESSION_MAX_MS; a member idle for
// longer than a token's life is signed out.
import type { AppDeps, Viewer } from '../kernel';
import { sessionCookie } from '../http/cookies';
import { SESSION_MAX_MS, TOKEN_TTL_MS } from './tokens';

/** Whether the viewer's token is past half its life while the session may still go on. */
export function rotationDue(viewer: Viewer, now: number): boolean {
  return now - viewer.tokenIssuedAt >= TOKEN_TTL_MS / 2 && now < viewer.signedInAt + SESSION_MAX_MS;
}

/** The Set-Cookie value with a fresh token for the viewer's session when rotation is due, else null. */
export async function rotatedSessionCookie(deps: AppDeps, viewer: Viewer | null, now: number): Promise<string | null> {
  if (viewer === null || !rotationDue(viewer, now)) return null;
  const { token, expiresAt } = await deps.tokens.issue(
    { userId: viewer.userId, sessionVersion: viewer.sessionVersion, signedInAt: viewer.signedInAt },
    now,
  );
  return sessionCookie(deps.config.publicOrigin, token, expiresAt, now);
}
