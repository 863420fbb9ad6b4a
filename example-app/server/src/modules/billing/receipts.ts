// Receipts: one per successful charge, written by recordEvents in the same transaction as the
// ledger payment it is the receipt of (so idempotent by the payment: a payment recorded once has
// one receipt). Numbers run per brand from 1 with no gap and are never reused: the brand's row in
// receipt_numbers is bumped in that same transaction, so a rolled-back charge takes no number, and
// two charges at once queue on the row. The VAT is the sdk's (vatIncluded), so the account page,
// the HTML and PDF files and the mail all show the same pence.
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { vatIncluded, type Charge } from '@matchkit/sdk/billing';
import type { Brand } from '@matchkit/sdk/brands';
import type { Db } from '../../db/client';
import { receiptNumbers, receipts, refunds } from '../../db/schema';
import { newId } from '../../ids';
import { queueBillingMail, sellerOf } from './billing-tx';

/** A receipt row. */
export type ReceiptRow = typeof receipts.$inferSelect;

/** A receipt with its refund, if the payment was refunded. */
export interface Receipt extends ReceiptRow {
  readonly refund: { readonly amount: number; readonly at: Date } | null;
}

/**
 * Writes the receipt of a payment just recorded (in the payment's transaction), paid by the
 * provider's charge `chargeId` and dated `issuedAt` (when the server recorded the payment); takes
 * the brand's next number, and queues the receipt mail for after the commit. Nothing for a payment
 * of 0 pence or one with no provider charge (nothing was taken: a demonstration grant).
 */
export async function writeReceipt(
  tx: Db,
  brand: Brand,
  userId: string,
  charge: Charge,
  chargeId: string | null,
  issuedAt: number,
): Promise<void> {
  if (charge.amount === 0 || chargeId === null) return;
  const seller = sellerOf(tx);
  const [counter] = await tx
    .insert(receiptNumbers)
    .values({ brand: brand.id, last: 1 })
    .onConflictDoUpdate({ target: receiptNumbers.brand, set: { last: sql`${receiptNumbers.last} + 1` } })
    .returning({ last: receiptNumbers.last });
  if (counter === undefined) throw new Error('receipt_numbers returned no row');
  const id = newId('rcp');
  await tx.insert(receipts).values({
    id,
    paymentId: charge.id,
    userId,
    brand: brand.id,
    number: counter.last,
    sellerName: seller.name,
    sellerAddress: seller.address,
    vatNumber: seller.vatNumber,
    kind: charge.kind,
    plan: charge.plan,
    planLabel: brand.plans.find((p) => p.name === charge.plan)?.label ?? charge.plan,
    term: charge.term,
    periodStart: new Date(charge.periodStart),
    periodEnd: new Date(charge.periodEnd),
    amount: charge.amount,
    vat: vatIncluded(charge.amount).vat,
    reference: chargeId,
    issuedAt: new Date(issuedAt),
  });
  queueBillingMail(tx, { kind: 'receipt', receiptId: id });
}

/** A receipt's number as printed: the brand's first three letters and six digits (`BRI-000042`). */
export function receiptNumber(brand: Brand, number: number): string {
  return `${brand.displayName.slice(0, 3).toUpperCase()}-${String(number).padStart(6, '0')}`;
}

const selection = { receipt: receipts, refundAmount: refunds.amount, refundAt: refunds.at };

function withRefund(row: { receipt: ReceiptRow; refundAmount: number | null; refundAt: Date | null }): Receipt {
  return {
    ...row.receipt,
    refund: row.refundAmount === null || row.refundAt === null ? null : { amount: row.refundAmount, at: row.refundAt },
  };
}

/** The member's receipts, newest first. */
export async function memberReceipts(db: Db, userId: string): Promise<Receipt[]> {
  const rows = await db
    .select(selection)
    .from(receipts)
    .leftJoin(refunds, eq(refunds.paymentId, receipts.paymentId))
    .where(eq(receipts.userId, userId))
    .orderBy(desc(receipts.issuedAt), desc(receipts.number));
  return rows.map(withRefund);
}

/** One receipt of the member's (null when there is none of that id, or it is another member's). */
export function memberReceipt(db: Db, userId: string, receiptId: string): Promise<Receipt | null> {
  return oneReceipt(db, and(eq(receipts.id, receiptId), eq(receipts.userId, userId)));
}

/** A receipt by its id, whoever's it is (for mail the server composes). */
export function receiptById(db: Db, receiptId: string): Promise<Receipt | null> {
  return oneReceipt(db, eq(receipts.id, receiptId));
}

/** The receipt of a ledger payment, whoever's it is (for mail the server composes). */
export function receiptOfPayment(db: Db, paymentId: string): Promise<Receipt | null> {
  return oneReceipt(db, eq(receipts.paymentId, paymentId));
}

async function oneReceipt(db: Db, where: SQL | undefined): Promise<Receipt | null> {
  const [row] = await db
    .select(selection)
    .from(receipts)
    .leftJoin(refunds, eq(refunds.paymentId, receipts.paymentId))
    .where(where)
    .limit(1);
  return row === undefined ? null : withRefund(row);
}
