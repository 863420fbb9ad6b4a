// Recording a paid checkout: a new subscription (a plan or a sale link) or an upgrade of the
// current one. Runs inside the webhook's transaction, under the member's billing lock. Every row is
// the sdk's event (subscriptionEvents on the stored subscription), checked against what the member
// was quoted; a payment that no longer fits (a second subscription paid in another tab, an upgrade
// quoted before a renewal was charged) is not recorded and its charge is handed back for a refund.
import { and, eq } from 'drizzle-orm';
import { subscriptionEvents, subscriptionStatus, type BillingEvent, type SubscriptionInput } from '@matchkit/sdk/billing';
import type { Brand } from '@matchkit/sdk/brands';
import type { BillingTerm } from '@matchkit/sdk/model';
import type { Db } from '../../db/client';
import { checkouts, ledger, subscriptions, users } from '../../db/schema';
import type { Settlement } from '../affiliates/commission';
import { recordEvents } from './ledger-writes';
import {
  currentSubscription,
  isRenewing,
  lockMember,
  memberSubscriptions,
  recordedIds,
  storedChange,
  toSubscriptionInput,
  type SubscriptionRow,
} from './subscriptions';

/** A checkout row. */
export type CheckoutRow = typeof checkouts.$inferSelect;

/** The subscription a checkout of a plan or a sale link makes: its id is the checkout's, so the two stay linked and a second record of it conflicts. */
export function subscriptionIdOf(checkoutId: string): string {
  return `sub_${checkoutId.replace(/^ck_/, '')}`;
}

/** The outcome of recording a payment. */
export type RecordOutcome = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/** What a new subscription starts as. */
export interface NewSubscription {
  readonly id: string;
  readonly userId: string;
  readonly plan: string;
  readonly term: BillingTerm;
  /** The instant it was priced and starts (a checkout's creation). */
  readonly startedAt: number;
  readonly trial: boolean;
  /** Pence the member paid for it now (0 with a trial). */
  readonly amountPaid: number;
  readonly saleId: string | null;
  /** The provider's charge id of that payment (null when nothing was charged). */
  readonly chargeId: string | null;
  /** The verified provider event that settled the payment (null for a grant no provider settled: no commission). */
  readonly settlement: Settlement | null;
}

/**
 * Records a new subscription and what it grants now: the trial grant, or the first term's charge
 * (the sdk's `{id}:term-1`, checked to be exactly what was paid), with the referrer's commission.
 * Refuses (recording nothing) while the member has a subscription that goes on renewing, and a
 * trial for a member who has had a subscription before.
 */
export async function startSubscription(tx: Db, brand: Brand, sub: NewSubscription, now: number): Promise<RecordOutcome> {
  const rows = await memberSubscriptions(tx, sub.userId);
  const current = currentSubscription(brand, rows, now);
  if (current !== null && isRenewing(current))
    return { ok: false, reason: `the member already has a renewing ${current.status.plan} subscription` };
  if (sub.trial && rows.length > 0) return { ok: false, reason: 'a trial is for a first subscription only' };
  const input: SubscriptionInput = { id: sub.id, plan: sub.plan, term: sub.term, startedAt: sub.startedAt, trial: sub.trial };
  const events = subscriptionEvents(brand, input, Math.max(now, sub.startedAt));
  const wanted = events.filter((e) => e.type === 'trial' || (!sub.trial && e.id === `${sub.id}:term-1`));
  const paid = wanted.filter((e) => e.type === 'payment').reduce((s, e) => s + (e.type === 'payment' ? e.amount : 0), 0);
  const first = wanted.find((e) => e.type === 'payment');
  if (paid !== sub.amountPaid || (first !== undefined && first.type === 'payment' && first.saleId !== sub.saleId)) {
    return { ok: false, reason: `the sdk prices it at ${paid} pence, not the ${sub.amountPaid} paid` };
  }
  if (!sub.trial && first === undefined) return { ok: false, reason: 'no first charge at the start' };
  const inserted = await tx
    .insert(subscriptions)
    .values({
      id: sub.id,
      userId: sub.userId,
      plan: sub.plan,
      term: sub.term,
      startedAt: new Date(sub.startedAt),
      trial: sub.trial,
      saleId: sub.saleId,
      changes: [],
      createdAt: new Date(now),
    })
    .onConflictDoNothing()
    .returning({ id: subscriptions.id });
  if (inserted.length === 0) return { ok: false, reason: `subscription ${sub.id} exists already` };
  await recordEvents(
    tx,
    brand,
    sub.userId,
    sub.id,
    wanted,
    new Map(first === undefined ? [] : [[first.id, sub.chargeId]]),
    sub.settlement,
    now,
  );
  await endLapsedSubscriptions(tx, brand, rows, now);
  return { ok: true };
}

