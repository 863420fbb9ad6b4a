import { describe, expect, it } from 'vitest';
import { validationPaths } from '../internal/testing/validation';
import { capabilitiesAt, subscriptionEvents, type LedgerEvent, type SubscriptionInput } from './index';

const d = (iso: string): number => Date.parse(iso);

describe('capabilitiesAt', () => {
  const ledger: LedgerEvent[] = [
    { type: 'trial', id: 'trial', plan: 'platinum', periodStart: d('2026-01-24T09:00:00Z'), periodEnd: d('2026-01-31T09:00:00Z') },
    { type: 'payment', id: 'pay_1', plan: 'platinum', periodStart: d('2026-01-31T09:00:00Z'), periodEnd: d('2026-02-28T09:00:00Z') },
  ];

  it('grants the plan over the trial and the paid term, and nothing once it lapses', () => {
    expect(capabilitiesAt('primary', ledger, d('2026-01-24T08:59:59.999Z')).plans).toEqual([]);
    expect(capabilitiesAt('primary', ledger, d('2026-01-24T09:00:00Z')).grants).toEqual(['trial']);
    expect(capabilitiesAt('primary', ledger, d('2026-01-31T09:00:00Z')).grants).toEqual(['pay_1']);
    expect(capabilitiesAt('primary', ledger, d('2026-02-28T08:59:59.999Z')).plans).toEqual(['platinum']);
    expect(capabilitiesAt('primary', ledger, d('2026-02-28T09:00:00Z'))).toEqual({ capabilities: [], plans: [], grants: [] });
  });

  it('grants what the plan includes: platinum has the oddsmatcher code, diamond adds the BOG catcher', () => {
    // Spec section 5: oddsmatcher PA-CAP-006; best odds guaranteed catcher PA-CAP-051 from diamond.
    const platinum = capabilitiesAt('primary', ledger, d('2026-02-01T00:00:00Z')).capabilities;
    expect(platinum).toContain('PA-CAP-29');
    expect(platinum).toContain('PA-CAP-006');
    expect(platinum).not.toContain('PA-CAP-051');
    const upgraded: LedgerEvent[] = [
      ...ledger,
      { type: 'payment', id: 'up_1', plan: 'diamond', periodStart: d('2026-02-10T00:00:00Z'), periodEnd: d('2026-02-28T09:00:00Z') },
    ];
    const both = capabilitiesAt('primary', upgraded, d('2026-02-11T00:00:00Z'));
    expect(both.plans).toEqual(['platinum', 'diamond']);
    expect(both.capabilities).toContain('PA-CAP-051');
    expect(both.capabilities).toContain('PA-CAP-31');
    expect([...both.capabilities].sort()).toEqual(both.capabilities);
  });

  it('a refund takes the payment’s grant away from the refund instant, not before', () => {
    const refunded: LedgerEvent[] = [...ledger, { type: 'refund', paymentId: 'pay_1', at: d('2026-02-03T10:00:00Z') }];
    expect(capabilitiesAt('primary', refunded, d('2026-02-03T09:59:59.999Z')).plans).toEqual(['platinum']);
    expect(capabilitiesAt('primary', refunded, d('2026-02-03T10:00:00Z')).plans).toEqual([]);
  });

  it('reads a subscription’s own events: a cancelled trial ends with the trial, with nothing charged', () => {
    const sub: SubscriptionInput = {
      id: 'sub_1',
      plan: 'starter',
      term: 'month',
      startedAt: d('2026-01-24T09:00:00Z'),
      trial: true,
      changes: [{ type: 'cancel', at: d('2026-01-26T00:00:00Z') }],
    };
    const events = subscriptionEvents('secondary', sub, d('2026-12-31T00:00:00Z'));
    expect(capabilitiesAt('secondary', events, d('2026-01-30T00:00:00Z')).capabilities).toContain('MK-CAP-STARTER');
    expect(capabilitiesAt('secondary', events, d('2026-01-31T09:00:00Z')).plans).toEqual([]);
  });

  it('lists every bad entry', () => {
    const bad = [
      { type: 'payment', id: 'p', plan: 'gold', periodStart: 10, periodEnd: 5 },
      { type: 'payment', id: 'p', plan: 'platinum', periodStart: 'x', periodEnd: 5 },
      { type: 'trial', id: 't', plan: 'platinum', periodStart: 0, periodEnd: 5 },
      { type: 'refund', paymentId: 't', at: 3 },
      { type: 'gift' },
      7,
    ] as unknown as LedgerEvent[];
    expect(validationPaths(() => capabilitiesAt('primary', bad, NaN))).toEqual([
      'now',
      'ledger.0.plan',
      'ledger.0.periodEnd',
      'ledger.1.id',
      'ledger.1.periodStart',
      'ledger.3.paymentId',
      'ledger.4.type',
      'ledger.5',
    ]);
  });

  it('refuses a base payment that names no payment, a trial with a base, and a chain of bases that loops', () => {
    const pay = (id: string, base: string | null) =>
      ({ type: 'payment', id, plan: 'platinum', periodStart: 0, periodEnd: 5, basePaymentId: base }) as const;
    const trial = { type: 'trial', id: 't', plan: 'platinum', periodStart: 0, periodEnd: 5, basePaymentId: 'a' } as const;
    expect(validationPaths(() => capabilitiesAt('primary', [pay('a', 'zz'), trial], 1))).toEqual([
      'ledger.0.basePaymentId',
      'ledger.1.basePaymentId',
    ]);
    expect(validationPaths(() => capabilitiesAt('primary', [pay('a', 'b'), pay('b', 'a'), pay('c', 'a')], 1))).toEqual([
      'ledger.0.basePaymentId',
      'ledger.1.basePaymentId',
    ]);
    expect(() => capabilitiesAt('primary', [pay('a', 'a')], 1)).toThrow(/must not name the payment itself/);
  });
});

