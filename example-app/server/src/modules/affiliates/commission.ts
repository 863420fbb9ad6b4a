// The affiliate ledger's writes and reads. Every settled payment of a referred member (recorded
// from a verified provider event: a paid checkout, or a charge.succeeded webhook) earns the
// referrer the sdk's affiliateCommission (the brand's 40%, uncapped, whole pence, the fraction of a
// penny carried by `revenueBefore`); every refund or chargeback takes back the sdk's
// commissionReversal. Both are written in the transaction that records the payment or the
// refund, under the affiliate's lock, so the stored revenue they read is never stale.
//
// A payment is held for an administrator's review when the referred member looks like the
// referrer's own account (abuse.ts). What is pending, held, payable and paid is never stored: it is
// the sdk's commissionStatement over the rows at the instant asked (the refund window passes by
// itself).
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Brand } from '@matchkit/sdk/brands';
import {
  REFUND_WINDOW_DAYS,
  affiliateCommission,
  affiliateLedger,
  commissionReversal,
  commissionStatement,
  type AffiliateEvent,
  type AffiliateLedger,
  type CommissionEvent,
  type CommissionStatement,
} from '@matchkit/sdk/referrals';
import type { Db } from '../../db/client';
import { affiliateEntries, users } from '../../db/schema';
import { referralMatch } from './abuse';

/** How a payment was settled: by a verified provider event, with the card's fingerprint when the provider gave one. */
export interface Settlement {
  readonly cardFingerprint: string | null;
}

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

const WINDOW_MS = REFUND_WINDOW_DAYS * 86_400_000;

/**
 * Records the commission on a settled ledger payment of `userId`, when someone referred them
 * (idempotent by payment id). Held for review when the member matches the referrer or another
 * member they referred (abuse.ts); the matched members' commission still inside the refund window
 * is held too (never what may already be payable, so no payout made is undone).
 */
export async function recordCommission(
  tx: Db,
  brand: Brand,
  payment: { paymentId: string; userId: string; amount: number; at: number; cardFingerprint: string | null },
): Promise<void> {
  if (payment.amount === 0) return;
  const [member] = await tx.select({ referredBy: users.referredBy }).from(users).where(eq(users.id, payment.userId)).limit(1);
  const affiliateId = member?.referredBy ?? null;
  if (affiliateId === null || affiliateId === payment.userId) return;
  await lockAffiliate(tx, affiliateId);
  const revenueBefore = await revenueOf(tx, affiliateId);
  const commission = affiliateCommission(brand, payment.amount, { revenueBefore });
  const match = await referralMatch(tx, { affiliateId, userId: payment.userId, at: payment.at, cardFingerprint: payment.cardFingerprint });
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
      held: match !== null,
      holdReason: match?.reason ?? null,
    })
    .onConflictDoNothing();
  if (match === null || match.members.length === 0) return;
  await tx
    .update(affiliateEntries)
    .set({ held: true, holdReason: match.reason })
    .where(
      and(
        eq(affiliateEntries.affiliateId, affiliateId),
        eq(affiliateEntries.kind, 'payment'),
        inArray(affiliateEntries.referredId, match.members),
        eq(affiliateEntries.held, false),
        isNull(affiliateEntries.decision),
        gt(affiliateEntries.at, new Date(payment.at - WINDOW_MS)),
      ),
    );
}

