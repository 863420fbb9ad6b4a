// Changing the member's address: asked for with the current password (from a confirmed address),
// confirmed by a link mailed to the NEW address; the OLD address is told when it is asked for and
// when it happens. The address changes only when the link is followed.
import type { MutationChangeEmailArgs, MutationConfirmEmailChangeArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { failure, requireViewer } from '../module';
import { queueMail } from '../../mail/queue';
import { essentialFrame } from '../../mail/templates/frame';
import { addressChangeAskedMail, addressChangedMail, confirmNewAddressMail } from './account-mail';
import { checkCurrentPassword } from './current-password';
import { consumeEmailLink, issueEmailLink, revokeEmailLinks } from './email-links';
import { waitInWords, type AccountsKit } from './kit';
import { findUserByEmail, findUserById, revokePasswordResets, setUserEmail, uniqueViolation } from './service';
import { INVALID_EMAIL_LINK, readEmailToken, validateEmailChange } from '@matchkit/sdk/accounts';
import { firstProblem } from './validation';

/** The refusal of an address another member has: the same words whoever it is (docs/security.md). */
export const ADDRESS_UNAVAILABLE = 'That email address cannot be used for your account. Choose another.';

/**
 * Mutation.changeEmail: checks the form (sdk), the current password (counted as a sign-in), that
 * the current address is confirmed (FORBIDDEN otherwise), that the new one differs and is nobody
 * else's (CONFLICT on input.newEmail); then mails the link to the new address and a notice to
 * the old one. Counted with "Send again" (5 per member per hour).
 */
export const changeEmail =
  (kit: AccountsKit) =>
  async (_: unknown, { input }: MutationChangeEmailArgs, ctx: RequestContext) => {
    const userId = requireViewer(ctx);
    const checked = validateEmailChange(input);
    if (!checked.ok) return firstProblem(checked.problems);
    const { newEmail } = checked.value;
    const current = await checkCurrentPassword(kit, ctx, userId, checked.value.currentPassword);
    if (!current.ok) return current;
    const { user } = current;
    if (user.emailVerifiedAt === null)
      return failure('FORBIDDEN', 'Confirm your current email address first: open the link we sent you, or send it again.');
    if (newEmail === user.email) return failure('BAD_INPUT', 'That is already your email address.', 'input.newEmail');
    const wait = await kit.limits.hit('mail:account', userId);
    if (wait !== null) return failure('RATE_LIMITED', `We have sent several links already. Try again in ${waitInWords(wait)}.`);
    if ((await findUserByEmail(ctx.db, newEmail)) !== null) return failure('CONFLICT', ADDRESS_UNAVAILABLE, 'input.newEmail');

    const frame = essentialFrame(ctx.deps);
    const notice = await addressChangeAskedMail(frame, user.email, user);
    await ctx.db.transaction(async (tx) => {
      const link = await issueEmailLink(tx, ctx.deps.config.publicOrigin, { userId, purpose: 'change', email: newEmail }, ctx.now);
      await queueMail(tx, await confirmNewAddressMail(frame, newEmail, user, link), ctx.now);
      await queueMail(tx, notice, ctx.now);
    });
    ctx.logger.info({ userId }, 'change of address asked for; link queued');
    return { ok: true, error: null };
  };

/**
 * Mutation.confirmEmailChange: with an unused, unexpired change link, moves the member to its
 * address (confirmed, since the link reached it), makes their reset and address links unusable
 * (they went to the old address), and tells the old address. No sign-in needed. BAD_INPUT on
 * `token` for a bad link; CONFLICT when another member took the address meanwhile.
 */
export async function confirmEmailChange(_: unknown, args: MutationConfirmEmailChangeArgs, ctx: RequestContext) {
  if (!readEmailToken(args.token).ok) return failure('BAD_INPUT', INVALID_EMAIL_LINK, 'token');
  let moved: { userId: string } | null;
  try {
    moved = await ctx.db.transaction(async (tx) => {
      const link = await consumeEmailLink(tx, args.token, 'change', ctx.now);
      if (link === null) return null;
      const before = await findUserById(tx, link.userId);
      if (before === null || before.closedAt !== null) return null;
      await setUserEmail(tx, link.userId, link.email, ctx.now);
      await revokePasswordResets(tx, link.userId, new Date(ctx.now));
      await revokeEmailLinks(tx, link.userId, ctx.now);
      await queueMail(tx, await addressChangedMail(essentialFrame(ctx.deps), before.email, before), ctx.now);
      return { userId: link.userId };
    });
  } catch (error) {
    if (uniqueViolation(error) === 'users_email_key') return failure('CONFLICT', ADDRESS_UNAVAILABLE);
    throw error;
  }
  if (moved === null) return failure('BAD_INPUT', INVALID_EMAIL_LINK, 'token');
  ctx.logger.info({ userId: moved.userId }, 'address changed');
  return { ok: true, error: null };
}
