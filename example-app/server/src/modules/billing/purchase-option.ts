import { isValidationError } from '@matchkit/sdk/errors';
import type { QueryPurchaseOptionArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { refusal } from '../module';
import { loadMemberBilling } from './member-billing';
import { priceSlug, type Buyer } from './offers';

/**
 * Query.purchaseOption: what /subscribe/{slug} sells at `at` (default: now), priced by the sdk for
 * the signed-in member (their upgrade's prorated price; a trial only on a first subscription), or
 * for a visitor as a new member. Null for an unknown slug or a sale link outside its sale.
 */
export async function purchaseOption(_: unknown, args: QueryPurchaseOptionArgs, ctx: RequestContext) {
  const at = args.at?.getTime() ?? ctx.now;
  const buyer: Buyer =
    ctx.viewer === null ? { current: null, hadSubscription: false } : await loadMemberBilling(ctx.db, ctx.brand, ctx.viewer.userId, at);
  try {
    let r = priceSlug(ctx.brand, args.slug, args.billingTerm ?? null, at, buyer, false);
    // A sale link is always yearly and an upgrade keeps the subscription's term: show that term.
    if (!r.ok && r.refusal.field === 'billingTerm') r = priceSlug(ctx.brand, args.slug, null, at, buyer, false);
    if (!r.ok) return null;
    const o = r.offer;
    return {
      slug: o.slug,
      kind: o.kind,
      plan: o.plan,
      billingTerm: o.term,
      amountDueNow: o.amountDueNow,
      recurringAmount: o.recurringAmount,
      trialDays: o.trialDays,
      saleId: o.saleId,
    };
  } catch (error) {
    if (isValidationError(error)) throw refusal('BAD_INPUT', `at: ${error.issues.map((i) => i.message).join('; ')}`);
    throw error;
  }
}