/**
 * Cancels, at `now`, each earlier subscription whose renewal failed and whose access still lasts:
 * the member chose a new one instead, so the sdk must refuse to retry the old charge (a card saved
 * later, or the provider's own retry, would otherwise charge for both). The sdk checks each cancel.
 */
async function endLapsedSubscriptions(tx: Db, brand: Brand, rows: readonly SubscriptionRow[], now: number): Promise<void> {
  for (const row of rows) {
    if (row.startedAt.getTime() > now) continue;
    const input = toSubscriptionInput(row);
    const status = subscriptionStatus(brand, input, now);
    if (status.state === 'ended' || status.paymentFailedAt === null || status.cancelledAt !== null) continue;
    const changes = [...(input.changes ?? []), { type: 'cancel' as const, at: now }];
    subscriptionStatus(brand, { ...input, changes }, now);
    await tx
      .update(subscriptions)
      .set({ changes: changes.map(storedChange) })
      .where(eq(subscriptions.id, row.id));
  }
}

/**
 * Records a paid upgrade of the member's current subscription, at the instant it was quoted (the
 * checkout's creation): the change is appended and the sdk's upgrade charges (and, in a trial, the
 * trial grant on the new plan) are recorded, if they add up to what was paid and build only on
 * charges already recorded.
 */
export async function applyUpgrade(
  tx: Db,
  brand: Brand,
  checkout: CheckoutRow,
  chargeId: string | null,
  settlement: Settlement | null,
  now: number,
): Promise<RecordOutcome> {
  const upgrade = brand.upgrades.find((u) => u.slug === checkout.slug);
  if (upgrade === undefined) return { ok: false, reason: `${checkout.slug} is not an upgrade of the brand` };
  const at = checkout.createdAt.getTime();
  const current = currentSubscription(brand, await memberSubscriptions(tx, checkout.userId), now);
  if (current === null || current.status.plan !== upgrade.from || current.status.cancelledAt !== null) {
    return { ok: false, reason: `the member no longer holds a ${upgrade.from} subscription to upgrade` };
  }
  const lastChange = current.row.changes.reduce((m, c) => Math.max(m, Date.parse(c.at)), current.row.startedAt.getTime());
  if (lastChange > at) return { ok: false, reason: 'the subscription changed after the upgrade was quoted' };
  const recorded = await tx.select({ id: ledger.id, at: ledger.at }).from(ledger).where(eq(ledger.subscriptionId, current.row.id));
  if (recorded.some((r) => r.at.getTime() > at)) return { ok: false, reason: 'a charge was taken after the upgrade was quoted' };
  const index = current.row.changes.length;
  const changes = [...(current.input.changes ?? []), { type: 'upgrade' as const, slug: upgrade.slug, at }];
  const input: SubscriptionInput = { ...current.input, changes };
  let events: BillingEvent[];
  try {
    events = subscriptionEvents(brand, input, Math.max(now, at));
  } catch (error) {
    return { ok: false, reason: `the sdk refuses the upgrade: ${error instanceof Error ? error.message : String(error)}` };
  }
  const charges = events.filter((e) => e.type === 'payment' && e.id.startsWith(`${current.row.id}:upgrade-${index}-`));
  const trials = events.filter((e) => e.type === 'trial');
  const total = charges.reduce((s, e) => s + (e.type === 'payment' ? e.amount : 0), 0);
  if (total !== checkout.amount)
    return { ok: false, reason: `the sdk prices the upgrade at ${total} pence, not the ${checkout.amount} paid` };
  const known = new Set([...recorded.map((r) => r.id), ...charges.map((c) => c.id)]);
  if (charges.some((c) => c.type === 'payment' && c.basePaymentId !== null && !known.has(c.basePaymentId))) {
    return { ok: false, reason: 'the upgrade builds on a charge not recorded yet' };
  }
  await tx
    .update(subscriptions)
    .set({ changes: changes.map(storedChange) })
    .where(eq(subscriptions.id, current.row.id));
  // One provider charge pays every part: the first row carries its id, later parts `{id}#2`, ...
  const refs = new Map(charges.map((c, i) => [c.id, chargeId === null ? null : i === 0 ? chargeId : `${chargeId}#${i + 1}`]));
  await recordEvents(tx, brand, checkout.userId, current.row.id, [...trials, ...charges], refs, settlement, now);
  return { ok: true };
}

