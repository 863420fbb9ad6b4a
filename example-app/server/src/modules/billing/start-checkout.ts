import type { MutationStartCheckoutArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { checkouts } from '../../db/schema';
import { newId } from '../../ids';
import { failure, requireViewer } from '../module';
import { CHECKOUT_TTL_MS, checkoutView, loadMemberBilling } from './member-billing';
import { priceSlug } from './offers';
import { chargesUpToDate } from './purchases';

/**
 * Mutation.startCheckout: prices the slug for the member (the sdk, at this instant), stores a
 * pending checkout and asks the provider for its payment page. Nothing is granted until the
 * provider's signed webhook says it was paid.
 */
export async function startCheckout(_: unknown, args: MutationStartCheckoutArgs, ctx: RequestContext) {
  const userId = requireViewer(ctx);
  const { slug } = args.input;
  if (slug.length === 0 || slug.length > 100)
    return failure('BAD_INPUT', 'Give the slug of a purchase page (/subscribe/{slug})', 'input.slug');
  const billing = await loadMemberBilling(ctx.db, ctx.brand, userId, ctx.now);
  const priced = priceSlug(ctx.brand, slug, args.input.billingTerm ?? null, ctx.now, billing, true);
  if (!priced.ok) return failure(priced.refusal.code, priced.refusal.message, `input.${priced.refusal.field}`);
  const offer = priced.offer;
  if (offer.kind === 'upgrade' && billing.current !== null && !(await chargesUpToDate(ctx.db, ctx.brand, billing.current.row, ctx.now))) {
    return failure('CONFLICT', 'Your renewal is being charged right now: try the upgrade again in a minute.', 'input.slug');
  }
  const [row] = await ctx.db
    .insert(checkouts)
    .values({
      id: newId('ck'),
      userId,
      slug,
      kind: offer.kind,
      plan: offer.plan,
      term: offer.term,
      amount: offer.amountDueNow,
      saleId: offer.saleId,
      status: 'pending',
      createdAt: new Date(ctx.now),
      expiresAt: new Date(ctx.now + CHECKOUT_TTL_MS),
    })
    .returning();
  if (row === undefined) throw new Error('checkout insert returned no row');
  const label = ctx.brand.plans.find((p) => p.name === offer.plan)?.label ?? offer.plan;
  const page = await ctx.deps.payments.createPaymentPage({
    checkoutId: row.id,
    userId,
    description: `${label}, ${offer.term === 'year' ? 'yearly' : 'monthly'}${offer.kind === 'upgrade' ? ' (upgrade)' : ''}`,
    amount: row.amount,
    currency: 'GBP',
    expiresAt: row.expiresAt.getTime(),
  });
  return { ok: true, error: null, checkout: checkoutView(ctx, row, page.url) };
}
