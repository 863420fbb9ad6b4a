import { readInstant } from '../internal/instant';
import { resolveBrand } from '../brands/brands';
import type { BrandRef } from '../brands/schema';
import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';
import { londonMonthReader, monthKey } from '../internal/london';
import type { Pence } from '../model/schemas';
import type { InstantInput } from '../sales/sales';
import { checkPence, commissionBasisPoints, commissionStep } from './commission';
import { isRecord } from '../internal/guards';
import { unknownKeys } from '../internal/keys';

/**
 * A payment by a member the affiliate referred: it earns commission.
 *
 * @example
 * ```ts
 * import type { AffiliatePaymentEvent } from '@matchkit/sdk/referrals';
 * const paid: AffiliatePaymentEvent = { type: 'payment', id: 'pay-1', at: new Date('2026-01-05T10:00:00Z'), amount: 3999 };
 * ```
 */
export interface AffiliatePaymentEvent {
  /** A payment. */
  readonly type: 'payment';
  /** The event's id, unique in the ledger (refunds name it): 1 to 100 characters. */
  readonly id: string;
  /** When the payment was taken: an instant from 1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z. */
  readonly at: InstantInput;
  /** The amount paid, in pence (at least 0). */
  readonly amount: Pence;
}

/**
 * A refund of (part of) an earlier payment: it takes back the step it makes down in
 * floor(rate × net revenue) (see `commissionReversal`): for a full refund, what that payment
 * earned, within a penny.
 *
 * @example
 * ```ts
 * import type { AffiliateRefundEvent } from '@matchkit/sdk/referrals';
 * const refunded: AffiliateRefundEvent = {
 *   type: 'refund', id: 'ref-1', at: new Date('2026-01-09T10:00:00Z'), paymentId: 'pay-1', amount: 3999,
 * };
 * ```
 */
export interface AffiliateRefundEvent {
  /** A refund. */
  readonly type: 'refund';
  /** The event's id, unique in the ledger: 1 to 100 characters. */
  readonly id: string;
  /** When the refund was made: not before the payment it refunds (same range as a payment's `at`). */
  readonly at: InstantInput;
  /** The id of the payment refunded. */
  readonly paymentId: string;
  /** The amount refunded, in pence (at least 1; with earlier refunds of the payment, at most the payment). */
  readonly amount: Pence;
}

/**
 * A payout of commission to the affiliate.
 *
 * @example
 * ```ts
 * import type { AffiliatePayoutEvent } from '@matchkit/sdk/referrals';
 * const out: AffiliatePayoutEvent = { type: 'payout', id: 'out-1', at: new Date('2026-02-01T09:00:00Z'), amount: 1599 };
 * ```
 */
export interface AffiliatePayoutEvent {
  /** A payout. */
  readonly type: 'payout';
  /** The event's id, unique in the ledger: 1 to 100 characters. */
  readonly id: string;
  /** When the affiliate was paid (same range as a payment's `at`). */
  readonly at: InstantInput;
  /** The amount paid out, in pence (at least 1, at most the balance at that instant). */
  readonly amount: Pence;
}

/**
 * One event of an affiliate's ledger: a payment by a referred member, a refund of one, or a
 * payout to the affiliate.
 *
 * @example
 * ```ts
 * import type { AffiliateEvent } from '@matchkit/sdk/referrals';
 * const events: AffiliateEvent[] = [
 *   { type: 'payment', id: 'pay-1', at: Date.UTC(2026, 0, 5), amount: 3999 },
 *   { type: 'payout', id: 'out-1', at: Date.UTC(2026, 1, 1), amount: 1599 },
 * ];
 * ```
 */
export type AffiliateEvent = AffiliatePaymentEvent | AffiliateRefundEvent | AffiliatePayoutEvent;

