import { removeSessionPushSubscriptions } from '../../push/subscriptions';
import type { RequestContext } from '../../kernel';
import { revokeLiveAccess } from '../../auth/revocation';
import { revokeSession, revokeSessions, sessionOfRefreshToken } from '../../auth/sessions';
import { parseCookies, REFRESH_COOKIE } from '../../http/cookies';
import { clearSessionCookies } from './kit';
import { bumpSessionVersion } from './service';

/**
 * The member and session of the request: the access token's, or, when it has expired, the refresh
 * cookie's (a member idle for 15 minutes can still sign out that device). Null when signed out.
 */
async function sessionOfRequest(ctx: RequestContext): Promise<{ userId: string; sessionId: string } | null> {
  if (ctx.viewer !== null) return { userId: ctx.viewer.userId, sessionId: ctx.viewer.sessionId };
  const refresh = parseCookies(ctx.cookie).get(REFRESH_COOKIE);
  return refresh === undefined || refresh === '' ? null : sessionOfRefreshToken(ctx.db, refresh);
}

/**
 * Mutation.logout: signs out THIS device. Its session ends (its access and refresh tokens stop
 * working), its cookies are cleared, and its live sockets and event streams end in every process
 * (revokeLiveAccess). Other devices stay signed in (logoutEverywhere ends them). True when a
 * session ended, false when the request was signed out already.
 */
export async function logout(_: unknown, __: unknown, ctx: RequestContext): Promise<boolean> {
  clearSessionCookies(ctx);
  const current = await sessionOfRequest(ctx);
  if (current === null) return false;
  const ended = await revokeSession(ctx.db, current.userId, current.sessionId, 'signed-out', ctx.now);
  // This device's push subscription goes with its sign-in (docs/notifications.md "Web push").
  await removeSessionPushSubscriptions(ctx.db, current.sessionId);
  await revokeLiveAccess(ctx.deps, { ...current, reason: 'signed-out' });
  ctx.logger.info(current, 'signed out on this device');
  return ended;
}

/**
 * Mutation.logoutEverywhere: signs out every device of the member. It bumps the member's session
 * version (every access token issued before stops working), revokes every session row (every
 * refresh token stops working), clears this device's cookies and ends the member's live sockets
 * and event streams in every process. True when the request was signed in, false otherwise.
 */
export async function logoutEverywhere(_: unknown, __: unknown, ctx: RequestContext): Promise<boolean> {
  clearSessionCookies(ctx);
  const current = await sessionOfRequest(ctx);
  if (current === null) return false;
  const { userId } = current;
  await ctx.db.transaction(async (tx) => {
    await bumpSessionVersion(tx, userId);
    await revokeSessions(tx, userId, 'signed-out-everywhere', ctx.now);
  });
  await revokeLiveAccess(ctx.deps, { userId, sessionId: null, reason: 'signed-out-everywhere' });
  ctx.logger.info({ userId }, 'signed out everywhere');
  return true;
}
