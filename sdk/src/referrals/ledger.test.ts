import { describe, expect, expectTypeOf, it } from 'vitest';
import { validationError } from '../internal/testing/validation';
import type { GqlAffiliateEarnings } from '../transport';
import { affiliateLedger, type AffiliateEvent } from './index';

const at = (iso: string) => new Date(iso);

/** The example of the TSDoc and the guide: two months, a payout, then a refund of the second payment. */
const story: AffiliateEvent[] = [
  { type: 'payment', id: 'p1', at: at('2026-01-05T10:00:00Z'), amount: 3999 },
  { type: 'payment', id: 'p2', at: at('2026-02-05T10:00:00Z'), amount: 3999 },
  { type: 'payout', id: 'o1', at: at('2026-02-06T10:00:00Z'), amount: 3000 },
  { type: 'refund', id: 'r1', at: at('2026-02-07T10:00:00Z'), paymentId: 'p2', amount: 3999 },
];

describe('affiliateLedger', () => {
  it('an empty ledger is all zero', () => {
    expect(affiliateLedger('primary', [])).toEqual({
      commissionRate: 0.4, grossRevenue: 0, refunded: 0, revenue: 0, earned: 0, reversed: 0, total: 0, paid: 0, pending: 0, months: [], entries: [],
    });
  });

  it('folds payments, a payout and a refund that takes back commission already paid out', () => {
    const ledger = affiliateLedger('primary', story);
    // p1 earns floor(1599.6) = 1599; p2 earns floor(3199.2) − 1599 = 1600; the refund of p2 takes back its 1600.
    expect(ledger).toMatchObject({
      commissionRate: 0.4, grossRevenue: 7998, refunded: 3999, revenue: 3999, earned: 3199, reversed: 1600, total: 1599, paid: 3000, pending: -1401,
    });
    expect(ledger.entries.map((e) => [e.id, e.month, e.commission, e.balance])).toEqual([
      ['p1', '2026-01', 1599, 1599],
      ['p2', '2026-02', 1600, 3199],
      ['o1', '2026-02', 0, 199],
      ['r1', '2026-02', -1600, -1401],
    ]);
    expect(ledger.months).toEqual([
      { month: '2026-01', revenue: 3999, earned: 1599, reversed: 0, commission: 1599, paid: 0, pending: 1599 },
      { month: '2026-02', revenue: 0, earned: 1600, reversed: 1600, commission: 0, paid: 3000, pending: -1401 },
    ]);
    expect(ledger.entries[0]?.at).toBe(Date.parse('2026-01-05T10:00:00Z'));
  });

  it('applies events by instant whatever the order given, and same-instant events in the order given', () => {
    const shuffled = [story[3], story[1], story[0], story[2]] as AffiliateEvent[];
    expect(affiliateLedger('primary', shuffled)).toEqual(affiliateLedger('primary', story));
    const same = Date.UTC(2026, 0, 5);
    const pay = { type: 'payment', id: 'p', at: same, amount: 1000 } as const;
    const out = { type: 'payout', id: 'o', at: same, amount: 400 } as const;
    expect(affiliateLedger('primary', [pay, out]).pending).toBe(0);
    expect(validationError(() => affiliateLedger('primary', [out, pay])).issues).toEqual([
      { path: '0.amount', message: 'must not exceed the balance at that instant (0 pence)' },
    ]);
  });

  it('puts events in UK months: 23:30 UTC on 31 March 2026 is already April (BST), on 31 January it is not (GMT)', () => {
    const ledger = affiliateLedger('primary', [
      { type: 'payment', id: 'jan', at: at('2026-01-31T23:30:00Z'), amount: 1000 },
      { type: 'payment', id: 'apr', at: at('2026-03-31T23:30:00Z'), amount: 1000 },
      { type: 'payment', id: 'mar', at: at('2026-03-31T22:59:59.999Z'), amount: 1000 },
    ]);
    expect(ledger.entries.map((e) => [e.id, e.month])).toEqual([['jan', '2026-01'], ['mar', '2026-03'], ['apr', '2026-04']]);
    expect(ledger.months.map((m) => m.month)).toEqual(['2026-01', '2026-03', '2026-04']);
  });

  it('counts a refund in the month it is made, which may leave that month negative', () => {
    const ledger = affiliateLedger('primary', [
      { type: 'payment', id: 'p', at: at('2026-01-10T12:00:00Z'), amount: 4999 },
      { type: 'refund', id: 'r', at: at('2026-02-02T12:00:00Z'), paymentId: 'p', amount: 4999 },
    ]);
    expect(ledger.months).toEqual([
      { month: '2026-01', revenue: 4999, earned: 1999, reversed: 0, commission: 1999, paid: 0, pending: 1999 },
      { month: '2026-02', revenue: -4999, earned: 0, reversed: 1999, commission: -1999, paid: 0, pending: 0 },
    ]);
  });

  it('partial refunds take back the refunded share, and all of it once the payment is refunded in full', () => {
    const t = Date.UTC(2026, 4, 1);
    const events: AffiliateEvent[] = [
      { type: 'payment', id: 'p', at: t, amount: 3999 },
      { type: 'refund', id: 'r1', at: t + 1, paymentId: 'p', amount: 1333 },
      { type: 'refund', id: 'r2', at: t + 2, paymentId: 'p', amount: 1333 },
    ];
    // p earns 1599; the thirds take back floor(533.0) = 533 and floor(1066.0) − 533 = 533 ...
    expect(affiliateLedger('primary', events).entries.map((e) => e.commission)).toEqual([1599, -533, -533]);
    // ... and the last third takes the rest, 533: 1599 in all.
    const full = affiliateLedger('primary', [...events, { type: 'refund', id: 'r3', at: t + 3, paymentId: 'p', amount: 1333 }]);
    expect(full.entries.map((e) => e.commission)).toEqual([1599, -533, -533, -533]);
    expect(full).toMatchObject({ total: 0, pending: 0, revenue: 0 });
  });

  it('a refund takes back what its own payment earned, not 40% of the refund', () => {
    // p1 earns 1599 and p2 1600 (the carried 0.6 + 0.6); refunding p2 takes back 1600, not floor(1599.6).
    const t = Date.UTC(2026, 4, 1);
    const ledger = affiliateLedger('primary', [
      { type: 'payment', id: 'p1', at: t, amount: 3999 },
      { type: 'payment', id: 'p2', at: t + 1, amount: 3999 },
      { type: 'refund', id: 'r', at: t + 2, paymentId: 'p2', amount: 3999 },
    ]);
    expect(ledger.entries.map((e) => e.commission)).toEqual([1599, 1600, -1600]);
    // The next payment still carries on from the gross revenue: floor(0.4 × 11997) − 3199 = 1599.
    const next = affiliateLedger('primary', [
      { type: 'payment', id: 'p1', at: t, amount: 3999 },
      { type: 'payment', id: 'p2', at: t + 1, amount: 3999 },
      { type: 'refund', id: 'r', at: t + 2, paymentId: 'p2', amount: 3999 },
      { type: 'payment', id: 'p3', at: t + 3, amount: 3999 },
    ]);
    expect(next.entries.at(-1)?.commission).toBe(1599);
  });

  it('produces what the GraphQL AffiliateEarnings type needs', () => {
    const ledger = affiliateLedger('secondary', story);
    expectTypeOf(ledger).toExtend<GqlAffiliateEarnings>();
    const earnings: GqlAffiliateEarnings = ledger;
    expect(earnings.months.map((m) => [m.month, m.revenue, m.commission])).toEqual([['2026-01', 3999, 1599], ['2026-02', 0, 0]]);
  });

  it('lists every bad field of every event by its path, and folds nothing', () => {
    const error = validationError(() =>
      affiliateLedger('primary', [
        { type: 'payment', id: 'p', at: Date.UTC(2026, 0, 1), amount: 1000 },
        { type: 'gift', id: '', at: new Date('nope'), amount: 10.5 } as unknown as AffiliateEvent,
        { type: 'refund', id: 'p', at: 'yesterday', amount: 0 } as unknown as AffiliateEvent,
        null as unknown as AffiliateEvent,
      ]),
    );
    expect(error.subject).toBe('affiliate ledger events');
    expect(error.issues).toEqual([
      { path: '1.type', message: "must be one of 'payment', 'refund', 'payout'" },
      { path: '1.id', message: 'must be a non-empty string' },
      { path: '1.at', message: 'must be a valid Date or a finite number of epoch milliseconds' },
      { path: '1.amount', message: 'must be a whole number of pence, at least 1 (received 10.5)' },
      { path: '2.id', message: 'duplicates the id of event 0' },
      { path: '2.at', message: 'must be a valid Date or a finite number of epoch milliseconds' },
      { path: '2.amount', message: 'must be a whole number of pence, at least 1 (received 0)' },
      { path: '2.paymentId', message: 'must be a non-empty string' },
      { path: '3', message: 'expected an event object' },
    ]);
    expect(validationError(() => affiliateLedger('primary', 'events' as never)).issues).toEqual([{ path: '', message: 'expected an array of events' }]);
  });

  it('refuses revenue beyond Number.MAX_SAFE_INTEGER pence, and says so of a refund of the refused payment', () => {
    const t = Date.UTC(2026, 0, 1);
    expect(
      validationError(() =>
        affiliateLedger('primary', [
          { type: 'payment', id: 'big', at: t, amount: Number.MAX_SAFE_INTEGER },
          { type: 'payment', id: 'more', at: t + 1, amount: 1 },
          { type: 'refund', id: 'r', at: t + 2, paymentId: 'more', amount: 1 },
        ]),
      ).issues,
    ).toEqual([
      { path: '1.amount', message: 'takes the revenue beyond Number.MAX_SAFE_INTEGER pence' },
      { path: '2.paymentId', message: 'refunds payment "more", which was refused' },
    ]);
  });

  it('refuses refunds of unknown, later or over-refunded payments and payouts above the balance, all at once', () => {
    const t = Date.UTC(2026, 0, 1);
    const error = validationError(() =>
      affiliateLedger('primary', [
        { type: 'refund', id: 'early', at: t, paymentId: 'p', amount: 1 },
        { type: 'payment', id: 'p', at: t + 1, amount: 1000 },
        { type: 'refund', id: 'r1', at: t + 2, paymentId: 'p', amount: 600 },
        { type: 'refund', id: 'r2', at: t + 3, paymentId: 'p', amount: 401 },
        { type: 'refund', id: 'ghost', at: t + 4, paymentId: 'nope', amount: 1 },
        { type: 'refund', id: 'self', at: t + 5, paymentId: 'r1', amount: 1 },
        { type: 'payout', id: 'o', at: t + 6, amount: 161 },
      ]),
    );
    expect(error.issues).toEqual([
      { path: '0.at', message: 'must not be before the payment it refunds (event 1)' },
      { path: '3.amount', message: 'must not exceed the 400 pence of payment "p" not refunded yet' },
      { path: '4.paymentId', message: '"nope" is not the id of a payment in the ledger' },
      { path: '5.paymentId', message: '"r1" is not the id of a payment in the ledger' },
      // p earned 400; r1 took back 240: 160 left.
      { path: '6.amount', message: 'must not exceed the balance at that instant (160 pence)' },
    ]);
  });
});
