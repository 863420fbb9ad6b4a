import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MatchkitValidationError } from '../errors/errors';
import { REFUND_WINDOW_DAYS, commissionStatement, type CommissionEvent } from './index';

const DAY = 86_400_000;
const START = Date.UTC(2026, 0, 1);

interface Intent {
  readonly kind: 'payment' | 'held' | 'review' | 'refund' | 'payout';
  readonly amount: number;
  readonly pick: number;
  readonly share: number;
  readonly approve: boolean;
  readonly gap: number;
}

const intent: fc.Arbitrary<Intent> = fc.record({
  kind: fc.constantFrom('payment', 'payment', 'held', 'review', 'refund', 'payout'),
  amount: fc.oneof(fc.constantFrom(3999, 99_500, 35_000), fc.integer({ min: 0, max: 200_000 })),
  pick: fc.nat(),
  share: fc.oneof(fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true })),
  approve: fc.boolean(),
  gap: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 10 * DAY })),
});

/** A valid history from intents: each refund, review and payout of something that exists, a payout of part or all of what is payable. */
function history(intents: readonly Intent[]): { events: CommissionEvent[]; end: number } {
  const events: CommissionEvent[] = [];
  const left = new Map<string, number>();
  const undecided: string[] = [];
  let t = START;
  intents.forEach((x, i) => {
    // A refund at a payout's instant is applied before it (kinds are ordered): keep refunds later.
    t += x.kind === 'refund' ? Math.max(1, x.gap) : x.gap;
    if (x.kind === 'payment' || x.kind === 'held') {
      events.push({ type: 'payment', id: `p${i}`, at: t, amount: x.amount, ...(x.kind === 'held' ? { held: true } : {}) });
      left.set(`p${i}`, x.amount);
      if (x.kind === 'held') undecided.push(`p${i}`);
    } else if (x.kind === 'review') {
      const [paymentId] = undecided.splice(x.pick % Math.max(undecided.length, 1), 1);
      if (paymentId !== undefined)
        events.push({ type: 'review', id: `v${i}`, at: t, paymentId, decision: x.approve ? 'approve' : 'reject' });
    } else if (x.kind === 'refund') {
      const open = [...left].filter(([, rest]) => rest > 0);
      if (open.length === 0) return;
      const [paymentId, rest] = open[x.pick % open.length] as [string, number];
      const amount = 1 + Math.floor(x.share * (rest - 1));
      events.push({ type: 'refund', id: `r${i}`, at: t, paymentId, amount });
      left.set(paymentId, rest - amount);
    } else {
      const payable = commissionStatement('primary', events, { at: t }).payable;
      if (payable < 1) return;
      events.push({ type: 'payout', id: `o${i}`, at: t, amount: 1 + Math.floor(x.share * (payable - 1)) });
    }
  });
  return { events, end: t };
}

const histories = fc.array(intent, { maxLength: 25 }).map(history);
/** floor(2n / 5) by integer arithmetic, apart from the sdk's BigInt rule. */
const floor2of5 = (n: number) => (2 * n - ((2 * n) % 5)) / 5;

describe('commission statement laws', () => {
  it('at every instant: pending + held + payable + paid = total = floor(40% of the net revenue not rejected), none negative but a debt', () => {
    fc.assert(
      fc.property(histories, fc.integer({ min: -DAY, max: 40 * DAY }), ({ events, end }, offset) => {
        const at = end + offset;
        const s = commissionStatement('primary', events, { at });
        expect(s.pending + s.held + s.payable + s.paid).toBe(s.total);
        const rejected = new Set(
          events
            .filter((e) => e.type === 'review' && e.decision === 'reject' && +e.at <= at)
            .map((e) => (e.type === 'review' ? e.paymentId : '')),
        );
        let net = 0;
        for (const e of events) {
          if (+e.at > at) continue;
          if (e.type === 'payment' && !rejected.has(e.id)) net += e.amount;
          if (e.type === 'refund' && !rejected.has(e.paymentId)) net -= e.amount;
        }
        expect(s.total).toBe(floor2of5(net));
        expect(s.entries.reduce((sum, e) => sum + e.commission, 0)).toBe(s.total);
        for (const e of s.entries) {
          expect(e.commission).toBeGreaterThanOrEqual(0);
          if (e.state === 'rejected' || e.state === 'reversed') expect(e.commission).toBe(0);
          if (e.state === 'pending') expect(at).toBeLessThan(e.at + REFUND_WINDOW_DAYS * DAY);
        }
        expect(Math.min(s.pending, s.held, s.paid)).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('payable never goes negative by a payout, and a payout of one penny more than payable is refused naming its amount', () => {
    fc.assert(
      fc.property(histories, ({ events, end }) => {
        let paidOut = 0;
        const at = end + 1;
        const before = commissionStatement('primary', events, { at });
        for (const e of events) if (e.type === 'payout') paidOut += e.amount;
        expect(before.paid).toBe(paidOut);
        const over = before.payable + 1;
        if (over < 1) return;
        const refused = (): unknown =>
          commissionStatement('primary', [...events, { type: 'payout', id: 'extra', at, amount: over }], { at });
        expect(refused).toThrow(MatchkitValidationError);
        try {
          refused();
        } catch (error) {
          expect((error as MatchkitValidationError).issues.map((i) => i.path)).toEqual([`events.${events.length}.amount`]);
        }
        if (over === 1) return;
        const exact = commissionStatement('primary', [...events, { type: 'payout', id: 'extra', at, amount: over - 1 }], { at });
        expect(exact.payable).toBe(0);
      }),
    );
  });

  it('the order the events are given in does not change the statement', () => {
    fc.assert(
      fc.property(histories, fc.func(fc.double({ noNaN: true })), fc.integer({ min: 0, max: 40 * DAY }), ({ events, end }, key, offset) => {
        const shuffled = events
          .map((e, i) => [key(i), e] as const)
          .sort((a, b) => a[0] - b[0])
          .map(([, e]) => e);
        const at = end + offset;
        expect(commissionStatement('primary', shuffled, { at })).toEqual(commissionStatement('primary', events, { at }));
      }),
    );
  });

  it('moving the instant on never moves commission back from payable to pending, and held stays held until reviewed', () => {
    fc.assert(
      fc.property(histories, fc.integer({ min: 0, max: 30 * DAY }), ({ events, end }, step) => {
        const a = commissionStatement('primary', events, { at: end });
        const b = commissionStatement('primary', events, { at: end + step });
        a.entries.forEach((e, i) => {
          const later = b.entries[i];
          if (e.state === 'payable') expect(later?.state).toBe('payable');
          if (e.state === 'held') expect(later?.state).toBe('held');
        });
      }),
    );
  });
});
