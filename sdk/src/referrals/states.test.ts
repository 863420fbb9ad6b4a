import { describe, expect, it } from 'vitest';
import { MatchkitValidationError } from '../errors/errors';
import { REFUND_WINDOW_DAYS, commissionStatement, type CommissionEvent } from './index';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 5, 10);
const at = (days: number): number => T0 + days * DAY;
const issuesOf = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    if (error instanceof MatchkitValidationError) return error.issues.map((i) => [i.path, i.message]);
    throw error;
  }
  throw new Error('expected a validation error');
};

describe('commissionStatement', () => {
  it('the refund window is the refund policy’s 14 days', () => {
    expect(REFUND_WINDOW_DAYS).toBe(14);
  });

  it('a payment is pending inside the refund window and payable from the instant it ends', () => {
    const events: CommissionEvent[] = [{ type: 'payment', id: 'p1', at: T0, amount: 3999 }];
    const inside = commissionStatement('primary', events, { at: at(14) - 1 });
    expect([inside.pending, inside.payable, inside.total]).toEqual([1599, 0, 1599]);
    expect(inside.entries[0]).toMatchObject({ state: 'pending', payableFrom: at(14), commission: 1599 });
    const after = commissionStatement('primary', events, { at: at(14) });
    expect([after.pending, after.payable, after.total]).toEqual([0, 1599, 1599]);
    // Before the payment, nothing.
    expect(commissionStatement('primary', events, { at: T0 - 1 })).toMatchObject({ total: 0, entries: [] });
  });

  it('held commission is in neither until reviewed: approved takes its normal state, rejected earns nothing', () => {
    const events: CommissionEvent[] = [
      { type: 'payment', id: 'a', at: T0, amount: 99_500, held: true },
      { type: 'payment', id: 'b', at: T0, amount: 99_500, held: true },
      { type: 'review', id: 'va', at: at(20), paymentId: 'a', decision: 'approve' },
      { type: 'review', id: 'vb', at: at(20), paymentId: 'b', decision: 'reject' },
    ];
    const before = commissionStatement('primary', events, { at: at(19) });
    expect([before.held, before.pending, before.payable, before.total]).toEqual([79_600, 0, 0, 79_600]);
    const decided = commissionStatement('primary', events, { at: at(20) });
    expect([decided.held, decided.pending, decided.payable, decided.total]).toEqual([0, 0, 39_800, 39_800]);
    expect(decided.entries.map((e) => [e.paymentId, e.state, e.commission])).toEqual([
      ['a', 'payable', 39_800],
      ['b', 'rejected', 0],
    ]);
  });

  it('an approval inside the window leaves the commission pending until the window ends', () => {
    const events: CommissionEvent[] = [
      { type: 'payment', id: 'a', at: T0, amount: 3999, held: true },
      { type: 'review', id: 'v', at: at(1), paymentId: 'a', decision: 'approve' },
    ];
    expect(commissionStatement('primary', events, { at: at(2) }).pending).toBe(1599);
  });

  it('a refund inside the window leaves nothing for that payment; a chargeback after a payout leaves a debt', () => {
    const refunded = commissionStatement(
      'primary',
      [
        { type: 'payment', id: 'p1', at: T0, amount: 99_500 },
        { type: 'refund', id: 'r1', at: at(3), paymentId: 'p1', amount: 99_500 },
      ],
      { at: at(30) },
    );
    expect(refunded).toMatchObject({ total: 0, pending: 0, payable: 0 });
    expect(refunded.entries[0]).toMatchObject({ state: 'reversed', commission: 0, refunded: 99_500 });
    const debt = commissionStatement(
      'primary',
      [
        { type: 'payment', id: 'p1', at: T0, amount: 3999 },
        { type: 'payout', id: 'o1', at: at(15), amount: 1599 },
        { type: 'refund', id: 'cb', at: at(16), paymentId: 'p1', amount: 3999 },
      ],
      { at: at(17) },
    );
    expect([debt.payable, debt.paid, debt.total]).toEqual([-1599, 1599, 0]);
  });

  it('a payout above what is payable at its instant is refused naming its amount', () => {
    const events: CommissionEvent[] = [
      { type: 'payment', id: 'p1', at: T0, amount: 3999 },
      { type: 'payment', id: 'p2', at: T0, amount: 3999, held: true },
      { type: 'payout', id: 'o1', at: at(13), amount: 1 },
      { type: 'payout', id: 'o2', at: at(14), amount: 1600 },
    ];
    expect(issuesOf(() => commissionStatement('primary', events, { at: at(30) }))).toEqual([
      ['events.2.amount', 'must not exceed what is payable at that instant (0 pence)'],
      ['events.3.amount', 'must not exceed what is payable at that instant (1599 pence)'],
    ]);
  });

  it('refuses bad input naming each field', () => {
    const bad = [
      { type: 'payment', id: 'p1', at: T0, amount: 39.99, held: 'yes' },
      { type: 'review', id: 'v1', at: T0, paymentId: 'p1', decision: 'maybe' },
      { type: 'review', id: 'v2', at: T0, paymentId: 'nope', decision: 'approve' },
      { type: 'payment', id: 'p3', at: T0, amount: 10 },
      { type: 'review', id: 'v3', at: T0, paymentId: 'p3', decision: 'approve' },
      { type: 'refund', id: 'r3', at: T0 - 1, paymentId: 'p3', amount: 10 },
    ] as unknown as CommissionEvent[];
    expect(issuesOf(() => commissionStatement('primary', bad, { at: T0 }))).toEqual([
      ['events.0.amount', 'must be a whole number of pence, at least 0 (received 39.99)'],
      ['events.0.held', 'must be true or false when given'],
      ['events.1.decision', "must be 'approve' or 'reject'"],
    ]);
    expect(issuesOf(() => commissionStatement('primary', bad.slice(2), { at: T0 }))).toEqual([
      ['events.0.paymentId', '"nope" is not the id of a payment made by the event\'s instant'],
      ['events.2.paymentId', 'payment "p3" is not held for review'],
      ['events.3.paymentId', '"p3" is not the id of a payment made by the event\'s instant'],
    ]);
    expect(issuesOf(() => commissionStatement('primary', [], { at: Number.NaN }))).toEqual([
      ['options.at', 'must be a valid Date or a finite number of epoch milliseconds'],
    ]);
  });
});
