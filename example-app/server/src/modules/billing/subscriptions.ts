// Reading a member's subscriptions in the sdk's shape, and the locks billing writes take.
import { asc, eq, sql } from 'drizzle-orm';
import { subscriptionStatus, type SubscriptionChange, type SubscriptionInput, type SubscriptionStatus } from '@matchkit/sdk/billing';
import type { Brand } from '@matchkit/sdk/brands';
import type { Subscription } from '@matchkit/sdk/model';
import type { Db } from '../../db/client';
import { ledger, subscriptions } from '../../db/schema';
import { noteMemberChange } from './billing-tx';

/** A stored subscription. */
export type SubscriptionRow = typeof subscriptions.$inferSelect;
/** A stored change (instants as ISO strings). */
export type StoredChange = SubscriptionRow['changes'][number];

/** A stored subscription as the sdk's SubscriptionInput (instants as epoch ms). */
export function toSubscriptionInput(
  row: Pick<SubscriptionRow, 'id' | 'plan' | 'term' | 'startedAt' | 'trial' | 'changes'>,
): SubscriptionInput {
  return {
    id: row.id,
    plan: row.plan,
    term: row.term,
    startedAt: row.startedAt.getTime(),
    trial: row.trial,
    changes: row.changes.map((c): SubscriptionChange => {
      if (c.type === 'upgrade') return { type: 'upgrade', slug: c.slug, at: Date.parse(c.at) };
      if (c.type === 'downgrade') return { type: 'downgrade', plan: c.plan, at: Date.parse(c.at) };
      return { type: c.type, at: Date.parse(c.at) };
    }),
  };
}

/** A change to store. */
export function storedChange(change: SubscriptionChange): StoredChange {
  const at = new Date(change.at).toISOString();
  if (change.type === 'upgrade') return { type: 'upgrade', slug: change.slug, at };
  if (change.type === 'downgrade') return { type: 'downgrade', plan: change.plan, at };
  return { type: change.type, at };
}

/** The member's subscriptions, oldest first. */
export function memberSubscriptions(db: Db, userId: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.startedAt), asc(subscriptions.createdAt));
}

/** A subscription with its state at an instant. */
export interface SubscriptionState {
  readonly row: SubscriptionRow;
  readonly input: SubscriptionInput;
  readonly status: SubscriptionStatus;
}

/**
 * The member's current subscription at `now`: the newest one whose access has not ended (the
 * sdk's subscriptionStatus), or null.
 */
export function currentSubscription(brand: Brand, rows: readonly SubscriptionRow[], now: number): SubscriptionState | null {
  for (let i = rows.length - 1; i >= 0; i -= 1) {
    const row = rows[i] as SubscriptionRow;
    if (row.startedAt.getTime() > now) continue;
    const input = toSubscriptionInput(row);
    const status = subscriptionStatus(brand, input, now);
    if (status.state !== 'ended') return { row, input, status };
  }
  return null;
}

/**
 * The member's subscription as the sdk's member model reads it ({ billingTerm, isTrial, isLegacy,
 * endsAt }) at `now`, or null: what User.subscription answers and what member segments and
 * filters read. isLegacy is false: this server sells no legacy (grandfathered) prices, so a paying
 * platinum member is platinum-current.
 */
export function subscriptionView(brand: Brand, rows: readonly SubscriptionRow[], now: number): Subscription | null {
  const ordered = [...rows].sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime() || a.createdAt.getTime() - b.createdAt.getTime());
  const current = currentSubscription(brand, ordered, now);
  if (current === null) return null;
  return {
    billingTerm: current.input.term,
    isTrial: current.status.state === 'trial',
    isLegacy: false,
    endsAt: new Date(current.status.endsAt).toISOString(),
  };
}

/** True when the subscription goes on renewing: not cancelled, no failed charge pending. */
export function isRenewing(state: SubscriptionState): boolean {
  return state.status.cancelledAt === null && state.status.paymentFailedAt === null;
}

/** The ids of the ledger rows of a subscription. */
export async function recordedIds(db: Db, subscriptionId: string): Promise<Set<string>> {
  const rows = await db.select({ id: ledger.id }).from(ledger).where(eq(ledger.subscriptionId, subscriptionId));
  return new Set(rows.map((r) => r.id));
}

/**
 * Takes the member's billing lock until the transaction ends (a PostgreSQL advisory lock, on
 * PGlite and on a server alike): every write to a member's subscriptions, ledger and refunds takes
 * it first, so a renewal pass on another process, a webhook and a cancellation never interleave.
 * In a billing transaction it also notes the member as changed (billing-tx.ts's noteMemberChange).
 */
export async function lockMember(tx: Db, userId: string): Promise<void> {
  noteMemberChange(tx, userId);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`matchkit:billing:${userId}`}, 0))`);
}
