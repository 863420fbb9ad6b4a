import { eq } from 'drizzle-orm';
import { isValidationError } from '@matchkit/sdk/errors';
import { commissionStatement } from '@matchkit/sdk/referrals';
import type { MutationAdminRecordPayoutArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { affiliateEntries, users } from '../../db/schema';
import { newId } from '../../ids';
import { recordAdminAction } from '../audit/audit';
import { failure } from '../module';
import { requireAdmin } from './admin';
import { affiliateRows, commissionEvents, lockAffiliate } from './commission';

/**
 * Mutation.adminRecordPayout (administrators): records a payout of commission to an affiliate
 * (amount, date, reference), at most what is payable at its date: the sdk's commissionStatement
 * refuses more, and only to a member whose email address is confirmed (FORBIDDEN otherwise).
 * Logged with the administrator's id.
 */
export async function adminRecordPayout(_: unknown, args: MutationAdminRecordPayoutArgs, ctx: RequestContext) {
  const admin = await requireAdmin(ctx);
  const { member, amount, reference } = args.input;
  const at = args.input.paidAt?.getTime() ?? ctx.now;
  if (!Number.isSafeInteger(amount) || amount < 1)
    return failure('BAD_INPUT', 'A payout is a whole number of pence, at least 1', 'input.amount');
  if (at > ctx.now) return failure('BAD_INPUT', 'A payout cannot be dated in the future', 'input.paidAt');
  const ref = reference.trim();
  if (ref.length < 1 || ref.length > 100) return failure('BAD_INPUT', 'A reference is 1 to 100 characters', 'input.reference');
  const [affiliate] = await ctx.db
    .select({ id: users.id, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, member))
    .limit(1);
  if (affiliate === undefined) return failure('NOT_FOUND', `There is no member ${member}`, 'input.member');
  // Commission is paid only to a member whose address is confirmed, so payout notices reach them.
  if (affiliate.emailVerifiedAt === null)
    return failure(
      'FORBIDDEN',
      'This member has not confirmed their email address yet: a payout needs a confirmed address.',
      'input.member',
    );
  return ctx.db.transaction(async (tx) => {
    await lockAffiliate(tx, member);
    const events = commissionEvents(await affiliateRows(tx, member));
    const id = newId('po');
    try {
      commissionStatement(ctx.brand, [...events, { type: 'payout', id, at, amount }], { at: ctx.now });
    } catch (error) {
      if (!isValidationError(error)) throw error;
      const payable = commissionStatement(ctx.brand, events, { at }).payable;
      return failure('BAD_INPUT', `The payout exceeds what is payable (${Math.max(payable, 0)} pence)`, 'input.amount');
    }
    await tx.insert(affiliateEntries).values({
      id,
      affiliateId: member,
      referredId: null,
      paymentId: null,
      kind: 'payout',
      amount,
      commission: 0,
      at: new Date(at),
      reference: ref,
    });
    await recordAdminAction(tx, {
      adminId: admin.user.id,
      action: 'adminRecordPayout',
      target: member,
      before: null,
      after: { payout: id, amount, at: new Date(at).toISOString(), reference: ref },
      at: ctx.now,
    });
    ctx.logger.info({ adminId: admin.user.id, affiliateId: member, payout: id, amount }, 'affiliate payout recorded');
    return { ok: true, error: null };
  });
}
