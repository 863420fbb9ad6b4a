// Refunds: a ledger payment is refunded in full, once. The refunds row makes the sdk's
// capabilitiesAt take away what the payment granted (and any upgrade built on it) from the refund
// on; the referrer's commission on it is reversed (commissionReversal) in the same transaction; and
// the subscription is cancelled, so nothing more is charged. An administrator's refund asks the
// provider first, then records; the provider's charge.refunded webhook records the same refund
// (a refund made at the provider's own console arrives only that way). Whichever comes first
// records it; the other finds the row and does nothing.
import { and, eq, like, or } from 'drizzle-orm';
import { subscriptionStatus } from '@matchkit/sdk/billing';
import type { Brand } from '@matchkit/sdk/brands';
import type { AppDeps } from '../../kernel';
import type { Db } from '../../db/client';
import { ledger, refunds, subscriptions } from '../../db/schema';
import { recordReversal } from '../affiliates/commission';
import type { ErrorCode } from '../module';
import { billingTransaction } from './billing-mail';
import { queueBillingMail } from './billing-tx';
import { lockMember, storedChange, toSubscriptionInput } from './subscriptions';

/**
 * A refund or dispute of a charge no ledger payment names yet: its checkout's completion has not
 * arrived. Thrown inside the webhook's transaction so that the event id is rolled back with it and
 * the webhook answers 503: the provider delivers it again later, when the payment is recorded.
 */
export class ChargeNotRecordedYet extends Error {
  constructor(readonly chargeId: string) {
    super(`no payment of charge ${chargeId} is recorded yet`);
    this.name = 'ChargeNotRecordedYet';
  }
}

/** The provider charge id a ledger row's provider_ref names (`ch_x`, or `ch_x#2` for the second part of one charge). */
export function chargeIdOf(providerRef: string): string {
  const hash = providerRef.indexOf('#');
  return hash === -1 ? providerRef : providerRef.slice(0, hash);
}

/**
 * Records the full refund of a ledger payment at `now` (idempotent): the refunds row, the
 * commission reversal, and the cancellation of its subscription if it still renews; for a
 * `refund` (not a `chargeback`) the refund mail, sent after the commit. True when this call
 * recorded it.
 */
export async function recordRefund(
  tx: Db,
  brand: Brand,
  paymentId: string,
  now: number,
  cause: 'refund' | 'chargeback' = 'refund',
): Promise<boolean> {
  const [owner] = await tx.select({ userId: ledger.userId }).from(ledger).where(eq(ledger.id, paymentId)).limit(1);
  if (owner === undefined) return false;
  await lockMember(tx, owner.userId);
  const [payment] = await tx.select().from(ledger).where(eq(ledger.id, paymentId)).limit(1);
  if (payment === undefined || payment.type !== 'payment') return false;
  const inserted = await tx
    .insert(refunds)
    .values({ paymentId, userId: payment.userId, amount: payment.amount, at: new Date(now) })
    .onConflictDoNothing()
    .returning({ paymentId: refunds.paymentId });
  if (inserted.length === 0) return false;
  // A chargeback's money went back through the member's bank, not from us: no refund mail says otherwise.
  if (cause === 'refund') queueBillingMail(tx, { kind: 'refund', paymentId });
  await recordReversal(tx, brand, { paymentId, amount: payment.amount, at: now });
  if (payment.subscriptionId !== null) {
    const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, payment.subscriptionId)).limit(1);
    if (sub !== undefined && sub.startedAt.getTime() <= now) {
      const input = toSubscriptionInput(sub);
      const status = subscriptionStatus(brand, input, now);
      if (status.state !== 'ended' && status.cancelledAt === null) {
        const changes = [...(input.changes ?? []), { type: 'cancel' as const, at: now }];
        // Marked with its cause: Resume must not turn renewals back on for a refunded or disputed payment.
        await tx
          .update(subscriptions)
          .set({
            changes: [...changes.slice(0, -1).map(storedChange), { type: 'cancel' as const, at: new Date(now).toISOString(), cause }],
          })
          .where(eq(subscriptions.id, sub.id));
      }
    }
  }
  return true;
}

/** The outcome of an administrator's refund. */
export type RefundOutcome = { readonly ok: true } | { readonly ok: false; readonly code: ErrorCode; readonly message: string };

