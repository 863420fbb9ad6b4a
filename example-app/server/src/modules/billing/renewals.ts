// Renewals: every minute (and whenever a test calls runRenewalPass with its clock), each
// subscription's events through now are read from the sdk's subscriptionEvents, and every charge
// with no ledger row yet (a renewal at its term's renewal instant, a first charge at a trial's end)
// is charged through the provider, off-session. A decline appends a 'payment-failed' change, so
// the sdk stops charging and access ends at the end of what was paid. The no-charge window and
// every instant and price are the sdk's: this file decides only when to ask the provider.
//
// Several server processes may run the pass at once. Each charge is taken inside a transaction
// that first takes the member's advisory lock (pg_advisory_xact_lock), then re-reads the ledger:
// a second pass waits for the first to commit, then finds the row and charges nothing. So a charge
// is asked of the provider at most once per event, on PGlite and on PostgreSQL alike; the event id
// is also the provider's idempotency key, so a retry after a crash between the charge and the
// commit is answered with the first charge by a real provider rather than charged again.
//
// A declined charge is not tried again on a schedule. It is tried again when the member saves a new
// card (the provider's customer.card-updated event: retryFailedRenewal), and a provider's own
// successful new attempt (charge.succeeded for the failed event) is recorded too; both are the
// sdk's 'payment-retried' change (recordChargeSucceeded).
import { eq } from 'drizzle-orm';
import { subscriptionEvents, subscriptionStatus, type BillingEvent, type Charge, type SubscriptionInput } from '@matchkit/sdk/billing';
import { isValidationError } from '@matchkit/sdk/errors';
import type { Brand } from '@matchkit/sdk/brands';
import type { AppDeps } from '../../kernel';
import type { Db } from '../../db/client';
import { ledger, subscriptions, users } from '../../db/schema';
import { billingTransaction } from './billing-mail';
import { queueBillingMail } from './billing-tx';
import { recordEvents, settleCommission } from './ledger-writes';
import type { CompletionResult } from './purchases';
import { lockMember, recordedIds, storedChange, toSubscriptionInput, type SubscriptionRow } from './subscriptions';

/** What one pass did. */
export interface RenewalPassResult {
  /** Event ids charged and recorded. */
  readonly charged: string[];
  /** Event ids declined (each made a 'payment-failed' change). */
  readonly declined: string[];
  /** Subscriptions whose charge threw (logged; tried again next pass). */
  readonly errors: number;
}

type RenewalDeps = Pick<AppDeps, 'db' | 'brand' | 'payments' | 'logger' | 'config' | 'clock' | 'pubSub'>;

/** The payments of a subscription due by `now` that have no ledger row, earliest first. */
function dueCharges(brand: Brand, row: SubscriptionRow, recorded: ReadonlySet<string>, now: number): Charge[] {
  return subscriptionEvents(brand, toSubscriptionInput(row), now).filter((e): e is Charge => e.type === 'payment' && !recorded.has(e.id));
}

/** One renewal pass at `now`. Safe to run on several processes at once. */
export async function runRenewalPass(deps: RenewalDeps, now: number): Promise<RenewalPassResult> {
  const result = { charged: [] as string[], declined: [] as string[], errors: 0 };
  const rows = await deps.db.select().from(subscriptions);
  const recordedRows = await deps.db.select({ id: ledger.id, subscriptionId: ledger.subscriptionId }).from(ledger);
  const recorded = new Map<string, Set<string>>();
  for (const r of recordedRows) {
    if (r.subscriptionId === null) continue;
    const set = recorded.get(r.subscriptionId) ?? new Set<string>();
    set.add(r.id);
    recorded.set(r.subscriptionId, set);
  }
  for (const row of rows) {
    if (row.startedAt.getTime() > now) continue;
    try {
      if (subscriptionStatus(deps.brand, toSubscriptionInput(row), now).state === 'ended') continue;
      for (const charge of dueCharges(deps.brand, row, recorded.get(row.id) ?? new Set(), now)) {
        const outcome = await chargeDue(deps, row.id, charge.id, now);
        if (outcome === 'charged') result.charged.push(charge.id);
        if (outcome === 'declined') {
          result.declined.push(charge.id);
          break;
        }
      }
    } catch (error) {
      result.errors += 1;
      deps.logger.error({ err: error, subscriptionId: row.id }, 'renewal pass: a charge failed to run');
    }
  }
  return result;
}

