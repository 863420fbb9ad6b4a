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
        const parts =
          affiliateCommission('primary', a, { revenueBefore: before }) + affiliateCommission('primary', b, { revenueBefore: before + a });
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
  const floor2of5 = (n: number) => (2 * n - ((2 * n) % 5)) / 5;

  it('a refund takes back within a penny of 40% of what it refunds, and never less than 0', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 1e9 }), (refund, rest) => {
        const back = commissionReversal('primary', refund, { revenueBefore: refund + rest });
        expect(back).toBeGreaterThanOrEqual(0);
        expect(Math.abs(back - refund * 0.4)).toBeLessThan(1);
      }),
    );
  });

  it('a refund straight after its payment takes back exactly what the payment earned', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 1e12 }), (amount, before) => {
        const earned = affiliateCommission('primary', amount, { revenueBefore: before });
        expect(commissionReversal('primary', amount, { revenueBefore: before + amount })).toBe(earned);
      }),
    );
  });

  it('payments and refunds in any mix keep the total at floor(40% of net revenue), on every prefix', () => {
    // Each step is a payment (positive) or a refund (negative, of at most the net revenue so far).
    const steps = fc.array(fc.tuple(fc.boolean(), payment, fc.double({ min: 0, max: 1, noNaN: true })), { maxLength: 60 });
    fc.assert(
      fc.property(steps, (xs) => {
        let net = 0;
        let total = 0;
        for (const [isRefund, amount, share] of xs) {
          if (isRefund) {
            if (net === 0) continue;
            const refund = 1 + Math.floor(share * (net - 1));
            total -= commissionReversal('secondary', refund, { revenueBefore: net });
            net -= refund;
          } else {
            total += affiliateCommission('secondary', amount, { revenueBefore: net });
            net += amount;
          }
          expect(total).toBe(floor2of5(net));
        }
      }),
    );
  });
});
