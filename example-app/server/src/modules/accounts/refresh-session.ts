import { SESSION_MAX_MS } from '../../auth/tokens';
import type { RequestContext } from '../../kernel';
import { refusal, requireViewer } from '../module';
import { authOk, startSession } from './kit';

/**
 * Mutation.refreshSession: a fresh token for the request's still-valid session (same sign-in
 * instant, so the session still ends SESSION_MAX_MS after sign-in). UNAUTHENTICATED when the
 * session has ended (expired, revoked or past its maximum).
 */
export async function refreshSession(_: unknown, __: unknown, ctx: RequestContext) {
  const userId = requireViewer(ctx);
  const viewer = ctx.viewer as NonNullable<RequestContext['viewer']>;
  if (ctx.now >= viewer.signedInAt + SESSION_MAX_MS) throw refusal('UNAUTHENTICATED', 'Your session has ended. Sign in again.');
  return authOk(await startSession(ctx, userId, viewer.sessionVersion, viewer.signedInAt));
}
