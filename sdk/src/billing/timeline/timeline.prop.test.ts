import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getBrand } from '../../brands/brands';
import type { BrandId } from '../../brands/schema';
import {
  quoteUpgrade,
  subscriptionEvents,
  subscriptionStatus,
  termPrice,
  type Charge,
  type SubscriptionChange,
  type SubscriptionInput,
} from '../index';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const YEAR = 366 * DAY;

// An independent reading of a London calendar date and wall-clock time (see calendar.prop.test.ts).
function london(t: number): { y: number; m: number; d: number; time: string } {
  const [date = '', time = ''] = new Date(t).toLocaleString('en-GB', { timeZone: 'Europe/London', hourCycle: 'h23' }).split(', ');
  const [d, m, y] = date.split('/').map(Number);
  return { y: y as number, m: m as number, d: d as number, time };
}
const dayNumber = (t: number): number => {
  const l = london(t);
  return Date.UTC(l.y, l.m - 1, l.d) / DAY;
};

/** 01:00 UTC on the last Sunday of a month (1-based): when London's clocks change in March and October. */
const clockChange = (y: number, m: number): number => {
  const last = new Date(Date.UTC(y, m, 0));
  return Date.UTC(y, m - 1, last.getUTCDate() - last.getUTCDay(), 1);
};

/**
 * A subscription of either brand, started 2024 to 2030 at any instant; a third of them start
 * within three hours of a clock change or a month (less N days) before one, so that first terms,
 * term ends and renewals meet the skipped and the twice-shown hours.
 */
const subscription = fc
  .record({
    brand: fc.constantFrom<BrandId>('primary', 'secondary'),
    planIndex: fc.nat(),
    term: fc.constantFrom<'month' | 'year'>('month', 'year'),
    startedAt: fc.oneof(
      fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2030, 0, 1) }),
      fc
        .record({
          y: fc.integer({ min: 2024, max: 2029 }),
          m: fc.constantFrom(3, 10),
          back: fc.constantFrom(0, 7, 14, 21, 28, 30, 31, 59, 60, 61, 365),
          shift: fc.integer({ min: -3 * 3_600_000, max: 3 * 3_600_000 }),
        })
        .map(({ y, m, back, shift }) => clockChange(y, m) - back * DAY + shift),
    ),
    trial: fc.boolean(),
  })
  .map(({ brand, planIndex, term, startedAt, trial }) => {
    const plans = getBrand(brand).plans;
    const sub: SubscriptionInput = {
      id: 'sub_1',
      plan: (plans[planIndex % plans.length] as { name: string }).name,
      term,
      startedAt,
      trial,
    };
    return { brand, sub, horizon: startedAt + (term === 'year' ? 3 * YEAR : YEAR / 2) };
  });

const chargesOf = (brand: BrandId, sub: SubscriptionInput, through: number): Charge[] =>
  subscriptionEvents(brand, sub, through).filter((e): e is Charge => e.type === 'payment');

/**
 * The no-charge windows of a subscription without changes: after each renewal instant, to the end
 * of the term it follows. `renews` is the term the renewal pays for. (Term bounds do not depend on
 * the changes, so these are the windows of the same subscription with changes too.)
 */
const windowsOf = (brand: BrandId, plain: SubscriptionInput, through: number): { renewal: number; end: number; renews: number }[] => {
  const charges = chargesOf(brand, plain, through);
  return charges.slice(1).map((c, i) => ({ renewal: c.at, end: (charges[i] as Charge).periodEnd, renews: c.termIndex }));
};

/**
 * A subscription (see `subscription`) with changes inside one of its first no-charge windows: on
 * the primary brand's upgradable plans an upgrade there, and a failed renewal there, sometimes
 * retried there, at instants spread over the window in any order the rules allow.
 */
