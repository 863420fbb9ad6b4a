// A member's page's actions (administrators): end every session of the member, and mail them a new
// link to confirm their address. Each reuses what the member's own action does (logoutEverywhere,
// "Send again") and writes its line to the audit log in the change's transaction.
import type { MutationAdminEndSessionsArgs, MutationAdminResendVerificationArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { revokeLiveAccess } from '../../auth/revocation';
import { revokeSessions } from '../../auth/sessions';
import { queueVerificationLink } from '../accounts/email-verification';
import { bumpSessionVersion, findUserById } from '../accounts/service';
import { recordAdminAction } from '../audit/audit';
import { failure } from '../module';
import { requireAdmin } from './require-admin';

/**
 * Mutation.adminEndSessions: signs the member out of every device, as their own logoutEverywhere
 * does: the session version is bumped (every access token issued before stops working), every
 * live session row is revoked (every refresh token stops working), and their live sockets and
 * event streams end in every process. NOT_FOUND for an unknown member. The audit line keeps how
 * many sessions were live before and that none is after.
 */
export async function adminEndSessions(_: unknown, args: MutationAdminEndSessionsArgs, ctx: RequestContext) {
  const admin = await requireAdmin(ctx);
  const ended = await ctx.db.transaction(async (tx) => {
    const version = await bumpSessionVersion(tx, args.member);
    if (version === null) return null;
    const ids = await revokeSessions(tx, args.member, 'ended-by-administrator', ctx.now);
    await recordAdminAction(tx, {
      adminId: admin.user.id,
      action: 'adminEndSessions',
      target: args.member,
      before: { liveSessions: ids.length },
      after: { liveSessions: 0 },
      at: ctx.now,
    });
    return ids;
  });
  if (ended === null) return failure('NOT_FOUND', `There is no member "${args.member}".`, 'member');
  await revokeLiveAccess(ctx.deps, { userId: args.member, sessionId: null, reason: 'signed-out-everywhere' });
  ctx.logger.info(
    { audit: 'adminEndSessions', admin: admin.user.id, member: args.member, sessions: ended.length },
    'member signed out by an administrator',
  );
  return { ok: true, error: null };
}

/**
 * Mutation.adminResendVerification: mails the member a new link to confirm their address (older
 * links stop working), as their own "Send again" does, without its rate limit (an administrator
 * acts on a member's request). NOT_FOUND for an unknown member; CONFLICT when the address is
 * confirmed already.
 */
export async function adminResendVerification(_: unknown, args: MutationAdminResendVerificationArgs, ctx: RequestContext) {
  const admin = await requireAdmin(ctx);
  const user = await findUserById(ctx.db, args.member);
  if (user === null) return failure('NOT_FOUND', `There is no member "${args.member}".`, 'member');
  if (user.emailVerifiedAt !== null) return failure('CONFLICT', 'Their email address is confirmed already.', 'member');
  await ctx.db.transaction(async (tx) => {
    await queueVerificationLink(tx, ctx, user);
    await recordAdminAction(tx, {
      adminId: admin.user.id,
      action: 'adminResendVerification',
      target: args.member,
      before: { email: user.email, verified: false },
      after: { email: user.email, verificationMailQueued: true },
      at: ctx.now,
    });
  });
  ctx.logger.info(
    { audit: 'adminResendVerification', admin: admin.user.id, member: args.member },
    'address confirmation link queued by an administrator',
  );
  return { ok: true, error: null };
}
