import { resolveBrand } from '../brands/brands';
import type { Brand, BrandRef } from '../brands/schema';
import { MatchkitValidationError } from '../errors/errors';
import { londonCalendar, type LondonCalendar } from '../internal/london';
import type { BillingTerm, Pence } from '../model/schemas';
import { activeSale, saleYearlyPrice, type InstantInput } from '../sales/sales';
import { isRecord } from '../internal/guards';
import { at, readInstant, readObject, readString, throwIfAny, type Issues } from './check';
import { unusedPence } from './prorate';
import { unknownKeys } from '../internal/keys';

// ---------------------------------------------------------------------------------------------
// Public types
// ---------------------------------------------------------------------------------------------

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
 * A change to a subscription: the member's cancellations and upgrades, and the payment
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
export type SubscriptionChange = CancelChange | UpgradeChange | PaymentFailedChange | PaymentRetriedChange;

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
  /** The plan held (after any upgrade). */
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

// ---------------------------------------------------------------------------------------------
// Prices and upgrades
// ---------------------------------------------------------------------------------------------

interface Priced {
  readonly amount: number;
  readonly saleId: string | null;
}

function priceAt(b: Brand, plan: string, term: BillingTerm, t: number, first: boolean): Priced {
  const p = b.plans.find((x) => x.name === plan);
  if (p === undefined)
    throw new MatchkitValidationError('plan', [{ path: 'plan', message: `"${plan}" is not a plan of the ${b.id} brand` }]);
  if (term === 'month') return { amount: first ? p.price.firstMonth : p.price.monthly, saleId: null };
  const sale = activeSale(b.sales, t);
  const salePrice = sale === undefined ? undefined : saleYearlyPrice(sale, plan);
  return sale !== undefined && salePrice !== undefined ? { amount: salePrice, saleId: sale.id } : { amount: p.price.yearly, saleId: null };
}

function planNames(b: Brand): string {
  return b.plans.map((p) => p.name).join(', ');
}

/**
 * The price of one term of a plan charged at an instant, in pence: `firstMonth` for a first
 * monthly term, `monthly` for later ones, and `yearly` for a year, or the yearly price of the sale
 * active at that instant when the sale offers the plan (sale prices apply to every yearly charge
 * taken while the sale is active: a purchase, a renewal or an upgrade).
 *
 * @param brand - `'primary'`, `'secondary'` or a catalogue
 * @param plan - a plan name of the brand
 * @param options - `term`, the instant `at` of the charge, and `first` (whether it is the subscription's first term; default false)
 * @returns the price in pence
 * @throws MatchkitValidationError when the plan, term or instant is invalid
 *
 * @example
 * ```ts
 * import { termPrice } from '@matchkit/sdk/billing';
 * termPrice('primary', 'diamond', { term: 'year', at: new Date('2025-08-12T12:00:00+01:00') }); // 29700 (the August sale)
 * termPrice('primary', 'diamond', { term: 'year', at: new Date('2025-09-01T12:00:00+01:00') }); // 45000
 * termPrice('secondary', 'starter', { term: 'month', at: 0, first: true }); // 2083
 * ```
 */
export function termPrice(brand: BrandRef, plan: string, options: TermPriceOptions): Pence {
  const b = resolveBrand(brand);
  const issues: Issues = [];
  if (!b.plans.some((p) => p.name === plan))
    issues.push({ path: 'plan', message: `must be a plan of the ${b.id} brand (${planNames(b)})` });
  const o = readObject(options, 'options', issues);
  let t = NaN;
  if (isRecord(options)) {
    unknownKeys(o, ['term', 'at', 'first'], 'options', issues, 'an option of termPrice');
    if (o['term'] !== 'month' && o['term'] !== 'year') issues.push({ path: 'options.term', message: "must be 'month' or 'year'" });
    t = readInstant(o['at'], 'options.at', issues);
    if (o['first'] !== undefined && typeof o['first'] !== 'boolean') issues.push({ path: 'options.first', message: 'must be a boolean' });
  }
  throwIfAny('termPrice input', issues);
  return priceAt(b, plan, o['term'] as BillingTerm, t, o['first'] === true).amount;
}