/**
 * Charges one due event of a subscription, if it is still due once the member's lock is held:
 * 'charged', 'declined', or 'skipped' (recorded meanwhile, or no longer due).
 */
export async function chargeDue(
  deps: RenewalDeps,
  subscriptionId: string,
  eventId: string,
  now: number,
): Promise<'charged' | 'declined' | 'skipped'> {
  const { brand } = deps;
  return billingTransaction(deps, async (tx) => {
    const [owner] = await tx
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId))
      .limit(1);
    if (owner === undefined) return 'skipped';
    await lockMember(tx, owner.userId);
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)).limit(1);
    if (row === undefined) return 'skipped';
    const due = dueCharges(brand, row, await recordedIds(tx, row.id), now);
    const charge = due[0];
    // Charges are taken in order: only the earliest unrecorded one may be charged now.
    if (charge === undefined || charge.id !== eventId) return 'skipped';
    if (charge.amount === 0) {
      await recordEvents(tx, brand, row.userId, row.id, [charge], new Map(), null, now);
      return 'charged';
    }
    const [user] = await tx.select({ customerId: users.customerId }).from(users).where(eq(users.id, row.userId)).limit(1);
    const customerId = user?.customerId ?? null;
    const answer =
      customerId === null
        ? ({ ok: false, chargeId: '', reason: 'no saved payment method' } as const)
        : await deps.payments.chargeOffSession({
            customerId,
            amount: charge.amount,
            description: chargeDescription(brand, charge),
            idempotencyKey: charge.id,
            metadata: { subscriptionId: row.id, eventId: charge.id },
          });
    if (answer.ok) {
      // Commission waits for the provider's verified charge.succeeded (settleCommission).
      await recordEvents(tx, brand, row.userId, row.id, [charge], new Map([[charge.id, answer.chargeId]]), null, now);
      return 'charged';
    }
    deps.logger.info({ subscriptionId: row.id, eventId: charge.id, reason: answer.reason }, 'renewal declined');
    await appendPaymentFailed(tx, brand, row, charge, now);
    return 'declined';
  });
}

/** What the member's statement shows for an off-session charge: "Diamond, yearly (term 2)". */
function chargeDescription(brand: Brand, charge: Charge): string {
  return `${brand.plans.find((p) => p.name === charge.plan)?.label ?? charge.plan}, ${charge.term === 'year' ? 'yearly' : 'monthly'} (term ${charge.termIndex})`;
}

/**
 * The member saved a new card (the provider's billing portal): a renewal that failed, while its
 * access lasts, is charged again now on that card, off-session, as the sdk's 'payment-retried'
 * change at now with the sdk's charge for the term. The idempotency key names the failed event and
 * the card, so the same card is asked once. A decline leaves the failure as it was. The provider's
 * charge.succeeded for it then finds the charge recorded (and settles its commission).
 */
