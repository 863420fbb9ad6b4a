// Email verification: a link mailed at sign-up (and on "Send again") confirms the member's
// address. The member uses the site at once; affiliate payouts and changes of address wait for a
// confirmed address.
import type { MutationVerifyEmailArgs } from '../../generated/resolvers';
import type { Db } from '../../db/client';
import type { RequestContext } from '../../kernel';
import { failure, requireViewer } from '../module';
import { essentialFrame } from '../../mail/templates/frame';
import { queueMail } from '../../mail/queue';
import { verifyAddressMail } from './account-mail';
import { consumeEmailLink, issueEmailLink } from './email-links';
import { waitInWords, type AccountsKit } from './kit';
import { findUserById, markEmailVerified, type UserRow } from './service';
import { INVALID_EMAIL_LINK, readEmailToken } from '@matchkit/sdk/accounts';

/**
 * Issues a link that confirms `user`'s current address and queues its mail in `tx`, the
 * transaction of the change that causes it (the registration, or "Send again").
 */
export async function queueVerificationLink(
  tx: Db,
  ctx: Pick<RequestContext, 'deps' | 'now'>,
  user: Pick<UserRow, 'id' | 'email' | 'firstName'>,
): Promise<void> {
  const link = await issueEmailLink(tx, ctx.deps.config.publicOrigin, { userId: user.id, purpose: 'verify', email: user.email }, ctx.now);
  await queueMail(tx, await verifyAddressMail(essentialFrame(ctx.deps), user.email, user, link), ctx.now);
}

/** Issues a link that confirms `user`'s current address and queues its mail, in one transaction. */
export async function sendVerificationLink(ctx: RequestContext, user: Pick<UserRow, 'id' | 'email' | 'firstName'>): Promise<void> {
  await ctx.db.transaction((tx) => queueVerificationLink(tx, ctx, user));
  ctx.logger.info({ userId: user.id }, 'address confirmation link queued');
}

/**
 * Mutation.sendVerificationEmail ("Send again"): mails a new link to the member's address (older
 * links stop working). CONFLICT when the address is confirmed already; RATE_LIMITED over the
 * account-mail limit.
 */
export const sendVerificationEmail = (kit: AccountsKit) => async (_: unknown, __: unknown, ctx: RequestContext) => {
  const userId = requireViewer(ctx);
  const user = await findUserById(ctx.db, userId);
  if (user === null) throw new Error('the signed-in member vanished');
  if (user.emailVerifiedAt !== null) return failure('CONFLICT', 'Your email address is confirmed already.');
  const wait = await kit.limits.hit('mail:account', userId);
  if (wait !== null) return failure('RATE_LIMITED', `We have sent several links already. Try again in ${waitInWords(wait)}.`);
  await sendVerificationLink(ctx, user);
  return { ok: true, error: null };
};

/**
 * Mutation.verifyEmail: with an unused, unexpired link for the member's CURRENT address, marks it
 * confirmed. Needs no sign-in (the link may be opened on another device); BAD_INPUT on `token`
 * otherwise.
 */
export async function verifyEmail(_: unknown, args: MutationVerifyEmailArgs, ctx: RequestContext) {
  if (!readEmailToken(args.token).ok) return failure('BAD_INPUT', INVALID_EMAIL_LINK, 'token');
  const used = await ctx.db.transaction(async (tx) => {
    const link = await consumeEmailLink(tx, args.token, 'verify', ctx.now);
    return link === null ? false : markEmailVerified(tx, link.userId, link.email, ctx.now);
  });
  if (!used) return failure('BAD_INPUT', INVALID_EMAIL_LINK, 'token');
  ctx.logger.info('email address confirmed');
  return { ok: true, error: null };
}
