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
  share: fc.oneof(fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true })),
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
/** floor(2n / 5) by integer arithmetic: 40%, rounded down, derived apart from the sdk's BigInt rule. */
const floor2of5 = (n: number) => (2 * n - ((2 * n) % 5)) / 5;
const amounts = (events: readonly AffiliateEvent[], type: AffiliateEvent['type']) =>
  sum(events.filter((e) => e.type === type).map((e) => e.amount));

describe('affiliate ledger laws', () => {
  it('the total is floor(40% of net revenue) after any sequence of payments and refunds, and the totals are the sums of the events', () => {
    fc.assert(
      fc.property(intents, (xs) => {
        const { events } = ledgerFrom(xs);
        const ledger = affiliateLedger('primary', events);
        // The events are generated in order of instant, so the ledger applies them in the order given.
        let net = 0;
        let kept = 0;
        ledger.entries.forEach((entry, i) => {
          const event = events[i] as AffiliateEvent;
          expect(entry.id).toBe(event.id);
          net += event.type === 'payment' ? event.amount : event.type === 'refund' ? -event.amount : 0;
          kept += entry.commission;
          expect(entry.revenue).toBe(net);
          expect(kept).toBe(floor2of5(net));
        });
        const gross = amounts(events, 'payment');
        expect(ledger.grossRevenue).toBe(gross);
        expect(ledger.refunded).toBe(amounts(events, 'refund'));
        expect(ledger.paid).toBe(amounts(events, 'payout'));
        expect(ledger.revenue).toBe(gross - ledger.refunded);
        expect(ledger.total).toBe(floor2of5(ledger.revenue));
        expect(ledger.total).toBe(ledger.earned - ledger.reversed);
        expect(ledger.pending).toBe(ledger.total - ledger.paid);
      }),
    );
  });

  it('a refund reverses within a penny of what its payment earned (in full) and of 40% of what it refunds', () => {
    fc.assert(
      fc.property(intents, (xs) => {
        const { events } = ledgerFrom(xs);
        const ledger = affiliateLedger('primary', events);
        const earned = new Map<string, { amount: number; commission: number }>();
        ledger.entries.forEach((entry, i) => {
          const event = events[i] as AffiliateEvent;
          if (event.type === 'payment') earned.set(event.id, { amount: event.amount, commission: entry.commission });
          if (event.type !== 'refund') return;
          const back = -entry.commission;
          expect(back).toBeGreaterThanOrEqual(0);
          expect(Math.abs(back - event.amount * 0.4)).toBeLessThan(1);
          const payment = earned.get(event.paymentId);
          if (payment?.amount === event.amount) {
            expect(Math.abs(back - payment.commission)).toBeLessThanOrEqual(1);
          }
        });
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
          const shuffled = events
            .map((e, i) => [key(i), e] as const)
            .sort((a, b) => a[0] - b[0])
            .map(([, e]) => e);
          expect(affiliateLedger('primary', shuffled)).toEqual(affiliateLedger('primary', events));
        },
      ),
    );
  });
});
