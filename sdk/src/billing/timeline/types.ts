// The public types of a subscription's timeline: the subscription and its changes going in, the
// billing events, status and quotes coming out.
import type { BillingTerm, Pence } from '../../model/schemas';
import type { InstantInput } from '../../sales/sales';

/**
 * A member's request to cancel, effective at the end of what has been paid (see the Billing guide
 * for the no-charge window).
 *
 * @example
 * ```ts
 * import type { CancelChange } from '@matchkit/sdk/billing';
 * const cancel: CancelChange = { type: 'cancel', at: new Date('2026-02-10T12:00:00Z') };
 * ```
 */
export interface CancelChange {
  /** Discriminant. */
  readonly type: 'cancel';
  /** When the member asked to cancel. */
  readonly at: InstantInput;
}

/**
 * A member's upgrade, by its purchase slug (`platinum-upgrade`, `diamond-upgrade`, `pro-upgrade`
 * on the primary brand). It takes effect at once.
 *
 * @example
 * ```ts
 * import type { UpgradeChange } from '@matchkit/sdk/billing';
 * const upgrade: UpgradeChange = { type: 'upgrade', slug: 'platinum-upgrade', at: new Date('2026-02-10T12:00:00Z') };
 * ```
 */
export interface UpgradeChange {
  /** Discriminant. */
  readonly type: 'upgrade';
  /** The upgrade's purchase slug, one of the brand's `upgrades`. */
  readonly slug: string;
  /** When the member upgraded. */
  readonly at: InstantInput;
}

/**
 * A member's move down to a lower plan at renewal: one of `downgradeOptions(brand, plan)` for the
 * plan held at `at`. Nothing is refunded and access to the plan held goes on to the end of what is
 * paid: the first term not yet charged at `at` (the next term; the term after it when the next one
 * was already charged at the opening of the no-charge window; the first term in a trial) is charged
 * at the lower plan's price, and the lower plan is held from that term's start. Until that term
 * is charged, a later downgrade replaces a pending one and a {@link CancelDowngradeChange} takes
 * it back; after, both are refused. An upgrade takes it back at any time.
 *
 * @example
 * ```ts
 * import type { DowngradeChange } from '@matchkit/sdk/billing';
 * const down: DowngradeChange = { type: 'downgrade', plan: 'starter', at: new Date('2027-05-10T12:00:00Z') };
 * ```
 */
export interface DowngradeChange {
  /** Discriminant. */
  readonly type: 'downgrade';
  /** The lower plan's name (`starter`, `platinum`, ...). */
  readonly plan: string;
  /** When the member asked for it. */
  readonly at: InstantInput;
}

/**
 * A member's taking back of a pending downgrade before its term is charged: the plan held renews
 * as before. Once the term has been charged at the lower plan's price (see
 * {@link PendingDowngrade.chargedAt}), it is refused.
 *
 * @example
 * ```ts
 * import type { CancelDowngradeChange } from '@matchkit/sdk/billing';
 * const keep: CancelDowngradeChange = { type: 'cancel-downgrade', at: new Date('2027-06-01T09:00:00Z') };
 * ```
 */
export interface CancelDowngradeChange {
  /** Discriminant. */
  readonly type: 'cancel-downgrade';
  /** When the member took it back. */
  readonly at: InstantInput;
}

/**
 * A downgrade waiting for its term: the plan held until then, the lower plan, from when, and
 * whether its term has been charged yet (from then it can no longer be taken back or replaced).
 *
 * @example
 * ```ts
 * import type { PendingDowngrade } from '@matchkit/sdk/billing';
 * const d: PendingDowngrade = { from: 'pro', plan: 'starter', termIndex: 2, at: Date.parse('2027-12-01T00:00:00Z'), chargedAt: null };
 * ```
 */
export interface PendingDowngrade {
  /** The plan held until the downgrade takes effect. */
  readonly from: string;
  /** The lower plan held from `at`. */
  readonly plan: string;
  /** The first term charged at the lower plan's price. */
  readonly termIndex: number;
  /** When the lower plan is held from: that term's start, in epoch milliseconds. */
  readonly at: number;
  /**
   * When that term was charged at the lower plan's price (its renewal, at the opening of the
   * no-charge window), in epoch milliseconds, or null while it is not charged. Once charged, the
   * downgrade stands: a {@link CancelDowngradeChange} or another {@link DowngradeChange} is
   * refused (the member may upgrade instead, which charges the difference for the rest of each
   * paid term).
   */
  readonly chargedAt: number | null;
}

