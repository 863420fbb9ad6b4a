import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MatchkitValidationError } from '../errors/errors';
import * as s from './schemas';
import { parseOrThrow } from './validate';

const schema = s.object({ odds: v.pipe(s.number(), s.gt(1)), name: s.string(), tags: s.array(s.string()) });

function issuesOf(input: unknown) {
  try {
    parseOrThrow(schema, input, 'test input');
  } catch (e) {
    expect(e).toBeInstanceOf(MatchkitValidationError);
    return (e as MatchkitValidationError).issues;
  }
  throw new Error('expected a validation error');
}

describe('parseOrThrow', () => {
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
    expect(parseOrThrow(schema, { odds: 2, name: 'x', tags: [] }, 'test input')).toEqual({ odds: 2, name: 'x', tags: [] });
  });
});
