import { resolveBrand } from '../brands/brands';
import type { BrandRef } from '../brands/schema';
import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';
import { readInstant } from '../internal/instant';
import { readOptions, unknownKeys } from '../internal/keys';
import type { Pence } from '../model/schemas';
import type { InstantInput } from '../sales/sales';
import { checkPence, commissionBasisPoints, commissionStep } from './commission';
import {
  checkEventList,
  checkId,
  type AffiliatePaymentEvent,
  type CheckedEvent,
  type AffiliatePayoutEvent,
  type AffiliateRefundEvent,
} from './ledger';

// Commission over time. Each payment's commission is pending until the refund window after the
// payment has passed, then payable; a payment held for review counts in neither until an
// administrator approves it (it takes its normal state) or rejects it (it earns nothing). Refunds
// and chargebacks take commission back; payouts come only from what is payable.
//
// The affiliate keeps floor(rate × net revenue) as in affiliateLedger, the net revenue here being
// the payments not rejected, less their refunds. That total is shared among the payments in order
// of instant (then id): each payment's commission is the step its net amount makes in the floor,
// so the entries add up to the total exactly, none is negative, and a payment refunded in full
// earns nothing. Events are applied by instant, then kind (payment, review, refund, payout), then
// id: the order they are given in does not change the result.

/**
 * The refund window, in days: a member may ask for a whole payment back within this many days
 * of the charge (the refund policy), so commission on a payment stays pending until it has passed.
 *
 * @example
 * ```ts
 * import { REFUND_WINDOW_DAYS } from '@matchkit/sdk/referrals';
 * const payableFrom = Date.UTC(2026, 0, 5) + REFUND_WINDOW_DAYS * 86_400_000; // 19 January 2026
 * ```
 */
export const REFUND_WINDOW_DAYS = 14;

const DAY_MS = 86_400_000;
const WINDOW_MS = REFUND_WINDOW_DAYS * DAY_MS;

/**
 * A payment by a referred member, as {@link commissionStatement} reads it: an
 * {@link AffiliatePaymentEvent} that may be held for an administrator's review.
 *
 * @example
 * ```ts
 * import type { CommissionPaymentEvent } from '@matchkit/sdk/referrals';
 * const paid: CommissionPaymentEvent = { type: 'payment', id: 'p1', at: Date.UTC(2026, 0, 5), amount: 99_500, held: true };
 * ```
 */
export interface CommissionPaymentEvent extends AffiliatePaymentEvent {
  /**
   * Whether the payment's commission is held for review (a referral that looks like abuse): it
   * counts as neither pending nor payable until a {@link CommissionReviewEvent} decides it.
   *
   * @defaultValue false
   */
  readonly held?: boolean;
}

/**
 * An administrator's decision on a held payment: `approve` gives its commission its normal state
 * (pending, or payable once the refund window has passed); `reject` takes it away for good.
 *
 * @example
 * ```ts
 * import type { CommissionReviewEvent } from '@matchkit/sdk/referrals';
 * const review: CommissionReviewEvent = {
 *   type: 'review', id: 'v1', at: Date.UTC(2026, 0, 7), paymentId: 'p1', decision: 'approve',
 * };
 * ```
 */
export interface CommissionReviewEvent {
  /** A review. */
  readonly type: 'review';
  /** The event's id, unique among the events: 1 to 100 characters. */
  readonly id: string;
  /** When it was decided: not before the payment (an instant from 1970 to 9999). */
  readonly at: InstantInput;
  /** The id of the held payment decided; each held payment is decided at most once. */
  readonly paymentId: string;
  /** `approve` or `reject`. */
  readonly decision: 'approve' | 'reject';
}

/**
 * One event of {@link commissionStatement}: a payment (perhaps held), a refund or chargeback of
 * one, a review of a held payment, or a payout to the affiliate.
 *
 * @example
 * ```ts
 * import type { CommissionEvent } from '@matchkit/sdk/referrals';
 * const events: CommissionEvent[] = [
 *   { type: 'payment', id: 'p1', at: Date.UTC(2026, 0, 5), amount: 3999 },
 *   { type: 'payout', id: 'o1', at: Date.UTC(2026, 1, 1), amount: 1599 },
 * ];
 * ```
 */
export type CommissionEvent = CommissionPaymentEvent | AffiliateRefundEvent | CommissionReviewEvent | AffiliatePayoutEvent;