const windowChanges = subscription
  .chain(({ brand, sub, horizon }) =>
    fc
      .record({
        window: fc.integer({ min: 0, max: 2 }),
        upgrade: fc.option(fc.double({ min: 0.01, max: 0.99, noNaN: true }), { nil: null }),
        fail: fc.option(fc.double({ min: 0.01, max: 0.6, noNaN: true }), { nil: null }),
        retry: fc.option(fc.double({ min: 0.01, max: 0.99, noNaN: true }), { nil: null }),
      })
      .map(({ window, upgrade, fail, retry }) => ({ brand, plain: sub, horizon, window, upgrade, fail, retry })),
  )
  .map(({ brand, plain, horizon, window, upgrade, fail, retry }) => {
    const windows = windowsOf(brand, plain, horizon);
    const w = windows[window % windows.length] as { renewal: number; end: number };
    const inside = (f: number) => w.renewal + 1 + Math.floor(f * (w.end - w.renewal - 2));
    const slug = getBrand(brand).upgrades.find((u) => u.from === plain.plan)?.slug;
    const changes: SubscriptionChange[] = [];
    if (upgrade !== null && slug !== undefined) changes.push({ type: 'upgrade', slug, at: inside(upgrade) });
    if (fail !== null) {
      const failAt = inside(fail);
      changes.push({ type: 'payment-failed', at: failAt });
      // The retry comes after the failure, still inside the window.
      if (retry !== null) changes.push({ type: 'payment-retried', at: failAt + 1 + Math.floor(retry * (w.end - failAt - 2)) });
    }
    changes.sort((a, b) => (a.at as number) - (b.at as number));
    return { brand, plain, sub: { ...plain, changes } as SubscriptionInput, horizon };
  });