/**
 * What one event did to the ledger, in the order the ledger applied it.
 *
 * @example
 * ```ts
 * import type { AffiliateLedgerEntry } from '@matchkit/sdk/referrals';
 * const entry: AffiliateLedgerEntry = {
 *   id: 'pay-1', type: 'payment', at: 1767607200000, month: '2026-01', amount: 3999, revenue: 3999, commission: 1599,
 *   balance: 1599,
 * };
 * ```
 */
export interface AffiliateLedgerEntry {
  /** The event's id. */
  readonly id: string;
  /** The event's type. */
  readonly type: AffiliateEvent['type'];
  /** The event's instant, in epoch milliseconds. */
  readonly at: number;
  /** The UK (Europe/London) month of the instant, `YYYY-MM`. */
  readonly month: string;
  /** The event's amount, in pence. */
  readonly amount: Pence;
  /** The net revenue (payments less refunds) after the event, in pence. */
  readonly revenue: Pence;
  /**
   * Commission earned (a payment, at least 0), taken back (a refund, at most 0) or 0 (a payout),
   * in pence: floor(rate × revenue after) − floor(rate × revenue before).
   */
  readonly commission: number;
  /** The balance owed to the affiliate after the event, in pence (negative if refunds took back commission already paid out). */
  readonly balance: number;
}

/**
 * One UK (Europe/London) calendar month of an affiliate's ledger.
 *
 * @example
 * ```ts
 * import type { AffiliateLedgerMonth } from '@matchkit/sdk/referrals';
 * const month: AffiliateLedgerMonth = {
 *   month: '2026-01', revenue: 3999, earned: 1599, reversed: 0, commission: 1599, paid: 0, pending: 1599,
 * };
 * ```
 */
export interface AffiliateLedgerMonth {
  /** The month, `YYYY-MM`. */
  readonly month: string;
  /** Payments less refunds made in the month, in pence (negative when a month's refunds exceed its payments). */
  readonly revenue: number;
  /** Commission earned by the month's payments, in pence. */
  readonly earned: Pence;
  /** Commission taken back by the month's refunds, in pence. */
  readonly reversed: Pence;
  /** `earned − reversed`, in pence (negative when refunds took back more than the month earned). */
  readonly commission: number;
  /** Paid out in the month, in pence. */
  readonly paid: Pence;
  /** The balance owed to the affiliate at the end of the month, in pence. */
  readonly pending: number;
}

/**
 * An affiliate's books, folded from their events. `commissionRate`, `total`, `earned`,
 * `reversed`, `pending`, `paid` and `months` are the GraphQL `AffiliateEarnings` fields (each
 * month those of `AffiliateMonth`); `grossRevenue`, `refunded`, `revenue` and `entries` show how
 * they were made. Always `total = earned − reversed = floor(rate × revenue)` and
 * `pending = total − paid`: the balance owed.
 *
 * @example
 * ```ts
 * import { affiliateLedger, type AffiliateLedger } from '@matchkit/sdk/referrals';
 * const ledger: AffiliateLedger = affiliateLedger('primary', []);
 * ledger.pending; // 0
 * ```
 */
export interface AffiliateLedger {
  /** The brand's commission rate, a fraction (0.4). */
  readonly commissionRate: number;
  /** Every payment, in pence. */
  readonly grossRevenue: Pence;
  /** Every refund, in pence. */
  readonly refunded: Pence;
  /** The net revenue, `grossRevenue − refunded`, in pence: the revenue the commission is a share of. */
  readonly revenue: Pence;
  /** Commission earned by payments, in pence. */
  readonly earned: Pence;
  /** Commission taken back by refunds, in pence. */
  readonly reversed: Pence;
  /** `earned − reversed`: the commission the affiliate keeps, in pence; always floor(rate × revenue), exactly. */
  readonly total: Pence;
  /** Paid out to the affiliate, in pence. */
  readonly paid: Pence;
  /** The balance: `total − paid`, owed to the affiliate, in pence (negative when refunds took back commission already paid out). */
  readonly pending: number;
  /** The months that have events, oldest first. */
  readonly months: readonly AffiliateLedgerMonth[];
  /** Every event's effect, in the order applied (by instant; events at the same instant in the order given). */
  readonly entries: readonly AffiliateLedgerEntry[];
}