/** Records the reversal of the commission a refunded (or charged back) payment earned, if it earned any (idempotent by payment id). */
export async function recordReversal(tx: Db, brand: Brand, refund: { paymentId: string; amount: number; at: number }): Promise<void> {
  if (refund.amount === 0) return;
  const [earned] = await tx
    .select()
    .from(affiliateEntries)
    .where(and(eq(affiliateEntries.paymentId, refund.paymentId), eq(affiliateEntries.kind, 'payment')))
    .limit(1);
  if (earned === undefined) return;
  await lockAffiliate(tx, earned.affiliateId);
  // Already reversed (a partial refund at the provider reverses it all; the whole refund follows).
  const id = `${refund.paymentId}:refund`;
  const [done] = await tx.select({ id: affiliateEntries.id }).from(affiliateEntries).where(eq(affiliateEntries.id, id)).limit(1);
  if (done !== undefined) return;
  const revenueBefore = await revenueOf(tx, earned.affiliateId);
  const reversed = commissionReversal(brand, refund.amount, { revenueBefore });
  await tx
    .insert(affiliateEntries)
    .values({
      id,
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

type EntryRow = typeof affiliateEntries.$inferSelect;

/** The affiliate's stored rows, oldest first. */
export async function affiliateRows(db: Db, affiliateId: string): Promise<EntryRow[]> {
  return db.select().from(affiliateEntries).where(eq(affiliateEntries.affiliateId, affiliateId)).orderBy(asc(affiliateEntries.at));
}

/** The rows as the sdk's commissionStatement reads them: payments (held or not), their reviews, refunds and payouts. */
export function commissionEvents(rows: readonly EntryRow[]): CommissionEvent[] {
  return rows.flatMap((r): CommissionEvent[] => {
    if (r.kind === 'payout') return [{ type: 'payout', id: r.id, at: r.at.getTime(), amount: r.amount }];
    if (r.kind === 'refund')
      return [{ type: 'refund', id: r.id, at: r.at.getTime(), paymentId: `${r.paymentId ?? ''}:payment`, amount: r.amount }];
    const paid: CommissionEvent = { type: 'payment', id: r.id, at: r.at.getTime(), amount: r.amount, held: r.held };
    if (r.decision === null || r.decidedAt === null) return [paid];
    return [paid, { type: 'review', id: `${r.id}:review`, at: r.decidedAt.getTime(), paymentId: r.id, decision: r.decision }];
  });
}

/** The affiliate's statement at `at`: the sdk's commissionStatement over their rows. */
export async function loadCommissionStatement(db: Db, brand: Brand, affiliateId: string, at: number): Promise<CommissionStatement> {
  return commissionStatement(brand, commissionEvents(await affiliateRows(db, affiliateId)), { at });
}

const KIND_ORDER = { payment: 0, refund: 1, payout: 2 } as const;

/**
 * The affiliate's events in the shape of the sdk's affiliateLedger (the monthly earnings), in time
 * order (a payment before a payout at the same instant). A rejected payment is, from its review
 * on, a refund of what was left of it: the ledger then keeps floor(rate × the net revenue not
 * rejected), as the statement does; its later refunds change nothing more.
 */
export async function affiliateEvents(db: Db, affiliateId: string): Promise<AffiliateEvent[]> {
  const rows = await affiliateRows(db, affiliateId);
  const rejectedAt = new Map(rows.flatMap((r) => (r.decision === 'reject' && r.decidedAt !== null ? [[r.id, r.decidedAt.getTime()]] : [])));
  const refundedBefore = new Map<string, number>();
  const events: (AffiliateEvent & { rank: number })[] = [];
  for (const r of rows) {
    const at = r.at.getTime();
    if (r.kind === 'refund') {
      const paymentId = `${r.paymentId ?? ''}:payment`;
      const rejected = rejectedAt.get(paymentId);
      if (rejected !== undefined && rejected <= at) continue;
      refundedBefore.set(paymentId, (refundedBefore.get(paymentId) ?? 0) + r.amount);
      events.push({ type: 'refund', id: r.id, at, paymentId, amount: r.amount, rank: KIND_ORDER.refund });
    } else events.push({ type: r.kind, id: r.id, at, amount: r.amount, rank: KIND_ORDER[r.kind] });
  }
  for (const r of rows) {
    const rejected = rejectedAt.get(r.id);
    const left = r.amount - (refundedBefore.get(r.id) ?? 0);
    if (rejected !== undefined && left > 0)
      events.push({ type: 'refund', id: `${r.id}:rejected`, at: rejected, paymentId: r.id, amount: left, rank: KIND_ORDER.refund });
  }
  events.sort((a, b) => +a.at - +b.at || a.rank - b.rank || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return events.map(({ rank: _rank, ...e }) => e as AffiliateEvent);
}

/** The affiliate's books: the sdk's affiliateLedger over their stored events. */
export async function loadAffiliateLedger(db: Db, brand: Brand, affiliateId: string): Promise<AffiliateLedger> {
  return affiliateLedger(brand, await affiliateEvents(db, affiliateId));
}
