import { describe, expect, it } from 'vitest';
import { getBrand } from '@matchkit/sdk/brands';
import { formatLargePence, programmeTerms, termsLine } from './programme';

describe('the affiliate programme terms, from the catalogue', () => {
  for (const id of ['primary', 'secondary'] as const) {
    it(`${id}: 40%, no cap, over £3 million paid out`, () => {
      expect(programmeTerms(getBrand(id))).toEqual({ rate: '40%', cap: 'no cap', paidOutOver: '£3 million' });
      expect(termsLine(getBrand(id))).toMatch(/^You earn 40% commission .* with no cap;/);
    });
  }

  it('follows the catalogue: another rate and payout figure are shown as they are', () => {
    const brand = getBrand('primary');
    const other = { ...brand, affiliate: { ...brand.affiliate, commissionRate: 0.255, paidOutOverPence: 125_000_000 } };
    expect(programmeTerms(other)).toEqual({ rate: '25.5%', cap: 'no cap', paidOutOver: '£1.2 million' });
  });

  it('formatLargePence: millions in words, smaller amounts in pounds and pence', () => {
    expect(formatLargePence(300_000_000)).toBe('£3 million');
    expect(formatLargePence(100_000_000)).toBe('£1 million');
    // Rounded down, so that "over ..." stays true: £2.96 million is over £2.9 million, not £3 million.
    expect(formatLargePence(296_000_000)).toBe('£2.9 million');
    expect(formatLargePence(99_999_999)).toBe('£999,999.99');
    expect(formatLargePence(3999)).toBe('£39.99');
  });
});
