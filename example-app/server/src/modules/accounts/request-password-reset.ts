import { randomBytes } from 'node:crypto';
import type { MutationRequestPasswordResetArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { failure } from '../module';
import { queueMail } from '../../mail/queue';
import { essentialFrame } from '../../mail/templates/frame';
import { passwordResetMail } from './account-mail';
import { waitInWords, type AccountsKit } from './kit';
import { findUserByEmail, insertPasswordReset, type UserRow } from './service';
import { readEmail } from '@matchkit/sdk/accounts';

/** A reset link works for one hour. */
export const RESET_TTL_MS = 60 * 60_000;

/**
 * Mutation.requestPasswordReset: ok for any well-formed address, member's or not, so it tells
 * nobody whether an address is registered. For a member, a random token is made, only its SHA-256
 * is stored (one use, one hour), and the link `${publicOrigin}/reset-password?token=...` is queued
 * with it (one transaction) after the response, so both answers take the same time. Counted per IP address and per address.
 */
export const requestPasswordReset =
  (kit: AccountsKit) => async (_: unknown, args: MutationRequestPasswordResetArgs, ctx: RequestContext) => {
    const ipWait = await kit.limits.hit('reset:ip', ctx.ip);
    if (ipWait !== null) return failure('RATE_LIMITED', `Too many reset requests from your network. Try again in ${waitInWords(ipWait)}.`);
    const email = readEmail(args.email);
    if (!email.ok) return failure('BAD_INPUT', email.message, 'email');
    const wait = await kit.limits.hit('reset:account', email.value);
    if (wait !== null) return failure('RATE_LIMITED', `Too many reset requests for this address. Try again in ${waitInWords(wait)}.`);
    const user = await findUserByEmail(ctx.db, email.value);
    if (user !== null) kit.background.run('password reset mail', ctx.logger, () => sendResetLink(ctx, user));
    return { ok: true, error: null };
  };

async function sendResetLink(ctx: RequestContext, user: UserRow): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const link = `${ctx.deps.config.publicOrigin}/reset-password?token=${token}`;
  const message = await passwordResetMail(essentialFrame(ctx.deps), user.email, user, link);
  await ctx.db.transaction(async (tx) => {
    await insertPasswordReset(tx, user.id, token, new Date(ctx.now + RESET_TTL_MS));
    await queueMail(tx, message, ctx.now);
  });
  ctx.logger.info({ userId: user.id }, 'password reset link queued');
}
