import { describe, expect, it } from 'vitest';
import { londonCalendar } from './london';

const {
  addDays: addLondonDaysMs,
  addMonths: addLondonMonthsMs,
  fromWall: fromLondonWall,
  date: londonDate,
  offset: londonOffset,
  toWall: toLondonWall,
} = londonCalendar();

const iso = (ms: number): string => new Date(ms).toISOString();
const HOUR = 3_600_000;

describe('Europe/London wall-clock conversion', () => {
  it('reads GMT in winter and BST in summer', () => {
    expect(londonOffset(Date.parse('2025-01-15T12:00:00Z'))).toBe(0);
    expect(londonOffset(Date.parse('2025-07-15T12:00:00Z'))).toBe(HOUR);
    expect(iso(toLondonWall(Date.parse('2025-07-15T12:34:56.789Z')))).toBe('2025-07-15T13:34:56.789Z');
  });

  it('changes offset at 01:00 UTC on the last Sundays of March and October 2025', () => {
    expect(londonOffset(Date.parse('2025-03-30T00:59:59.999Z'))).toBe(0);
    expect(londonOffset(Date.parse('2025-03-30T01:00:00Z'))).toBe(HOUR);
    expect(londonOffset(Date.parse('2025-10-26T00:59:59.999Z'))).toBe(HOUR);
    expect(londonOffset(Date.parse('2025-10-26T01:00:00Z'))).toBe(0);
  });

  it('moves a reading in the spring-forward gap forward by an hour', () => {
    // 01:30 on 30 March 2025 never shows on London clocks: it is read as 02:30 BST (01:30Z).
    expect(iso(fromLondonWall(Date.UTC(2025, 2, 30, 1, 30)))).toBe('2025-03-30T01:30:00.000Z');
  });

  it('takes the first (BST) of a reading that occurs twice in the fall-back hour', () => {
    // 01:30 on 26 October 2025 is first 01:30 BST (00:30Z), then 01:30 GMT (01:30Z).
    expect(iso(fromLondonWall(Date.UTC(2025, 9, 26, 1, 30)))).toBe('2025-10-26T00:30:00.000Z');
  });

  it('names the London date, which differs from the UTC date late on summer evenings', () => {
    expect(londonDate(Date.parse('2025-08-17T23:30:00Z'))).toBe('2025-08-18');
    expect(londonDate(Date.parse('2025-12-17T23:30:00Z'))).toBe('2025-12-17');
  });
});

describe('London calendar arithmetic', () => {
  it('adds days at the same wall-clock time across a clock change (a 25-hour day)', () => {
    expect(iso(addLondonDaysMs(Date.parse('2025-10-25T10:00:00+01:00'), 7))).toBe('2025-11-01T10:00:00.000Z');
    expect(iso(addLondonDaysMs(Date.parse('2025-03-29T10:00:00Z'), 1))).toBe('2025-03-30T09:00:00.000Z');
  });

  it('clamps the 31st to the end of a shorter month and returns to the 31st after it', () => {
    const jan31 = Date.parse('2025-01-31T09:00:00Z');
    expect(iso(addLondonMonthsMs(jan31, 1))).toBe('2025-02-28T09:00:00.000Z');
    expect(iso(addLondonMonthsMs(jan31, 2))).toBe('2025-03-31T08:00:00.000Z');
    expect(iso(addLondonMonthsMs(jan31, 3))).toBe('2025-04-30T08:00:00.000Z');
    expect(iso(addLondonMonthsMs(Date.parse('2024-01-31T09:00:00Z'), 1))).toBe('2024-02-29T09:00:00.000Z');
    expect(iso(addLondonMonthsMs(Date.parse('2024-02-29T09:00:00Z'), 12))).toBe('2025-02-28T09:00:00.000Z');
  });

  it('keeps the London date, not the UTC date, of a late summer evening', () => {
    // 23:30 BST on 31 May is 22:30Z on 31 May; a month later is 23:30 BST on 30 June.
    expect(iso(addLondonMonthsMs(Date.parse('2025-05-31T23:30:00+01:00'), 1))).toBe('2025-06-30T22:30:00.000Z');
    // 00:30 BST on 1 August is 23:30Z on 31 July; a month earlier is 00:30 BST on 1 July, not 31 June.
    expect(iso(addLondonMonthsMs(Date.parse('2025-08-01T00:30:00+01:00'), -1))).toBe('2025-06-30T23:30:00.000Z');
  });

  it('is fast enough for a century of monthly terms (one formatter per calendar)', () => {
    const t0 = performance.now();
    const start = Date.parse('2025-01-31T09:00:00Z');
    for (let i = 0; i < 1200; i += 1) addLondonDaysMs(addLondonMonthsMs(start, i), -7);
    const ms = performance.now() - t0;
    expect(ms).toBeLessThan(5000);
  });
});
