import { describe, expect, it } from 'vitest';
import { getBrand } from '../brands';
import * as calculators from './index';
import { calculatorRegistry, findCalculator } from './index';

describe('calculatorRegistry', () => {
  it('has one entry per advanced calculator of each brand catalogue, with the same titles', () => {
    for (const brand of [getBrand('primary'), getBrand('secondary')]) {
      expect(calculatorRegistry.map((c) => [c.slug, c.title])).toEqual(brand.calculators.map((c) => [c.slug, c.title]));
    }
  });

  it('maps every slug to functions this module exports', () => {
    for (const entry of calculatorRegistry) {
      expect(entry.functions.length, entry.slug).toBeGreaterThan(0);
      for (const name of entry.functions) expect(typeof calculators[name], `${entry.slug}: ${name}`).toBe('function');
    }
  });

  it('reaches every calculator function from some page', () => {
    const reachable = new Set(calculatorRegistry.flatMap((c) => c.functions));
    const exported = Object.entries(calculators)
      .filter(([name, f]) => typeof f === 'function' && !['findCalculator', 'roundForDisplay'].includes(name))
      .map(([name]) => name);
    expect(exported.filter((name) => !reachable.has(name as never))).toEqual([]);
  });

  it('describes every input in words', () => {
    for (const entry of calculatorRegistry) {
      expect(entry.description.length).toBeGreaterThan(20);
      for (const input of entry.inputs) expect(input.description, `${entry.slug}: ${input.name}`).not.toBe(input.name);
    }
  });

  it('is frozen', () => {
    expect(Object.isFrozen(calculatorRegistry)).toBe(true);
    expect(Object.isFrozen(calculatorRegistry[0])).toBe(true);
    expect(Object.isFrozen(calculatorRegistry[0]?.functions)).toBe(true);
  });

  it('finds an entry by slug', () => {
    expect(findCalculator('dutching-calculator')?.functions).toEqual(['dutch']);
    expect(findCalculator('nope')).toBeUndefined();
  });
});
