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
    expect(validationPaths(() => affiliateCommission('primary', 39.99, { revenueBefore: -1 }))).toEqual([
      'amount',
      'options.revenueBefore',
    ]);
    expect(validationError(() => affiliateCommission('primary', Number.NaN)).issues).toEqual([
      { path: 'amount', message: 'must be a whole number of pence, at least 0 (received NaN)' },
    ]);
    expect(validationPaths(() => affiliateCommission('primary', '100' as unknown as number))).toEqual(['amount']);
    expect(validationPaths(() => affiliateCommission('primary', 10, { revenueBefore: Number.MAX_SAFE_INTEGER }))).toEqual([
      'options.revenueBefore',
    ]);
  });
});

describe('commissionReversal', () => {
  it('takes back the step down in floor(40% of net revenue)', () => {
    // Two £39.99 payments: net 7998, total floor(3199.2) = 3199, earned as 1599 then 1600.
    // Refunding either leaves floor(0.4 × 3999) = 1599: 1600 back, what the second payment earned.
    expect(commissionReversal('primary', 3999, { revenueBefore: 7998 })).toBe(1600);
    // One £39.99 payment alone: the refund takes back all of its 1599.
    expect(commissionReversal('primary', 3999, { revenueBefore: 3999 })).toBe(1599);
    // £20 of 7998: floor(3199.2) − floor(0.4 × 5998 = 2399.2) = 800.
    expect(commissionReversal('primary', 2000, { revenueBefore: 7998 })).toBe(800);
  });

  it('takes back a penny more than the payment earned when the carry makes that the only exact total', () => {
    // Ten £39.99 payments earn 1599, 1600, 1599, ... (net 39990, total 15996). Refunding one
    // that earned 1599 must leave floor(0.4 × 35991) = floor(14396.4) = 14396: 1600 back.
    expect(commissionReversal('primary', 3999, { revenueBefore: 39_990 })).toBe(1600);
    // A 1p payment that earned 0 after four others (0.4, 0.8 → 0, 0; 1.2 → 1, ...): at a net of
    // 5p the total is 2; refunding 1p leaves floor(1.6) = 1, so the refund takes back a penny.
    expect(commissionReversal('primary', 1, { revenueBefore: 5 })).toBe(1);
  });

  it('reads the rate from the catalogue', () => {
    expect(commissionReversal(withRate(0.125), 1000, { revenueBefore: 1000 })).toBe(125);
    expect(commissionReversal(withRate(0), 1000, { revenueBefore: 5000 })).toBe(0);
  });

  it('is exact for amounts whose products are beyond 2^53', () => {
    const n = 9_000_000_000_001;
    // floor(0.4n) = 3 600 000 000 000; after refunding n − 1, floor(0.4) = 0.
    expect(commissionReversal('primary', n - 1, { revenueBefore: n })).toBe(3_600_000_000_000);
  });

  it('names every bad field', () => {
    expect(validationPaths(() => commissionReversal('primary', 0, { revenueBefore: 0.5 }))).toEqual(['refund', 'options.revenueBefore']);
    expect(validationError(() => commissionReversal('primary', 60, { revenueBefore: 50 })).issues).toEqual([
      { path: 'refund', message: 'must not exceed the net revenue before it (50 pence)' },
    ]);
    expect(validationError(() => commissionReversal('primary', 60, null as never)).issues).toEqual([
      { path: 'options.revenueBefore', message: 'is required' },
    ]);
  });
});

describe('options that refuse what they do not know', () => {
  it('refuses a misspelled revenueBefore instead of reading it as 0, with a suggestion', () => {
    expect(validationError(() => affiliateCommission('primary', 3999, { revenueBefor: 3999 } as never)).issues).toEqual([
      { path: 'options.revenueBefor', message: 'is not an option; did you mean revenueBefore?' },
    ]);
  });

  it('refuses options that are not an object (an old positional number) at `options`', () => {
    expect(validationError(() => affiliateCommission('primary', 3999, 3999 as never)).issues).toEqual([
      { path: 'options', message: 'expected an options object, received number' },
    ]);
    expect(validationError(() => commissionReversal('primary', 3999, 7998 as never)).issues).toEqual([
      { path: 'options', message: 'expected an options object, received number' },
    ]);
  });

  it('says options.revenueBefore is required when commissionReversal gets no options', () => {
    expect(validationError(() => commissionReversal('primary', 3999, undefined as never)).issues).toEqual([
      { path: 'options.revenueBefore', message: 'is required' },
    ]);
  });
});
