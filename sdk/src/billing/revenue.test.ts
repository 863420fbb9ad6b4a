import { describe, expect, it } from 'vitest';
import { validationPaths } from '../internal/testing/validation';
import { classifyRevenueChange, monthlyRevenueAt, revenueChanges, revenueMovements, subscriptionEvents, type LedgerEvent } from './index';

const d = (iso: string): number => Date.parse(iso);

// Prices from the primary catalogue, written out: platinum £39.99 a month, £350 a year; diamond
// £49.99 a month; pro £995 a year.
describe('monthlyRevenueAt', () => {
  const ledger: LedgerEvent[] = [
    { type: 'trial', id: 'trial', plan: 'platinum', periodStart: d('2026-01-24T09:00:00Z'), periodEnd: d('2026-01-31T09:00:00Z') },
    { type: 'payment', id: 'pay_1', plan: 'platinum', periodStart: d('2026-01-31T09:00:00Z'), periodEnd: d('2026-02-28T09:00:00Z') },
  ];

  it('counts nothing for a trial, the monthly price while paid, nothing after the lapse', () => {
    expect(monthlyRevenueAt('primary', ledger, d('2026-01-25T00:00:00Z'))).toBe(0);
    expect(monthlyRevenueAt('primary', ledger, d('2026-01-31T09:00:00Z'))).toBe(3999);
    expect(monthlyRevenueAt('primary', ledger, d('2026-02-28T08:59:59.999Z'))).toBe(3999);
    expect(monthlyRevenueAt('primary', ledger, d('2026-02-28T09:00:00Z'))).toBe(0);
  });

  it('a yearly term counts a twelfth of its price, rounded down: £350 a year is 2916 pence a month', () => {
    const yearly: LedgerEvent[] = [
      { type: 'payment', id: 'y', plan: 'platinum', periodStart: d('2026-01-10T00:00:00Z'), periodEnd: d('2027-01-10T00:00:00Z') },
    ];
    expect(monthlyRevenueAt('primary', yearly, d('2026-06-01T00:00:00Z'))).toBe(2916);
  });

  it('an upgrade counts the higher plan’s recurring price, on the term of the payment it builds on', () => {
    const sub = { id: 's', plan: 'platinum', term: 'year', startedAt: d('2026-01-10T00:00:00Z') } as const;
    const events = subscriptionEvents(
      'primary',
      { ...sub, changes: [{ type: 'upgrade', slug: 'platinum-upgrade', at: d('2026-12-20T00:00:00Z') }] },
      d('2026-12-21T00:00:00Z'),
    );
    // The upgrade's own period is three weeks; the term is the year's: diamond at £450 a year is 3750 pence a month.
    expect(monthlyRevenueAt('primary', events, d('2026-12-21T00:00:00Z'))).toBe(3750);
    expect(monthlyRevenueAt('primary', events, d('2026-12-19T00:00:00Z'))).toBe(2916);
  });

  it('a refund of the base payment takes the upgrade’s revenue away too', () => {
    const up: LedgerEvent[] = [
      ...ledger,
      {
        type: 'payment',
        id: 'up',
        plan: 'diamond',
        periodStart: d('2026-02-10T00:00:00Z'),
        periodEnd: d('2026-02-28T09:00:00Z'),
        basePaymentId: 'pay_1',
      },
    ];
    expect(monthlyRevenueAt('primary', up, d('2026-02-11T00:00:00Z'))).toBe(4999);
    const refunded: LedgerEvent[] = [...up, { type: 'refund', paymentId: 'pay_1', at: d('2026-02-12T00:00:00Z') }];
    expect(monthlyRevenueAt('primary', refunded, d('2026-02-12T00:00:00Z'))).toBe(0);
    const upRefunded: LedgerEvent[] = [...up, { type: 'refund', paymentId: 'up', at: d('2026-02-12T00:00:00Z') }];
    expect(monthlyRevenueAt('primary', upRefunded, d('2026-02-12T00:00:00Z'))).toBe(3999);
  });

  it('names a bad instant `at`, and bad ledger entries by their path', () => {
    expect(validationPaths(() => monthlyRevenueAt('primary', ledger, NaN))).toEqual(['at']);
    expect(validationPaths(() => monthlyRevenueAt('primary', [{ ...ledger[1], plan: 'gold' } as LedgerEvent], 0))).toEqual([
      'ledger.0.plan',
    ]);
  });
});