/**
 * A renewal (or first) charge that failed, reported at `at`: the subscription's latest term
 * charge is taken back with every upgrade charge built on it (transitively), the term it was for
 * is not paid, and nothing more is charged. Access ends at the end of the last paid term (at the
 * trial's end when the first charge fails) unless a {@link PaymentRetriedChange} comes before
 * then. Report it at or after the charge and no later than the start of the term the charge pays
 * for.
 *
 * @example
 * ```ts
 * import type { PaymentFailedChange } from '@matchkit/sdk/billing';
 * const failed: PaymentFailedChange = { type: 'payment-failed', at: new Date('2026-02-22T00:05:00Z') };
 * ```
 */
export interface PaymentFailedChange {
  /** Discriminant. */
  readonly type: 'payment-failed';
  /** When the failure was known. */
  readonly at: InstantInput;
}

/**
 * A successful new attempt at the charge that failed, at `at`, before access has ended (inside
 * the no-charge window, for a renewal): the term is charged at `at`, at the price of the plan then
 * held at that instant, and renewals resume.
 *
 * @example
 * ```ts
 * import type { PaymentRetriedChange } from '@matchkit/sdk/billing';
 * const retried: PaymentRetriedChange = { type: 'payment-retried', at: new Date('2026-02-24T10:00:00Z') };
 * ```
 */
export interface PaymentRetriedChange {
  /** Discriminant. */
  readonly type: 'payment-retried';
  /** When the charge succeeded. */
  readonly at: InstantInput;
}

/**
 * A change to a subscription: the member's cancellations, upgrades and downgrades, and the payment
 * provider's failed and retried charges.
 *
 * @example
 * ```ts
 * import type { SubscriptionChange } from '@matchkit/sdk/billing';
 * const changes: SubscriptionChange[] = [
 *   { type: 'upgrade', slug: 'platinum-upgrade', at: new Date('2026-02-10T12:00:00Z') },
 *   { type: 'cancel', at: new Date('2026-03-01T12:00:00Z') },
 * ];
 * ```
 */
export type SubscriptionChange =
  CancelChange | UpgradeChange | DowngradeChange | CancelDowngradeChange | PaymentFailedChange | PaymentRetriedChange;

/**
 * A subscription as billing reads it: its id, the plan and term it started on, when, whether with
 * a trial, and every change since, in time order.
 *
 * @example
 * ```ts
 * import type { SubscriptionInput } from '@matchkit/sdk/billing';
 * const sub: SubscriptionInput = { id: 'sub_1', plan: 'platinum', term: 'month', startedAt: new Date('2026-01-31T09:00:00Z'), trial: true };
 * ```
 */
export interface SubscriptionInput {
  /**
   * The subscription's id, unique among the member's subscriptions: 1 to 64 letters, digits,
   * underscores or hyphens. Every event id is `{id}:{event}` (`sub_1:term-2`), so the events of
   * all a member's subscriptions make one ledger with no clash.
   */
  readonly id: string;
  /** The plan subscribed to: a plan name of the brand (`platinum`, `starter`, ...). */
  readonly plan: string;
  /** `month` (monthly) or `year`. */
  readonly term: BillingTerm;
  /** When the member subscribed: the trial's start, or the first charge when there is no trial. */
  readonly startedAt: InstantInput;
  /**
   * Whether the subscription starts with the brand's free trial.
   * @defaultValue false
   */
  readonly trial?: boolean;
  /**
   * The member's changes, in time order (two at the same instant apply in list order), none
   * before `startedAt`.
   * @defaultValue []
   */
  readonly changes?: readonly SubscriptionChange[];
}

/**
 * The free trial's grant: the plan's capabilities over the trial, with nothing charged.
 *
 * @example
 * ```ts
 * import type { TrialGrant } from '@matchkit/sdk/billing';
 * const trial: TrialGrant = {
 *   type: 'trial', id: 'sub_1:trial', plan: 'platinum', at: Date.parse('2026-01-31T09:00:00Z'),
 *   periodStart: Date.parse('2026-01-31T09:00:00Z'), periodEnd: Date.parse('2026-02-07T09:00:00Z'),
 * };
 * ```
 */