/**
 * The upgrade sold under a purchase slug: the plan it moves from and the plan it moves to. On
 * the primary brand `platinum-upgrade` moves platinum to diamond, `diamond-upgrade` diamond to
 * pro and `pro-upgrade` pro to pro plus; the secondary brand sells none.
 *
 * @param brand - `'primary'`, `'secondary'` or a catalogue
 * @param slug - the upgrade's purchase slug
 * @returns the slug and the plans it moves from and to
 * @throws MatchkitValidationError when the brand has no such upgrade
 *
 * @example
 * ```ts
 * import { findUpgrade } from '@matchkit/sdk/billing';
 * findUpgrade('primary', 'diamond-upgrade'); // { slug: 'diamond-upgrade', from: 'diamond', to: 'pro' }
 * ```
 */
export function findUpgrade(brand: BrandRef, slug: string): PlanUpgrade {
  const b = resolveBrand(brand);
  const found = b.upgrades.find((u) => u.slug === slug);
  if (found === undefined) {
    throw new MatchkitValidationError('upgrade', [{ path: 'slug', message: upgradeMessage(b, slug) }]);
  }
  return { slug: found.slug, from: found.from, to: found.to };
}

function upgradeMessage(b: Brand, slug: unknown): string {
  const known = b.upgrades.map((u) => u.slug);
  return known.length === 0
    ? `the ${b.id} brand sells no upgrades`
    : `${JSON.stringify(slug)} is not an upgrade of the ${b.id} brand (${known.join(', ')})`;
}

/**
 * When a trial started at `startedAt` ends: the brand's `onboarding.trialDays` (7 on both
 * brands) UK calendar days later, at the same Europe/London wall-clock time. This is when the
 * first charge is taken.
 *
 * @param brand - `'primary'`, `'secondary'` or a catalogue
 * @param startedAt - when the trial started
 * @returns the trial's end, in epoch milliseconds
 * @throws MatchkitValidationError when `startedAt` is not a valid instant
 *
 * @example
 * ```ts
 * import { trialEnd } from '@matchkit/sdk/billing';
 * new Date(trialEnd('secondary', new Date('2025-10-20T18:00:00+01:00'))).toISOString(); // '2025-10-27T18:00:00.000Z' (18:00 GMT)
 * ```
 */
export function trialEnd(brand: BrandRef, startedAt: InstantInput): number {
  const b = resolveBrand(brand);
  const issues: Issues = [];
  const t = readInstant(startedAt, 'startedAt', issues);
  throwIfAny('trialEnd input', issues);
  return londonCalendar().addDays(t, b.onboarding.trialDays);
}

// ---------------------------------------------------------------------------------------------
// Reading a subscription
// ---------------------------------------------------------------------------------------------

/** A subscription id: what prefixes its events' ids. */
const SUBSCRIPTION_ID = /^[A-Za-z0-9_-]{1,64}$/;

type ParsedChange =
  | { readonly type: 'cancel' | 'payment-failed' | 'payment-retried'; readonly at: number; readonly index: number }
  | { readonly type: 'upgrade'; readonly at: number; readonly index: number; readonly upgrade: PlanUpgrade };

interface Parsed {
  readonly b: Brand;
  readonly cal: LondonCalendar;
  readonly id: string;
  readonly plan: string;
  readonly term: BillingTerm;
  readonly months: number;
  readonly startedAt: number;
  readonly trialEnd: number | null;
  /** Start of the first paid term: the trial's end, or `startedAt`. */
  readonly firstTerm: number;
  readonly windowDays: number;
  readonly changes: readonly ParsedChange[];
}

const CHANGE_TYPES = "'cancel', 'upgrade', 'payment-failed' or 'payment-retried'";

