// The affiliate ledger's writes and reads. Every payment of a referred member earns the referrer
// the sdk's affiliateCommission (the brand's 40%, uncapped, whole pence, the fraction of a penny
// carried by `revenueBefore`); every refund takes back the sdk's commissionReversal. Both are
// written in the transaction that records the payment or the refund, under the affiliate's lock, so
// the stored revenue they read is never stale. Earnings are the sdk's affiliateLedger over the rows.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Brand } from '@matchkit/sdk/brands';
import {
  affiliateCommission,
  affiliateLedger,
  commissionReversal,
  type AffiliateEvent,
  type AffiliateLedger,
} from '@matchkit/sdk/referrals';
import type { Db } from '../../db/client';
import { affiliateEntries, users } from '../../db/schema';

/** Takes the affiliate's lock until the transaction ends (after the member's billing lock, never before it). */
export async function lockAffiliate(tx: Db, affiliateId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`matchkit:affiliate:${affiliateId}`}, 0))`);
}

/** The affiliate's net revenue so far (payments less refunds), in pence, from the stored rows. */
async function revenueOf(tx: Db, affiliateId: string): Promise<number> {
  const [row] = await tx
    .select({
      revenue: sql<string>`coalesce(sum(case ${affiliateEntries.kind} when 'payment' then ${affiliateEntries.amount} when 'refund' then -${affiliateEntries.amount} else 0 end), 0)`,
    })
    .from(affiliateEntries)
    .where(eq(affiliateEntries.affiliateId, affiliateId));
  return Number(row?.revenue ?? 0);
}

/** Records the commission on a ledger payment of `userId`, when someone referred them (idempotent by payment id). */
export async function recordCommission(
  tx: Db,
  brand: Brand,
  payment: { paymentId: string; userId: string; amount: number; at: number },
): Promise<void> {
  if (payment.amount === 0) return;
  const [member] = await tx.select({ referredBy: users.referredBy }).from(users).where(eq(users.id, payment.userId)).limit(1);
  const affiliateId = member?.referredBy ?? null;
  if (affiliateId === null || affiliateId === payment.userId) return;
  await lockAffiliate(tx, affiliateId);
  const revenueBefore = await revenueOf(tx, affiliateId);
  const commission = affiliateCommission(brand, payment.amount, { revenueBefore });
  await tx
    .insert(affiliateEntries)
    .values({
      id: `${payment.paymentId}:payment`,
      affiliateId,
      referredId: payment.userId,
      paymentId: payment.paymentId,
      kind: 'payment',
      amount: payment.amount,
      commission,
      at: new Date(payment.at),
    })
    .onConflictDoNothing();
}

/** Records the reversal of the commission a refunded payment earned, if it earned any (idempotent by payment id). */
export async function recordReversal(tx: Db, brand: Brand, refund: { paymentId: string; amount: number; at: number }): Promise<void> {
  if (refund.amount === 0) return;
  const [earned] = await tx
    .select()
    .from(affiliateEntries)
    .where(and(eq(affiliateEntries.paymentId, refund.paymentId), eq(affiliateEntries.kind, 'payment')))
    .limit(1);
  if (earned === undefined) return;
  await lockAffiliate(tx, earned.affiliateId);
  const revenueBefore = await revenueOf(tx, earned.affiliateId);
  const reversed = commissionReversal(brand, refund.amount, { revenueBefore });
  await tx
    .insert(affiliateEntries)
    .values({
      id: `${refund.paymentId}:refund`,
      affiliateId: earned.affiliateId,
      referredId: earned.referredId,
      paymentId: refund.paymentId,
      kind: 'refund',
      amount: refund.amount,
      commission: reversed,
      at: new Date(refund.at),
    })
    .onConflictDoNothing();
}

const KIND_ORDER = { payment: 0, refund: 1, payout: 2 } as const;

/** The affiliate's events in the sdk's shape, in time order (a payment before a payout at the same instant). */
export async function affiliateEvents(db: Db, affiliateId: string): Promise<AffiliateEvent[]> {
  const rows = await db
    .select()
    .from(affiliateEntries)
    .where(eq(affiliateEntries.affiliateId, affiliateId))
    .orderBy(asc(affiliateEntries.at));
  rows.sort(
    (a, b) => a.at.getTime() - b.at.getTime() || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  return rows.map((r): AffiliateEvent =>
    r.kind === 'refund'
      ? { type: 'refund', id: r.id, at: r.at.getTime(), paymentId: `${r.paymentId ?? ''}:payment`, amount: r.amount }
      : { type: r.kind, id: r.id, at: r.at.getTime(), amount: r.amount },
  );
}

/** The affiliate's books: the sdk's affiliateLedger over their stored events. */
export async function loadAffiliateLedger(db: Db, brand: Brand, affiliateId: string): Promise<AffiliateLedger> {
  return affiliateLedger(brand, await affiliateEvents(db, affiliateId));
}