/** What the webhook must do after its transaction: refund a charge that could not be recorded. */
export interface CompletionResult {
  readonly refundChargeId: string | null;
  readonly amount: number;
  readonly reason: string | null;
  /** True when this call recorded the checkout (its first delivery that fitted). */
  readonly recorded?: boolean;
}

/**
 * A checkout's page was paid: records the purchase and marks the checkout paid, or, when the
 * payment no longer fits, marks it failed and returns the charge to refund. A checkout that is no
 * longer pending is left alone (its charge refunded if it is another one).
 */
export async function completeCheckout(
  tx: Db,
  brand: Brand,
  data: { checkoutId: string; customerId: string; chargeId: string | null; amount: number; cardFingerprint: string | null },
  now: number,
): Promise<CompletionResult> {
  const refund = (reason: string): CompletionResult => ({ refundChargeId: data.chargeId, amount: data.amount, reason });
  const [found] = await tx.select({ userId: checkouts.userId }).from(checkouts).where(eq(checkouts.id, data.checkoutId)).limit(1);
  if (found === undefined) return refund(`no checkout ${data.checkoutId}`);
  await lockMember(tx, found.userId);
  const [checkout] = await tx.select().from(checkouts).where(eq(checkouts.id, data.checkoutId)).limit(1);
  if (checkout === undefined) return refund(`no checkout ${data.checkoutId}`);
  if (checkout.status !== 'pending') {
    if (data.chargeId === null) return { refundChargeId: null, amount: 0, reason: null };
    const [known] = await tx.select({ id: ledger.id }).from(ledger).where(eq(ledger.providerRef, data.chargeId)).limit(1);
    return known === undefined
      ? refund(`checkout ${checkout.id} is ${checkout.status} already`)
      : { refundChargeId: null, amount: 0, reason: null };
  }
  await tx.update(users).set({ customerId: data.customerId }).where(eq(users.id, checkout.userId));
  let outcome: RecordOutcome;
  if (data.amount !== checkout.amount) {
    outcome = { ok: false, reason: `paid ${data.amount} pence for a checkout of ${checkout.amount}` };
  } else if (checkout.kind === 'upgrade') {
    outcome = await applyUpgrade(tx, brand, checkout, data.chargeId, { cardFingerprint: data.cardFingerprint }, now);
  } else {
    outcome = await startSubscription(
      tx,
      brand,
      {
        id: subscriptionIdOf(checkout.id),
        userId: checkout.userId,
        plan: checkout.plan,
        term: checkout.term,
        startedAt: checkout.createdAt.getTime(),
        // The checkout was priced with a trial exactly when a plan's page charged nothing now.
        trial: checkout.kind === 'plan' && checkout.amount === 0,
        amountPaid: checkout.amount,
        saleId: checkout.saleId,
        chargeId: data.chargeId,
        settlement: { cardFingerprint: data.cardFingerprint },
      },
      now,
    );
  }
  await tx
    .update(checkouts)
    .set({ status: outcome.ok ? 'paid' : 'failed', completedAt: new Date(now) })
    .where(eq(checkouts.id, checkout.id));
  return outcome.ok ? { refundChargeId: null, amount: 0, reason: null, recorded: true } : refund(outcome.reason);
}

/** A checkout's payment was declined: the checkout fails and nothing is granted. */
export async function declineCheckout(tx: Db, checkoutId: string, now: number): Promise<void> {
  await tx
    .update(checkouts)
    .set({ status: 'failed', completedAt: new Date(now) })
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.status, 'pending')));
}

/** Whether every charge of the subscription due by `now` is recorded (an upgrade must not be quoted on a charge still being taken). */
export async function chargesUpToDate(db: Db, brand: Brand, sub: Parameters<typeof toSubscriptionInput>[0], now: number): Promise<boolean> {
  const ids = await recordedIds(db, sub.id);
  return subscriptionEvents(brand, toSubscriptionInput(sub), now).every((e) => e.type !== 'payment' || ids.has(e.id));
}
