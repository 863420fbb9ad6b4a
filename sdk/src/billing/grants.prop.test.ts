import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getBrand } from '../brands/brands';
import type { BrandId } from '../brands/schema';
import { grantedCapabilities } from '../entitlements/entitlements';
import { validationPaths } from '../internal/testing/validation';
import {
  capabilitiesAt,
  subscriptionEvents,
  subscriptionStatus,
  type LedgerEvent,
  type LedgerGrant,
  type SubscriptionInput,
} from './index';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 1);

/** A ledger of payments and trials over 2026 on one brand, some refunded, and an instant. */
const ledgerCase = fc
  .record({
    brand: fc.constantFrom<BrandId>('primary', 'secondary'),
    grants: fc.array(
      fc.record({
        trial: fc.boolean(),
        plan: fc.nat(),
        start: fc.integer({ min: 0, max: 300 }),
        days: fc.integer({ min: 0, max: 60 }),
        base: fc.option(fc.nat(), { nil: null }),
      }),
      { maxLength: 8 },
    ),
    // A payment is paid `early` days before its period starts (a renewal, an upgrade of a later term) or at its start.
    early: fc.array(fc.integer({ min: 0, max: 8 }), { maxLength: 8 }),
    refunds: fc.array(fc.record({ which: fc.nat(), after: fc.integer({ min: 0, max: 90 * DAY }) }), { maxLength: 4 }),
    now: fc.integer({ min: -DAY, max: 366 * DAY }),
  })
  .map(({ brand, grants, early, refunds, now }) => {
    const plans = getBrand(brand).plans;
    // A payment may build on an earlier payment (an upgrade on its term's charge), so chains never loop.
    const entries: LedgerGrant[] = [];
    grants.forEach((g, i) => {
      const earlier = entries.filter((e) => e.type === 'payment');
      const base = !g.trial && g.base !== null && earlier.length > 0 ? (earlier[g.base % earlier.length] as LedgerGrant).id : null;
      entries.push({
        type: g.trial ? 'trial' : 'payment',
        id: `g${i}`,
        plan: (plans[g.plan % plans.length] as { name: string }).name,
        periodStart: T0 + g.start * DAY,
        periodEnd: T0 + (g.start + g.days) * DAY,
        basePaymentId: base,
        ...(early[i] === undefined ? {} : { at: T0 + (g.start - early[i]) * DAY }),
      });
    });
    const payments = entries.filter((e) => e.type === 'payment');
    // At most one refund of a payment, never before the payment was made.
    const refundEntries: LedgerEvent[] = [];
    for (const r of refunds) {
      if (payments.length === 0) break;
      const pay = payments[r.which % payments.length] as LedgerGrant;
      if (refundEntries.some((e) => e.type === 'refund' && e.paymentId === pay.id)) continue;
      refundEntries.push({ type: 'refund', paymentId: pay.id, at: ((pay.at ?? pay.periodStart) as number) + r.after });
    }
    return { brand, ledger: [...entries, ...refundEntries] as LedgerEvent[], now: T0 + now };
  });