export interface TrialGrant {
  /** Discriminant. */
  readonly type: 'trial';
  /** `{subscription id}:trial`, and `{subscription id}:trial-upgrade-{i}` for the rest of the trial after the upgrade at `changes[i]`. */
  readonly id: string;
  /** The plan whose capabilities the trial grants. */
  readonly plan: string;
  /** When the grant was made (its period's start), in epoch milliseconds. */
  readonly at: number;
  /** First instant of the trial access (inclusive), in epoch milliseconds. */
  readonly periodStart: number;
  /** End of the trial access (exclusive), in epoch milliseconds. */
  readonly periodEnd: number;
}

/**
 * A charge of a subscription: what is charged, when, and the period of access it pays for.
 * `first` pays the first term, `renewal` each term after, `upgrade` the difference for the rest of
 * a term already paid.
 *
 * @example
 * ```ts
 * import type { Charge } from '@matchkit/sdk/billing';
 * const first: Charge = {
 *   type: 'payment', id: 'sub_1:term-1', kind: 'first', plan: 'platinum', term: 'month', termIndex: 1, amount: 3999,
 *   at: Date.parse('2026-02-07T09:00:00Z'), periodStart: Date.parse('2026-02-07T09:00:00Z'),
 *   periodEnd: Date.parse('2026-03-07T09:00:00Z'), saleId: null, basePaymentId: null,
 * };
 * ```
 */
export interface Charge {
  /** Discriminant: a payment. */
  readonly type: 'payment';
  /** `{subscription id}:term-{n}` for the charge of term n; `{subscription id}:upgrade-{i}-term-{n}` for the upgrade at `changes[i]` in term n. */
  readonly id: string;
  /** What the charge is for. */
  readonly kind: 'first' | 'renewal' | 'upgrade';
  /** The plan it pays for. */
  readonly plan: string;
  /** The billing term. */
  readonly term: BillingTerm;
  /** Which paid term it belongs to, from 1. */
  readonly termIndex: number;
  /** The amount, in pence. */
  readonly amount: Pence;
  /** When it is charged, in epoch milliseconds. */
  readonly at: number;
  /** First instant of the access it pays for (inclusive), in epoch milliseconds. */
  readonly periodStart: number;
  /** End of the access it pays for (exclusive), in epoch milliseconds. */
  readonly periodEnd: number;
  /** The sale whose yearly price applied, or null. */
  readonly saleId: string | null;
  /**
   * For an upgrade charge, the id of the latest charge already taken for its term, which it builds
   * on: the previous upgrade charge of that term, else the term charge (`{subscription id}:term-{n}`).
   * Refunding that charge takes this one's grant away too, and so on down the chain. Null for a
   * first charge or a renewal.
   */
  readonly basePaymentId: string | null;
}

/**
 * What happens on a subscription: its trial and its charges.
 *
 * @example
 * ```ts
 * import type { BillingEvent } from '@matchkit/sdk/billing';
 * const paid = (e: BillingEvent) => (e.type === 'payment' ? e.amount : 0);
 * ```
 */
export type BillingEvent = TrialGrant | Charge;

/**
 * A paid term of a subscription and its no-charge window.
 *
 * @example
 * ```ts
 * import type { BillingTermPeriod } from '@matchkit/sdk/billing';
 * const t: BillingTermPeriod = {
 *   index: 1, start: Date.parse('2026-02-07T09:00:00Z'), end: Date.parse('2026-03-07T09:00:00Z'),
 *   noChargeWindowStart: Date.parse('2026-02-28T09:00:00Z'),
 * };
 * ```
 */
export interface BillingTermPeriod {
  /** The term's number, from 1. */
  readonly index: number;
  /** First instant of the term (inclusive), in epoch milliseconds. */
  readonly start: number;
  /** End of the term (exclusive), in epoch milliseconds. */
  readonly end: number;
  /**
   * The instant the no-charge window opens, and the next term's renewal instant. The window is
   * the open interval (noChargeWindowStart, end): the renewal is charged at its opening instant,
   * and no renewal is scheduled inside it. Only two charges can fall inside it: the retry of that
   * renewal after it failed, and an upgrade the member asks for, each at its own instant. It is
   * the brand's `daysBeforeSubscriptionEndNotToCharge` (N) London days before `end`, or N × 24
   * hours before `end` when that is earlier (when the window spans the March clock change), so the
   * window is never shorter than N × 24 hours. In epoch milliseconds.
   */
  readonly noChargeWindowStart: number;
}

