import { generateReferralCode, parseReferralCode } from '@matchkit/sdk/referrals';
import type { MutationRegisterArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { newId, secureRandom } from '../../ids';
import { deviceOf, signupHash } from '../affiliates/abuse';
import { failure } from '../module';
import { authOk, signIn, waitInWords, type AccountsKit } from './kit';
import { findReferrerId, insertUser, takenField, uniqueViolation, type UserRow } from './service';
import { validateRegistration } from '@matchkit/sdk/accounts';
import { firstProblem } from './validation';
import { weakPasswordFailure } from './password-strength';
import { essentialFrame } from '../../mail/templates/frame';
import { queueMail } from '../../mail/queue';
import { welcomeMail } from './account-mail';
import { queueVerificationLink } from './email-verification';

/** Uniform draws in [0, 1) from the system's secure random source. */

const TAKEN = {
  email: 'An account with this email address already exists. Sign in, or reset your password if you have forgotten it.',
  username: 'That username is taken. Please choose another.',
} as const;

/** Mutation.register: creates the member (18+ confirmed), signs them in and mails a link confirming their address. */
export const register =
  (kit: AccountsKit) =>
  async (_: unknown, { input }: MutationRegisterArgs, ctx: RequestContext) => {
    const ipWait = await kit.limits.hit('register:ip', ctx.ip);
    if (ipWait !== null) return failure('RATE_LIMITED', `Too many sign-ups from your network. Try again in ${waitInWords(ipWait)}.`);

    const checked = validateRegistration(input, ctx.brand);
    if (!checked.ok) return firstProblem(checked.problems);
    const { email, username, password, firstName, lastName, goal } = checked.value;
    const weak = weakPasswordFailure(ctx, password, { firstName, lastName, username, email }, 'input.password');
    if (weak !== null) return weak;

    for (const key of [`email:${email}`, `username:${username}`]) {
      const wait = await kit.limits.hit('register:account', key);
      if (wait !== null) return failure('RATE_LIMITED', `Too many sign-up attempts for these details. Try again in ${waitInWords(wait)}.`);
    }

    const taken = await takenField(ctx.db, email, username);
    if (taken !== null) return failure('CONFLICT', TAKEN[taken], `input.${taken}`);

    const referredBy = await referrerOf(ctx, input.referralCode);
    // Salted hashes of the address and the device cookie, to spot a member referring their own
    // accounts (modules/affiliates/abuse.ts); the cookie is set only when the browser had none.
    const device = deviceOf(ctx.cookie, ctx.deps.config.publicOrigin);
    const secret = ctx.deps.config.secrets.JWT_SECRET;
    const passwordHash = await kit.hasher.hash(password);
    const now = new Date(ctx.now);
    let user: UserRow | null = null;
    // A new referral code collides with a stored one rarely (32^8 codes); try again with another.
    for (let attempt = 0; user === null; attempt += 1) {
      try {
        // The welcome, then the link confirming the address (its own message, the newest), are
        // queued with the member's row: they go out exactly when the registration commits.
        user = await ctx.db.transaction(async (tx) => {
          const inserted = await insertUser(tx, {
            id: newId('u'),
            email,
            username,
            firstName,
            lastName,
            passwordHash,
            referralCode: generateReferralCode(secureRandom),
            referredBy,
            signupIpHash: signupHash(secret, 'ip', ctx.ip),
            signupDeviceHash: signupHash(secret, 'device', device.id),
            goal,
            adultConfirmedAt: now,
            createdAt: now,
          });
          await queueMail(tx, await welcomeMail(essentialFrame(ctx.deps), inserted.email, inserted), ctx.now);
          await queueVerificationLink(tx, ctx, inserted);
          return inserted;
        });
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint === 'users_email_key') return failure('CONFLICT', TAKEN.email, 'input.email');
        if (constraint === 'users_username_key') return failure('CONFLICT', TAKEN.username, 'input.username');
        if (constraint !== 'users_referral_code_key' || attempt >= 4) throw error;
      }
    }
    if (device.setCookie !== null) ctx.setCookie(device.setCookie);
    ctx.logger.info({ userId: user.id, referred: referredBy !== null }, 'member registered');
    return authOk(await signIn(ctx, user, false));
  };

/** The referring member's id for a code from the landing page; a bad or unknown code is ignored (and logged), never an error. */
async function referrerOf(ctx: RequestContext, raw: string | null | undefined): Promise<string | null> {
  if (raw === null || raw === undefined || raw.trim() === '') return null;
  const parsed = parseReferralCode(raw);
  if (!parsed.ok) {
    ctx.logger.info({ reason: parsed.reason }, 'referral code ignored at sign-up');
    return null;
  }
  const id = await findReferrerId(ctx.db, parsed.code);
  if (id === null) ctx.logger.info({ reason: 'unknown' }, 'referral code ignored at sign-up');
  return id;
}
