import type { MutationAdminRefundPaymentArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { refundPayment } from '../billing/refunds';
import { recordAdminAction } from '../audit/audit';
import { failure } from '../module';
import { requireAdmin } from './admin';

/**
 * Mutation.adminRefundPayment (administrators): refunds a ledger payment in full at the provider,
 * records the refund (what it granted is taken away at once), reverses the referrer's commission
 * on it and cancels its subscription.
 */
export async function adminRefundPayment(_: unknown, args: MutationAdminRefundPaymentArgs, ctx: RequestContext) {
  const admin = await requireAdmin(ctx);
  const outcome = await refundPayment(ctx.deps, args.paymentId, ctx.now);
  if (!outcome.ok) return failure(outcome.code, outcome.message, 'paymentId');
  // After the refund's own transaction: the provider's refund comes first and cannot be in it.
  await recordAdminAction(ctx.db, {
    adminId: admin.user.id,
    action: 'adminRefundPayment',
    target: args.paymentId,
    before: { refunded: false },
    after: { refunded: true },
    at: ctx.now,
  });
  return { ok: true, error: null };
}
