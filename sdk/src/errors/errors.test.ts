import { describe, expect, it } from 'vitest';
import { MatchkitError, MatchkitValidationError, isMatchkitError, isValidationError } from '../errors';

const BRAND = Symbol.for('@matchkit/sdk/error');

/** What an error thrown by another copy of the sdk looks like: same registry symbol, other class. */
function foreignError(kind: string): Error {
  const e = new Error('from another copy');
  Object.defineProperty(e, BRAND, { value: true });
  return Object.assign(e, { kind });
}

describe('MatchkitError', () => {
  it('is an Error with a kind, a name, a message and an optional cause', () => {
    const cause = new Error('socket closed');
    const e = new MatchkitError('network', 'request failed', { cause });
    expect(e).toBeInstanceOf(Error);
    expect(e.kind).toBe('network');
    expect(e.name).toBe('MatchkitError');
    expect(e.message).toBe('request failed');
    expect(e.cause).toBe(cause);
  });
});

describe('MatchkitValidationError', () => {
  const issues = [
    { path: 'plans.1.price.monthly', message: 'must be a whole, non-negative number of pence' },
    { path: 'tiers', message: 'must be platinum, diamond, pro, pro-plus in that order' },
    { path: '', message: 'expected object' },
  ];
  const e = new MatchkitValidationError('brand catalogue', issues);

  it('has the validation kind, its subject and every issue', () => {
    expect(e).toBeInstanceOf(MatchkitError);
    expect(e.kind).toBe('validation');
    expect(e.name).toBe('MatchkitValidationError');
    expect(e.subject).toBe('brand catalogue');
    expect(e.issues).toEqual(issues);
  });

  it('lists each path and its message in the message', () => {
    expect(e.message).toContain('brand catalogue');
    for (const i of issues.slice(0, 2)) {
      expect(e.message).toContain(i.path);
      expect(e.message).toContain(i.message);
    }
    expect(e.message).toContain('(input)');
    expect(e.message.split('\n')).toHaveLength(1 + issues.length);
  });

  it('keeps its own frozen copy of the issues', () => {
    const mine = [{ path: 'a', message: 'bad' }];
    const err = new MatchkitValidationError('x', mine);
    mine.push({ path: 'b', message: 'bad' });
    expect(err.issues).toHaveLength(1);
    expect(Object.isFrozen(err.issues)).toBe(true);
  });
});

describe('isMatchkitError', () => {
  it('recognises errors of this copy', () => {
    expect(isMatchkitError(new MatchkitError('http', 'status 500'))).toBe(true);
    expect(isMatchkitError(new MatchkitValidationError('x', [{ path: 'a', message: 'bad' }]))).toBe(true);
  });

  it('recognises an error created by a different copy of the sdk', () => {
    expect(isMatchkitError(foreignError('parse'))).toBe(true);
    expect(isMatchkitError({ [BRAND]: true, kind: 'graphql' })).toBe(true);
  });

  it('rejects a branded object without a string kind', () => {
    expect(isMatchkitError({ [BRAND]: true })).toBe(false);
    expect(isMatchkitError({ [BRAND]: true, kind: 7 })).toBe(false);
    expect(isMatchkitError({ [BRAND]: 'yes', kind: 'http' })).toBe(false);
  });

  it('rejects plain errors and look-alikes without the brand', () => {
    expect(isMatchkitError(new Error('x'))).toBe(false);
    expect(isMatchkitError(Object.assign(new Error('x'), { kind: 'http', name: 'MatchkitError' }))).toBe(false);
    expect(isMatchkitError({ [Symbol('@matchkit/sdk/error')]: true, kind: 'http' })).toBe(false);
  });

  it.each([[null], [undefined], ['MatchkitError'], [42], [true], [Symbol.for('@matchkit/sdk/error')]])(
    'rejects the non-object %s',
    (value) => {
      expect(isMatchkitError(value)).toBe(false);
    },
  );
});

describe('isValidationError', () => {
  it('is true only for the validation kind, from any copy', () => {
    expect(isValidationError(new MatchkitValidationError('x', [{ path: 'a', message: 'bad' }]))).toBe(true);
    expect(isValidationError(foreignError('validation'))).toBe(true);
    expect(isValidationError(foreignError('http'))).toBe(false);
    expect(isValidationError(new MatchkitError('aborted', 'cancelled'))).toBe(false);
    expect(isValidationError(new Error('x'))).toBe(false);
    expect(isValidationError(null)).toBe(false);
  });
});