/**
 * The state of a payment's commission at an instant: `pending` inside the refund window,
 * `payable` after it, `held` awaiting review, `rejected` by review (it earns nothing), `reversed`
 * refunded in full (it earns nothing).
 *
 * @example
 * ```ts
 * import type { CommissionState } from '@matchkit/sdk/referrals';
 * const state: CommissionState = 'held';
 * ```
 */
export type CommissionState = 'pending' | 'held' | 'payable' | 'rejected' | 'reversed';

/**
 * One payment's commission in a {@link CommissionStatement}.
 *
 * @example
 * ```ts
 * import type { CommissionEntry } from '@matchkit/sdk/referrals';
 * const entry: CommissionEntry = {
 *   paymentId: 'p1', at: 1767607200000, amount: 3999, refunded: 0, commission: 1599, state: 'pending', payableFrom: 1768816800000,
 * };
 * ```
 */
export interface CommissionEntry {
  /** The payment's id. */
  readonly paymentId: string;
  /** When it was paid, epoch milliseconds. */
  readonly at: number;
  /** The payment, in pence. */
  readonly amount: Pence;
  /** Refunded (or charged back) of it so far, in pence. */
  readonly refunded: Pence;
  /** Its commission now, in pence (0 when rejected or refunded in full). */
  readonly commission: Pence;
  /** Its state at the statement's instant. */
  readonly state: CommissionState;
  /** When the refund window after it ends, epoch milliseconds: from then it is payable unless held. */
  readonly payableFrom: number;
}

/**
 * One payout in a {@link CommissionStatement}.
 *
 * @example
 * ```ts
 * import type { CommissionPayout } from '@matchkit/sdk/referrals';
 * const payout: CommissionPayout = { id: 'o1', at: 1769904000000, amount: 1599 };
 * ```
 */
export interface CommissionPayout {
  /** The payout's id. */
  readonly id: string;
  /** When it was paid, epoch milliseconds. */
  readonly at: number;
  /** The amount, in pence. */
  readonly amount: Pence;
}

/**
 * An affiliate's commission at one instant, by state, in exact pence. Always
 * `pending + held + payable + paid = total`, where `total` is the commission earned less what
 * refunds, chargebacks and rejections took back: floor(rate × the net revenue of the payments not
 * rejected).
 *
 * @example
 * ```ts
 * import { commissionStatement, type CommissionStatement } from '@matchkit/sdk/referrals';
 * const s: CommissionStatement = commissionStatement('primary', [], { at: Date.UTC(2026, 0, 1) });
 * s.payable; // 0
 * ```
 */
export interface CommissionStatement {
  /** The instant, epoch milliseconds. */
  readonly at: number;
  /** The brand's commission rate, a fraction (0.4). */
  readonly commissionRate: number;
  /** Commission kept so far, in pence: pending + held + payable + paid. */
  readonly total: Pence;
  /** Commission inside the refund window, in pence. */
  readonly pending: Pence;
  /** Commission held for review, in pence. */
  readonly held: Pence;
  /**
   * Commission that may be paid out now, in pence: the payable entries less what was paid. Only a
   * refund or chargeback of commission already paid out makes it negative (a debt), never a payout.
   */
  readonly payable: number;
  /** Paid out, in pence. */
  readonly paid: Pence;
  /** Every payment made by the instant, in order of instant then id. */
  readonly entries: readonly CommissionEntry[];
  /** Every payout made by the instant, oldest first. */
  readonly payouts: readonly CommissionPayout[];
}

/**
 * Options of {@link commissionStatement}.
 *
 * @example
 * ```ts
 * import type { CommissionStatementOptions } from '@matchkit/sdk/referrals';
 * const options: CommissionStatementOptions = { at: new Date('2026-02-01T00:00:00Z') };
 * ```
 */
export interface CommissionStatementOptions {
  /** The instant of the statement: events after it do not count (they are still checked). Required. */
  readonly at: InstantInput;
}

type Checked = CheckedEvent<CommissionEvent>;

interface Payment {
  readonly index: number;
  readonly id: string;
  readonly ms: number;
  readonly amount: number;
  readonly held: boolean;
  refunded: number;
  decision: 'approve' | 'reject' | null;
}

interface Books {
  readonly payments: Map<string, Payment>;
  readonly payouts: CommissionPayout[];
  paid: number;
}

