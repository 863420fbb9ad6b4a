import type { MutationResetPasswordArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { failure } from '../module';
import { revokeLiveAccess } from '../../auth/revocation';
import { revokeSessions } from '../../auth/sessions';
import { authOk, signIn, waitInWords, type AccountsKit } from './kit';
import { consumePasswordReset, revokePasswordResets, setPasswordHash, usableResetOwner } from './service';
import { weakPasswordFailure } from './password-strength';
import { endSignInChallenges, hasTwoFactor } from './second-factor';
import { INVALID_RESET_LINK, validatePasswordReset } from '@matchkit/sdk/accounts';
import { firstProblem } from './validation';

/**
 * Mutation.resetPassword: with an unused, unexpired reset token, sets the new password, ends every
 * session (session version bumped, every session row revoked), makes the member's other reset
 * links unusable, ends their sign-ins waiting for a two-step code, clears the account's failed
 * sign-ins and signs the member in. Every live socket and event stream of the member ends, in
 * every process.
 */
export const resetPassword =
  (kit: AccountsKit) =>
  async (_: unknown, { input }: MutationResetPasswordArgs, ctx: RequestContext) => {
    const checked = validatePasswordReset(input);
    if (!checked.ok) return firstProblem(checked.problems);
    const next = checked.value.newPassword;
    // Limited per address, and the token is checked BEFORE the costly hash: a made-up token costs
    // one indexed read, not a scrypt run.
    const ipWait = await kit.limits.hit('reset:ip', ctx.ip);
    if (ipWait !== null) return failure('RATE_LIMITED', `Too many attempts. Try again in ${waitInWords(ipWait)}.`);
    const now = new Date(ctx.now);
    const owner = await usableResetOwner(ctx.db, input.token, now);
    if (owner === null) return failure('BAD_INPUT', INVALID_RESET_LINK, 'input.token');
    const weak = weakPasswordFailure(ctx, next, owner, 'input.newPassword');
    if (weak !== null) return weak;
    const passwordHash = await kit.hasher.hash(next);
    const done = await ctx.db.transaction(async (tx) => {
      const userId = await consumePasswordReset(tx, input.token, now);
      if (userId === null) return null;
      const sessionVersion = await setPasswordHash(tx, userId, passwordHash);
      await revokePasswordResets(tx, userId, now);
      await revokeSessions(tx, userId, 'password-reset', ctx.now);
      await endSignInChallenges(tx, userId);
      return sessionVersion === null ? null : { userId, sessionVersion };
    });
    if (done === null) return failure('BAD_INPUT', INVALID_RESET_LINK, 'input.token');
    await revokeLiveAccess(ctx.deps, { userId: done.userId, sessionId: null, reason: 'password-reset' });
    await kit.limits.clear('login:account', `user:${done.userId}`);
    ctx.logger.info({ userId: done.userId }, 'password reset; every session ended');
    // A reset link proves the mailbox, not the second factor: with two-step sign-in on, the member
    // signs in afterwards with the new password and a code.
    if (await hasTwoFactor(ctx.db, done.userId)) return { ok: true as const, error: null, user: null, token: null, expiresAt: null };
    return authOk(await signIn(ctx, { id: done.userId, sessionVersion: done.sessionVersion }, false));
  };