/** Refunds the ledger payment `paymentId` in full: at the provider (when it was charged there), then in the ledger. */
export async function refundPayment(
  deps: Pick<AppDeps, 'db' | 'brand' | 'payments' | 'logger' | 'config' | 'clock' | 'pubSub'>,
  paymentId: string,
  now: number,
  /** Runs in the refund's own transaction once it is recorded (the administrator's audit line). */
  alongside?: (tx: Db) => Promise<void>,
): Promise<RefundOutcome> {
  const [payment] = await deps.db.select().from(ledger).where(eq(ledger.id, paymentId)).limit(1);
  if (payment === undefined || payment.type !== 'payment')
    return { ok: false, code: 'NOT_FOUND', message: `There is no payment ${paymentId}` };
  const [done] = await deps.db.select().from(refunds).where(eq(refunds.paymentId, paymentId)).limit(1);
  if (done !== undefined) return { ok: false, code: 'CONFLICT', message: `Payment ${paymentId} was refunded already` };
  if (payment.providerRef !== null && payment.amount > 0) {
    try {
      await deps.payments.refund({
        chargeId: chargeIdOf(payment.providerRef),
        amount: payment.amount,
        idempotencyKey: `refund:${paymentId}`,
        metadata: { paymentId },
      });
    } catch (error) {
      deps.logger.error({ err: error, paymentId }, 'refund refused by the payment provider');
      return { ok: false, code: 'PAYMENT_FAILED', message: 'The payment provider refused the refund; nothing was changed.' };
    }
  }
  await billingTransaction(deps, async (tx) => {
    await recordRefund(tx, deps.brand, paymentId, now);
    await alongside?.(tx);
  });
  return { ok: true };
}

/**
 * A charge.refunded webhook. A refund the server asked for names its ledger payment (metadata) and
 * records that payment's refund. A refund made at the provider is read by what the provider says
 * of the whole charge: refunded in full (in one refund or several), every part of it not refunded
 * yet is recorded as refunded; refunded in part, no refund is recorded (the member keeps access)
 * but the commission on every part not refunded yet is reversed in full (docs/payments.md).
 * Throws ChargeNotRecordedYet when no payment of the charge is recorded yet. Returns a note for
 * the log when something was left for an administrator, or null.
 */
export async function recordProviderRefund(
  tx: Db,
  brand: Brand,
  data: { chargeId: string; amount: number; inFull: boolean; metadata?: { paymentId: string } | null | undefined },
  now: number,
): Promise<string | null> {
  if (data.metadata?.paymentId !== undefined) {
    const [row] = await tx.select({ providerRef: ledger.providerRef }).from(ledger).where(eq(ledger.id, data.metadata.paymentId)).limit(1);
    if (row === undefined || row.providerRef === null || chargeIdOf(row.providerRef) !== data.chargeId)
      return `payment ${data.metadata.paymentId} is not of charge ${data.chargeId}`;
    await recordRefund(tx, brand, data.metadata.paymentId, now);
    return null;
  }
  const parts = await tx
    .select({ id: ledger.id, amount: ledger.amount, refunded: refunds.paymentId })
    .from(ledger)
    .leftJoin(refunds, eq(refunds.paymentId, ledger.id))
    .where(and(eq(ledger.type, 'payment'), or(eq(ledger.providerRef, data.chargeId), like(ledger.providerRef, `${data.chargeId}#%`))));
  const open = parts.filter((p) => p.refunded === null);
  if (parts.length === 0) throw new ChargeNotRecordedYet(data.chargeId);
  if (open.length === 0) return null;
  if (!data.inFull) {
    // Part of the charge refunded at the provider (the product refunds whole payments only): the
    // member keeps what it paid for, and the referrer keeps no commission on any of it.
    for (const p of open) await recordReversal(tx, brand, { paymentId: p.id, amount: p.amount, at: now });
    return `a partial refund (${data.amount} pence) of ${data.chargeId}: access kept, all its commission reversed`;
  }
  for (const p of open) await recordRefund(tx, brand, p.id, now);
  return null;
}

/**
 * A charge.disputed webhook (a chargeback): the bank has taken the money back, so every part of
 * the charge not refunded yet is recorded as refunded, exactly as a refund (access taken from now
 * on, commission reversed, the subscription cancelled). The disputed amount is not compared: a
 * chargeback of any part of a charge ends what the charge paid for. Throws ChargeNotRecordedYet
 * when no payment of the charge is recorded yet. Returns why nothing was recorded, or null.
 */
export async function recordChargeback(
  tx: Db,
  brand: Brand,
  data: { chargeId: string; disputeId: string },
  now: number,
): Promise<string | null> {
  const parts = await tx
    .select({ id: ledger.id, refunded: refunds.paymentId })
    .from(ledger)
    .leftJoin(refunds, eq(refunds.paymentId, ledger.id))
    .where(and(eq(ledger.type, 'payment'), or(eq(ledger.providerRef, data.chargeId), like(ledger.providerRef, `${data.chargeId}#%`))));
  if (parts.length === 0) throw new ChargeNotRecordedYet(data.chargeId);
  for (const p of parts) if (p.refunded === null) await recordRefund(tx, brand, p.id, now, 'chargeback');
  return null;
}
