import { describe, expect, it } from 'vitest';
import { validationPaths } from '../internal/testing/validation';
import { addLondonDays, addLondonMonths, londonClockTime } from './index';

describe('addLondonMonths', () => {
  it('takes 31 January to the last day of February, and two months on to 31 March', () => {
    const jan31 = new Date('2026-01-31T09:00:00Z');
    expect(addLondonMonths(jan31, 1)).toBe(Date.parse('2026-02-28T09:00:00.000Z'));
    expect(addLondonMonths(jan31, 2)).toBe(Date.parse('2026-03-31T08:00:00.000Z')); // 09:00 BST
    expect(addLondonMonths(new Date('2028-01-31T09:00:00Z'), 1)).toBe(Date.parse('2028-02-29T09:00:00.000Z'));
  });

  it('is not the same as adding one month twice from a clamped date', () => {
    const jan31 = new Date('2026-01-31T09:00:00Z');
    expect(addLondonMonths(addLondonMonths(jan31, 1), 1)).toBe(Date.parse('2026-03-28T09:00:00.000Z'));
  });

  it('goes backwards', () => {
    expect(addLondonMonths(new Date('2026-03-31T12:00:00+01:00'), -1)).toBe(Date.parse('2026-02-28T12:00:00.000Z'));
    expect(addLondonMonths(Date.UTC(2026, 0, 15), -12)).toBe(Date.parse('2025-01-15T00:00:00.000Z'));
  });
});

describe('addLondonDays', () => {
  it('keeps the wall-clock time across a clock change', () => {
    expect(addLondonDays(new Date('2025-10-25T10:00:00+01:00'), 7)).toBe(Date.parse('2025-11-01T10:00:00.000Z'));
    expect(addLondonDays(new Date('2026-04-01T10:00:00+01:00'), -7)).toBe(Date.parse('2026-03-25T10:00:00.000Z'));
  });

  it('moves a wall-clock time the clocks skip forward by the skipped hour', () => {
    // 01:30 GMT on 28 March 2026; 01:30 does not exist on 29 March, so 02:30 BST.
    expect(addLondonDays(new Date('2026-03-28T01:30:00Z'), 1)).toBe(Date.parse('2026-03-29T01:30:00.000Z'));
  });

  it('takes the occurrence of a twice-shown wall-clock time with the offset of the instant it counts from', () => {
    // 01:30 BST on 24 October 2026; on 25 October 01:30 is first BST (00:30Z), then GMT (01:30Z).
    expect(addLondonDays(new Date('2026-10-24T01:30:00+01:00'), 1)).toBe(Date.parse('2026-10-25T00:30:00.000Z'));
    // From 01:30 GMT on 1 November, a week back is the GMT 01:30 of 25 October.
    expect(addLondonDays(new Date('2026-11-01T01:30:00Z'), -7)).toBe(Date.parse('2026-10-25T01:30:00.000Z'));
  });

  it('returns the instant itself for 0 days or months, even in the second, GMT, 01:30 of a fall-back day', () => {
    const t = new Date('2025-10-26T01:30:00Z');
    expect(addLondonDays(t, 0)).toBe(Date.parse('2025-10-26T01:30:00.000Z'));
    expect(addLondonMonths(t, 0)).toBe(Date.parse('2025-10-26T01:30:00.000Z'));
    expect(addLondonDays(addLondonDays(t, 7), -7)).toBe(Date.parse('2025-10-26T01:30:00.000Z'));
    expect(addLondonDays(t, 7)).toBe(Date.parse('2025-11-02T01:30:00.000Z'));
  });

  it('accepts instants from 1970 to the end of 9999 and refuses sums that leave the range', () => {
    expect(addLondonDays(0, 1)).toBe(Date.parse('1970-01-02T00:00:00.000Z'));
    expect(validationPaths(() => addLondonMonths(Date.UTC(1000, 0, 1), 1))).toEqual(['at']);
    expect(validationPaths(() => addLondonMonths(Date.UTC(1970, 0, 1), -100_000))).toEqual(['months']);
    expect(validationPaths(() => addLondonMonths(Date.UTC(9999, 11, 31), 1))).toEqual(['months']);
    expect(validationPaths(() => addLondonDays(Date.UTC(1970, 0, 1), -1))).toEqual(['days']);
    expect(() => addLondonDays(Date.UTC(9999, 11, 31), 100_000)).toThrow(
      /out of the supported range: results must lie between 1970-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z/,
    );
    expect(() => addLondonDays(-1, 1)).toThrow(/must lie between 1970-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z/);
  });

  it('lists every bad argument', () => {
    expect(validationPaths(() => addLondonDays(new Date('nope'), 1.5))).toEqual(['at', 'days']);
    expect(validationPaths(() => addLondonMonths(Infinity, 10_000_000))).toEqual(['at', 'months']);
  });
});

describe('londonClockTime', () => {
  it('reads GMT in winter and BST in summer, changing at 01:00 UTC on the last Sundays of March and October', () => {
    expect(londonClockTime(new Date('2025-12-01T13:05:00Z'))).toBe('13:05');
    expect(londonClockTime(new Date('2025-07-01T13:05:00Z'))).toBe('14:05');
    expect(londonClockTime(Date.parse('2026-03-29T00:59:00Z'))).toBe('00:59');
    expect(londonClockTime(Date.parse('2026-03-29T01:00:00Z'))).toBe('02:00');
    expect(londonClockTime(Date.parse('2026-10-25T00:59:00Z'))).toBe('01:59');
    expect(londonClockTime(Date.parse('2026-10-25T01:00:00Z'))).toBe('01:00');
    expect(londonClockTime(Date.parse('2025-06-30T23:30:00Z'))).toBe('00:30');
  });

  it('names a bad instant', () => {
    expect(validationPaths(() => londonClockTime(new Date('nope')))).toEqual(['at']);
    expect(validationPaths(() => londonClockTime(-1))).toEqual(['at']);
  });
});
