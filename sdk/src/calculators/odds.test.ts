import { describe, expect, it } from 'vitest';
import { isValidationError } from '../errors/errors';
import {
  STANDARD_FRACTIONS,
  impliedProbability,
  oddsFromAmerican,
  oddsFromFractional,
  oddsFromProbability,
  toAmerican,
  toFractional,
} from './index';

describe('odds conversions', () => {
  it('reads fractional odds, evens and spacing', () => {
    expect(oddsFromFractional('9/4')).toBe(3.25);
    expect(oddsFromFractional(' 100 / 30 ')).toBeCloseTo(1 + 10 / 3, 12);
    expect(oddsFromFractional('2.5/1')).toBe(3.5);
    expect(oddsFromFractional('EVS')).toBe(2);
    expect(oddsFromFractional('Evens')).toBe(2);
  });

  it('rejects what is not a positive fraction', () => {
    for (const text of ['0/1', '1/0', '4', 'four/1', '-1/2', '1/2/3', '']) {
      expect(() => oddsFromFractional(text), text).toThrow(/fractional: must be a fraction n\/d/);
    }
    expect(() => oddsFromFractional(4 as never)).toThrow(/fractional: expected a string, received number/);
  });

  it('converts American odds both ways (+138 is 2.38, −200 is 1.5, ±100 is evens)', () => {
    expect(oddsFromAmerican(138)).toBe(2.38);
    expect(oddsFromAmerican(-200)).toBe(1.5);
    expect(oddsFromAmerican(100)).toBe(2);
    expect(oddsFromAmerican(-100)).toBe(2);
    expect(toAmerican(3.25)).toBe(225);
    expect(toAmerican(1.5)).toBe(-200);
    expect(toAmerican(2)).toBe(100);
    expect(() => oddsFromAmerican(50)).toThrow(/american: must be at least 100 or at most -100/);
  });

  it('rejects American prices whose decimal odds leave (1, 1e6], as fractional prices are', () => {
    // +99,999,900 is 1 + 999,999 = 1e6 exactly, the largest odds; anything above is over 1e6.
    expect(oddsFromAmerican(99_999_900)).toBe(1e6);
    expect(() => oddsFromAmerican(99_999_900.5)).toThrow(/american: gives decimal odds of 1000000.005, outside \(1, 1000000\]/);
    expect(() => oddsFromAmerican(1e12)).toThrow(/american: gives decimal odds of 10000000001/);
    // 100/1e20 = 1e-18 is below half an ulp of 1 (2^-53 ≈ 1.1e-16): 1 + 1e-18 is exactly 1.
    expect(() => oddsFromAmerican(-1e20)).toThrow(/american: gives decimal odds of 1, outside/);
    // -1e17 still gives 1 + 1e-15 > 1, a valid (if silly) price.
    expect(oddsFromAmerican(-1e17)).toBeGreaterThan(1);
    let caught: unknown;
    try {
      oddsFromAmerican(-1e300);
    } catch (e) {
      caught = e;
    }
    expect(isValidationError(caught)).toBe(true);
    expect((caught as { issues: unknown }).issues).toEqual([
      {
        path: 'american',
        message: 'gives decimal odds of 1, outside (1, 1000000]: must be from 100 to 99999900 or from -100 down to about -9.007e17',
      },
    ]);
  });

  it('converts probabilities (0.4 is 2.5)', () => {
    expect(oddsFromProbability(0.4)).toBe(2.5);
    expect(impliedProbability(2.5)).toBe(0.4);
    expect(() => oddsFromProbability(1)).toThrow(/probability: must be less than 1/);
    expect(() => oddsFromProbability(0)).toThrow(/probability: must be at least 0.000001/);
  });

  it('picks the nearest standard fraction (5.0 is 4/1, 2.0 is 1/1, 1.91 is 10/11, 2.62 is 13/8)', () => {
    expect(toFractional(5)).toBe('4/1');
    expect(toFractional(2)).toBe('1/1');
    expect(toFractional(1.91)).toBe('10/11');
    expect(toFractional(2.62)).toBe('13/8');
    expect(toFractional(2.6)).toBe('8/5');
    expect(toFractional(5000)).toBe('1000/1');
  });

  it('breaks a tie towards the shorter price', () => {
    // 3.0 is 2/1 and 3.125 is 85/40: 3.0625 is exactly between.
    expect(toFractional(3.0625)).toBe('2/1');
  });

  it('lists each standard price once, shortest first', () => {
    const decimals = STANDARD_FRACTIONS.map(oddsFromFractional);
    expect(new Set(decimals).size).toBe(decimals.length);
    expect([...decimals].sort((a, b) => a - b)).toEqual(decimals);
    expect(Object.isFrozen(STANDARD_FRACTIONS)).toBe(true);
  });
});
