// A member's billing as a request reads it: their subscriptions and the current one at the
// request's instant, loaded once per request and member.
import type { Brand } from '@matchkit/sdk/brands';
import type { RequestContext } from '../../kernel';
import type { Db } from '../../db/client';
import type { checkouts } from '../../db/schema';
import type { Buyer } from './offers';
import { currentSubscription, memberSubscriptions, type SubscriptionRow, type SubscriptionState } from './subscriptions';

/** A member's subscriptions and the current one. */
export interface MemberBilling extends Buyer {
  readonly rows: readonly SubscriptionRow[];
  readonly current: SubscriptionState | null;
}

/** Loads a member's billing at `now`. */
export async function loadMemberBilling(db: Db, brand: Brand, userId: string, now: number): Promise<MemberBilling> {
  const rows = await memberSubscriptions(db, userId);
  return { rows, current: currentSubscription(brand, rows, now), hadSubscription: rows.length > 0 };
}

const memo = new WeakMap<RequestContext, Map<string, Promise<MemberBilling>>>();

/** The member's billing at the request's instant, loaded once per request. */
export function requestBilling(ctx: RequestContext, userId: string): Promise<MemberBilling> {
  let byUser = memo.get(ctx);
  if (byUser === undefined) {
    byUser = new Map();
    memo.set(ctx, byUser);
  }
  let p = byUser.get(userId);
  if (p === undefined) {
    p = loadMemberBilling(ctx.db, ctx.brand, userId, ctx.now);
    byUser.set(userId, p);
  }
  return p;
}

/** How long a checkout's page may be paid. */
export const CHECKOUT_TTL_MS = 60 * 60_000;

/** A checkout in the schema's shape; a pending checkout past its expiry reads as expired. */
export function checkoutView(ctx: RequestContext, row: typeof checkouts.$inferSelect, paymentUrl?: string) {
  return {
    id: row.id,
    slug: row.slug,
    plan: row.plan,
    billingTerm: row.term,
    amount: row.amount,
    saleId: row.saleId,
    status: row.status === 'pending' && ctx.now >= row.expiresAt.getTime() ? 'expired' : row.status,
    paymentUrl: paymentUrl ?? ctx.deps.payments.paymentPageUrl(row.id),
    expiresAt: row.expiresAt,
  };
}