export async function retryFailedRenewal(
  deps: RenewalDeps,
  customerId: string,
  paymentMethodId: string,
  now: number,
): Promise<'charged' | 'declined' | 'skipped'> {
  const { brand } = deps;
  return billingTransaction(deps, async (tx) => {
    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.customerId, customerId)).limit(1);
    if (owner === undefined) return 'skipped';
    await lockMember(tx, owner.id);
    for (const row of await tx.select().from(subscriptions).where(eq(subscriptions.userId, owner.id))) {
      if (row.startedAt.getTime() > now) continue;
      const input = toSubscriptionInput(row);
      const status = subscriptionStatus(brand, input, now);
      if (status.paymentFailedAt === null || status.state === 'ended') continue;
      const changes = [...(input.changes ?? []), { type: 'payment-retried' as const, at: now }];
      let events: BillingEvent[];
      try {
        // The sdk says whether the retry applies (not for a trial's first charge, nor once cancelled).
        events = subscriptionEvents(brand, { ...input, changes }, now);
      } catch (error) {
        if (isValidationError(error)) continue;
        throw error;
      }
      const recorded = await recordedIds(tx, row.id);
      const charge = events.find((e): e is Charge => e.type === 'payment' && !recorded.has(e.id));
      if (charge === undefined || charge.amount < 1) continue;
      const answer = await deps.payments.chargeOffSession({
        customerId,
        amount: charge.amount,
        description: chargeDescription(brand, charge),
        idempotencyKey: `${charge.id}:retry:${paymentMethodId}`,
        metadata: { subscriptionId: row.id, eventId: charge.id },
      });
      if (!answer.ok) {
        deps.logger.info({ subscriptionId: row.id, eventId: charge.id, reason: answer.reason }, 'renewal retry declined');
        return 'declined';
      }
      await tx
        .update(subscriptions)
        .set({ changes: changes.map(storedChange) })
        .where(eq(subscriptions.id, row.id));
      await recordEvents(tx, brand, row.userId, row.id, [charge], new Map([[charge.id, answer.chargeId]]), null, now);
      return 'charged';
    }
    return 'skipped';
  });
}

/**
 * Appends the sdk's 'payment-failed' change for a declined charge: reported at once, or at the
 * start of the term it pays for when the pass runs late (the sdk takes no report after that).
 */
async function appendPaymentFailed(tx: Db, brand: Brand, row: SubscriptionRow, charge: BillingEvent, now: number): Promise<void> {
  const at = Math.min(now, charge.periodStart);
  const input = toSubscriptionInput(row);
  const changes = [...(input.changes ?? []), { type: 'payment-failed' as const, at }];
  // The sdk checks the change applies (it throws otherwise, and the transaction is rolled back).
  subscriptionStatus(brand, { ...input, changes }, Math.max(now, at));
  await tx
    .update(subscriptions)
    .set({ changes: changes.map(storedChange) })
    .where(eq(subscriptions.id, row.id));
  queueBillingMail(tx, { kind: 'renewal-failed', subscriptionId: row.id, amount: charge.type === 'payment' ? charge.amount : 0, at: now });
}

/**
 * A charge.succeeded webhook. Either the charge the pass asked for (recorded here if the pass did
 * not record it: it crashed, say), or the provider's successful new attempt at a charge that failed
 * (a real provider retries a declined renewal on its own schedule and reports it with the same
 * metadata): that is the sdk's 'payment-retried' change, dated now, and the sdk's charge for the
 * term, as subscriptionEvents gives it with the change. When the sdk refuses the retry (access has
 * ended, the subscription was cancelled, or the failed charge was a trial's first one) or the
 * amount is not the sdk's, nothing is recorded and the charge is returned for a refund: a member
 * never pays for a term the ledger does not grant.
 */
