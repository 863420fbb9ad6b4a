import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { MatchkitValidationError } from '../errors/errors';
import { parseOrThrow } from './validate';

const schema = z.object({ odds: z.number().check(z.gt(1)), name: z.string(), tags: z.array(z.string()) });

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

  it('names NaN as what was received, and invents nothing when zod does not say', () => {
    expect(issuesOf({ odds: Number.NaN, name: 'x', tags: [] })).toEqual([{ path: 'odds', message: 'expected number, received NaN' }]);
    expect(issuesOf({ odds: 'high', name: 'x', tags: [] })).toEqual([{ path: 'odds', message: 'expected number' }]);
  });

  it('returns the parsed value when the input conforms', () => {
    expect(parseOrThrow(schema, { odds: 2, name: 'x', tags: [] }, 'test input')).toEqual({ odds: 2, name: 'x', tags: [] });
  });
});
