import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { londonMonthReader, monthKey } from './london';

/** 01:00 UTC on the last Sunday of a month: when UK clocks change (the rule since 1996). */
function lastSundayOneAm(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/** The UK month by the written rule, with no time-zone data: UTC+1 in summer time, UTC otherwise. */
function ukMonthByRule(ms: number): string {
  const year = new Date(ms).getUTCFullYear();
  const summer = lastSundayOneAm(year, 2) <= ms && ms < lastSundayOneAm(year, 9);
  const local = new Date(ms + (summer ? 3_600_000 : 0));
  return `${local.getUTCFullYear()}-${String(local.getUTCMonth() + 1).padStart(2, '0')}`;
}

const FROM = Date.UTC(2000, 0, 1);
const TO = Date.UTC(2037, 11, 31);
/** Instants anywhere, and instants within two hours of a UTC month's start (where the offset matters). */
const instant = fc.oneof(
  fc.integer({ min: FROM, max: TO }),
  fc
    .tuple(fc.integer({ min: 2000, max: 2037 }), fc.integer({ min: 0, max: 11 }), fc.integer({ min: -2 * 3_600_000, max: 2 * 3_600_000 }))
    .map(([y, m, offset]) => Date.UTC(y, m, 1) + offset),
);

describe('London month laws', () => {
  it('the month of an instant is its UTC month an hour ahead in British Summer Time, and its UTC month otherwise', () => {
    const month = londonMonthReader();
    fc.assert(
      fc.property(instant, (ms) => {
        expect(monthKey(month(ms))).toBe(ukMonthByRule(ms));
      }),
      { numRuns: 500 },
    );
  });

  it('the last millisecond before UK midnight stays in the month, the next is the next month', () => {
    const month = londonMonthReader();
    const midnightApril1 = Date.UTC(2026, 2, 31, 23); // BST: 00:00 on 1 April is 23:00 UTC
    expect(monthKey(month(midnightApril1 - 1))).toBe('2026-03');
    expect(monthKey(month(midnightApril1))).toBe('2026-04');
    const midnightFeb1 = Date.UTC(2026, 1, 1); // GMT
    expect(monthKey(month(midnightFeb1 - 1))).toBe('2026-01');
    expect(monthKey(month(midnightFeb1))).toBe('2026-02');
  });
});
