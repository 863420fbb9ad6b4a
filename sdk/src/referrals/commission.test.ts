import { describe, expect, it } from 'vitest';
import { defineBrand, getBrand } from '../brands';
import { validationError, validationPaths } from '../internal/testing/validation';
import { affiliateCommission, commissionReversal } from './index';

/** A copy of the primary brand with another commission rate. */
const withRate = (commissionRate: number) =>
  defineBrand({ ...getBrand('primary'), affiliate: { ...getBrand('primary').affiliate, commissionRate } });

/** The commission of each payment in turn, each given the revenue before it. */
function run(brand: Parameters<typeof affiliateCommission>[0], amounts: number[]): number[] {
  let before = 0;
  return amounts.map((amount) => {
    const c = affiliateCommission(brand, amount, { revenueBefore: before });
    before += amount;
    return c;
  });
}

describe('affiliateCommission', () => {
  it('is 40% of a payment, rounded down, on both brands', () => {
    expect(affiliateCommission('primary', 3999)).toBe(1599); // 1599.6
    expect(affiliateCommission('secondary', 3999)).toBe(1599);
    expect(affiliateCommission('primary', 5000)).toBe(2000);
    expect(affiliateCommission('primary', 0)).toBe(0);
  });

  it('carries the fractions: five £39.99 payments earn 1599, 1600, 1599, 1600, 1600 = 7998, exactly 40% of 19995', () => {
    // 0.4 × 3999 × k = 1599.6, 3199.2, 4798.8, 6398.4, 7998; each commission is the rise of the floor.
    expect(run('primary', [3999, 3999, 3999, 3999, 3999])).toEqual([1599, 1600, 1599, 1600, 1600]);
  });

  it('loses no penny on tiny payments: five 1p payments earn 0, 0, 1, 0, 1', () => {
    // 0.4, 0.8, 1.2, 1.6, 2.0 pence in all.
    expect(run('primary', [1, 1, 1, 1, 1])).toEqual([0, 0, 1, 0, 1]);
  });

  it('is uncapped: a yearly pro plus subscription of £1,499 earns £599.60, carried', () => {
    expect(affiliateCommission('primary', 149_900)).toBe(59_960);
    expect(affiliateCommission('primary', 149_900, { revenueBefore: 1e12 })).toBe(59_960);
  });

  it("takes the rate from the brand's catalogue, read exactly to the basis point", () => {
    expect(affiliateCommission(withRate(0.125), 1000)).toBe(125);
    expect(run(withRate(0.3333), [3, 3, 3, 3])).toEqual([0, 1, 1, 1]); // floors of 0.9999, 1.9998, 2.9997, 3.9996
    // A float that is not exactly 0.3 still reads as 3000 basis points.
    expect(affiliateCommission(withRate(0.1 + 0.2), 1000)).toBe(300);
    expect(affiliateCommission(withRate(0), 1000)).toBe(0);
  });

  it('refuses a rate it cannot apply exactly (more than four decimals)', () => {
    expect(validationError(() => affiliateCommission(withRate(0.12345), 1000)).issues).toEqual([
      { path: 'affiliate.commissionRate', message: 'must be a fraction in [0, 1) with at most four decimals (0.4 is 40%)' },
    ]);
  });

  it('names every bad argument', () => {
    expect(validationPaths(() => affiliateCommission('primary', 39.99, { revenueBefore: -1 }))).toEqual(['amount', 'revenueBefore']);
    expect(validationError(() => affiliateCommission('primary', Number.NaN)).issues).toEqual([
      { path: 'amount', message: 'must be a whole number of pence, at least 0 (received NaN)' },
    ]);
    expect(validationPaths(() => affiliateCommission('primary', '100' as unknown as number))).toEqual(['amount']);
    expect(validationPaths(() => affiliateCommission('primary', 10, { revenueBefore: Number.MAX_SAFE_INTEGER }))).toEqual(['revenueBefore']);
  });
});

describe('commissionReversal', () => {
  it('takes back the whole commission on a full refund', () => {
    expect(commissionReversal({ paymentAmount: 3999, paymentCommission: 1600, refund: 3999 })).toBe(1600);
    expect(commissionReversal({ paymentAmount: 3999, paymentCommission: 1599, refund: 3999 })).toBe(1599);
  });

  it('takes back the refunded share of it, rounded down, the last part taking the rest', () => {
    // 1600 × 2000 / 3999 = 800.2
    expect(commissionReversal({ paymentAmount: 3999, paymentCommission: 1600, refund: 2000 })).toBe(800);
    expect(commissionReversal({ paymentAmount: 3999, paymentCommission: 1600, refund: 1999, refundedBefore: 2000 })).toBe(800);
    // Thirds: floor(533.33) = 533, floor(1066.67) = 1066, 1600.
    const thirds = [0, 1333, 2666].map((before) => commissionReversal({ paymentAmount: 3999, paymentCommission: 1600, refund: 1333, refundedBefore: before }));
    expect(thirds).toEqual([533, 533, 534]);
  });

  it('is exact for amounts whose products are beyond 2^53', () => {
    const a = 9_000_000_000_001;
    expect(commissionReversal({ paymentAmount: a, paymentCommission: 3_600_000_000_000, refund: a - 1 })).toBe(3_599_999_999_999);
  });

  it('names every bad field', () => {
    expect(validationPaths(() => commissionReversal({ paymentAmount: 0, paymentCommission: -1, refund: 0, refundedBefore: 0.5 }))).toEqual([
      'paymentAmount', 'paymentCommission', 'refund', 'refundedBefore',
    ]);
    expect(validationError(() => commissionReversal({ paymentAmount: 100, paymentCommission: 101, refund: 60, refundedBefore: 50 })).issues).toEqual([
      { path: 'paymentCommission', message: 'must not exceed paymentAmount (100)' },
      { path: 'refund', message: 'must not exceed the 50 pence of the payment not refunded yet' },
    ]);
    expect(validationPaths(() => commissionReversal(null as never))).toEqual(['']);
  });
});