describe('revenueChanges', () => {
  it('a trial, a payment, an upgrade, a refund of the upgrade and the lapse', () => {
    const ledger: LedgerEvent[] = [
      { type: 'trial', id: 't', plan: 'platinum', periodStart: d('2026-01-24T09:00:00Z'), periodEnd: d('2026-01-31T09:00:00Z') },
      { type: 'payment', id: 'p', plan: 'platinum', periodStart: d('2026-01-31T09:00:00Z'), periodEnd: d('2026-02-28T09:00:00Z') },
      {
        type: 'payment',
        id: 'u',
        plan: 'diamond',
        periodStart: d('2026-02-10T00:00:00Z'),
        periodEnd: d('2026-02-28T09:00:00Z'),
        basePaymentId: 'p',
      },
      { type: 'refund', paymentId: 'u', at: d('2026-02-15T00:00:00Z') },
    ];
    const changes = revenueChanges('primary', ledger);
    expect(changes).toEqual([
      { at: d('2026-01-31T09:00:00Z'), before: 0, after: 3999 },
      { at: d('2026-02-10T00:00:00Z'), before: 3999, after: 4999 },
      { at: d('2026-02-15T00:00:00Z'), before: 4999, after: 3999 },
      { at: d('2026-02-28T09:00:00Z'), before: 3999, after: 0 },
    ]);
    expect(changes.map(classifyRevenueChange)).toEqual(['new', 'expansion', 'contraction', 'churned']);
  });

  it('a renewal at the same price is no change', () => {
    const sub = { id: 's', plan: 'platinum', term: 'month', startedAt: d('2026-01-10T00:00:00Z') } as const;
    expect(revenueChanges('primary', subscriptionEvents('primary', sub, d('2026-06-01T00:00:00Z')))).toEqual([
      { at: d('2026-01-10T00:00:00Z'), before: 0, after: 3999 },
      // Renewals are charged 7 days before a term ends: by 1 June the term to 10 June is the last
      // charged (10 June 00:00 BST), and the revenue ends with it unless a renewal is added.
      { at: d('2026-06-09T23:00:00Z'), before: 3999, after: 0 },
    ]);
  });

  it('lists bad ledger entries', () => {
    expect(validationPaths(() => revenueChanges('primary', [{ type: 'refund', paymentId: 'x', at: 0 }]))).toEqual(['ledger.0.paymentId']);
  });
});

describe('revenueMovements', () => {
  const changes = [
    { at: 10, before: 0, after: 3999 },
    { at: 20, before: 3999, after: 4999 },
    { at: 30, before: 4999, after: 3999 },
    { at: 40, before: 3999, after: 0 },
  ];

  it('sums the changes of [from, to) by kind', () => {
    expect(revenueMovements(changes, 0, 100)).toEqual({
      mrrStart: 0,
      mrrEnd: 0,
      new: 3999,
      expansion: 1000,
      contraction: 1000,
      churned: 3999,
    });
    expect(revenueMovements(changes, 20, 40)).toEqual({
      mrrStart: 3999,
      mrrEnd: 3999,
      new: 0,
      expansion: 1000,
      contraction: 1000,
      churned: 0,
    });
    expect(revenueMovements(changes, 25, 25)).toEqual({ mrrStart: 4999, mrrEnd: 4999, new: 0, expansion: 0, contraction: 0, churned: 0 });
    expect(revenueMovements([], 0, 10)).toEqual({ mrrStart: 0, mrrEnd: 0, new: 0, expansion: 0, contraction: 0, churned: 0 });
  });

  it('names each bad field', () => {
    expect(validationPaths(() => revenueMovements(changes, 10, 5))).toEqual(['to']);
    expect(
      validationPaths(() =>
        revenueMovements(
          [
            { at: 10, before: 0, after: 5 },
            { at: 10, before: 4, after: -1 },
          ],
          0,
          1,
        ),
      ),
    ).toEqual(['changes.1.after', 'changes.1.at', 'changes.1.before']);
    expect(validationPaths(() => revenueMovements('x' as never, 0, 1))).toEqual(['changes']);
  });
});

describe('classifyRevenueChange', () => {
  it('names each bad field', () => {
    expect(validationPaths(() => classifyRevenueChange({ at: -5, before: 1.5, after: 3 }))).toEqual(['change.at', 'change.before']);
    expect(validationPaths(() => classifyRevenueChange(null as never))).toEqual(['change']);
  });
});
