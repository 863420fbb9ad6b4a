// The fold: a parsed subscription's scheduled charges and changes applied in time order, giving
// its events, its paid terms and its state at an instant.
import { resolveBrand } from '../../brands/brands';
import type { BrandRef } from '../../brands/schema';
import { MatchkitValidationError } from '../../errors/errors';
import { at, londonWords, readInstant, throwIfAny, type Issues } from '../check';
import { unusedPence } from '../prorate';
import { parseSubscription, type Parsed, type ParsedChange } from './parse';
import { lowerPlans, priceAt } from './prices';
import type { BillingEvent, Charge, PendingDowngrade, TrialGrant } from './types';

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
  /** When the term's own charge (first, renewal or retry) was taken. */
  readonly chargedAt: number;
}

export interface Run {
  readonly plan: string;
  readonly events: readonly BillingEvent[];
  /** The last paid terms (at least the last two; earlier ones may be skipped when events are not kept). */
  readonly paid: readonly PaidTerm[];
  readonly cancelledAt: number | null;
  readonly failedAt: number | null;
  /** The downgrade waiting for its term, or null. */
  readonly pendingDowngrade: PendingDowngrade | null;
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
  // A downgrade waiting for its term (the first term charged at the lower plan's price), and the
  // last one that took effect (a failed charge of its term, at that term's start, takes it back).
  let pending: { readonly plan: string; readonly from: string; readonly index: number } | null = null;
  let applied: { readonly plan: string; readonly from: string; readonly index: number } | null = null;
  let trialIndex = -1;
  const eventId = (local: string): string => `${p.id}:${local}`;
  if (p.trialEnd !== null) {
    trialIndex = events.length;
    events.push(trialGrant(eventId('trial'), plan, p.startedAt, p.trialEnd));
  }
  const boundsOf = (index: number): TermBounds => paid.find((x) => x.index === index) ?? termBounds(p, index);
  const chargeAt = (index: number): number => (index === 1 ? p.firstTerm : termBounds(p, index - 1).renewAt);
  /** The plan a term is charged at: the pending downgrade's from its term on, else the plan held. */
  const planOf = (index: number): string => (pending !== null && index >= pending.index ? pending.plan : plan);
  const termCharge = (index: number, when: number): Charge => {
    const bounds = termBounds(p, index);
    const termPlan = planOf(index);
    const price = priceAt(p.b, termPlan, p.term, when, index === 1);
    return {
      type: 'payment',
      id: eventId(`term-${index}`),
      kind: index === 1 ? 'first' : 'renewal',
      plan: termPlan,
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
    paid.push({ ...termBounds(p, c.termIndex), basis: c.amount, lastId: c.id, chargedAt: c.at });
    count = c.termIndex;
  };
  const where = (c: ParsedChange, key: string): string => at(at(at(path, 'changes'), c.index), key);
  const paidEnd = (): number => (count === 0 ? p.firstTerm : boundsOf(count).end);
  /** Applies a pending downgrade whose term is paid and has started by `t`: the lower plan is held from then. */
  const settle = (t: number): void => {
    if (pending !== null && count >= pending.index && boundsOf(pending.index).start <= t) {
      applied = pending;
      plan = pending.plan;
      pending = null;
    }
  };

  /**
   * The pending downgrade's term once it has been charged at the lower plan's price (and has not
   * started yet), else null. From then the downgrade stands: taking it back, or replacing it, would
   * leave the member on a higher plan for a term paid at a lower price.
   */
  const chargedDowngrade = (): { readonly plan: string; readonly term: PaidTerm } | null => {
    const waiting = pending;
    if (waiting === null) return null;
    const term = paid.find((x) => x.index === waiting.index);
    return term === undefined ? null : { plan: waiting.plan, term };
  };
  /** Why a charged downgrade can no longer be changed, in the sdk's words. */
  const stands = (d: { readonly plan: string; readonly term: PaidTerm }): string =>
    `too late: term ${d.term.index} was charged at ${d.plan}'s price on ${londonWords(d.term.chargedAt)}, so ${d.plan} is held from ${londonWords(d.term.start)} (London time)`;

  const downgrade = (c: Extract<ParsedChange, { type: 'downgrade' }>): void => {
    if (cancelledAt !== null) {
      issues.push({ path: where(c, 'plan'), message: 'a cancelled subscription cannot be downgraded: resume it first' });
      return;
    }
    const charged = chargedDowngrade();
    if (charged !== null) {
      issues.push({ path: where(c, 'plan'), message: stands(charged) });
      return;
    }
    const options = lowerPlans(p.b, plan);
    if (!options.includes(c.plan)) {
      issues.push({
        path: where(c, 'plan'),
        message:
          options.length === 0
            ? `no plan is below ${plan}, the plan at that instant`
            : `${c.plan} is not below ${plan}, the plan at that instant (${options.join(', ')} are)`,
      });
      return;
    }
    // The first term not charged yet: the next one, or the one after it inside the no-charge window
    // (the next was charged at the window's opening), or after a failed charge the term it was for.
    pending = { plan: c.plan, from: plan, index: count + 1 };
  };

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
    // Moving up takes back a downgrade still waiting: the terms renew at the new plan.
    pending = null;
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
        message: `too late: term ${last.index}, charged on ${londonWords(chargeAt(last.index))}, started on ${londonWords(last.start)} (London time)`,
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
      // A downgrade that took effect with that term (reported at its start) waits for it again.
      if (applied !== null && applied.index === last.index && plan === applied.plan) {
        pending = applied;
        plan = applied.from;
        applied = null;
      }
    }
  };

  const paymentRetried = (c: ParsedChange): void => {
    if (failed === null) {
      issues.push({ path: where(c, 'type'), message: 'no charge has failed' });
    } else if (cancelledAt !== null) {
      issues.push({ path: where(c, 'type'), message: 'a cancelled subscription is not charged again' });
    } else if (c.at >= paidEnd()) {
      issues.push({ path: where(c, 'at'), message: `too late: access ended on ${londonWords(paidEnd())} (London time)` });
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
          const price = priceAt(p.b, planOf(skipTo), p.term, chargeAt(skipTo), skipTo === 1);
          paid.length = 0;
          paid.push({ ...termBounds(p, skipTo), basis: price.amount, lastId: eventId(`term-${skipTo}`), chargedAt: chargeAt(skipTo) });
          count = skipTo;
          next = scheduled() as Charge;
        }
      }
      pay(next);
      next = scheduled();
    } else if (change !== undefined && change.at <= through) {
      settle(change.at);
      if (change.type === 'cancel') {
        if (cancelledAt !== null) {
          issues.push({ path: at(at(path, 'changes'), change.index), message: 'the subscription is already cancelled' });
        } else {
          cancelledAt = change.at;
        }
      } else if (change.type === 'upgrade') {
        upgrade(change);
      } else if (change.type === 'downgrade') {
        downgrade(change);
      } else if (change.type === 'cancel-downgrade') {
        const charged = chargedDowngrade();
        if (pending === null) issues.push({ path: where(change, 'type'), message: 'no downgrade is waiting to take effect' });
        else if (charged !== null) issues.push({ path: where(change, 'type'), message: stands(charged) });
        else pending = null;
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
  settle(through);
  const ended = cancelledAt !== null || failed !== null;
  const waiting = pending as { readonly plan: string; readonly from: string; readonly index: number } | null;
  return {
    plan,
    events,
    paid,
    cancelledAt,
    failedAt: (failed as { at: number } | null)?.at ?? null,
    pendingDowngrade:
      waiting === null || cancelledAt !== null
        ? null
        : {
            from: waiting.from,
            plan: waiting.plan,
            termIndex: waiting.index,
            at: boundsOf(waiting.index).start,
            chargedAt: paid.find((x) => x.index === waiting.index)?.chargedAt ?? null,
          },
    accessEnd: ended ? paidEnd() : null,
    paidEnd: paidEnd(),
    next,
  };
}

function trialGrant(id: string, plan: string, start: number, end: number): TrialGrant {
  return { type: 'trial', id, plan, at: start, periodStart: start, periodEnd: end };
}

/** Checks every change of a parsed subscription (folding through its last change), then folds it through `t`. */
export function runParsed(p: Parsed, t: number, subject: string, keepEvents: boolean): Run {
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
export function run(
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