const RANK = { payment: 0, review: 1, refund: 2, payout: 3 } as const;
const TYPES = Object.keys(RANK) as readonly CommissionEvent['type'][];
const FIELDS: Record<CommissionEvent['type'], readonly string[]> = {
  payment: ['type', 'id', 'at', 'amount', 'held'],
  refund: ['type', 'id', 'at', 'paymentId', 'amount'],
  review: ['type', 'id', 'at', 'paymentId', 'decision'],
  payout: ['type', 'id', 'at', 'amount'],
};
/** Each event's own fields, every problem by path; ids unique. */
function checkEvents(events: unknown, issues: ValidationIssue[]): Checked[] {
  return checkEventList<CommissionEvent>(
    events,
    issues,
    (event, path) => {
      const type = TYPES.find((t) => t === event.type);
      if (type === undefined) issues.push({ path: `${path}.type`, message: `must be one of ${TYPES.map((t) => `'${t}'`).join(', ')}` });
      else unknownKeys(event, FIELDS[type], path, issues, `a field of a ${type} event`);
    },
    (event, path) => {
      const type = event.type;
      if (type !== 'review') checkPence(event.amount, `${path}.amount`, issues, type === 'payment' ? 0 : 1);
      if (type === 'refund' || type === 'review') checkId(event.paymentId, `${path}.paymentId`, issues);
      if (type === 'review' && event.decision !== 'approve' && event.decision !== 'reject') {
        issues.push({ path: `${path}.decision`, message: "must be 'approve' or 'reject'" });
      }
      if (type === 'payment' && event.held !== undefined && typeof event.held !== 'boolean') {
        issues.push({ path: `${path}.held`, message: 'must be true or false when given' });
      }
    },
  );
}

/** Every payment's entry at `atMs`: the floor(rate × net revenue) shared in order, each its step. */
function entriesAt(books: Books, bp: number, atMs: number): CommissionEntry[] {
  let revenue = 0;
  return [...books.payments.values()].map((p): CommissionEntry => {
    const rejected = p.decision === 'reject';
    const net = rejected ? 0 : p.amount - p.refunded;
    const commission = commissionStep(bp, revenue, revenue + net);
    revenue += net;
    const payableFrom = p.ms + WINDOW_MS;
    let state: CommissionState;
    if (rejected) state = 'rejected';
    else if (p.refunded > 0 && net === 0) state = 'reversed';
    else if (p.held && p.decision === null) state = 'held';
    else state = atMs >= payableFrom ? 'payable' : 'pending';
    return { paymentId: p.id, at: p.ms, amount: p.amount, refunded: p.refunded, commission, state, payableFrom };
  });
}

function sumState(entries: readonly CommissionEntry[], state: CommissionState): number {
  return entries.reduce((sum, e) => (e.state === state ? sum + e.commission : sum), 0);
}

/** Applies one event to the books, or records why it cannot apply. */
function apply(books: Books, bp: number, { index, event, ms }: Checked, issues: ValidationIssue[]): void {
  const path = `events.${index}`;
  if (event.type === 'payment') {
    books.payments.set(event.id, { index, id: event.id, ms, amount: event.amount, held: event.held === true, refunded: 0, decision: null });
    return;
  }
  if (event.type === 'payout') {
    const payable = sumState(entriesAt(books, bp, ms), 'payable') - books.paid;
    if (event.amount > payable) {
      issues.push({ path: `${path}.amount`, message: `must not exceed what is payable at that instant (${Math.max(payable, 0)} pence)` });
      return;
    }
    books.paid += event.amount;
    books.payouts.push({ id: event.id, at: ms, amount: event.amount });
    return;
  }
  const payment = books.payments.get(event.paymentId);
  if (payment === undefined) {
    issues.push({ path: `${path}.paymentId`, message: `"${event.paymentId}" is not the id of a payment made by the event's instant` });
    return;
  }
  if (event.type === 'review') {
    if (!payment.held) issues.push({ path: `${path}.paymentId`, message: `payment "${event.paymentId}" is not held for review` });
    else if (payment.decision !== null)
      issues.push({ path: `${path}.paymentId`, message: `payment "${event.paymentId}" was already decided` });
    else payment.decision = event.decision;
    return;
  }
  const left = payment.amount - payment.refunded;
  if (event.amount > left) {
    issues.push({ path: `${path}.amount`, message: `must not exceed the ${left} pence of payment "${event.paymentId}" not refunded yet` });
    return;
  }
  payment.refunded += event.amount;
}

