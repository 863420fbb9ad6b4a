import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defineBrand, getBrand } from '../brands';
import { affiliateCommission, commissionReversal } from './index';

/** Payments as members make them: mostly plan prices, sometimes any amount up to £10,000. */
const payment = fc.oneof(
  fc.constantFrom(100, 3999, 4999, 15_000, 16_500, 35_000, 45_000, 99_500, 149_900, 24_700, 29_700),
  fc.integer({ min: 0, max: 1_000_000 }),
);
const payments = fc.array(payment, { maxLength: 60 });

/** The commission of each payment in turn, each given the revenue before it. */
function commissions(brand: Parameters<typeof affiliateCommission>[0], amounts: readonly number[]): number[] {
  let before = 0;
  return amounts.map((amount) => {
    const c = affiliateCommission(brand, amount, { revenueBefore: before });
    before += amount;
    return c;
  });
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe('affiliate commission laws', () => {
  it('the commissions of any sequence of payments sum to floor(2 × total / 5), on every prefix', () => {
    fc.assert(
      fc.property(payments, (amounts) => {
        const cs = commissions('primary', amounts);
        for (let k = 0; k <= amounts.length; k += 1) {
          const total = sum(amounts.slice(0, k));
          // 40% = 2/5: floor by integer division (exact for these totals).
          expect(sum(cs.slice(0, k))).toBe((2 * total - ((2 * total) % 5)) / 5);
        }
      }),
    );
  });

  it('each commission is within a penny of 40% of its payment, and never negative', () => {
    fc.assert(
      fc.property(payments, (amounts) => {
        commissions('secondary', amounts).forEach((c, i) => {
          const exact = (amounts[i] as number) * 0.4;
          expect(c).toBeGreaterThanOrEqual(0);
          expect(Math.abs(c - exact)).toBeLessThan(1);
        });
      }),
    );
  });

  it('splitting a payment in two does not change what the pair earns', () => {
    fc.assert(
      fc.property(payment, payment, fc.integer({ min: 0, max: 1e12 }), (a, b, before) => {
        const whole = affiliateCommission('primary', a + b, { revenueBefore: before });
        const parts = affiliateCommission('primary', a, { revenueBefore: before }) + affiliateCommission('primary', b, { revenueBefore: before + a });
        expect(parts).toBe(whole);
      }),
    );
  });

  it('with any rate of whole basis points, the sum is the floor of rate × total, to the penny', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), payments, (bp, amounts) => {
        const base = getBrand('primary');
        const brand = defineBrand({ ...base, affiliate: { ...base.affiliate, commissionRate: bp / 10_000 } });
        const total = BigInt(sum(amounts));
        expect(BigInt(sum(commissions(brand, amounts)))).toBe((total * BigInt(bp)) / 10_000n);
      }),
      { numRuns: 50 },
    );
  });
});

describe('commission reversal laws', () => {
  /** A payment, a commission within a penny of 40% of it, and its amount cut into refunds. */
  const refunded = fc
    .integer({ min: 1, max: 10_000_000 })
    .chain((amount) =>
      fc.tuple(
        fc.constant(amount),
        fc.constantFrom(Math.floor(amount * 0.4), Math.min(amount, Math.ceil(amount * 0.4))),
        amount === 1 ? fc.constant([]) : fc.uniqueArray(fc.integer({ min: 1, max: amount - 1 }), { maxLength: Math.min(8, amount - 1) }),
      ),
    );

  it("refunds of a payment, however split, take back exactly the payment's commission", () => {
    fc.assert(
      fc.property(refunded, ([amount, commission, cuts]) => {
        const edges = [0, ...[...cuts].sort((x, y) => x - y), amount];
        let back = 0;
        for (let i = 1; i < edges.length; i += 1) {
          const before = edges[i - 1] as number;
          back += commissionReversal({ paymentAmount: amount, paymentCommission: commission, refund: (edges[i] as number) - before, refundedBefore: before });
          // Never more than the refunded share, and less by under a penny.
          const share = (commission * (edges[i] as number)) / amount;
          expect(back).toBeLessThanOrEqual(share + 1e-9);
          expect(back).toBeGreaterThan(share - 1);
        }
        expect(back).toBe(commission);
      }),
    );
  });
});