function parseSubscription(b: Brand, input: unknown, path: string, issues: Issues): Parsed {
  const s = readObject(input, path, issues);
  const whole = isRecord(input); // a missing subscription is one issue, not one per field
  if (whole) unknownKeys(s, ['id', 'plan', 'term', 'startedAt', 'trial', 'changes'], path, issues, 'a field of a subscription');
  const id = s['id'];
  if (whole && (typeof id !== 'string' || !SUBSCRIPTION_ID.test(id))) {
    issues.push({
      path: at(path, 'id'),
      message: id === undefined ? 'is required' : 'must be 1 to 64 letters, digits, underscores or hyphens (it prefixes every event id)',
    });
  }
  const fieldIssues: Issues = whole ? issues : [];
  const plan = readString(s['plan'], at(path, 'plan'), fieldIssues);
  if (plan !== '' && !b.plans.some((p) => p.name === plan)) {
    issues.push({ path: at(path, 'plan'), message: `must be a plan of the ${b.id} brand (${planNames(b)})` });
  }
  const term = s['term'];
  if (whole && term !== 'month' && term !== 'year') issues.push({ path: at(path, 'term'), message: "must be 'month' or 'year'" });
  const startedAt = readInstant(s['startedAt'], at(path, 'startedAt'), fieldIssues);
  const trial = s['trial'] === undefined ? false : s['trial'];
  if (typeof trial !== 'boolean') issues.push({ path: at(path, 'trial'), message: 'must be a boolean' });
  const rawChanges = s['changes'] === undefined ? [] : s['changes'];
  const changes: ParsedChange[] = [];
  if (!Array.isArray(rawChanges)) {
    issues.push({ path: at(path, 'changes'), message: 'expected an array of changes' });
  } else {
    let previous = startedAt;
    let previousName = 'startedAt';
    rawChanges.forEach((raw: unknown, index) => {
      const p = at(at(path, 'changes'), index);
      if (!isRecord(raw)) {
        readObject(raw, p, issues);
        return;
      }
      const c = raw;
      const t = readInstant(c['at'], at(p, 'at'), issues);
      if (!Number.isNaN(t) && !Number.isNaN(previous) && t < previous) {
        issues.push({
          path: at(p, 'at'),
          message:
            previousName === 'startedAt'
              ? 'must not be before startedAt'
              : `must not be before ${previousName} (changes are in time order)`,
        });
      }
      if (!Number.isNaN(t) && !(t < previous)) {
        previous = t;
        previousName = `changes.${index}.at`;
      }
      const type = c['type'];
      if (typeof type === 'string' && ['cancel', 'payment-failed', 'payment-retried', 'upgrade'].includes(type)) {
        unknownKeys(c, type === 'upgrade' ? ['type', 'at', 'slug'] : ['type', 'at'], p, issues, `a field of a '${type}' change`);
      }
      if (type === 'cancel' || type === 'payment-failed' || type === 'payment-retried') {
        changes.push({ type, at: t, index });
      } else if (type === 'upgrade') {
        const found = b.upgrades.find((u) => u.slug === c['slug']);
        if (found === undefined) issues.push({ path: at(p, 'slug'), message: upgradeMessage(b, c['slug']) });
        else changes.push({ type: 'upgrade', at: t, index, upgrade: { slug: found.slug, from: found.from, to: found.to } });
      } else {
        issues.push({ path: at(p, 'type'), message: `must be ${CHANGE_TYPES}` });
      }
    });
  }
  const cal = londonCalendar();
  const trialEndMs = trial === true && !Number.isNaN(startedAt) ? cal.addDays(startedAt, b.onboarding.trialDays) : null;
  return {
    b,
    cal,
    id: typeof id === 'string' ? id : '',
    plan,
    term: term as BillingTerm,
    months: term === 'year' ? 12 : 1,
    startedAt,
    trialEnd: trialEndMs,
    firstTerm: trialEndMs ?? startedAt,
    windowDays: b.billing.daysBeforeSubscriptionEndNotToCharge,
    changes,
  };
}

// ---------------------------------------------------------------------------------------------
// The fold
// ---------------------------------------------------------------------------------------------

interface TermBounds {
  readonly index: number;
  readonly start: number;
  readonly end: number;
  /** The renewal instant: the no-charge window (renewAt, end) opens just after it. */
  readonly renewAt: number;
}

interface PaidTerm extends TermBounds {
  /** The full-term price the member has paid for this term so far (raised by upgrades). */
  basis: number;
  /** The id of the latest charge taken for this term (its term charge, then each upgrade charge): the next upgrade builds on it. */
  lastId: string;
}