type Checked = CheckedEvent<AffiliateEvent>;

const TYPES = ['payment', 'refund', 'payout'] as const;
/** The fields of a payment or payout event, and of a refund event. */
const KEYS = ['type', 'id', 'at', 'amount'];
const REFUND_KEYS = [...KEYS, 'paymentId'];

/** The longest event id, in UTF-16 code units. */
const MAX_ID_LENGTH = 100;

/** Records an issue at `path` unless `value` is an event id: 1 to 100 characters. Shared with the statement; not exported from the subpath. */
export function checkId(value: unknown, path: string, issues: ValidationIssue[]): void {
  if (typeof value !== 'string' || value === '') issues.push({ path, message: 'must be a non-empty string' });
  else if (value.length > MAX_ID_LENGTH)
    issues.push({ path, message: `must be at most ${MAX_ID_LENGTH} characters (received ${value.length})` });
}

/** An event that passed its checks: where it stood in the list, and its instant in epoch ms. */
export interface CheckedEvent<E> {
  readonly index: number;
  readonly event: E;
  readonly ms: number;
}

/**
 * Walks a list of events, every problem by path: an array of objects, each with an id unique in the
 * list (checkId) and an instant `at`. `head` checks what comes before the id (the type and the
 * fields), `tail` what comes after the instant; an event that adds no issue is kept. Shared with the
 * statement; not exported from the subpath.
 */
export function checkEventList<E>(
  events: unknown,
  issues: ValidationIssue[],
  head: (event: Record<string, unknown>, path: string) => void,
  tail: (event: Record<string, unknown>, path: string) => void,
): CheckedEvent<E>[] {
  if (!Array.isArray(events)) {
    issues.push({ path: 'events', message: 'expected an array of events' });
    return [];
  }
  const checked: CheckedEvent<E>[] = [];
  const firstWithId = new Map<string, number>();
  events.forEach((event: unknown, index) => {
    const path = `events.${index}`;
    if (!isRecord(event)) {
      issues.push({ path, message: 'expected an event object' });
      return;
    }
    const before = issues.length;
    head(event, path);
    checkId(event.id, `${path}.id`, issues);
    if (typeof event.id === 'string' && event.id !== '') {
      const first = firstWithId.get(event.id);
      if (first === undefined) firstWithId.set(event.id, index);
      else issues.push({ path: `${path}.id`, message: `duplicates the id of event ${first}` });
    }
    const at = readInstant(event.at);
    if ('message' in at) issues.push({ path: `${path}.at`, message: at.message });
    tail(event, path);
    if (issues.length === before && 'ms' in at) checked.push({ index, event: event as unknown as E, ms: at.ms });
  });
  return checked;
}

/** Checks each event's own fields (every problem, by path) and that ids are unique. */
function checkEvents(events: unknown, issues: ValidationIssue[]): Checked[] {
  return checkEventList<AffiliateEvent>(
    events,
    issues,
    (event, path) => {
      const known = TYPES.includes(event.type as AffiliateEvent['type']);
      unknownKeys(
        event,
        event.type === 'refund' ? REFUND_KEYS : KEYS,
        path,
        issues,
        `a field of a ${known ? String(event.type) : 'ledger'} event`,
      );
      if (!known) issues.push({ path: `${path}.type`, message: `must be one of ${TYPES.map((t) => `'${t}'`).join(', ')}` });
    },
    (event, path) => {
      checkPence(event.amount, `${path}.amount`, issues, event.type === 'payment' ? 0 : 1);
      if (event.type === 'refund') checkId(event.paymentId, `${path}.paymentId`, issues);
    },
  );
}

interface PaymentState {
  readonly amount: number;
  refunded: number;
}