/**
 * A subscription at an instant.
 *
 * @example
 * ```ts
 * import { subscriptionStatus } from '@matchkit/sdk/billing';
 * const s = subscriptionStatus('primary', { id: 'sub_1', plan: 'platinum', term: 'month', startedAt: new Date('2026-01-31T09:00:00Z') }, new Date('2026-02-10T00:00:00Z'));
 * s.nextCharge?.at; // 1771664400000 (epoch milliseconds: 2026-02-21T09:00:00Z)
 * ```
 */
export interface SubscriptionStatus {
  /** `trial` during the free trial, `active` while paid access lasts, `ended` after. */
  readonly state: 'trial' | 'active' | 'ended';
  /** The plan held (after any upgrade, and after a downgrade from its term's start). */
  readonly plan: string;
  /** The billing term. */
  readonly term: BillingTerm;
  /** When the trial ends (the first charge), in epoch milliseconds, or null without a trial. */
  readonly trialEndsAt: number | null;
  /** The paid term containing the instant, or null in the trial and after the end. */
  readonly currentTerm: BillingTermPeriod | null;
  /** Whether the instant lies in the current term's no-charge window (after `noChargeWindowStart`, before the term's end). */
  readonly inNoChargeWindow: boolean;
  /** End of everything paid for so far (or of the trial), in epoch milliseconds: the member model's `subscription.endsAt`. */
  readonly endsAt: number;
  /** When the member asked to cancel, in epoch milliseconds, or null. */
  readonly cancelledAt: number | null;
  /** When access ends for good (after a cancellation or a failed charge not retried), in epoch milliseconds, or null while the subscription renews. */
  readonly accessEndsAt: number | null;
  /** When the latest charge was reported failed, in epoch milliseconds, or null when no failure is pending (none, or retried). */
  readonly paymentFailedAt: number | null;
  /** The next charge after the instant (the member model's `billing.nextChargeAt` is its `at`), or null after a cancellation or a failed charge. */
  readonly nextCharge: Charge | null;
  /** The downgrade waiting for its term, or null (none, or the subscription is cancelled: no term will start). */
  readonly pendingDowngrade: PendingDowngrade | null;
}

/**
 * An upgrade's quote: what it moves from and to, and what it charges when bought at an instant.
 *
 * @example
 * ```ts
 * import type { UpgradeQuote } from '@matchkit/sdk/billing';
 * const total = (q: UpgradeQuote) => q.amount;
 * ```
 */
export interface UpgradeQuote {
  /** The upgrade's slug. */
  readonly slug: string;
  /** The plan upgraded from. */
  readonly from: string;
  /** The plan upgraded to. */
  readonly to: string;
  /** The charges of the upgrade, all at its instant: one per paid term not yet over (two from the renewal instant to the term's end). */
  readonly charges: readonly Charge[];
  /** Their total, in pence. */
  readonly amount: Pence;
}

/**
 * One of a brand's upgrades: its purchase slug and the plans it moves from and to.
 *
 * @example
 * ```ts
 * import type { PlanUpgrade } from '@matchkit/sdk/billing';
 * const u: PlanUpgrade = { slug: 'platinum-upgrade', from: 'platinum', to: 'diamond' };
 * ```
 */
export interface PlanUpgrade {
  /** Purchase slug (`/subscribe/{slug}`). */
  readonly slug: string;
  /** Plan upgraded from. */
  readonly from: string;
  /** Plan upgraded to. */
  readonly to: string;
}

/**
 * Which term price {@link termPrice} reads.
 *
 * @example
 * ```ts
 * import type { TermPriceOptions } from '@matchkit/sdk/billing';
 * const o: TermPriceOptions = { term: 'month', at: new Date('2026-02-01T00:00:00Z'), first: true };
 * ```
 */
export interface TermPriceOptions {
  /** `month` or `year`. */
  readonly term: BillingTerm;
  /** The instant of the charge (it decides whether a sale price applies). */
  readonly at: InstantInput;
  /**
   * Whether it is the subscription's first term (a monthly first term is at `firstMonth`).
   * @defaultValue false
   */
  readonly first?: boolean;
}

/**
 * An upgrade to quote: its purchase slug and the instant it is bought.
 *
 * @example
 * ```ts
 * import type { UpgradeRequest } from '@matchkit/sdk/billing';
 * const r: UpgradeRequest = { slug: 'pro-upgrade', at: new Date('2026-02-10T12:00:00Z') };
 * ```
 */
export interface UpgradeRequest {
  /** The upgrade's purchase slug. */
  readonly slug: string;
  /** When it is bought. */
  readonly at: InstantInput;
}