interface Run {
  readonly plan: string;
  readonly events: readonly BillingEvent[];
  /** The last paid terms (at least the last two; earlier ones may be skipped when events are not kept). */
  readonly paid: readonly PaidTerm[];
  readonly cancelledAt: number | null;
  readonly failedAt: number | null;
  /** When access ends for good (after a cancellation or a failed charge), or null while renewing. */
  readonly accessEnd: number | null;
  /** End of everything paid so far (or of the trial). */
  readonly paidEnd: number;
  /** The next charge the fold would take after `through`, or null. */
  readonly next: Charge | null;
}

const DAY_MS = 86_400_000;

/**
 * The renewal instant of a term ending at `end`: N London days before it, or N × 24 hours before it
 * when that is earlier (across the March clock change, or when N days back is a skipped wall time),
 * so the window after it is never shorter than N × 24 hours.
 */
function renewalInstant(p: Parsed, end: number): number {
  return Math.min(p.cal.addDays(end, -p.windowDays), end - p.windowDays * DAY_MS);
}

function termBounds(p: Parsed, index: number): TermBounds {
  const start = p.cal.addMonths(p.firstTerm, (index - 1) * p.months);
  const end = p.cal.addMonths(p.firstTerm, index * p.months);
  if (Number.isNaN(end)) {
    throw new MatchkitValidationError('subscription', [{ path: 'subscription', message: `term ${index} would end after 9999-12-31` }]);
  }
  const renewAt = renewalInstant(p, end);
  if (renewAt <= start) {
    throw new MatchkitValidationError('brand catalogue', [
      {
        path: 'billing.daysBeforeSubscriptionEndNotToCharge',
        message: `${p.windowDays} days is not shorter than the ${p.term === 'year' ? 'year' : 'month'} from ${p.cal.date(start)} to ${p.cal.date(end)}`,
      },
    ]);
  }
  return { index, start, end, renewAt };
}

/** The number of whole London months from the wall reading of `a` to that of `b` (by year and month only). */
function monthsBetween(p: Parsed, a: number, b: number): number {
  const x = new Date(p.cal.toWall(a));
  const y = new Date(p.cal.toWall(b));
  return (y.getUTCFullYear() - x.getUTCFullYear()) * 12 + y.getUTCMonth() - x.getUTCMonth();
}

/**
 * Applies every scheduled charge and change at or before `through`, in time order; at one instant
 * a scheduled charge comes before a change (a cancellation at the charge instant is too late for
 * that charge). Problems with the changes are added to `issues`. With `keepEvents` false, runs of
 * renewals with no change among them are skipped over (the terms are counted, not replayed), so
 * the cost grows with the changes, not with the terms.
 */
