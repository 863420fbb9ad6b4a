import { revokeLiveAccess } from '../../auth/revocation';
import { renewWithRefreshToken, touchSession } from '../../auth/sessions';
import { parseCookies, REFRESH_COOKIE } from '../../http/cookies';
import type { RequestContext } from '../../kernel';
import { refusal } from '../module';
import { authOk, clearSessionCookies, startSession } from './kit';
import { findUserById } from './service';

const SESSION_ENDED = 'Your session has ended. Sign in again.';

/**
 * Mutation.refreshSession: a fresh access token for this device's session, which slides on (its
 * expiry moves to now + its lifetime, never past its hard end: auth/sessions.ts). A bearer-only
 * session (signed in from the sdk in Node, or a page on another allowed origin) is renewed by its
 * valid access token. A cookie-bound session (signed in from the app's own page) is renewed only by
 * the HttpOnly refresh cookie, so a copied `_opjwt` cannot keep itself alive: the cookie is spent
 * and replaced by the next one (rotation), and a refresh token presented a second time revokes its
 * whole session (logged at warn, without the token), unless it comes from the session's address
 * within 30 seconds of its first use (a renewal whose answer the browser lost: auth/sessions.ts).
 * UNAUTHENTICATED, with every session cookie cleared, when the session has ended (expired,
 * revoked, or no credential at all).
 */
export async function refreshSession(_: unknown, __: unknown, ctx: RequestContext) {
  if (ctx.viewer !== null) {
    const session = await touchSession(ctx.db, ctx.viewer.sessionId, ctx.now, ctx.ip, { byAccessToken: true });
    if (session !== null) return authOk(await startSession(ctx, ctx.viewer.sessionVersion, session, null));
  }
  const refresh = parseCookies(ctx.cookie).get(REFRESH_COOKIE);
  if (refresh === undefined || refresh === '') {
    if (ctx.viewer !== null) clearSessionCookies(ctx);
    throw refusal('UNAUTHENTICATED', SESSION_ENDED);
  }
  const outcome = await renewWithRefreshToken(ctx.db, refresh, ctx.now, ctx.ip);
  if (outcome.kind === 'renewed') {
    if (outcome.again)
      ctx.logger.info(
        { userId: outcome.session.userId, sessionId: outcome.session.id, ip: ctx.ip },
        'a refresh token was presented again within its grace window, from the same address: renewed',
      );
    const user = await findUserById(ctx.db, outcome.session.userId);
    if (user !== null) return authOk(await startSession(ctx, user.sessionVersion, outcome.session, outcome.refreshToken));
  }
  clearSessionCookies(ctx);
  if (outcome.kind === 'reused') {
    ctx.logger.warn(
      { userId: outcome.userId, sessionId: outcome.sessionId, ip: ctx.ip },
      'a used refresh token was presented again: its session is revoked',
    );
    await revokeLiveAccess(ctx.deps, { userId: outcome.userId, sessionId: outcome.sessionId, reason: 'signed-out' });
  }
  throw refusal('UNAUTHENTICATED', SESSION_ENDED);
}
