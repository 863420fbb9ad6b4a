import { describe, expect, it } from 'vitest';
import { removeMargin, type MarginMethod } from './index';

const METHODS: MarginMethod[] = ['multiplicative', 'additive', 'power', 'shin', 'odds-ratio'];

describe('removeMargin', () => {
  it('leaves a 100% book alone, whatever the method', () => {
    for (const method of METHODS) {
      const p = removeMargin([2, 4, 4], method);
      [0.5, 0.25, 0.25].forEach((q, i) => expect(p[i], method).toBeCloseTo(q, 12));
    }
  });

  it('halves a symmetric two-way market, whatever the method', () => {
    for (const method of METHODS) removeMargin([1.9, 1.9], method).forEach((p) => expect(p, method).toBeCloseTo(0.5, 12));
  });

  it('takes the margin off long shots more under power and Shin than under multiplicative', () => {
    const odds = [1.25, 5, 21];
    const longShot = (method: MarginMethod) => removeMargin(odds, method)[2] as number;
    expect(longShot('power')).toBeLessThan(longShot('multiplicative'));
    expect(longShot('shin')).toBeLessThan(longShot('multiplicative'));
  });

  it('gives an additive long shot 0 rather than a negative probability, and shares the margin among the rest', () => {
    // π = 0.8, 0.4, 0.02: an even share of the 0.22 margin (0.0733) would take the long shot below 0.
    const p = removeMargin([1.25, 2.5, 50], 'additive');
    expect(p[2]).toBe(0);
    expect(p[0]).toBeCloseTo(0.8 - 0.2 / 2, 12);
    expect(p[1]).toBeCloseTo(0.4 - 0.2 / 2, 12);
  });

  it('solves Shin below 100% with a negative insider share', () => {
    const p = removeMargin([2.1, 2.1, 21], 'shin'); // π sums to 0.9999...: about 100%
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    const under = removeMargin([2.2, 2.2], 'shin');
    expect(under[0]).toBeCloseTo(0.5, 12);
  });

  it('defaults to multiplicative and rejects an unknown method or too few prices', () => {
    expect(removeMargin([1.5, 3, 6])).toEqual(removeMargin([1.5, 3, 6], 'multiplicative'));
    expect(() => removeMargin([2, 2], 'logit' as never)).toThrow(/method: must be one of/);
    expect(() => removeMargin([2])).toThrow(/odds: must have at least 2 items/);
  });
});
