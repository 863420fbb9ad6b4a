import { describe, expect, it } from 'vitest';
import { addDays, lastThirtyDays, londonDay, rangeProblem } from './range';

describe('the dashboards’ range', () => {
  it('is the 30 London days to today, both included', () => {
    // 23:30 UTC on 1 June is 2 June in London (summer time).
    expect(londonDay(Date.parse('2026-06-01T23:30:00Z'))).toBe('2026-06-02');
    expect(lastThirtyDays(Date.parse('2026-06-01T23:30:00Z'))).toEqual({ from: '2026-05-04', to: '2026-06-02' });
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
  });

  it('names the field of a range that cannot be read', () => {
    expect(rangeProblem('', '2026-01-01')).toEqual({ field: 'from', message: 'Enter the first day.' });
    expect(rangeProblem('2026-01-02', '2026-01-01')?.field).toBe('to');
    expect(rangeProblem('2024-01-01', '2026-01-01')?.field).toBe('to');
    expect(rangeProblem('2026-01-01', '2026-01-01')).toBeNull();
  });
});
