import type { RequestContext } from '../../kernel';
import { sessionCookie } from '../../http/cookies';
import { revokeLiveAccess } from '../../auth/revocation';
import { bumpSessionVersion } from './service';

/**
 * Mutation.logout: signs out EVERYWHERE. It bumps the member's session version, which revokes every
 * token of the member (other browsers and devices too), and clears the cookie. True when a session
 * ended, false when the request was signed out already. The member's live sockets and event streams,
 * in every process, end too (revokeLiveAccess).
 */
export async function logout(_: unknown, __: unknown, ctx: RequestContext): Promise<boolean> {
  ctx.setCookie(sessionCookie(ctx.deps.config.publicOrigin, null, 0, ctx.now));
  if (ctx.viewer === null) return false;
  await bumpSessionVersion(ctx.db, ctx.viewer.userId);
  await revokeLiveAccess(ctx.deps, { userId: ctx.viewer.userId, sessionId: null, reason: 'signed-out-everywhere' });
  ctx.logger.info({ userId: ctx.viewer.userId }, 'signed out everywhere');
  return true;
}