interface MonthTotals {
  revenue: number;
  earned: number;
  reversed: number;
  paid: number;
  pending: number;
}

/** Freezes the ledger, its months and its entries: a result the caller cannot change by accident. */
function freezeLedger(ledger: AffiliateLedger): AffiliateLedger {
  ledger.months.forEach((m) => Object.freeze(m));
  ledger.entries.forEach((e) => Object.freeze(e));
  Object.freeze(ledger.months);
  Object.freeze(ledger.entries);
  return Object.freeze(ledger);
}

/**
 * Folds an affiliate's events into their books: what they earned, what refunds took back, what
 * was paid out, the balance owed, and a summary per UK (Europe/London) calendar month.
 *
 * One rule, applied in order of instant (events at the same instant in the order given): the
 * affiliate keeps floor(rate × net revenue), net revenue being the payments less the refunds so
 * far, and each event's commission is the step it makes in that floor.
 * - a **payment** of A earns floor(rate × (N + A)) − floor(rate × N), N being the net revenue
 *   before it (see `affiliateCommission`): the fractions of a penny are carried;
 * - a **refund** of F takes back floor(rate × N) − floor(rate × (N − F)) (see
 *   `commissionReversal`): within a penny of rate × F, and for a full refund what its payment
 *   earned or a penny more or less. It names its payment, is not before it, and the refunds of a
 *   payment may be partial and several but not more than the payment in all;
 * - a **payout** pays the affiliate from the balance, and may not exceed the balance at its
 *   instant. A later refund can still take back commission that was paid out: the balance then
 *   goes negative until new commission covers it.
 *
 * So `total` is floor(rate × revenue) after every event: no penny lost or gained in either
 * direction. A month's figures are those of the events in it (a refund counts in the month of
 * the refund, not of the payment), so the months add up to the totals and the last month's
 * `pending` is the balance. The result is frozen, its months and entries too.
 *
 * @param brand - the brand whose commission rate applies
 * @param events - the affiliate's payments, refunds and payouts, in any order of instants; events
 *   at the same instant are applied in the order given (list a payment before the payout it funds)
 * @returns the ledger (frozen)
 * @throws MatchkitValidationError listing every bad event field by its path (`events.2.amount`,
 *   `events.3.paymentId`): malformed fields, fields an event does not have, ids longer than 100 characters or repeated, instants
 *   outside 1970 to 9999, refunds of unknown or later payments or of more than was paid,
 *   payouts above the balance; nothing is folded then
 *
 * @example
 * ```ts
 * import { affiliateLedger } from '@matchkit/sdk/referrals';
 * const ledger = affiliateLedger('primary', [
 *   { type: 'payment', id: 'p1', at: new Date('2026-01-05T10:00:00Z'), amount: 3999 },
 *   { type: 'payment', id: 'p2', at: new Date('2026-02-05T10:00:00Z'), amount: 3999 },
 *   { type: 'payout', id: 'o1', at: new Date('2026-02-06T10:00:00Z'), amount: 3000 },
 *   { type: 'refund', id: 'r1', at: new Date('2026-02-07T10:00:00Z'), paymentId: 'p2', amount: 3999 },
 * ]);
 * ledger.earned; // 3199: floor(0.4 × 7998)
 * ledger.total; // 1599: floor(0.4 × 3999), p2's 1600 taken back
 * ledger.pending; // -1401: 1599 − 3000 paid out
 * ```
 */
