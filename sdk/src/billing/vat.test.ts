import { describe, expect, it } from 'vitest';
import { isValidationError } from '@matchkit/sdk/errors';
import { vatIncluded } from './vat';

describe('vatIncluded', () => {
  it('takes a sixth of the price, to the nearest penny, a half penny up', () => {
    // 6k + r pence holds k + r/6 pence of VAT: r = 0, 1, 2 round down; 3 (a half), 4, 5 round up.
    const expected = [0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2];
    expect(Array.from({ length: 12 }, (_, g) => vatIncluded(g).vat)).toEqual(expected);
  });

  it('gives the figures of the plans', () => {
    expect(vatIncluded(3999)).toEqual({ gross: 3999, net: 3332, vat: 667 });
    expect(vatIncluded(35000)).toEqual({ gross: 35000, net: 29167, vat: 5833 });
    expect(vatIncluded(149900)).toEqual({ gross: 149900, net: 124917, vat: 24983 });
  });

  it('is exact at the largest safe amount, where floating point division is not', () => {
    const g = Number.MAX_SAFE_INTEGER; // 9007199254740991 = 6 × 1501199875790165 + 1
    expect(vatIncluded(g)).toEqual({ gross: g, net: g - 1501199875790165, vat: 1501199875790165 });
  });

  it('always splits the price into parts that add up, each within half a penny of a sixth', () => {
    for (let g = 0; g < 5000; g += 7) {
      const { net, vat } = vatIncluded(g);
      expect(net + vat).toBe(g);
      expect(Math.abs(vat * 6 - g)).toBeLessThanOrEqual(3);
    }
  });

  it('refuses a price that is not whole, non-negative pence, naming it', () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '3999' as unknown as number]) {
      let caught: unknown;
      try {
        vatIncluded(bad);
      } catch (error) {
        caught = error;
      }
      expect(isValidationError(caught)).toBe(true);
      if (isValidationError(caught)) expect(caught.issues.map((i) => i.path)).toEqual(['gross']);
    }
  });
});