describe('subscription timeline laws', () => {
  it('paid terms follow one another with no gap or overlap, the first from the trial end or the start', () => {
    fc.assert(
      fc.property(subscription, ({ brand, sub, horizon }) => {
        const charges = chargesOf(brand, sub, horizon);
        const first = charges[0] as Charge;
        const trialDays = sub.trial === true ? getBrand(brand).onboarding.trialDays : 0;
        expect(dayNumber(first.periodStart) - dayNumber(sub.startedAt as number)).toBe(trialDays);
        expect(first.at).toBe(first.periodStart);
        charges.forEach((c, i) => {
          expect(c.termIndex).toBe(i + 1);
          if (i > 0) expect(c.periodStart).toBe((charges[i - 1] as Charge).periodEnd);
        });
      }),
      { numRuns: 60 },
    );
  });

  it('each term ends whole London months after the first term starts, on its day or the last day of a shorter month, at its wall-clock time (an hour later where the clocks skip it)', () => {
    fc.assert(
      fc.property(subscription, ({ brand, sub, horizon }) => {
        const charges = chargesOf(brand, sub, horizon);
        const s = london((charges[0] as Charge).periodStart);
        const step = sub.term === 'year' ? 12 : 1;
        charges.forEach((c, i) => {
          const e = london(c.periodEnd);
          const index = s.y * 12 + s.m - 1 + (i + 1) * step;
          const y = Math.floor(index / 12);
          const m = index - y * 12 + 1;
          const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
          const d = Math.min(s.d, last);
          const skipped = Date.UTC(y, m - 1, d, 1) === clockChange(y, 3) && s.time.startsWith('01:');
          expect([e.y, e.m, e.d, e.time]).toEqual([y, m, d, skipped ? `02${s.time.slice(2)}` : s.time]);
        });
      }),
      { numRuns: 60 },
    );
  });

  it('every renewal is charged at least N × 24 hours and at most N × 24 hours and one hour before the end of the term it follows, N or N + 1 London dates back', () => {
    fc.assert(
      fc.property(subscription, ({ brand, sub, horizon }) => {
        const n = getBrand(brand).billing.daysBeforeSubscriptionEndNotToCharge;
        const charges = chargesOf(brand, sub, horizon);
        for (let i = 1; i < charges.length; i += 1) {
          const previous = charges[i - 1] as Charge;
          const c = charges[i] as Charge;
          const end = previous.periodEnd;
          expect(c.kind).toBe('renewal');
          expect(end - c.at).toBeGreaterThanOrEqual(n * DAY);
          // Never more than an hour over: a clock change in the window adds at most that.
          expect(end - c.at).toBeLessThanOrEqual(n * DAY + HOUR);
          // N London days of wall clock at most: the London date is N days before, or N + 1 when the hour back crosses midnight.
          expect([n, n + 1]).toContain(dayNumber(previous.periodEnd) - dayNumber(c.at));
          expect(c.at).toBeGreaterThan(previous.periodStart);
        }
      }),
      { numRuns: 80 },
    );
  });

  it('no scheduled renewal falls inside a no-charge window, and the status is in the window exactly after the renewal instant and before the term’s end', () => {
    fc.assert(
      fc.property(windowChanges, ({ brand, sub, plain, horizon }) => {
        const windows = windowsOf(brand, plain, horizon);
        const retries = new Set((sub.changes ?? []).flatMap((c) => (c.type === 'payment-retried' ? [c.at as number] : [])));
        // A renewal charged at its schedule (not a retry of one that failed) is never inside a window.
        const scheduled = chargesOf(brand, sub, horizon).filter((c) => c.kind !== 'upgrade' && !retries.has(c.at));
        for (const w of windows) expect(scheduled.filter((c) => w.renewal < c.at && c.at < w.end)).toEqual([]);
        for (const w of windows.slice(0, 3)) {
          const inWindow = (t: number) => subscriptionStatus(brand, plain, t).inNoChargeWindow;
          expect([inWindow(w.renewal - 1), inWindow(w.renewal), inWindow(w.renewal + 1), inWindow(w.end - 1), inWindow(w.end)]).toEqual([
            false,
            false,
            true,
            true,
            false,
          ]);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('a charge inside a no-charge window is either the retry of the renewal due at its opening or an upgrade the member asked for at that instant', () => {
    fc.assert(
      fc.property(windowChanges, ({ brand, sub, plain, horizon }) => {
        const windows = windowsOf(brand, plain, horizon);
        const changes = sub.changes ?? [];
        const asked = (type: SubscriptionChange['type'], t: number) => changes.some((c) => c.type === type && c.at === t);
        for (const c of chargesOf(brand, sub, horizon)) {
          const t = c.at;
          const w = windows.find((x) => x.renewal < t && t < x.end);
          if (w === undefined) continue;
          if (c.kind === 'upgrade') {
            expect(asked('upgrade', t)).toBe(true);
          } else {
            expect(asked('payment-retried', t)).toBe(true);
            expect(c.termIndex).toBe(w.renews);
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('every charge is the catalogue price of its term at its instant', () => {
    fc.assert(
      fc.property(subscription, ({ brand, sub, horizon }) => {
        for (const c of chargesOf(brand, sub, horizon)) {
          expect(c.amount).toBe(termPrice(brand, c.plan, { term: c.term, at: c.at, first: c.termIndex === 1 }));
        }
      }),
      { numRuns: 40 },
    );
  });

  it('a cancellation before a term’s window ends access with that term; at or inside it, with the next; nothing is charged after it', () => {
    fc.assert(
      fc.property(subscription, fc.double({ min: 0, max: 1, noNaN: true }), ({ brand, sub, horizon }, f) => {
        const c = (sub.startedAt as number) + Math.floor(f * (horizon - (sub.startedAt as number)));
        const renewing = chargesOf(brand, sub, horizon + 2 * YEAR);
        const cancelled: SubscriptionInput = { ...sub, changes: [{ type: 'cancel', at: c }] };
        const status = subscriptionStatus(brand, cancelled, c);
        const paid = renewing.filter((x) => x.at <= c);
        const expected = paid.length === 0 ? (renewing[0] as Charge).periodStart : (paid[paid.length - 1] as Charge).periodEnd;
        expect(status.accessEndsAt).toBe(expected);
        expect(status.nextCharge).toBeNull();
        const term = renewing.find((x) => x.periodStart <= c && c < x.periodEnd);
        if (term !== undefined) {
          const next = renewing[renewing.indexOf(term) + 1] as Charge;
          expect(status.accessEndsAt).toBe(c < next.at ? term.periodEnd : next.periodEnd);
        }
        expect(chargesOf(brand, cancelled, horizon + 2 * YEAR).every((x) => x.at <= c)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('the next charge of the status is the first charge after now', () => {
    fc.assert(
      fc.property(subscription, fc.double({ min: 0, max: 1, noNaN: true }), ({ brand, sub, horizon }, f) => {
        const now = (sub.startedAt as number) + Math.floor(f * (horizon - (sub.startedAt as number)));
        const next = subscriptionStatus(brand, sub, now).nextCharge as Charge;
        expect(next.at).toBeGreaterThan(now);
        const through = chargesOf(brand, sub, next.at);
        expect(through[through.length - 1]).toEqual(next);
        expect(through.filter((x) => x.at > now)).toEqual([next]);
      }),
      { numRuns: 60 },
    );
  });
});

/** A primary subscription on a plan with an upgrade, and an instant to upgrade at. */
const upgradable = fc
  .record({
    slug: fc.constantFrom('platinum-upgrade', 'diamond-upgrade', 'pro-upgrade'),
    term: fc.constantFrom<'month' | 'year'>('month', 'year'),
    // Around the August 2025 sales too, so that sale prices are met.
    startedAt: fc.oneof(
      fc.integer({ min: Date.UTC(2025, 7, 1), max: Date.UTC(2025, 7, 25) }),
      fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2030, 0, 1) }),
    ),
    trial: fc.boolean(),
    f: fc.double({ min: 0, max: 1, noNaN: true }),
    g: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map(({ slug, term, startedAt, trial, f, g }) => {
    const from = getBrand('primary').upgrades.find((u) => u.slug === slug)?.from as string;
    const sub: SubscriptionInput = { id: 'sub_1', plan: from, term, startedAt, trial };
    const span = term === 'year' ? 2 * YEAR : 120 * DAY;
    const a = startedAt + Math.floor(Math.min(f, g) * span);
    const b = startedAt + Math.floor(Math.max(f, g) * span);
    return { slug, sub, a, b };
  });

describe('upgrade laws', () => {
  it('an upgrade charge is never negative and never above the target plan’s full price for its term', () => {
    fc.assert(
      fc.property(upgradable, ({ slug, sub, a }) => {
        const q = quoteUpgrade('primary', sub, { slug, at: a });
        for (const c of q.charges) {
          expect(Number.isInteger(c.amount)).toBe(true);
          expect(c.amount).toBeGreaterThanOrEqual(0);
          expect(c.amount).toBeLessThanOrEqual(termPrice('primary', q.to, { term: c.term, at: a, first: c.termIndex === 1 }));
        }
        expect(q.amount).toBe(q.charges.reduce((s, c) => s + c.amount, 0));
      }),
      { numRuns: 80 },
    );
  });

  it('an upgrade charges one term before the term’s renewal instant, two from it on (the next term is paid), and nothing in a trial', () => {
    fc.assert(
      fc.property(upgradable, ({ slug, sub, a }) => {
        const s = subscriptionStatus('primary', sub, a);
        const q = quoteUpgrade('primary', sub, { slug, at: a });
        const renewed = s.currentTerm !== null && a >= s.currentTerm.noChargeWindowStart;
        expect(q.charges.length).toBe(s.state === 'trial' ? 0 : renewed ? 2 : 1);
        expect(renewed).toBe(s.inNoChargeWindow || (s.currentTerm !== null && a === s.currentTerm.noChargeWindowStart));
      }),
      { numRuns: 80 },
    );
  });

  it('the same upgrade later in the same term never costs more, outside sales', () => {
    fc.assert(
      fc.property(upgradable, ({ slug, sub, a, b }) => {
        const sa = subscriptionStatus('primary', sub, a);
        const sb = subscriptionStatus('primary', sub, b);
        const saleFree = getBrand('primary').sales.every((x) => Date.parse(x.endDate) < a || Date.parse(x.startDate) > b);
        if (
          sa.currentTerm === null ||
          sa.currentTerm.index !== sb.currentTerm?.index ||
          sa.inNoChargeWindow !== sb.inNoChargeWindow ||
          !saleFree
        )
          return;
        expect(quoteUpgrade('primary', sub, { slug, at: b }).amount).toBeLessThanOrEqual(
          quoteUpgrade('primary', sub, { slug, at: a }).amount,
        );
      }),
      { numRuns: 80 },
    );
  });

  it('an upgrade’s charge for the rest of a term is its exact share of the price difference by time, rounded down (within a penny below)', () => {
    fc.assert(
      fc.property(upgradable, ({ slug, sub, a }) => {
        const s = subscriptionStatus('primary', sub, a);
        if (s.state !== 'active' || s.currentTerm === null || a >= s.currentTerm.noChargeWindowStart) return;
        const term = s.currentTerm;
        const paid = chargesOf('primary', sub, a).find((c) => c.termIndex === term.index) as Charge;
        const q = quoteUpgrade('primary', sub, { slug, at: a });
        const target = termPrice('primary', q.to, { term: sub.term, at: a, first: term.index === 1 });
        const difference = Math.max(0, target - paid.amount);
        const exact = (difference * (term.end - a)) / (term.end - term.start);
        expect(q.amount).toBeLessThanOrEqual(exact + 1e-6);
        expect(q.amount).toBeGreaterThan(exact - 1);
      }),
      { numRuns: 80 },
    );
  });

  it('an upgrade at the first term’s start costs the whole difference of the two plans’ prices at that instant', () => {
    fc.assert(
      fc.property(upgradable, ({ slug, sub }) => {
        const t0 = subscriptionStatus('primary', sub, sub.startedAt).trialEndsAt ?? (sub.startedAt as number);
        const q = quoteUpgrade('primary', sub, { slug, at: t0 });
        const price = (plan: string) => termPrice('primary', plan, { term: sub.term, at: t0, first: true });
        expect(q.amount).toBe(Math.max(0, price(q.to) - price(q.from)));
      }),
      { numRuns: 60 },
    );
  });
});

/** A subscription, one of its renewals (term k ≥ 2) and fractions to place a failure and a retry. */
const withRenewal = fc
  .record({ s: subscription, k: fc.nat(), f: fc.double({ min: 0, max: 1, noNaN: true }), g: fc.double({ min: 0, max: 1, noNaN: true }) })
  .filter(({ s }) => chargesOf(s.brand, s.sub, s.horizon).length >= 2)
  .map(({ s, k, f, g }) => {
    const charges = chargesOf(s.brand, s.sub, s.horizon);
    const index = 1 + (k % (charges.length - 1));
    const renewal = charges[index] as Charge;
    const previous = charges[index - 1] as Charge;
    // The failure before the term starts (so that a retry has time), the retry before access ends.
    const span = renewal.periodStart - 1 - renewal.at;
    const failedAt = renewal.at + Math.floor(f * span);
    const retriedAt = failedAt + Math.floor(g * (previous.periodEnd - 1 - failedAt));
    return { ...s, charges, index, renewal, previous, failedAt, retriedAt };
  });

describe('failed charge laws', () => {
  it('a failed renewal takes that charge back, charges nothing after it, and ends access with the last paid term', () => {
    fc.assert(
      fc.property(withRenewal, ({ brand, sub, horizon, charges, index, previous, failedAt }) => {
        const failed: SubscriptionInput = { ...sub, changes: [{ type: 'payment-failed', at: failedAt }] };
        expect(chargesOf(brand, failed, horizon + YEAR)).toEqual(charges.slice(0, index));
        const s = subscriptionStatus(brand, failed, failedAt);
        expect([s.accessEndsAt, s.endsAt, s.nextCharge, s.paymentFailedAt]).toEqual([
          previous.periodEnd,
          previous.periodEnd,
          null,
          failedAt,
        ]);
        expect(subscriptionStatus(brand, failed, previous.periodEnd).state).toBe('ended');
      }),
      { numRuns: 40 },
    );
  });

  it('a retried renewal moves only that charge, to the retry instant: every other charge is as without the failure', () => {
    fc.assert(
      fc.property(withRenewal, ({ brand, sub, horizon, charges, index, renewal, failedAt, retriedAt }) => {
        const retried: SubscriptionInput = {
          ...sub,
          changes: [
            { type: 'payment-failed', at: failedAt },
            { type: 'payment-retried', at: retriedAt },
          ],
        };
        const after = chargesOf(brand, retried, horizon + YEAR).slice(0, charges.length);
        expect(after.filter((_, i) => i !== index)).toEqual(charges.filter((_, i) => i !== index));
        const moved = after[index] as Charge;
        expect([moved.id, moved.at, moved.periodStart, moved.periodEnd]).toEqual([
          renewal.id,
          retriedAt,
          renewal.periodStart,
          renewal.periodEnd,
        ]);
        expect(moved.amount).toBe(termPrice(brand, moved.plan, { term: moved.term, at: retriedAt }));
      }),
      { numRuns: 40 },
    );
  });
});

describe('status laws', () => {
  it('the status counted without replaying agrees with the replayed events: the plan, endsAt and the current term', () => {
    fc.assert(
      fc.property(upgradable, fc.double({ min: 0, max: 1, noNaN: true }), ({ slug, sub, a, b }, h) => {
        const upgraded: SubscriptionInput = { ...sub, changes: [{ type: 'upgrade', slug, at: a }] };
        const now = b + Math.floor(h * 5 * YEAR);
        const s = subscriptionStatus('primary', upgraded, now);
        const events = subscriptionEvents('primary', upgraded, now);
        const terms = events.filter((e): e is Charge => e.type === 'payment' && e.kind !== 'upgrade');
        const last = terms[terms.length - 1];
        expect(s.endsAt).toBe(last?.periodEnd ?? s.trialEndsAt);
        expect(s.plan).toBe(events[events.length - 1]?.plan);
        const current = terms.find((c) => c.periodStart <= now && now < c.periodEnd);
        expect(s.currentTerm?.index ?? null).toBe(current?.termIndex ?? null);
      }),
      { numRuns: 40 },
    );
  });
});
