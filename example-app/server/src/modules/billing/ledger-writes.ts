// Writing the sdk's billing events to the ledger. Each row IS the sdk's event: its id
// ({subscription}:term-2, {subscription}:upgrade-0-term-1, {subscription}:trial), plan, amount,
// period and instant, so inserting one event twice conflicts on the primary key and is ignored,
// and capabilitiesAt over the rows gives what the member holds.
import { eq, sql } from 'drizzle-orm';
import type { BillingEvent, Charge } from '@matchkit/sdk/billing';
import type { Brand } from '@matchkit/sdk/brands';
import type { Db } from '../../db/client';
import { ledger, refunds } from '../../db/schema';
import { recordCommission, recordReversal, type Settlement } from '../affiliates/commission';
import { writeReceipt } from './receipts';
import { chargeIdOf } from './refunds';

/**
 * Inserts the events as ledger rows of the member's subscription and, when `settlement` says a
 * verified provider event settled them, records the referrer's commission on each payment newly
 * inserted, and the receipt of each one (same transaction; see settleCommission for a payment
 * settled after it was recorded).
 * A trial row that exists already takes the event's period (an upgrade in the trial ends the first
 * trial grant early, as the sdk says); a payment row that exists already is left alone.
 * `providerRefs` gives the provider's charge id per event id; `recordedAt` is the server's instant
 * of recording, the receipts' date (the event's own instant is when the sdk charges it, which a
 * late or retried payment passes). Returns the payments newly recorded.
 */
export async function recordEvents(
  tx: Db,
  brand: Brand,
  userId: string,
  subscriptionId: string,
  events: readonly BillingEvent[],
  providerRefs: ReadonlyMap<string, string | null>,
  settlement: Settlement | null,
  recordedAt: number,
): Promise<Charge[]> {
  const inserted: Charge[] = [];
  for (const e of events) {
    const row = {
      id: e.id,
      userId,
      subscriptionId,
      type: e.type,
      plan: e.plan,
      amount: e.type === 'payment' ? e.amount : 0,
      periodStart: new Date(e.periodStart),
      periodEnd: new Date(e.periodEnd),
      at: new Date(e.at),
      basePaymentId: e.type === 'payment' ? e.basePaymentId : null,
      saleId: e.type === 'payment' ? e.saleId : null,
      providerRef: providerRefs.get(e.id) ?? null,
      cardFingerprint: settlement?.cardFingerprint ?? null,
    };
    if (e.type === 'trial') {
      await tx
        .insert(ledger)
        .values(row)
        .onConflictDoUpdate({ target: ledger.id, set: { periodEnd: row.periodEnd }, setWhere: sql`${ledger.type} = 'trial'` });
      continue;
    }
    const done = await tx.insert(ledger).values(row).onConflictDoNothing().returning({ id: ledger.id });
    if (done.length > 0) {
      inserted.push(e);
      if (settlement !== null)
        await recordCommission(tx, brand, {
          paymentId: e.id,
          userId,
          amount: e.amount,
          at: e.at,
          cardFingerprint: settlement.cardFingerprint,
        });
      await writeReceipt(tx, brand, userId, e, row.providerRef === null ? null : chargeIdOf(row.providerRef), recordedAt);
    }
  }
  return inserted;
}

/**
 * A payment recorded from the provider's direct answer (the renewal pass's off-session charge) is
 * settled when the provider's verified charge.succeeded event arrives: its card fingerprint is
 * stored and the referrer's commission recorded then (idempotent). A refund or chargeback may have
 * been recorded before that event arrived (it found no commission to reverse): its reversal is
 * written here too, so a refunded payment never leaves commission behind.
 */
export async function settleCommission(tx: Db, brand: Brand, paymentId: string, settlement: Settlement): Promise<void> {
  const [row] = await tx
    .update(ledger)
    .set({ cardFingerprint: settlement.cardFingerprint })
    .where(eq(ledger.id, paymentId))
    .returning({ userId: ledger.userId, type: ledger.type, amount: ledger.amount, at: ledger.at });
  if (row === undefined || row.type !== 'payment') return;
  await recordCommission(tx, brand, {
    paymentId,
    userId: row.userId,
    amount: row.amount,
    at: row.at.getTime(),
    cardFingerprint: settlement.cardFingerprint,
  });
  const [refund] = await tx.select().from(refunds).where(eq(refunds.paymentId, paymentId)).limit(1);
  if (refund !== undefined) await recordReversal(tx, brand, { paymentId, amount: refund.amount, at: refund.at.getTime() });
}
