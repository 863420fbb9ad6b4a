import { describe, expect, it } from 'vitest';
import { getBrand } from '@matchkit/sdk/brands';
import { saleState } from './state';

describe('a sale’s state', () => {
  const { sales } = getBrand('primary');
  const first = sales[0];
  const second = sales[1];

  it('is upcoming before 09:00 UK time on its first day, live from then, ended from the end of its last second', () => {
    if (first === undefined || second === undefined) throw new Error('the primary brand lists two sales');
    // The spec's first sale: 2025-08-11T09:00:00+01:00 to the end of 2025-08-17T23:59:59+01:00.
    expect(saleState(sales, first, Date.parse('2025-08-11T07:59:59.999Z'))).toBe('upcoming');
    expect(saleState(sales, first, Date.parse('2025-08-11T08:00:00Z'))).toBe('live');
    expect(saleState(sales, first, Date.parse('2025-08-17T23:59:59.999+01:00'))).toBe('live');
    expect(saleState(sales, first, Date.parse('2025-08-18T00:00:00+01:00'))).toBe('ended');
    expect(saleState(sales, second, Date.parse('2025-08-18T00:00:00+01:00'))).toBe('live');
  });

  it('is overlapped while another sale listed first wins its window', () => {
    if (first === undefined) throw new Error('the primary brand lists a sale');
    const copy = { ...first, id: 'copy' };
    expect(saleState([first, copy], copy, Date.parse('2025-08-12T12:00:00Z'))).toBe('overlapped');
  });
});