describe('capability grant laws', () => {
  it('the capabilities held are exactly the union of the held plans’ capabilities from the entitlements module', () => {
    fc.assert(
      fc.property(ledgerCase, ({ brand, ledger, now }) => {
        const held = capabilitiesAt(brand, ledger, now);
        // The plans in force, read from the ledger directly: a grant over now whose own payment, and
        // every payment it builds on, is unrefunded at now.
        const refunded = new Set(ledger.flatMap((e) => (e.type === 'refund' && (e.at as number) <= now ? [e.paymentId] : [])));
        const grants = ledger.filter((e): e is LedgerGrant => e.type !== 'refund');
        const gone = new Set<string>();
        for (const g of grants) if (g.type === 'payment' && (refunded.has(g.id) || gone.has(g.basePaymentId ?? ''))) gone.add(g.id);
        const plans = new Set(
          grants.filter((g) => (g.periodStart as number) <= now && now < (g.periodEnd as number) && !gone.has(g.id)).map((g) => g.plan),
        );
        expect(held.plans).toEqual(
          getBrand(brand)
            .plans.map((p) => p.name)
            .filter((n) => plans.has(n)),
        );
        const union = new Set([...plans].flatMap((p) => grantedCapabilities(brand, p)));
        expect(new Set(held.capabilities)).toEqual(union);
        expect(held.capabilities.length).toBe(union.size);
      }),
    );
  });

  it('the capabilities held do not depend on the order of the ledger', () => {
    const withShuffle = ledgerCase.chain((c) =>
      fc.shuffledSubarray(c.ledger, { minLength: c.ledger.length, maxLength: c.ledger.length }).map((shuffled) => ({ ...c, shuffled })),
    );
    fc.assert(
      fc.property(withShuffle, ({ brand, ledger, now, shuffled }) => {
        const a = capabilitiesAt(brand, ledger, now);
        const b = capabilitiesAt(brand, shuffled, now);
        expect(b.capabilities).toEqual(a.capabilities);
        expect(b.plans).toEqual(a.plans);
        expect([...b.grants].sort()).toEqual([...a.grants].sort());
      }),
    );
  });

  it('a refund takes away exactly what its payment granted and every payment built on it, from the refund on', () => {
    fc.assert(
      fc.property(ledgerCase, ({ brand, ledger, now }) => {
        const refunds = ledger.filter((e) => e.type === 'refund');
        const grants = ledger.filter((e): e is LedgerGrant => e.type !== 'refund');
        // Without refunds, minus every payment refunded at or before now and every payment built on
        // one of those (bases come earlier in this ledger), is the same as with them.
        const gone = new Set(refunds.filter((r) => (r.at as number) <= now).map((r) => r.paymentId));
        for (const g of grants) if (gone.has(g.basePaymentId ?? '')) gone.add(g.id);
        const kept = grants.filter((g) => !gone.has(g.id)).map((g) => ({ ...g, basePaymentId: null }));
        const expected = capabilitiesAt(brand, kept, now);
        expect(capabilitiesAt(brand, ledger, now)).toEqual(expected);
      }),
    );
  });

  it('a refund dated before its payment was made, or a second refund of one payment, is refused by path', () => {
    fc.assert(
      fc.property(ledgerCase, fc.integer({ min: 1, max: 30 * DAY }), ({ brand, ledger, now }, early) => {
        const i = ledger.findIndex((e) => e.type === 'refund');
        if (i < 0) return;
        const refund = ledger[i] as Extract<LedgerEvent, { type: 'refund' }>;
        const pay = ledger.find((e) => e.type === 'payment' && e.id === refund.paymentId) as LedgerGrant;
        const paidAt = (pay.at ?? pay.periodStart) as number;
        const before = ledger.map((e, j) => (j === i ? { ...refund, at: paidAt - early } : e));
        expect(validationPaths(() => capabilitiesAt(brand, before, now))).toEqual([`ledger.${i}.at`]);
        expect(validationPaths(() => capabilitiesAt(brand, [...ledger, refund], now))).toEqual([`ledger.${ledger.length}.paymentId`]);
      }),
    );
  });

  it('nothing is held outside every granted period (a lapse takes everything)', () => {
    fc.assert(
      fc.property(ledgerCase, ({ brand, ledger, now }) => {
        const covered = ledger.some((e) => e.type !== 'refund' && (e.periodStart as number) <= now && now < (e.periodEnd as number));
        if (!covered) expect(capabilitiesAt(brand, ledger, now)).toEqual({ capabilities: [], plans: [], grants: [] });
      }),
    );
  });
});

