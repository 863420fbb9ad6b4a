// The public functions of the timeline: a subscription's events, its status at an instant, and
// the quote for an upgrade.
import { resolveBrand } from '../../brands/brands';
import type { BrandRef } from '../../brands/schema';
import { MatchkitValidationError } from '../../errors/errors';
import type { InstantInput } from '../../sales/sales';
import { isRecord } from '../../internal/guards';
import { readInstant, readObject, throwIfAny, type Issues } from '../check';
import { unknownKeys } from '../../internal/keys';
import { run, runParsed, type Run } from './fold';
import { parseSubscription, type Parsed } from './parse';
import { upgradeMessage } from './prices';
import type { BillingEvent, Charge, PlanUpgrade, SubscriptionInput, SubscriptionStatus, UpgradeQuote, UpgradeRequest } from './types';

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
    pendingDowngrade: r.pendingDowngrade,
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
