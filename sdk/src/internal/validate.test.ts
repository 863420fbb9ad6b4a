import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MatchkitValidationError } from '../errors/errors';
import * as s from './schemas';
import { validate } from './validate';

const schema = s.object({ odds: v.pipe(s.number(), s.gt(1)), name: s.string(), tags: s.array(s.string()) });

function issuesOf(input: unknown) {
  try {
    validate(schema, input, 'test input');
  } catch (e) {
    expect(e).toBeInstanceOf(MatchkitValidationError);
    return (e as MatchkitValidationError).issues;
  }
  throw new Error('expected a validation error');
}

describe("validate, with the schema's own messages", () => {
  it('lists every bad field by its dotted path, in one error', () => {
    expect(issuesOf({ odds: 1, name: 3, tags: ['a', 2] })).toEqual([
      { path: 'odds', message: 'must be greater than 1' },
      { path: 'name', message: 'expected string' },
      { path: 'tags.1', message: 'expected string' },
    ]);
  });

  it('names NaN and Infinity as what was received, and nothing else', () => {
    expect(issuesOf({ odds: Number.NaN, name: 'x', tags: [] })).toEqual([{ path: 'odds', message: 'expected number, received NaN' }]);
    expect(issuesOf({ odds: -Infinity, name: 'x', tags: [] })).toEqual([{ path: 'odds', message: 'expected number, received -Infinity' }]);
    expect(issuesOf({ odds: 'high', name: 'x', tags: [] })).toEqual([{ path: 'odds', message: 'expected number' }]);
  });

  it('names the whole input with the empty path', () => {
    expect(issuesOf([])).toEqual([{ path: '', message: 'expected object' }]);
  });

  it('returns the parsed value when the input conforms', () => {
    expect(validate(schema, { odds: 2, name: 'x', tags: [] }, 'test input')).toEqual({ odds: 2, name: 'x', tags: [] });
  });
});

describe('validate, with keys (a plain object of fields, as the calculators read theirs)', () => {
  const bet = v.object(
    { stake: v.number('expected a number'), legs: v.array(v.object({ odds: v.number('expected a number') }, 'expected an object')) },
    'is missing',
  );
  const keys = { price: ['odds'] };

  function keyedIssues(input: unknown) {
    try {
      validate(bet, input, 'bet', keys);
    } catch (e) {
      expect(e).toBeInstanceOf(MatchkitValidationError);
      return (e as MatchkitValidationError).issues;
    }
    throw new Error('expected a validation error');
  }

  it('refuses what is not an object, naming what it is', () => {
    expect(keyedIssues([])).toEqual([{ path: '', message: 'expected an object, received an array' }]);
    expect(keyedIssues(null)).toEqual([{ path: '', message: 'expected an object, received null' }]);
  });

  it('says a field that is absent or undefined is required', () => {
    expect(keyedIssues({ legs: [] })).toEqual([{ path: 'stake', message: 'is required' }]);
    expect(keyedIssues({ stake: undefined, legs: [] })).toEqual([{ path: 'stake', message: 'is required' }]);
  });

  it('says an array given for an object once, at that object', () => {
    expect(keyedIssues({ stake: 1, legs: [[2]] })).toEqual([{ path: 'legs.0', message: 'expected an object, received an array' }]);
  });

  it('refuses unknown keys at every level, last, with a near key or the note for an old name', () => {
    expect(keyedIssues({ stake: 'x', stak: 1, legs: [{ odds: 2, price: 3 }], colour: 'red' })).toEqual([
      { path: 'stake', message: 'expected a number' },
      { path: 'stak', message: 'is not a field of bet; did you mean stake?' },
      { path: 'colour', message: 'is not a field of bet' },
      { path: 'legs.0.price', message: 'was renamed odds in 1.0' },
    ]);
  });

  it('returns the parsed value when the input conforms', () => {
    expect(validate(bet, { stake: 1, legs: [{ odds: 2 }] }, 'bet', keys)).toEqual({ stake: 1, legs: [{ odds: 2 }] });
  });
});
