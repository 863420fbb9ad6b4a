import { describe, expect, it } from 'vitest';
import type { ValidationIssue } from '../errors/errors';
import { readOptions, unknownKeys, within } from './keys';

const run = (value: object, allowed: readonly string[], path = '', renamed = {}) => {
  const issues: ValidationIssue[] = [];
  unknownKeys(value, allowed, path, issues, 'a field of a leg', renamed);
  return issues;
};

describe('within', () => {
  it('says whether a string is within n edits of another (hand-worked pairs)', () => {
    expect(within('comission', 'commission', 1)).toBe(true); // one insertion
    expect(within('odds', 'odds', 0)).toBe(true);
    expect(within('odd', 'odds', 0)).toBe(false);
    expect(within('kitten', 'sitting', 2)).toBe(false); // 3: two substitutions and an insertion
    expect(within('kitten', 'sitting', 3)).toBe(true);
    expect(within('', 'abc', 2)).toBe(false);
    expect(within('ab', '', 2)).toBe(true);
    expect(within('layOdds', 'backOdds', 2)).toBe(false); // 4
    expect(within('stkae', 'stake', 2)).toBe(true); // a swap is two substitutions
    expect(within('stkae', 'stake', 1)).toBe(false);
  });
});

describe('unknownKeys', () => {
  it('records nothing when every key is allowed', () => {
    expect(run({ odds: 2 }, ['odds', 'stake'])).toEqual([]);
  });

  it('records one issue per unknown key at its full path, with a suggestion within two edits', () => {
    expect(run({ odds: 2, comission: 0.02, zzz: undefined }, ['odds', 'commission'], 'legs.1')).toEqual([
      { path: 'legs.1.comission', message: 'is not a field of a leg; did you mean commission?' },
      { path: 'legs.1.zzz', message: 'is not a field of a leg' },
    ]);
  });

  it('suggests the nearest allowed key, the first of the nearest on a tie', () => {
    expect(run({ oddds: 1 }, ['od', 'odds', 'odd'])).toEqual([{ path: 'oddds', message: 'is not a field of a leg; did you mean odds?' }]);
    expect(run({ oddz: 1 }, ['ods', 'odd', 'odds'])).toEqual([{ path: 'oddz', message: 'is not a field of a leg; did you mean odd?' }]);
  });

  it('names the new field of an old one, only when that field is allowed here', () => {
    const renamed = { commission: ['layCommission', 'backCommission'] };
    expect(run({ commission: 0 }, ['backCommission'], '', renamed)).toEqual([
      { path: 'commission', message: 'was renamed backCommission in 1.0' },
    ]);
    expect(run({ commission: 0 }, ['x'], '', renamed)).toEqual([{ path: 'commission', message: 'is not a field of a leg' }]);
  });

  it('does not take inherited names (toString, constructor) for old names', () => {
    expect(run({ toString: 1 }, ['a'])).toEqual([{ path: 'toString', message: 'is not a field of a leg' }]);
  });
});

describe('readOptions', () => {
  it('reads undefined and null as no options', () => {
    const issues: ValidationIssue[] = [];
    expect(readOptions(undefined, ['a'], issues)).toEqual({});
    expect(readOptions(null, ['a'], issues)).toEqual({});
    expect(issues).toEqual([]);
  });

  it('refuses an array, a string or a function at `options`, saying what replaced it when told', () => {
    for (const [value, got] of [
      [[1], 'an array'],
      ['x', 'string'],
      [() => 0, 'function'],
    ] as const) {
      const issues: ValidationIssue[] = [];
      expect(readOptions(value, ['a'], issues, {}, 'the random source goes in options.random')).toEqual({});
      expect(issues).toEqual([
        { path: 'options', message: `expected an options object, received ${got}; the random source goes in options.random` },
      ]);
    }
  });

  it('refuses unknown options with a hint of their own', () => {
    const issues: ValidationIssue[] = [];
    readOptions({ params: {}, variant: 'master' }, ['params'], issues, { variant: 'query parameters go in options.params' });
    expect(issues).toEqual([{ path: 'options.variant', message: 'is not an option; query parameters go in options.params' }]);
  });
});