export function affiliateLedger(brand: BrandRef, events: readonly AffiliateEvent[]): AffiliateLedger {
  const commissionRate = resolveBrand(brand).affiliate.commissionRate;
  const bp = commissionBasisPoints(brand);
  const issues: ValidationIssue[] = [];
  const checked = checkEvents(events, issues);
  if (issues.length > 0) throw new MatchkitValidationError('affiliate ledger events', issues);

  const ordered = checked.slice().sort((x, y) => x.ms - y.ms || x.index - y.index);
  const ids = new Map(checked.map((c) => [c.event.id, c]));
  const payments = new Map<string, PaymentState>();
  const londonMonth = londonMonthReader();
  const months = new Map<string, MonthTotals>();
  const entries: AffiliateLedgerEntry[] = [];
  let grossRevenue = 0;
  let refunded = 0;
  let earned = 0;
  let reversed = 0;
  let paid = 0;

  for (const { index, event, ms } of ordered) {
    let commission = 0;
    const revenue = grossRevenue - refunded;
    if (event.type === 'payment') {
      if (!Number.isSafeInteger(grossRevenue + event.amount)) {
        issues.push({ path: `events.${index}.amount`, message: 'takes the revenue beyond Number.MAX_SAFE_INTEGER pence' });
        continue;
      }
      commission = commissionStep(bp, revenue, revenue + event.amount);
      grossRevenue += event.amount;
      earned += commission;
      payments.set(event.id, { amount: event.amount, refunded: 0 });
    } else if (event.type === 'refund') {
      const target = ids.get(event.paymentId);
      const payment = payments.get(event.paymentId);
      if (target === undefined || target.event.type !== 'payment') {
        issues.push({ path: `events.${index}.paymentId`, message: `"${event.paymentId}" is not the id of a payment in the ledger` });
        continue;
      }
      if (payment === undefined) {
        const later = target.ms > ms || (target.ms === ms && target.index > index);
        issues.push(
          later
            ? { path: `events.${index}.at`, message: `must not be before the payment it refunds (event ${target.index})` }
            : { path: `events.${index}.paymentId`, message: `refunds payment "${event.paymentId}", which was refused` },
        );
        continue;
      }
      const left = payment.amount - payment.refunded;
      if (event.amount > left) {
        issues.push({
          path: `events.${index}.amount`,
          message: `must not exceed the ${left} pence of payment "${event.paymentId}" not refunded yet`,
        });
        continue;
      }
      // The payment's own refunds never exceed it, so the net revenue never falls below 0.
      commission = -commissionStep(bp, revenue - event.amount, revenue);
      payment.refunded += event.amount;
      refunded += event.amount;
      reversed -= commission;
    } else {
      const balance = earned - reversed - paid;
      if (event.amount > balance) {
        issues.push({ path: `events.${index}.amount`, message: `must not exceed the balance at that instant (${balance} pence)` });
        continue;
      }
      paid += event.amount;
    }
    const month = monthKey(londonMonth(ms));
    const totals = months.get(month) ?? { revenue: 0, earned: 0, reversed: 0, paid: 0, pending: 0 };
    if (event.type === 'payment') {
      totals.revenue += event.amount;
      totals.earned += commission;
    } else if (event.type === 'refund') {
      totals.revenue -= event.amount;
      totals.reversed -= commission;
    } else {
      totals.paid += event.amount;
    }
    totals.pending = earned - reversed - paid;
    months.set(month, totals);
    entries.push({
      id: event.id,
      type: event.type,
      at: ms,
      month,
      amount: event.amount,
      revenue: grossRevenue - refunded,
      commission,
      balance: totals.pending,
    });
  }
  if (issues.length > 0) {
    // Found in the order applied; listed in the order of the events given.
    const at = (i: ValidationIssue): number => Number.parseInt(i.path.slice('events.'.length), 10);
    throw new MatchkitValidationError(
      'affiliate ledger events',
      issues.sort((x, y) => at(x) - at(y)),
    );
  }

  return freezeLedger({
    commissionRate,
    grossRevenue,
    refunded,
    revenue: grossRevenue - refunded,
    earned,
    reversed,
    total: earned - reversed,
    paid,
    pending: earned - reversed - paid,
    months: [...months].map(([month, t]) => ({
      month,
      revenue: t.revenue,
      earned: t.earned,
      reversed: t.reversed,
      commission: t.earned - t.reversed,
      paid: t.paid,
      pending: t.pending,
    })),
    entries,
  });
}