/** A subscription with a cancellation, over 2024 to 2028, and an instant. */
const cancelled = fc
  .record({
    brand: fc.constantFrom<BrandId>('primary', 'secondary'),
    plan: fc.nat(),
    term: fc.constantFrom<'month' | 'year'>('month', 'year'),
    trial: fc.boolean(),
    startedAt: fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2028, 0, 1) }),
    cancelAfter: fc.integer({ min: 0, max: 400 * DAY }),
    nowAfter: fc.integer({ min: 0, max: 900 * DAY }),
  })
  .map(({ brand, plan, term, trial, startedAt, cancelAfter, nowAfter }) => {
    const plans = getBrand(brand).plans;
    const sub: SubscriptionInput = {
      id: 'sub_1',
      plan: (plans[plan % plans.length] as { name: string }).name,
      term,
      trial,
      startedAt,
      changes: [{ type: 'cancel', at: startedAt + cancelAfter }],
    };
    return { brand, sub, now: startedAt + nowAfter };
  });

describe('what a subscription grants', () => {
  it('its own events grant its plan exactly while access lasts, and nothing after a cancellation takes effect', () => {
    fc.assert(
      fc.property(cancelled, ({ brand, sub, now }) => {
        const status = subscriptionStatus(brand, sub, now);
        const events = subscriptionEvents(brand, sub, now);
        const held = capabilitiesAt(brand, events, now);
        if (status.state === 'ended') {
          expect(held.plans).toEqual([]);
        } else {
          expect(held.plans).toEqual([sub.plan]);
          expect(held.capabilities).toEqual([...grantedCapabilities(brand, sub.plan)].sort());
        }
      }),
      { numRuns: 60 },
    );
  });
});

/** A platinum subscription upgraded up to three times (platinum → diamond → pro → pro-plus), one of its payments refunded. */
const upgraded = fc
  .record({
    term: fc.constantFrom<'month' | 'year'>('month', 'year'),
    trial: fc.boolean(),
    startedAt: fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2027, 0, 1) }),
    gaps: fc.array(fc.integer({ min: 0, max: 40 * DAY }), { minLength: 1, maxLength: 3 }),
    which: fc.nat(),
    refundAfter: fc.integer({ min: 0, max: 20 * DAY }),
    nowAfter: fc.integer({ min: 0, max: 20 * DAY }),
  })
  .map(({ term, trial, startedAt, gaps, which, refundAfter, nowAfter }) => {
    const slugs = ['platinum-upgrade', 'diamond-upgrade', 'pro-upgrade'];
    let t = startedAt + 8 * DAY; // after any trial, so each upgrade is charged
    const changes = gaps.map((g, i) => ({ type: 'upgrade' as const, slug: slugs[i] as string, at: (t += g) }));
    const sub: SubscriptionInput = { id: 'sub_1', plan: 'platinum', term, trial, startedAt, changes };
    return { sub, through: t, which, refundAfter, nowAfter };
  });

describe('refunds of a subscription’s own payments', () => {
  it('a refund takes away its payment and every payment built on it, transitively', () => {
    fc.assert(
      fc.property(upgraded, ({ sub, through, which, refundAfter, nowAfter }) => {
        const events = subscriptionEvents('primary', sub, through);
        const payments = events.filter((e) => e.type === 'payment');
        const refunded = payments[which % payments.length];
        if (refunded === undefined) return;
        const refundAt = refunded.at + refundAfter;
        const now = refundAt + nowAfter;
        // Built on it, read from what an upgrade is rather than from basePaymentId: every later
        // charge for the same term (each upgrade raises what that term was paid at).
        const i = payments.indexOf(refunded);
        const gone = new Set(payments.filter((p, j) => j >= i && p.termIndex === refunded.termIndex).map((p) => p.id));
        const held = capabilitiesAt('primary', [...events, { type: 'refund', paymentId: refunded.id, at: refundAt }], now);
        const expected = capabilitiesAt(
          'primary',
          events.filter((e) => !gone.has(e.id)).map((e) => (e.type === 'payment' ? { ...e, basePaymentId: null } : e)),
          now,
        );
        expect(held).toEqual(expected);
      }),
      { numRuns: 80 },
    );
  });
});
