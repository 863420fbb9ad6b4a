import { describe, expect, it } from 'vitest';
import { validationPaths } from '../internal/testing/validation';
import { prorate } from './index';

const DAY = 86_400_000;
const feb = { start: Date.UTC(2026, 1, 1), end: Date.UTC(2026, 2, 1) }; // 28 days

describe('prorate', () => {
  it('shares an amount by time, rounding the rest of the term down', () => {
    expect(prorate(1000, feb, { start: Date.UTC(2026, 1, 15), end: feb.end })).toBe(500);
    expect(prorate(1000, feb, { start: Date.UTC(2026, 1, 20), end: feb.end })).toBe(321); // 9/28 = 321.43
    expect(prorate(1000, feb, { start: feb.start, end: Date.UTC(2026, 1, 20) })).toBe(679); // 1000 - 321
    expect(prorate(1000, feb, feb)).toBe(1000);
    expect(prorate(1000, feb, { start: feb.end, end: feb.end })).toBe(0);
  });

  it('loses no penny over thirds of a term: 100p in three parts is 33 + 33 + 34', () => {
    const term = { start: 0, end: 3 * DAY };
    const parts = [0, 1, 2].map((i) => prorate(100, term, { start: i * DAY, end: (i + 1) * DAY }));
    expect(parts).toEqual([34, 33, 33]);
  });

  it('is exact for amounts and terms whose product is beyond 2^53', () => {
    // 9 999 999p over a 366-day year, the last millisecond: floor(9999999 / 31622400000) = 0.
    const year = { start: Date.UTC(2028, 0, 1), end: Date.UTC(2029, 0, 1) };
    expect(prorate(9_999_999, year, { start: year.end - 1, end: year.end })).toBe(0);
    expect(prorate(9_999_999, year, { start: year.start, end: year.start + 1 })).toBe(1);
  });

  it('lists every bad argument', () => {
    expect(validationPaths(() => prorate(-1, { start: 10, end: 5 }, { start: 0, end: 20 }))).toEqual([
      'amount',
      'term.end',
      'part.start',
      'part.end',
    ]);
    expect(validationPaths(() => prorate(1.5, { start: NaN, end: 5 }, { start: 4, end: 3 }))).toEqual(['amount', 'term.start', 'part.end']);
  });
});