export async function recordChargeSucceeded(
  tx: Db,
  brand: Brand,
  data: { chargeId: string; amount: number; cardFingerprint: string | null; metadata: { subscriptionId: string; eventId: string } },
  now: number,
): Promise<CompletionResult> {
  const note = (reason: string): CompletionResult => ({ refundChargeId: null, amount: 0, reason });
  const refund = (reason: string): CompletionResult => ({ refundChargeId: data.chargeId, amount: data.amount, reason });
  const [owner] = await tx
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.id, data.metadata.subscriptionId))
    .limit(1);
  if (owner === undefined) return note(`no subscription ${data.metadata.subscriptionId}`);
  await lockMember(tx, owner.userId);
  const [known] = await tx.select({ id: ledger.id }).from(ledger).where(eq(ledger.providerRef, data.chargeId)).limit(1);
  if (known !== undefined) {
    await settleCommission(tx, brand, known.id, { cardFingerprint: data.cardFingerprint });
    return NOTHING_TO_DO;
  }
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, data.metadata.subscriptionId)).limit(1);
  if (row === undefined) return note(`no subscription ${data.metadata.subscriptionId}`);
  const recorded = await recordedIds(tx, row.id);
  const input = toSubscriptionInput(row);
  if (subscriptionStatus(brand, input, now).paymentFailedAt !== null)
    return recordRetry(tx, brand, row, input, recorded, data, now, refund);
  const due = dueCharges(brand, row, recorded, now);
  const charge = due[0];
  // Money taken for nothing the sdk charges now (a term already paid, one not due, another price)
  // is given back, never kept.
  if (charge === undefined || charge.id !== data.metadata.eventId)
    return refund(`event ${data.metadata.eventId} is not the next charge due`);
  if (charge.amount !== data.amount) return refund(`charged ${data.amount} pence for an event of ${charge.amount}`);
  await recordEvents(
    tx,
    brand,
    row.userId,
    row.id,
    [charge],
    new Map([[charge.id, data.chargeId]]),
    {
      cardFingerprint: data.cardFingerprint,
    },
    now,
  );
  return NOTHING_TO_DO;
}

const NOTHING_TO_DO: CompletionResult = { refundChargeId: null, amount: 0, reason: null };

/** The provider's successful retry of the failed charge of `row`: the sdk's 'payment-retried' change at `now`, and its charge. */
async function recordRetry(
  tx: Db,
  brand: Brand,
  row: SubscriptionRow,
  input: SubscriptionInput,
  recorded: ReadonlySet<string>,
  data: { chargeId: string; amount: number; cardFingerprint: string | null; metadata: { eventId: string } },
  now: number,
  refund: (reason: string) => CompletionResult,
): Promise<CompletionResult> {
  const changes = [...(input.changes ?? []), { type: 'payment-retried' as const, at: now }];
  let events: BillingEvent[];
  try {
    // The sdk checks the retry applies: a failure pending, no cancellation, access not ended.
    events = subscriptionEvents(brand, { ...input, changes }, now);
  } catch (error) {
    if (isValidationError(error))
      return refund(`the retried charge of ${data.metadata.eventId} cannot be recorded: ${error.issues.map((i) => i.message).join('; ')}`);
    throw error;
  }
  const charge = events.find((e): e is Charge => e.type === 'payment' && !recorded.has(e.id));
  if (charge === undefined || charge.id !== data.metadata.eventId)
    return refund(`event ${data.metadata.eventId} is not the charge that failed (${charge?.id ?? 'none'})`);
  if (charge.amount !== data.amount) return refund(`retried for ${data.amount} pence; the sdk prices the term at ${charge.amount} now`);
  await tx
    .update(subscriptions)
    .set({ changes: changes.map(storedChange) })
    .where(eq(subscriptions.id, row.id));
  await recordEvents(
    tx,
    brand,
    row.userId,
    row.id,
    [charge],
    new Map([[charge.id, data.chargeId]]),
    {
      cardFingerprint: data.cardFingerprint,
    },
    now,
  );
  return NOTHING_TO_DO;
}

/** A charge.failed webhook: makes the 'payment-failed' change if the pass that asked for the charge did not. */
export async function recordChargeFailed(
  tx: Db,
  brand: Brand,
  data: { metadata: { subscriptionId: string; eventId: string } },
  now: number,
): Promise<void> {
  const [owner] = await tx
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.id, data.metadata.subscriptionId))
    .limit(1);
  if (owner === undefined) return;
  await lockMember(tx, owner.userId);
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, data.metadata.subscriptionId)).limit(1);
  if (row === undefined) return;
  const due = dueCharges(brand, row, await recordedIds(tx, row.id), now);
  const charge = due[0];
  if (charge === undefined || charge.id !== data.metadata.eventId) return;
  await appendPaymentFailed(tx, brand, row, charge, now);
}
