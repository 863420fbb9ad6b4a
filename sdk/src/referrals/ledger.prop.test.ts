import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { affiliateLedger, type AffiliateEvent, type AffiliateLedger } from './index';

const DAY = 86_400_000;
const START = Date.UTC(2025, 11, 20);

interface Intent {
  readonly kind: 'payment' | 'refund' | 'payout';
  readonly amount: number;
  readonly pick: number;
  readonly share: number;
  readonly gap: number;
}

const intent = fc.record({
  kind: fc.constantFrom('payment', 'payment', 'refund', 'payout') as fc.Arbitrary<Intent['kind']>,
  amount: fc.oneof(fc.constantFrom(3999, 4999, 15_000, 35_000, 149_900), fc.integer({ min: 0, max: 200_000 })),
  pick: fc.nat(),
  share: fc.double({ min: 0, max: 1, noNaN: true }),
  gap: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 25 * DAY })),
});

/**
 * A valid ledger from a list of intents: payments as given; a refund of part or all of what is
 * left of a payment picked among those not fully refunded; a payout of part or all of the
 * balance at that moment. Intents that cannot apply (nothing to refund, no balance) are dropped.
 */
function ledgerFrom(intents: readonly Intent[], minGap = 0): { events: AffiliateEvent[]; payments: Map<string, number> } {
  const events: AffiliateEvent[] = [];
  const left = new Map<string, number>();
  let t = START;
  intents.forEach((x, i) => {
    t += Math.max(minGap, x.gap);
    if (x.kind === 'payment') {
      events.push({ type: 'payment', id: `p${i}`, at: t, amount: x.amount });
      left.set(`p${i}`, x.amount);
    } else if (x.kind === 'refund') {
      const open = [...left].filter(([, rest]) => rest > 0);
      if (open.length === 0) return;
      const [paymentId, rest] = open[x.pick % open.length] as [string, number];
      const amount = 1 + Math.floor(x.share * (rest - 1));
      events.push({ type: 'refund', id: `r${i}`, at: new Date(t), paymentId, amount });
      left.set(paymentId, rest - amount);
    } else {
      const balance = affiliateLedger('primary', events).pending;
      if (balance < 1) return;
      events.push({ type: 'payout', id: `o${i}`, at: t, amount: 1 + Math.floor(x.share * (balance - 1)) });
    }
  });
  return { events, payments: left };
}

const intents = fc.array(intent, { maxLength: 30 });
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
const amounts = (events: readonly AffiliateEvent[], type: AffiliateEvent['type']) =>
  sum(events.filter((e) => e.type === type).map((e) => e.amount));

describe('affiliate ledger laws', () => {
  it('earned is floor(2/5 of all payments) whatever the refunds and payouts, and the totals are the sums of the events', () => {
    fc.assert(
      fc.property(intents, (xs) => {
        const { events } = ledgerFrom(xs);
        const ledger = affiliateLedger('primary', events);
        const gross = amounts(events, 'payment');
        expect(ledger.grossRevenue).toBe(gross);
        expect(ledger.earned).toBe((2 * gross - ((2 * gross) % 5)) / 5);
        expect(ledger.refunded).toBe(amounts(events, 'refund'));
        expect(ledger.paid).toBe(amounts(events, 'payout'));
        expect(ledger.revenue).toBe(gross - ledger.refunded);
        expect(ledger.total).toBe(ledger.earned - ledger.reversed);
        expect(ledger.pending).toBe(ledger.total - ledger.paid);
      }),
    );
  });

  it('the monthly summary sums to the totals, and the last month closes at the balance', () => {
    fc.assert(
      fc.property(intents, (xs) => {
        const ledger = affiliateLedger('primary', ledgerFrom(xs).events);
        const m = ledger.months;
        expect(sum(m.map((x) => x.revenue))).toBe(ledger.revenue);
        expect(sum(m.map((x) => x.earned))).toBe(ledger.earned);
        expect(sum(m.map((x) => x.reversed))).toBe(ledger.reversed);
        expect(sum(m.map((x) => x.commission))).toBe(ledger.total);
        expect(sum(m.map((x) => x.paid))).toBe(ledger.paid);
        expect(sum(m.map((x) => x.commission - x.paid))).toBe(ledger.pending);
        expect(m.at(-1)?.pending ?? 0).toBe(ledger.pending);
        // Months are distinct and in order, and each closes at the last balance of its entries.
        expect(m.map((x) => x.month)).toEqual([...new Set(ledger.entries.map((e) => e.month))].sort());
        for (const month of m) expect(ledger.entries.filter((e) => e.month === month.month).at(-1)?.balance).toBe(month.pending);
      }),
    );
  });

  it('the balance after each entry is the commission so far less the payouts so far', () => {
    fc.assert(
      fc.property(intents, (xs) => {
        let running = 0;
        for (const e of affiliateLedger('primary', ledgerFrom(xs).events).entries) {
          running += e.commission - (e.type === 'payout' ? e.amount : 0);
          expect(e.balance).toBe(running);
          if (e.type === 'payment') expect(e.commission).toBeGreaterThanOrEqual(0);
          if (e.type === 'refund') expect(e.commission).toBeLessThanOrEqual(0);
          if (e.type === 'payout') expect(e.commission).toBe(0);
        }
      }),
    );
  });

  it('refunding every payment in full returns the total to zero and the balance to minus the payouts', () => {
    fc.assert(
      fc.property(intents, (xs) => {
        const { events, payments } = ledgerFrom(xs);
        const last = events.reduce((t, e) => Math.max(t, +e.at), START);
        const refunds: AffiliateEvent[] = [...payments]
          .filter(([, rest]) => rest > 0)
          .map(([paymentId, rest], i) => ({ type: 'refund', id: `final${i}`, at: last + 1 + i, paymentId, amount: rest }));
        const ledger: AffiliateLedger = affiliateLedger('primary', [...events, ...refunds]);
        expect(ledger.total).toBe(0);
        expect(ledger.reversed).toBe(ledger.earned);
        expect(ledger.revenue).toBe(0);
        expect(ledger.pending).toBe(0 - ledger.paid);
      }),
    );
  });

  it('the order the events are given in does not matter when their instants differ', () => {
    fc.assert(
      fc.property(
        intents.map((xs) => ledgerFrom(xs, 1).events),
        fc.func(fc.double({ noNaN: true })),
        (events, key) => {
          const shuffled = events.map((e, i) => [key(i), e] as const).sort((a, b) => a[0] - b[0]).map(([, e]) => e);
          expect(affiliateLedger('primary', shuffled)).toEqual(affiliateLedger('primary', events));
        },
      ),
    );
  });
});
