import { eq } from 'drizzle-orm';
import { isValidationError } from '@matchkit/sdk/errors';
import { affiliateLedger } from '@matchkit/sdk/referrals';
import type { MutationAdminRecordPayoutArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { affiliateEntries, users } from '../../db/schema';
import { newId } from '../../ids';
import { failure } from '../module';
import { requireAdmin } from './admin';
import { affiliateEvents, lockAffiliate } from './commission';

/** Mutation.adminRecordPayout (administrators): records a payout of commission to an affiliate, at most the balance owed (the sdk's affiliateLedger checks it). */
export async function adminRecordPayout(_: unknown, args: MutationAdminRecordPayoutArgs, ctx: RequestContext) {
  await requireAdmin(ctx);
  const { member, amount } = args.input;
  if (!Number.isSafeInteger(amount) || amount < 1)
    return failure('BAD_INPUT', 'A payout is a whole number of pence, at least 1', 'input.amount');
  const [affiliate] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, member)).limit(1);
  if (affiliate === undefined) return failure('NOT_FOUND', `There is no member ${member}`, 'input.member');
  return ctx.db.transaction(async (tx) => {
    await lockAffiliate(tx, member);
    const events = await affiliateEvents(tx, member);
    const id = newId('po');
    try {
      affiliateLedger(ctx.brand, [...events, { type: 'payout', id, at: ctx.now, amount }]);
    } catch (error) {
      if (!isValidationError(error)) throw error;
      const balance = affiliateLedger(ctx.brand, events).pending;
      return failure('BAD_INPUT', `The payout exceeds the balance owed (${balance} pence)`, 'input.amount');
    }
    await tx
      .insert(affiliateEntries)
      .values({ id, affiliateId: member, referredId: null, paymentId: null, kind: 'payout', amount, commission: 0, at: new Date(ctx.now) });
    return { ok: true, error: null };
  });
}
