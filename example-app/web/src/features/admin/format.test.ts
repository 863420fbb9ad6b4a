import { describe, expect, it } from 'vitest';
import { adminDate, adminDateTime, adminDateTimeSeconds, ageInWords, monthInRange, monthLabel, periodLabel } from './format';

describe('the console’s formats', () => {
  it('writes dates in UK time (summer time included)', () => {
    expect(adminDate('2026-03-29T23:30:00Z')).toBe('30 Mar 2026');
    expect(adminDateTime('2026-07-01T08:05:00Z')).toBe('1 Jul 2026, 09:05');
    expect(adminDateTimeSeconds('2025-08-17T23:59:59+01:00')).toBe('17 Aug 2025, 23:59:59');
  });

  it('names a calendar month as the server sends it, whatever the browser’s zone', () => {
    expect(['2026-01', '2026-03', '2026-12'].map(monthLabel)).toEqual(['January 2026', 'March 2026', 'December 2026']);
  });

  it('names a whole month by its name, a month the range cuts at either end with its days', () => {
    expect(periodLabel({ month: '2026-02', from: '2026-02-01', to: '2026-02-28' })).toBe('February 2026');
    expect(periodLabel({ month: '2028-02', from: '2028-02-01', to: '2028-02-28' })).toBe('February 2028 (2028-02-01 to 2028-02-28)');
    expect(periodLabel({ month: '2026-03', from: '2026-03-15', to: '2026-03-31' })).toBe('March 2026 (2026-03-15 to 2026-03-31)');
    expect(periodLabel({ month: '2026-12', from: '2026-12-01', to: '2026-12-05' })).toBe('December 2026 (2026-12-01 to 2026-12-05)');
    expect(periodLabel({ month: null, from: '2026-03-15', to: '2026-12-05' })).toBe('The whole range');
  });

  it('cuts a month to the days of a range', () => {
    expect(monthInRange('2026-03', '2026-03-15', '2026-12-05')).toEqual({ month: '2026-03', from: '2026-03-15', to: '2026-03-31' });
    expect(monthInRange('2026-06', '2026-03-15', '2026-12-05')).toEqual({ month: '2026-06', from: '2026-06-01', to: '2026-06-30' });
    expect(monthInRange('2026-12', '2026-03-15', '2026-12-05')).toEqual({ month: '2026-12', from: '2026-12-01', to: '2026-12-05' });
  });

  it('writes an age in whole minutes, hours, then days', () => {
    expect(ageInWords(59_999)).toBe('under a minute');
    expect(ageInWords(60_000)).toBe('1 minute');
    expect(ageInWords(59 * 60_000)).toBe('59 minutes');
    expect(ageInWords(3 * 3_600_000 + 5)).toBe('3 hours');
    expect(ageInWords(47 * 3_600_000)).toBe('47 hours');
    expect(ageInWords(49 * 3_600_000)).toBe('2 days');
    expect(ageInWords(-5)).toBe('under a minute');
  });
});
