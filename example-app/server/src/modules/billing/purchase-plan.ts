// Mutation.purchasePlan, kept for sdk 1.0 clients. This server never sees card details: a plan is
// paid on the provider's hosted page (startCheckout), and the provider's signed webhook records it.
// purchasePlan is the step after: its paymentToken is the id of a checkout the provider completed
// (the test provider sends the browser back to /user/account?checkout={id}). It charges nothing:
// it checks the token is the member's paid checkout of the plan and term asked for, and answers
// the purchase the webhook recorded and the member with their new capabilities. Calling it twice
// answers the same purchase.
import { and, eq, like } from 'drizzle-orm';
import type { MutationPurchasePlanArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { checkouts, ledger } from '../../db/schema';
import { loadMemberAccess } from '../members/access';
import { refusal, requireViewer } from '../module';
import { purchaseView } from './my-purchases';
import { subscriptionIdOf } from './purchases';
import { memberSubscriptions } from './subscriptions';

export async function purchasePlan(_: unknown, args: MutationPurchasePlanArgs, ctx: RequestContext) {
  const userId = requireViewer(ctx);
  const { input } = args;
  const [ck] = await ctx.db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.id, input.paymentToken), eq(checkouts.userId, userId)))
    .limit(1);
  if (ck === undefined) {
    throw refusal(
      'BAD_INPUT',
      'input.paymentToken: not a checkout of yours. Start one with startCheckout, pay on its page, then pass its id here.',
    );
  }
  if (ck.status === 'failed')
    throw refusal('PAYMENT_FAILED', 'input.paymentToken: the payment of this checkout was declined or could not be recorded.');
  if (ck.status !== 'paid') throw refusal('BAD_INPUT', 'input.paymentToken: this checkout has not been paid yet.');
  if (ck.plan !== input.plan) throw refusal('BAD_INPUT', `input.plan: the checkout is for ${ck.plan}, not ${input.plan}`);
  if (ck.term !== input.billingTerm) throw refusal('BAD_INPUT', `input.billingTerm: the checkout is ${ck.term}ly`);
  if (input.saleId !== undefined && input.saleId !== null && input.saleId !== ck.saleId) {
    throw refusal('BAD_INPUT', `input.saleId: the checkout was priced ${ck.saleId === null ? 'with no sale' : `in the sale ${ck.saleId}`}`);
  }
  // The rows the checkout recorded: a new subscription's trial or first charge, or an upgrade's first charge (its trial grant, in a trial).
  let prefixes: string[];
  if (ck.kind === 'upgrade') {
    const at = ck.createdAt.toISOString();
    const isIt = (c: { type: string; at: string; slug?: string }) => c.type === 'upgrade' && c.slug === ck.slug && c.at === at;
    const sub = (await memberSubscriptions(ctx.db, userId)).find((s) => s.changes.some(isIt));
    if (sub === undefined) throw new Error(`paid upgrade checkout ${ck.id} has no recorded change`);
    const index = sub.changes.findIndex(isIt);
    prefixes = [`${sub.id}:upgrade-${index}-`, `${sub.id}:trial-upgrade-${index}`];
  } else {
    prefixes = [`${subscriptionIdOf(ck.id)}:${ck.amount === 0 ? 'trial' : 'term-1'}`];
  }
  let row: typeof ledger.$inferSelect | undefined;
  for (const prefix of prefixes) {
    [row] = await ctx.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.userId, userId), like(ledger.id, `${prefix}%`)))
      .orderBy(ledger.id)
      .limit(1);
    if (row !== undefined) break;
  }
  if (row === undefined) throw new Error(`paid checkout ${ck.id} has no ledger row`);
  const purchase = { ...purchaseView(ctx.brand, row, ck.term), amount: ck.amount, purchasedAt: ck.completedAt ?? row.at };
  const user = await loadMemberAccess(ctx.db, ctx.brand, userId, ctx.now);
  if (user === null) throw new Error(`the signed-in member ${userId} has no row`);
  return { purchase, user };
}