function fold(p: Parsed, through: number, issues: Issues, path: string, keepEvents: boolean): Run {
  const events: BillingEvent[] = [];
  const paid: PaidTerm[] = [];
  let count = 0; // terms paid (some may have been skipped over)
  let plan = p.plan;
  let cancelledAt: number | null = null;
  let failed: { readonly at: number; readonly index: number } | null = null;
  let trialIndex = -1;
  const eventId = (local: string): string => `${p.id}:${local}`;
  if (p.trialEnd !== null) {
    trialIndex = events.length;
    events.push(trialGrant(eventId('trial'), plan, p.startedAt, p.trialEnd));
  }
  const boundsOf = (index: number): TermBounds => paid.find((x) => x.index === index) ?? termBounds(p, index);
  const chargeAt = (index: number): number => (index === 1 ? p.firstTerm : termBounds(p, index - 1).renewAt);
  const termCharge = (index: number, when: number): Charge => {
    const bounds = termBounds(p, index);
    const price = priceAt(p.b, plan, p.term, when, index === 1);
    return {
      type: 'payment',
      id: eventId(`term-${index}`),
      kind: index === 1 ? 'first' : 'renewal',
      plan,
      term: p.term,
      termIndex: index,
      amount: price.amount,
      at: when,
      periodStart: bounds.start,
      periodEnd: bounds.end,
      saleId: price.saleId,
      basePaymentId: null,
    };
  };
  const scheduled = (): Charge | null => {
    if (cancelledAt !== null || failed !== null) return null;
    const index = count + 1;
    return termCharge(index, index === 1 ? p.firstTerm : boundsOf(count).renewAt);
  };
  const pay = (c: Charge): void => {
    events.push(c);
    paid.push({ ...termBounds(p, c.termIndex), basis: c.amount, lastId: c.id });
    count = c.termIndex;
  };
  const where = (c: ParsedChange, key: string): string => at(at(at(path, 'changes'), c.index), key);
  const paidEnd = (): number => (count === 0 ? p.firstTerm : boundsOf(count).end);

  const upgrade = (c: Extract<ParsedChange, { type: 'upgrade' }>): void => {
    const u = c.upgrade;
    if (cancelledAt !== null) {
      issues.push({ path: where(c, 'slug'), message: 'a cancelled subscription cannot be upgraded' });
      return;
    }
    if (plan !== u.from) {
      issues.push({ path: where(c, 'slug'), message: `${u.slug} upgrades ${u.from} to ${u.to}, but the plan is ${plan} at that instant` });
      return;
    }
    if (count === 0) {
      if (c.at >= p.firstTerm) {
        issues.push({ path: where(c, 'slug'), message: 'the first charge failed: nothing is held to upgrade' });
        return;
      }
      // In the trial: the rest of the trial is on the new plan; nothing is charged.
      const current = events[trialIndex] as TrialGrant;
      events[trialIndex] = { ...current, periodEnd: c.at };
      trialIndex = events.length;
      events.push(trialGrant(eventId(`trial-upgrade-${c.index}`), u.to, c.at, p.trialEnd as number));
    } else {
      for (const term of paid) {
        if (term.end <= c.at) continue;
        const target = priceAt(p.b, u.to, p.term, c.at, term.index === 1);
        const difference = Math.max(0, target.amount - term.basis);
        const from = Math.max(c.at, term.start);
        const id = eventId(`upgrade-${c.index}-term-${term.index}`);
        events.push({
          type: 'payment',
          id,
          kind: 'upgrade',
          plan: u.to,
          term: p.term,
          termIndex: term.index,
          amount: unusedPence(difference, term.start, term.end, from),
          at: c.at,
          periodStart: from,
          periodEnd: term.end,
          saleId: target.saleId,
          basePaymentId: term.lastId,
        });
        term.basis = Math.max(term.basis, target.amount);
        term.lastId = id;
      }
    }
    plan = u.to;
  };

  const paymentFailed = (c: ParsedChange): void => {
    const last = paid[paid.length - 1];
    if (failed !== null) {
      issues.push({ path: where(c, 'type'), message: 'a charge has already failed and not been retried' });
    } else if (last === undefined || count === 0) {
      issues.push({ path: where(c, 'type'), message: 'no charge has been taken to fail' });
    } else if (c.at > last.start) {
      issues.push({
        path: where(c, 'at'),
        message: `too late: term ${last.index}, charged at ${new Date(chargeAt(last.index)).toISOString()}, started at ${new Date(last.start).toISOString()}`,
      });
    } else {
      // The charge and every upgrade charge built on it, transitively, are taken back: the term is
      // not paid. A charge comes after the one it builds on, so one pass in order finds the chain.
      const gone = new Set([eventId(`term-${last.index}`)]);
      for (const e of events) if (e.type === 'payment' && e.basePaymentId !== null && gone.has(e.basePaymentId)) gone.add(e.id);
      for (let i = events.length - 1; i >= 0; i -= 1) if (gone.has((events[i] as BillingEvent).id)) events.splice(i, 1);
      paid.pop();
      count -= 1;
      failed = { at: c.at, index: last.index };
    }
  };

  const paymentRetried = (c: ParsedChange): void => {
    if (failed === null) {
      issues.push({ path: where(c, 'type'), message: 'no charge has failed' });
    } else if (cancelledAt !== null) {
      issues.push({ path: where(c, 'type'), message: 'a cancelled subscription is not charged again' });
    } else if (c.at >= paidEnd()) {
      issues.push({ path: where(c, 'at'), message: `too late: access ended at ${new Date(paidEnd()).toISOString()}` });
    } else {
      const index = failed.index;
      failed = null;
      pay(termCharge(index, c.at));
    }
  };

  let next = scheduled();
  let ci = 0;
  for (;;) {
    const change = p.changes[ci];
    if (next !== null && next.at <= through && (change === undefined || next.at <= change.at)) {
      if (!keepEvents) {
        // Skip to the last two terms charged at or before the next change (or `through`).
        const limit = Math.min(through, change === undefined ? Infinity : change.at);
        let k = Math.max(count + 1, Math.floor(monthsBetween(p, p.firstTerm, limit) / p.months) + 1);
        while (chargeAt(k + 1) <= limit) k += 1;
        while (k > count + 1 && chargeAt(k) > limit) k -= 1;
        if (k - 2 > count) {
          const skipTo = k - 2;
          const price = priceAt(p.b, plan, p.term, chargeAt(skipTo), skipTo === 1);
          paid.length = 0;
          paid.push({ ...termBounds(p, skipTo), basis: price.amount, lastId: eventId(`term-${skipTo}`) });
          count = skipTo;
          next = scheduled() as Charge;
        }
      }
      pay(next);
      next = scheduled();
    } else if (change !== undefined && change.at <= through) {
      if (change.type === 'cancel') {
        if (cancelledAt !== null) {
          issues.push({ path: at(at(path, 'changes'), change.index), message: 'the subscription is already cancelled' });
        } else {
          cancelledAt = change.at;
        }
      } else if (change.type === 'upgrade') {
        upgrade(change);
      } else if (change.type === 'payment-failed') {
        paymentFailed(change);
      } else {
        paymentRetried(change);
      }
      ci += 1;
      next = scheduled();
    } else {
      break;
    }
  }
  const ended = cancelledAt !== null || failed !== null;
  return {
    plan,
    events,
    paid,
    cancelledAt,
    failedAt: (failed as { at: number } | null)?.at ?? null,
    accessEnd: ended ? paidEnd() : null,
    paidEnd: paidEnd(),
    next,
  };
}

