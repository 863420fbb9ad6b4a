import { describe, expect, it } from 'vitest';
import { DateTimeScalar, PenceScalar } from './scalars';

describe('scalars', () => {
  it('DateTime reads ISO 8601 instants with an offset', () => {
    expect((DateTimeScalar.parseValue('2025-08-11T09:00:00+01:00') as Date).toISOString()).toBe('2025-08-11T08:00:00.000Z');
    expect((DateTimeScalar.parseValue('2024-02-29T23:59:59.999Z') as Date).toISOString()).toBe('2024-02-29T23:59:59.999Z');
  });

  it.each([
    ['2026-02-31T09:00:00Z', 'not a real date and time'],
    ['2025-02-29T09:00:00Z', 'not a real date and time'],
    ['2026-03-02T24:00:00Z', 'not a real date and time'],
    ['2026-03-02T10:60:00Z', 'not a real date and time'],
    ['2026-03-02T10:00:00+19:00', 'not a real date and time'],
    ['2026-03-02T10:00:00', 'with an offset'],
    ['2026-03-02', 'with an offset'],
  ])('DateTime refuses %s instead of shifting it', (text, message) => {
    expect(() => DateTimeScalar.parseValue(text)).toThrow(message);
  });

  it('Pence refuses fractions and non-numbers', () => {
    expect(PenceScalar.parseValue(3999)).toBe(3999);
    expect(() => PenceScalar.parseValue(39.99)).toThrow('whole number of pence');
    expect(() => PenceScalar.parseValue('3999')).toThrow('whole number of pence');
  });
});
