import { describe, expect, it } from 'vitest';
import { MAX_INSTANT_MS, MIN_INSTANT_MS, readInstant } from './instant';

describe('readInstant', () => {
  it('accepts Dates and epoch milliseconds from 1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z inclusive', () => {
    expect(new Date(MIN_INSTANT_MS).toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(new Date(MAX_INSTANT_MS).toISOString()).toBe('9999-12-31T23:59:59.999Z');
    expect(readInstant(0)).toEqual({ ms: 0 });
    expect(readInstant(new Date('9999-12-31T23:59:59.999Z'))).toEqual({ ms: MAX_INSTANT_MS });
    expect(readInstant(Date.UTC(2025, 7, 11, 12))).toEqual({ ms: 1754913600000 });
  });

  it('rejects instants outside the range, invalid Dates, non-numbers and a missing value, each with its message', () => {
    const range = { message: 'must be from 1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z' };
    expect(readInstant(-1)).toEqual(range);
    expect(readInstant(MAX_INSTANT_MS + 1)).toEqual(range);
    expect(readInstant(1e16)).toEqual(range);
    expect(readInstant(new Date('+010000-01-01T00:00:00Z'))).toEqual(range);
    const invalid = { message: 'must be a valid Date or a finite number of epoch milliseconds' };
    expect(readInstant(new Date(NaN))).toEqual(invalid);
    expect(readInstant(Infinity)).toEqual(invalid);
    expect(readInstant('2025-08-11')).toEqual(invalid);
    expect(readInstant(undefined)).toEqual({ message: 'is required' });
  });
});
