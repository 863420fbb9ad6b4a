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
  // The audit line is written in the refund's own transaction (the provider's refund comes first).
  const outcome = await refundPayment(ctx.deps, args.paymentId, ctx.now, (tx) =>
    recordAdminAction(tx, {
      adminId: admin.user.id,
      action: 'adminRefundPayment',
      target: args.paymentId,
      before: { refunded: false },
      after: { refunded: true },
      at: ctx.now,
    }),
  );
  if (!outcome.ok) return failure(outcome.code, outcome.message, 'paymentId');
  return { ok: true, error: null };
}
