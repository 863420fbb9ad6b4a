import { buildSchema, type GraphQLObjectType } from 'graphql';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { validationError } from '../internal/testing/validation';
import { type GqlAffiliateEarnings } from '../transport';
import { platformSchemaSDL } from '../transport/test-servers';
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
      commissionRate: 0.4,
      grossRevenue: 0,
      refunded: 0,
      revenue: 0,
      earned: 0,
      reversed: 0,
      total: 0,
      paid: 0,
      pending: 0,
      months: [],
      entries: [],
    });
  });

  it('folds payments, a payout and a refund that takes back commission already paid out', () => {
    const ledger = affiliateLedger('primary', story);
    // p1 earns floor(1599.6) = 1599; p2 earns floor(3199.2) − 1599 = 1600; the refund of p2 takes back its 1600.
    expect(ledger).toMatchObject({
      commissionRate: 0.4,
      grossRevenue: 7998,
      refunded: 3999,
      revenue: 3999,
      earned: 3199,
      reversed: 1600,
      total: 1599,
      paid: 3000,
      pending: -1401,
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
      { path: 'events.0.amount', message: 'must not exceed the balance at that instant (0 pence)' },
    ]);
  });

  it('puts events in UK months: 23:30 UTC on 31 March 2026 is already April (BST), on 31 January it is not (GMT)', () => {
    const ledger = affiliateLedger('primary', [
      { type: 'payment', id: 'jan', at: at('2026-01-31T23:30:00Z'), amount: 1000 },
      { type: 'payment', id: 'apr', at: at('2026-03-31T23:30:00Z'), amount: 1000 },
      { type: 'payment', id: 'mar', at: at('2026-03-31T22:59:59.999Z'), amount: 1000 },
    ]);
    expect(ledger.entries.map((e) => [e.id, e.month])).toEqual([
      ['jan', '2026-01'],
      ['mar', '2026-03'],
      ['apr', '2026-04'],
    ]);
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

  it('partial refunds take back the steps down in floor(40% of net revenue), and all of it once the payment is refunded in full', () => {
    const t = Date.UTC(2026, 4, 1);
    const events: AffiliateEvent[] = [
      { type: 'payment', id: 'p', at: t, amount: 3999 },
      { type: 'refund', id: 'r1', at: t + 1, paymentId: 'p', amount: 1333 },
      { type: 'refund', id: 'r2', at: t + 2, paymentId: 'p', amount: 1333 },
    ];
    // p earns floor(1599.6) = 1599; net 3999 → 2666 → 1333: the thirds take back 1599 − floor(1066.4) = 533
    // and 1066 − floor(533.2) = 533 ...
    expect(affiliateLedger('primary', events).entries.map((e) => e.commission)).toEqual([1599, -533, -533]);
    // ... and the last, 1333 → 0, takes the rest, 533: 1599 in all.
    const full = affiliateLedger('primary', [...events, { type: 'refund', id: 'r3', at: t + 3, paymentId: 'p', amount: 1333 }]);
    expect(full.entries.map((e) => e.commission)).toEqual([1599, -533, -533, -533]);
    expect(full).toMatchObject({ total: 0, pending: 0, revenue: 0 });
  });

  it('a full refund takes back what its payment earned where the total allows it', () => {
    // p1 earns 1599 and p2 1600 (the carried 0.6 + 0.6); refunding p2 leaves floor(0.4 × 3999) = 1599: 1600 back.
    const t = Date.UTC(2026, 4, 1);
    const events: AffiliateEvent[] = [
      { type: 'payment', id: 'p1', at: t, amount: 3999 },
      { type: 'payment', id: 'p2', at: t + 1, amount: 3999 },
      { type: 'refund', id: 'r', at: t + 2, paymentId: 'p2', amount: 3999 },
    ];
    expect(affiliateLedger('primary', events).entries.map((e) => [e.commission, e.revenue])).toEqual([
      [1599, 3999],
      [1600, 7998],
      [-1600, 3999],
    ]);
    // The next payment carries on from the net revenue: floor(0.4 × 7998) − 1599 = 1600, as p2 did.
    const next = affiliateLedger('primary', [...events, { type: 'payment', id: 'p3', at: t + 3, amount: 3999 }]);
    expect(next.entries.at(-1)?.commission).toBe(1600);
    expect(next.total).toBe(3199);
  });

  it('keeps 40% of net revenue, not more, when the payments refunded earned the rounded-down share (the review case)', () => {
    // Ten £39.99 payments earn 1599, 1600, 1599, 1600, 1600, 1599, 1600, 1599, 1600, 1600 (15996 in all).
    const t = Date.UTC(2026, 4, 1);
    const pays: AffiliateEvent[] = Array.from({ length: 10 }, (_, i) => ({ type: 'payment', id: `p${i}`, at: t + i, amount: 3999 }));
    const earned = affiliateLedger('primary', pays).entries.map((e) => e.commission);
    expect(earned).toEqual([1599, 1600, 1599, 1600, 1600, 1599, 1600, 1599, 1600, 1600]);
    // Refunding the four that earned 1599 leaves 6 × 3999 = 23994p: floor(9597.6) = 9597 kept, not 15996 − 4 × 1599 = 9600.
    const refunds: AffiliateEvent[] = [0, 2, 5, 7].map((i, k) => ({
      type: 'refund',
      id: `r${i}`,
      at: t + 100 + k,
      paymentId: `p${i}`,
      amount: 3999,
    }));
    const ledger = affiliateLedger('primary', [...pays, ...refunds]);
    expect(ledger).toMatchObject({ revenue: 23_994, total: 9597 });
    // Each refund takes back its payment's 1599 or a penny more: net 39990 → 35991 → 31992 → 27993 → 23994,
    // floors 15996, 14396, 12796, 11197, 9597.
    expect(ledger.entries.slice(10).map((e) => -e.commission)).toEqual([1600, 1600, 1599, 1600]);
  });

  it('keeps 40% of net revenue on 1p payments whose commission was 0 when they are refunded', () => {
    // 100 payments of 1p earn 0, 0, 1, 0, 1, ... (40p); refunding the 60 that earned 0 leaves 40p, of which 16p is kept.
    const t = Date.UTC(2026, 4, 1);
    const pays: AffiliateEvent[] = Array.from({ length: 100 }, (_, i) => ({ type: 'payment', id: `p${i}`, at: t + i, amount: 1 }));
    const zero = affiliateLedger('primary', pays)
      .entries.filter((e) => e.commission === 0)
      .map((e) => e.id);
    expect(zero).toHaveLength(60);
    const refunds: AffiliateEvent[] = zero.map((id, k) => ({ type: 'refund', id: `r-${id}`, at: t + 1000 + k, paymentId: id, amount: 1 }));
    const ledger = affiliateLedger('primary', [...pays, ...refunds]);
    expect(ledger).toMatchObject({ revenue: 40, earned: 40, reversed: 24, total: 16 });
    for (const e of ledger.entries.slice(100)) expect(e.commission === 0 || e.commission === -1).toBe(true);
  });

  it('is frozen, with its months and entries', () => {
    const ledger = affiliateLedger('primary', story);
    expect(Object.isFrozen(ledger)).toBe(true);
    expect(Object.isFrozen(ledger.months)).toBe(true);
    expect(Object.isFrozen(ledger.entries)).toBe(true);
    for (const m of ledger.months) expect(Object.isFrozen(m)).toBe(true);
    for (const e of ledger.entries) expect(Object.isFrozen(e)).toBe(true);
    expect(() => {
      (ledger as { pending: number }).pending = 0;
    }).toThrow(TypeError);
    expect(() => (ledger.entries as unknown as unknown[]).push({})).toThrow(TypeError);
    expect(Object.isFrozen(affiliateLedger('primary', []))).toBe(true);
  });

  it('accepts instants from 1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z and refuses others by field', () => {
    const last = Date.parse('9999-12-31T23:59:59.999Z');
    expect(
      affiliateLedger('primary', [
        { type: 'payment', id: 'a', at: 0, amount: 100 },
        { type: 'payment', id: 'b', at: new Date(last), amount: 100 },
      ]).months.map((m) => m.month),
    ).toEqual(['1970-01', '9999-12']);
    const range = 'must be from 1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z';
    const notFinite = 'must be a valid Date or a finite number of epoch milliseconds';
    expect(
      validationError(() =>
        affiliateLedger('primary', [
          { type: 'payment', id: 'a', at: 1e16, amount: 100 },
          { type: 'payment', id: 'b', at: -1, amount: 100 },
          { type: 'payment', id: 'c', at: last + 1, amount: 100 },
          { type: 'payout', id: 'd', at: new Date(8.64e15), amount: 1 },
          { type: 'payment', id: 'e', at: Number.POSITIVE_INFINITY, amount: 100 },
        ]),
      ).issues,
    ).toEqual([
      ...['events.0.at', 'events.1.at', 'events.2.at', 'events.3.at'].map((path) => ({ path, message: range })),
      { path: 'events.4.at', message: notFinite },
    ]);
  });

  it('accepts ids of up to 100 characters and refuses longer ones by field', () => {
    const id = 'x'.repeat(100);
    expect(affiliateLedger('primary', [{ type: 'payment', id, at: 0, amount: 100 }]).entries[0]?.id).toBe(id);
    expect(
      validationError(() =>
        affiliateLedger('primary', [
          { type: 'payment', id: `${id}y`, at: 0, amount: 100 },
          { type: 'refund', id: 'r', at: 1, paymentId: 'p'.repeat(101), amount: 1 },
        ]),
      ).issues,
    ).toEqual([
      { path: 'events.0.id', message: 'must be at most 100 characters (received 101)' },
      { path: 'events.1.paymentId', message: 'must be at most 100 characters (received 101)' },
    ]);
  });

  it('produces what the GraphQL AffiliateEarnings type needs', () => {
    const ledger = affiliateLedger('secondary', story);
    expectTypeOf(ledger).toExtend<GqlAffiliateEarnings>();
    const earnings: GqlAffiliateEarnings = ledger;
    expect(earnings.months.map((m) => [m.month, m.revenue, m.commission])).toEqual([
      ['2026-01', 3999, 1599],
      ['2026-02', 0, 0],
    ]);
  });

  it('has every field of the GraphQL AffiliateEarnings and AffiliateMonth types, and the SDL says which may be negative', () => {
    const schema = buildSchema(platformSchemaSDL);
    const fields = (name: string) => (schema.getType(name) as GraphQLObjectType).getFields();
    const ledger = affiliateLedger('primary', story);
    const month = ledger.months[1] as object;
    expect(Object.keys(ledger)).toEqual(expect.arrayContaining(Object.keys(fields('AffiliateEarnings'))));
    expect(Object.keys(month)).toEqual(expect.arrayContaining(Object.keys(fields('AffiliateMonth'))));
    // The story's balance is -1401 and its February commission 0 after a refund: the SDL must allow
    // a negative value on exactly the fields it calls signed.
    const signed = (name: string) =>
      Object.values(fields(name))
        .filter((f) => f.description?.includes('Signed'))
        .map((f) => f.name)
        .sort();
    expect(signed('AffiliateEarnings')).toEqual(['pending']);
    expect(signed('AffiliateMonth')).toEqual(['commission', 'pending', 'revenue']);
    const refundMonth = affiliateLedger('primary', [
      { type: 'payment', id: 'p', at: Date.UTC(2026, 0, 10), amount: 4999 },
      { type: 'refund', id: 'r', at: Date.UTC(2026, 1, 2), paymentId: 'p', amount: 4999 },
    ]).months[1];
    expect(refundMonth).toMatchObject({ revenue: -4999, commission: -1999 });
    expect(ledger.pending).toBeLessThan(0);
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
      { path: 'events.1.type', message: "must be one of 'payment', 'refund', 'payout'" },
      { path: 'events.1.id', message: 'must be a non-empty string' },
      { path: 'events.1.at', message: 'must be a valid Date or a finite number of epoch milliseconds' },
      { path: 'events.1.amount', message: 'must be a whole number of pence, at least 1 (received 10.5)' },
      { path: 'events.2.id', message: 'duplicates the id of event 0' },
      { path: 'events.2.at', message: 'must be a valid Date or a finite number of epoch milliseconds' },
      { path: 'events.2.amount', message: 'must be a whole number of pence, at least 1 (received 0)' },
      { path: 'events.2.paymentId', message: 'must be a non-empty string' },
      { path: 'events.3', message: 'expected an event object' },
    ]);
    expect(validationError(() => affiliateLedger('primary', 'events' as never)).issues).toEqual([
      { path: 'events', message: 'expected an array of events' },
    ]);
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
      { path: 'events.1.amount', message: 'takes the revenue beyond Number.MAX_SAFE_INTEGER pence' },
      { path: 'events.2.paymentId', message: 'refunds payment "more", which was refused' },
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
      { path: 'events.0.at', message: 'must not be before the payment it refunds (event 1)' },
      { path: 'events.3.amount', message: 'must not exceed the 400 pence of payment "p" not refunded yet' },
      { path: 'events.4.paymentId', message: '"nope" is not the id of a payment in the ledger' },
      { path: 'events.5.paymentId', message: '"r1" is not the id of a payment in the ledger' },
      // p earned 400; r1 took back floor(0.4 × 1000) − floor(0.4 × 400) = 240: 160 left.
      { path: 'events.6.amount', message: 'must not exceed the balance at that instant (160 pence)' },
    ]);
  });
});

describe('affiliateLedger: fields an event does not have', () => {
  it('refuses a misspelled amount and a paymentId on a payment, by path under `events`', () => {
    const events = [
      { type: 'payment', id: 'p1', at: 0, amount: 3999, paymentId: 'x' },
      { type: 'refund', id: 'r1', at: 1, paymentId: 'p1', amount: 100, amout: 100 },
    ];
    expect(validationError(() => affiliateLedger('primary', events as never)).issues).toEqual([
      { path: 'events.0.paymentId', message: 'is not a field of a payment event' },
      { path: 'events.1.amout', message: 'is not a field of a refund event; did you mean amount?' },
    ]);
  });
});