function trialGrant(id: string, plan: string, start: number, end: number): TrialGrant {
  return { type: 'trial', id, plan, at: start, periodStart: start, periodEnd: end };
}

/** Checks every change of a parsed subscription (folding through its last change), then folds it through `t`. */
function runParsed(p: Parsed, t: number, subject: string, keepEvents: boolean): Run {
  const issues: Issues = [];
  const lastChange = p.changes.reduce((m, c) => Math.max(m, c.at), p.startedAt);
  if (lastChange > t) {
    fold(p, lastChange, issues, 'subscription', false);
    throwIfAny(subject, issues);
  }
  const r = fold(p, t, issues, 'subscription', keepEvents);
  throwIfAny(subject, issues);
  return r;
}

/** Reads and checks a subscription in full (every change against the state it applies to), then folds it through `through`. */
function run(
  brand: BrandRef,
  subscription: unknown,
  through: unknown,
  throughPath: string,
  keepEvents: boolean,
): { p: Parsed; r: Run; t: number } {
  const b = resolveBrand(brand);
  const issues: Issues = [];
  const p = parseSubscription(b, subscription, 'subscription', issues);
  const t = readInstant(through, throughPath, issues);
  throwIfAny('subscription', issues);
  return { p, r: runParsed(p, t, 'subscription', keepEvents), t };
}
// ---------------------------------------------------------------------------------------------
// Public functions
// ---------------------------------------------------------------------------------------------