function fold(ordered: readonly Checked[], bp: number, issues: ValidationIssue[]): Books {
  const books: Books = { payments: new Map(), payouts: [], paid: 0 };
  for (const c of ordered) apply(books, bp, c, issues);
  return books;
}

/**
 * An affiliate's commission at an instant, by state, in exact pence, with each payment's entry
 * and the payouts: the statement the affiliate sees and the figure a payout is checked against.
 *
 * - A **payment**'s commission is **pending** until {@link REFUND_WINDOW_DAYS} days after it,
 *   then **payable**. Held for review (`held: true`), it is **held**, in neither, until a
 *   **review** approves it (then its normal state) or rejects it (then it earns nothing).
 * - A **refund** (or chargeback) takes commission back from its payment; refunded in full, the
 *   payment earns nothing. A refund after a payout may leave `payable` negative: a debt that later
 *   commission pays off.
 * - A **payout** is paid from what is payable at its instant, never more.
 *
 * The affiliate keeps floor(rate × net revenue) of the payments not rejected, shared among them in
 * order of instant (then id), each payment's commission being the step its net amount makes: so
 * `pending + held + payable + paid = total` exactly at every instant. Events are applied by
 * instant, then kind (payment, review, refund, payout), then id, so the order they are given in
 * never changes the result.
 *
 * @param brand - the brand whose commission rate applies
 * @param events - the affiliate's payments, refunds, reviews and payouts, in any order
 * @param options - `at`: the instant of the statement
 * @returns the statement at `options.at` (frozen)
 * @throws MatchkitValidationError listing every bad field by path (`events.2.amount`,
 *   `options.at`): malformed or unknown fields, repeated ids, a refund or review of a payment
 *   not made by its instant, refunds above the payment, a review of a payment not held or already
 *   decided, a payout above what is payable at its instant
 *
 * @example
 * ```ts
 * import { commissionStatement } from '@matchkit/sdk/referrals';
 * const events = [
 *   { type: 'payment', id: 'p1', at: new Date('2026-01-05T10:00:00Z'), amount: 3999 },
 *   { type: 'payment', id: 'p2', at: new Date('2026-01-10T10:00:00Z'), amount: 99_500, held: true },
 * ] as const;
 * const s = commissionStatement('primary', events, { at: new Date('2026-01-20T00:00:00Z') });
 * [s.payable, s.held, s.pending]; // [1599, 39800, 0]: p1's window has passed, p2 awaits review
 * ```
 */
export function commissionStatement(
  brand: BrandRef,
  events: readonly CommissionEvent[],
  options: CommissionStatementOptions,
): CommissionStatement {
  const commissionRate = resolveBrand(brand).affiliate.commissionRate;
  const bp = commissionBasisPoints(brand);
  const issues: ValidationIssue[] = [];
  const read = readOptions(options, ['at'], issues);
  const at = readInstant(read['at']);
  if ('message' in at && issues.every((i) => i.path !== 'options')) issues.push({ path: 'options.at', message: at.message });
  const checked = checkEvents(events, issues);
  if (issues.length > 0) throw new MatchkitValidationError('commission statement input', issues);
  const atMs = (at as { ms: number }).ms;

  const ordered = checked
    .slice()
    .sort((x, y) => x.ms - y.ms || RANK[x.event.type] - RANK[y.event.type] || (x.event.id < y.event.id ? -1 : 1));
  fold(ordered, bp, issues);
  if (issues.length > 0) {
    const index = (i: ValidationIssue): number => Number.parseInt(i.path.slice('events.'.length), 10);
    throw new MatchkitValidationError(
      'commission statement input',
      issues.sort((x, y) => index(x) - index(y)),
    );
  }
  const books = fold(
    ordered.filter((c) => c.ms <= atMs),
    bp,
    issues,
  );
  const entries = entriesAt(books, bp, atMs);
  const pending = sumState(entries, 'pending');
  const held = sumState(entries, 'held');
  const payable = sumState(entries, 'payable') - books.paid;
  entries.forEach((e) => Object.freeze(e));
  books.payouts.forEach((p) => Object.freeze(p));
  return Object.freeze({
    at: atMs,
    commissionRate,
    total: pending + held + payable + books.paid,
    pending,
    held,
    payable,
    paid: books.paid,
    entries: Object.freeze(entries),
    payouts: Object.freeze(books.payouts),
  });
}
