import { desc, eq } from 'drizzle-orm';
import { grantedCapabilities } from '@matchkit/sdk/entitlements';
import type { RequestContext } from '../../kernel';
import type { Db } from '../../db/client';
import { ledger, subscriptions } from '../../db/schema';
import { requireViewer } from '../module';
import type { Brand } from '@matchkit/sdk/brands';

/** A ledger row as a Purchase: every charge (first, renewal, upgrade) and every trial grant (amount 0). */
export function purchaseView(brand: Brand, row: typeof ledger.$inferSelect, term: 'month' | 'year') {
  return {
    id: row.id,
    plan: row.plan,
    billingTerm: term,
    amount: row.amount,
    saleId: row.saleId,
    purchasedAt: row.at,
    grantedCapabilities: grantedCapabilities(brand, row.plan),
  };
}

/** The member's purchases, newest first. */
export async function loadPurchases(db: Db, brand: Brand, userId: string) {
  const rows = await db
    .select({ row: ledger, term: subscriptions.term })
    .from(ledger)
    .leftJoin(subscriptions, eq(subscriptions.id, ledger.subscriptionId))
    .where(eq(ledger.userId, userId))
    .orderBy(desc(ledger.at), desc(ledger.id));
  return rows.map((r) => purchaseView(brand, r.row, r.term ?? 'month'));
}

/** Query.myPurchases: the signed-in member's purchases, newest first. */
export async function myPurchases(_: unknown, __: unknown, ctx: RequestContext) {
  return loadPurchases(ctx.db, ctx.brand, requireViewer(ctx));
}