/**
 * Every event of a subscription at or before `through`, in time order (none when `through` is
 * before `startedAt`): the trial grant (split where an upgrade in the trial changes its plan) and
 * each charge with the period it pays for. Event ids are `{subscription.id}:{event}`. The first
 * charge is taken when the trial ends (or at `startedAt` without a trial) at the first-term
 * price; each renewal at the current term's renewal instant, which opens its no-charge window:
 * `N` London days before the term's end, or N × 24 hours when that is earlier (N = 7 on the
 * primary brand, 14 on the secondary); an upgrade at once, prorated, naming the term charge it
 * builds on. A cancellation stops every charge after it; a failed charge is taken back and stops
 * every charge until a retry. The Billing guide has the rules.
 *
 * @param brand - `'primary'`, `'secondary'` or a catalogue
 * @param subscription - the subscription and its changes
 * @param through - the last instant to include (inclusive)
 * @returns the events, earliest first; ready to pass to {@link capabilitiesAt} as a ledger, with the events of the member's other subscriptions
 * @throws MatchkitValidationError listing every bad field and every change that cannot apply (an upgrade from another plan, a second cancellation, ...)
 *
 * @example
 * ```ts
 * import { subscriptionEvents } from '@matchkit/sdk/billing';
 * const events = subscriptionEvents(
 *   'primary',
 *   { id: 'sub_1', plan: 'platinum', term: 'month', startedAt: new Date('2026-01-24T09:00:00Z'), trial: true },
 *   new Date('2026-03-31T00:00:00Z'),
 * );
 * events.map((e) => [e.id, new Date(e.at).toISOString()]);
 * // [['sub_1:trial', '2026-01-24T09:00:00.000Z'], ['sub_1:term-1', '2026-01-31T09:00:00.000Z'],
 * //  ['sub_1:term-2', '2026-02-21T09:00:00.000Z'], ['sub_1:term-3', '2026-03-24T08:00:00.000Z']]
 * // (term 3: 7 London days before 31 March 09:00 BST is only 167 hours, so 168 hours before)
 * ```
 */
export function subscriptionEvents(brand: BrandRef, subscription: SubscriptionInput, through: InstantInput): BillingEvent[] {
  const { r, t } = run(brand, subscription, through, 'through', true);
  return r.events.filter((e) => e.at <= t).sort((x, y) => x.at - y.at);
}

/**
 * A subscription at the instant `now`: trial, active or ended; the plan held; the paid term and
 * whether `now` is in its no-charge window; the end of what is paid (`endsAt`); when access ends
 * after a cancellation or a failed charge; and the next charge. A charge scheduled at exactly
 * `now` has been taken. The terms between changes are counted, not replayed, so the cost grows
 * with the changes, not with the years from `startedAt` to `now`.
 *
 * @param brand - `'primary'`, `'secondary'` or a catalogue
 * @param subscription - the subscription and its changes
 * @param now - the instant; pass your clock's value (no hidden `Date.now()`)
 * @returns the subscription's state at `now`
 * @throws MatchkitValidationError listing every bad field, every change that cannot apply, or `now` before `startedAt`
 *
 * @example
 * ```ts
 * import { subscriptionStatus } from '@matchkit/sdk/billing';
 * const sub = {
 *   id: 'sub_1', plan: 'platinum', term: 'month', startedAt: new Date('2026-01-31T09:00:00Z'),
 *   changes: [{ type: 'cancel', at: new Date('2026-02-10T12:00:00Z') }],
 * } as const;
 * const s = subscriptionStatus('primary', sub, new Date('2026-02-20T00:00:00Z'));
 * s.accessEndsAt; // 1772269200000 (2026-02-28T09:00:00Z): 31 January plus a month
 * s.nextCharge; // null
 * ```
 */
export function subscriptionStatus(brand: BrandRef, subscription: SubscriptionInput, now: InstantInput): SubscriptionStatus {
  const { p, r, t } = run(brand, subscription, now, 'now', false);
  if (t < p.startedAt) {
    throw new MatchkitValidationError('subscription', [{ path: 'now', message: 'must not be before subscription.startedAt' }]);
  }
  const current = r.paid.find((x) => x.start <= t && t < x.end);
  const ended = r.accessEnd !== null && t >= r.accessEnd;
  return {
    state: ended ? 'ended' : r.paid.length === 0 ? 'trial' : 'active',
    plan: r.plan,
    term: p.term,
    trialEndsAt: p.trialEnd,
    currentTerm:
      current === undefined ? null : { index: current.index, start: current.start, end: current.end, noChargeWindowStart: current.renewAt },
    inNoChargeWindow: current !== undefined && t > current.renewAt,
    endsAt: r.paidEnd,
    cancelledAt: r.cancelledAt,
    accessEndsAt: r.accessEnd,
    paymentFailedAt: r.failedAt,
    nextCharge: r.next,
  };
}

