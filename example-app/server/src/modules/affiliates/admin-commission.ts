import { and, asc, eq, isNull } from 'drizzle-orm';
import type { MutationAdminReviewCommissionArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { affiliateEntries } from '../../db/schema';
import { recordAdminAction } from '../audit/audit';
import { failure } from '../module';
import { requireAdmin } from './admin';
import { lockAffiliate } from './commission';

/** Query.adminHeldCommission (administrators): every payment whose commission waits for review, oldest first, with why. */
export async function adminHeldCommission(_: unknown, __: unknown, ctx: RequestContext) {
  await requireAdmin(ctx);
  const rows = await ctx.db
    .select()
    .from(affiliateEntries)
    .where(and(eq(affiliateEntries.kind, 'payment'), eq(affiliateEntries.held, true), isNull(affiliateEntries.decision)))
    .orderBy(asc(affiliateEntries.at), asc(affiliateEntries.id));
  return rows.map((r) => ({
    id: r.id,
    affiliate: r.affiliateId,
    member: r.referredId ?? '',
    paidAt: r.at,
    amount: r.amount,
    commission: r.commission,
    reason: r.holdReason === 'card' ? 'CARD' : 'SIGNUP',
  }));
}

/**
 * Mutation.adminReviewCommission (administrators): approves held commission (it takes its normal
 * state, the sdk's commissionStatement says which) or rejects it (it earns nothing). Decided once;
 * the decision, when and by whom are stored and logged.
 */
export async function adminReviewCommission(_: unknown, args: MutationAdminReviewCommissionArgs, ctx: RequestContext) {
  const admin = await requireAdmin(ctx);
  const { id, decision } = args.input;
  const [entry] = await ctx.db.select().from(affiliateEntries).where(eq(affiliateEntries.id, id)).limit(1);
  if (entry === undefined || entry.kind !== 'payment' || !entry.held)
    return failure('NOT_FOUND', 'There is no held commission with this id', 'input.id');
  return ctx.db.transaction(async (tx) => {
    await lockAffiliate(tx, entry.affiliateId);
    const done = await tx
      .update(affiliateEntries)
      .set({ decision: decision === 'APPROVE' ? 'approve' : 'reject', decidedAt: new Date(ctx.now), decidedBy: admin.user.id })
      .where(and(eq(affiliateEntries.id, id), isNull(affiliateEntries.decision)))
      .returning({ id: affiliateEntries.id });
    if (done.length === 0) return failure('CONFLICT', 'This commission was reviewed already', 'input.id');
    await recordAdminAction(tx, {
      adminId: admin.user.id,
      action: 'adminReviewCommission',
      target: id,
      before: { held: true, decision: null, affiliate: entry.affiliateId, commission: entry.commission },
      after: { decision: decision === 'APPROVE' ? 'approve' : 'reject' },
      at: ctx.now,
    });
    ctx.logger.info({ adminId: admin.user.id, entry: id, affiliateId: entry.affiliateId, decision }, 'held commission reviewed');
    return { ok: true, error: null };
  });
}
