import type { MutationChangePasswordArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { failure, requireViewer } from '../module';
import { revokeLiveAccess } from '../../auth/revocation';
import { revokeSessions, touchSession } from '../../auth/sessions';
import { checkCurrentPassword } from './current-password';
import { authOk, startSession, type AccountsKit } from './kit';
import { endSignInChallenges } from './second-factor';
import { revokePasswordResets, setPasswordHash } from './service';
import { readNewPassword } from '@matchkit/sdk/accounts';
import { weakPasswordFailure } from './password-strength';

/**
 * Mutation.changePassword: checks the current password (failures count toward the account's
 * sign-in limit), stores the new one, bumps the session version and revokes every other session
 * row, so every other device is signed out;
 * this session gets a fresh token. Every live socket and event stream of the other sessions ends;
 * this device's are closed for renewal (their token is the old one), so they reconnect with the
 * fresh token. Unused reset links of the member stop working, and so do sign-ins waiting for a
 * two-step code (started with the old password).
 */
export const changePassword =
  (kit: AccountsKit) =>
  async (_: unknown, { input }: MutationChangePasswordArgs, ctx: RequestContext) => {
    const userId = requireViewer(ctx);
    const sessionId = (ctx.viewer as NonNullable<RequestContext['viewer']>).sessionId;
    const next = readNewPassword(input.newPassword);
    if (!next.ok) return failure('BAD_INPUT', next.message, 'input.newPassword');

    const current = await checkCurrentPassword(kit, ctx, userId, input.currentPassword);
    if (!current.ok) return current;
    const { user } = current;
    // After the current password: the refusal's advice mentions the member's own details.
    const weak = weakPasswordFailure(ctx, next.value, user, 'input.newPassword');
    if (weak !== null) return weak;
    const passwordHash = await kit.hasher.hash(next.value);
    const sessionVersion = await ctx.db.transaction(async (tx) => {
      const version = await setPasswordHash(tx, userId, passwordHash);
      await revokePasswordResets(tx, userId, new Date(ctx.now));
      await revokeSessions(tx, userId, 'password-changed', ctx.now, sessionId);
      await endSignInChallenges(tx, userId);
      return version;
    });
    if (sessionVersion === null) throw new Error('the member vanished while changing their password');
    const session = await touchSession(ctx.db, sessionId, ctx.now, ctx.ip);
    if (session === null) return failure('UNAUTHENTICATED', 'Your session has ended. Sign in again.');
    await revokeLiveAccess(ctx.deps, { userId, sessionId: null, reason: 'password-changed', renewSessionId: sessionId });
    ctx.logger.info({ userId }, 'password changed; other sessions ended');
    return authOk(await startSession(ctx, sessionVersion, session, null));
  };