describe('refunds are dated from their payment, once each', () => {
  const sub: SubscriptionInput = { id: 's', plan: 'platinum', term: 'month', startedAt: d('2026-02-01T00:00:00Z') };
  const now = d('2026-02-24T00:00:00Z');
  const events = subscriptionEvents('primary', sub, now);

  it('refuses a refund before the charge instant, even when it is before the period starts', () => {
    // Term 2 is charged 22 February for a period from 1 March: a refund on 23 February is fine.
    expect(
      capabilitiesAt('primary', [...events, { type: 'refund', paymentId: 's:term-2', at: d('2026-02-23T00:00:00Z') }], now).plans,
    ).toEqual(['platinum']);
    expect(() =>
      capabilitiesAt('primary', [...events, { type: 'refund', paymentId: 's:term-2', at: d('2026-02-21T00:00:00Z') }], now),
    ).toThrow(/ledger\.2\.at: must not be before the payment it refunds \("s:term-2", paid on 22 February 2026 at 00:00, London time\)/);
  });

  it('takes periodStart as the instant paid when a payment has no at', () => {
    const pay = { type: 'payment', id: 'p', plan: 'platinum', periodStart: 1000, periodEnd: 5000 } as const;
    expect(validationPaths(() => capabilitiesAt('primary', [pay, { type: 'refund', paymentId: 'p', at: 999 }], 2000))).toEqual([
      'ledger.1.at',
    ]);
    expect(capabilitiesAt('primary', [pay, { type: 'refund', paymentId: 'p', at: 1000 }], 2000).plans).toEqual([]);
  });

  it('refuses a second refund of one payment', () => {
    const r = { type: 'refund', paymentId: 's:term-1', at: now } as const;
    expect(validationPaths(() => capabilitiesAt('primary', [...events, r, r], now))).toEqual(['ledger.3.paymentId']);
  });
});
