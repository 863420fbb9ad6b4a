import type { MutationLoginArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { refusal } from '../module';
import { rateLimitedError, signIn, type AccountsKit } from './kit';
import { findUserByLogin, rehashPassword } from './service';
import { secondFactorStep } from './second-factor';

/** The one answer to a failed sign-in, whether the account exists or not. */
export const WRONG_LOGIN = 'Wrong email, username or password.';

/** Longer than any password registration accepts: refused without hashing (the answer does not depend on the account). */
const LONGEST_PASSWORD = 1024;

/**
 * Mutation.login: by email address or username. Unknown login and wrong password give the same
 * UNAUTHENTICATED error after the same work (scrypt runs for an unknown login too). Attempts are
 * counted per IP address and per account before the check (a success gives them back); over either limit, RATE_LIMITED with `retryAfter`
 * seconds, whatever the password. A successful sign-in clears the account's count and opens a
 * session for this device: "keep me signed in" (`keepSignedIn`) for 30 days, sliding, otherwise a
 * browser session (auth/sessions.ts).
 */
export const login =
  (kit: AccountsKit) =>
  async (_: unknown, { input }: MutationLoginArgs, ctx: RequestContext) => {
    // Count the attempt before checking anything: parallel guesses are refused as soon as the
    // count is over the limit, not after the first failures are recorded.
    const ipWait = await kit.limits.hit('login:ip', ctx.ip);
    if (ipWait !== null) throw rateLimitedError(ipWait);
    const name = input.login.trim().toLowerCase();
    const user = name === '' || name.length > 254 ? null : await findUserByLogin(ctx.db, name);
    const accountKey = user === null ? `login:${name}` : `user:${user.id}`;
    const accountWait = await kit.limits.hit('login:account', accountKey);
    if (accountWait !== null) throw rateLimitedError(accountWait);

    const checked =
      input.password.length > LONGEST_PASSWORD
        ? { ok: false, needsRehash: false }
        : await kit.hasher.verify(input.password, user?.passwordHash ?? null);
    if (user === null || !checked.ok) {
      ctx.logger.info({ userId: user?.id ?? null, reason: user === null ? 'unknown login' : 'wrong password' }, 'sign-in failed');
      throw refusal('UNAUTHENTICATED', WRONG_LOGIN);
    }
    await kit.limits.refund('login:ip', ctx.ip);
    await kit.limits.clear('login:account', accountKey);
    if (checked.needsRehash) await rehashPassword(ctx.db, user.id, user.passwordHash, await kit.hasher.hash(input.password));
    const secondStep = await secondFactorStep(ctx, user);
    if (secondStep !== null) throw secondStep;
    const persistent = input.keepSignedIn ?? false;
    ctx.logger.info({ userId: user.id, persistent }, 'signed in');
    return signIn(ctx, user, persistent);
  };