/**
 * What an upgrade bought at the instant `at` moves from and to, and what it charges then, in
 * pence. For each paid term not yet over it charges the difference between the target plan's
 * price for that term (at `at`, sale prices included) and what the term has been paid at, never
 * less than nothing, prorated by {@link prorate}'s rule over the rest of the term from `at`.
 * Before the term's renewal instant that is one charge, for the rest of the current term. From
 * the renewal instant on the next term has already been charged at the old plan's price, so a
 * second charge pays the whole difference for it. Each charge names the term charge it builds on
 * (`basePaymentId`). Each charge is between 0 and the target plan's full price for its term. In
 * the trial an upgrade charges nothing.
 *
 * @param brand - `'primary'`, `'secondary'` or a catalogue
 * @param subscription - the subscription and its changes so far (all at or before `at`)
 * @param request - the upgrade's `slug` and the instant `at` it is bought
 * @returns the plans it moves from and to, its charges at `at` and their total in pence
 * @throws MatchkitValidationError when the upgrade cannot apply: another plan is held, the subscription is cancelled, or the input is bad
 *
 * @example
 * ```ts
 * import { quoteUpgrade } from '@matchkit/sdk/billing';
 * // Platinum monthly from 1 February 2026 (28 days); diamond costs 1000p more a month.
 * const sub = { id: 'sub_1', plan: 'platinum', term: 'month', startedAt: new Date('2026-02-01T00:00:00Z') } as const;
 * quoteUpgrade('primary', sub, { slug: 'platinum-upgrade', at: new Date('2026-02-15T00:00:00Z') }).amount; // 500
 * ```
 */
export function quoteUpgrade(brand: BrandRef, subscription: SubscriptionInput, request: UpgradeRequest): UpgradeQuote {
  const b = resolveBrand(brand);
  const issues: Issues = [];
  const p = parseSubscription(b, subscription, 'subscription', issues);
  const q = readObject(request, 'request', issues);
  if (isRecord(request)) unknownKeys(q, ['slug', 'at'], 'request', issues, 'a field of an upgrade request');
  const found = isRecord(request) ? b.upgrades.find((u) => u.slug === q['slug']) : undefined;
  if (isRecord(request) && found === undefined) issues.push({ path: 'request.slug', message: upgradeMessage(b, q['slug']) });
  const t = isRecord(request) ? readInstant(q['at'], 'request.at', issues) : NaN;
  const lastChange = p.changes.reduce((m, c) => Math.max(m, c.at), p.startedAt);
  if (!Number.isNaN(t) && !Number.isNaN(lastChange) && t < lastChange) {
    issues.push({
      path: 'request.at',
      message: p.changes.length === 0 ? 'must not be before subscription.startedAt' : "must not be before the subscription's last change",
    });
  }
  throwIfAny('upgrade request', issues);
  const u = found as PlanUpgrade;
  const index = p.changes.length;
  const withUpgrade: Parsed = { ...p, changes: [...p.changes, { type: 'upgrade', at: t, index, upgrade: u }] };
  let result: Run;
  try {
    result = runParsed(withUpgrade, t, 'upgrade request', false);
  } catch (e) {
    // Report the appended change as the request it came from.
    if (e instanceof MatchkitValidationError) {
      const own = `subscription.changes.${index}`;
      throw new MatchkitValidationError(
        'upgrade request',
        e.issues.map((i) => (i.path === `${own}.slug` ? { ...i, path: 'request.slug' } : i)),
      );
    }
    throw e;
  }
  const prefix = `${p.id}:upgrade-${index}-`;
  const charges = result.events.filter((e): e is Charge => e.type === 'payment' && e.id.startsWith(prefix));
  return { slug: u.slug, from: u.from, to: u.to, charges, amount: charges.reduce((sum, c) => sum + c.amount, 0) };
}
