import type { MutationAdminRefundPaymentArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { refundPayment } from '../billing/refunds';
import { failure } from '../module';
import { requireAdmin } from './admin';

/**
 * Mutation.adminRefundPayment (administrators): refunds a ledger payment in full at the provider,
 * records the refund (what it granted is taken away at once), reverses the referrer's commission
 * on it and cancels its subscription.
 */
export async function adminRefundPayment(_: unknown, args: MutationAdminRefundPaymentArgs, ctx: RequestContext) {
  await requireAdmin(ctx);
  const outcome = await refundPayment(ctx.deps, args.paymentId, ctx.now);
  return outcome.ok ? { ok: true, error: null } : failure(outcome.code, outcome.message, 'paymentId');
}
