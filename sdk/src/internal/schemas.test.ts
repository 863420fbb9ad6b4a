import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import * as s from './schemas';
import { toIssues } from './validate';

/** The matchkit issues of `input`, or 'ok' with the output. */
function check(schema: v.GenericSchema, input: unknown) {
  const result = v.safeParse(schema, input);
  return result.success ? { ok: result.output } : toIssues(result.issues);
}

describe('the schemas keep the rules and sentences of the sdk', () => {
  it('objects and records refuse arrays, as a list is not a record of fields', () => {
    expect(check(s.object({ a: s.optional(s.string()) }), [])).toEqual([{ path: '', message: 'expected object' }]);
    expect(check(s.record(s.string(), s.boolean()), [])).toEqual([{ path: '', message: 'expected record' }]);
    expect(check(s.strictObject({}), [1])).toEqual([{ path: '', message: 'expected object' }]);
  });

  it('a missing key says what its schema says of undefined; a required unknown says "expected nonoptional"', () => {
    const schema = s.object({ a: s.nonEmpty(), b: s.picklist(['x', 'y']), c: s.unknown(), d: s.optional(s.int()) });
    expect(check(schema, {})).toEqual([
      { path: 'a', message: 'expected string' },
      { path: 'b', message: 'must be one of "x", "y"' },
      { path: 'c', message: 'expected nonoptional' },
    ]);
    expect(check(schema, { a: 'a', b: 'x', c: undefined })).toEqual({ ok: { a: 'a', b: 'x', c: undefined } });
  });

  it('a strict object lists every unknown key in one issue, after its fields', () => {
    const schema = s.strictObject({ a: s.string() }, (k) => (k === 'old' ? 'old (was renamed a in 1.0)' : k));
    expect(check(schema, { b: 1, old: 2 })).toEqual([
      { path: 'a', message: 'expected string' },
      { path: '', message: 'unknown key(s): b, old (was renamed a in 1.0)' },
    ]);
  });

  it('a record names a refused key once and does not read its value', () => {
    const schema = s.record(s.matching(/^[A-Z]+$/), s.number());
    expect(check(schema, { ab: 'x', AB: 'x' })).toEqual([
      { path: 'ab', message: 'has an invalid key' },
      { path: 'AB', message: 'expected number' },
    ]);
    expect(check(schema, { AB: 1 })).toEqual({ ok: { AB: 1 } });
  });

  it('int: a whole, safe number', () => {
    const int = v.pipe(s.int(), s.gte(0));
    expect(check(int, 1.5)).toEqual([{ path: '', message: 'expected int' }]);
    expect(check(int, Infinity)).toEqual([{ path: '', message: 'expected number, received Infinity' }]);
    expect(check(int, '1')).toEqual([{ path: '', message: 'expected number' }]);
    // Beyond the safe range is an issue that does not stop the next check.
    expect(check(int, -(2 ** 60))).toEqual([
      { path: '', message: 'must be at least -9007199254740991' },
      { path: '', message: 'must be at least 0' },
    ]);
    expect(check(v.pipe(s.int('whole pence'), s.gte(0, 'whole pence')), 'x')).toEqual([{ path: '', message: 'whole pence' }]);
  });

  it('length rules apply to whatever has a length, even of the wrong type', () => {
    expect(check(s.nonEmpty(), [])).toEqual([
      { path: '', message: 'expected string' },
      { path: '', message: 'must be at least 1' },
    ]);
    expect(check(v.pipe(s.array(s.string()), s.maxLength(2)), 'abc')).toEqual([
      { path: '', message: 'expected array' },
      { path: '', message: 'must be at most 2' },
    ]);
  });

  it('a variant names its discriminator when no option has it', () => {
    const schema = s.variant('type', [s.variantOption({ type: s.literal('a') }), s.variantOption({ type: s.literal('b'), n: s.number() })]);
    expect(check(schema, { type: 'c' })).toEqual([{ path: 'type', message: 'does not match any allowed shape' }]);
    expect(check(schema, { type: 'b' })).toEqual([{ path: 'n', message: 'expected number' }]);
    expect(check(schema, 5)).toEqual([{ path: '', message: 'expected object' }]);
  });

  it('refine reports at its path once the parts are valid', () => {
    const schema = v.pipe(
      s.object({ min: s.number(), max: s.number() }),
      s.refine((o) => o.min <= o.max, 'must be at least min', ['max']),
    );
    expect(check(schema, { min: 2, max: 1 })).toEqual([{ path: 'max', message: 'must be at least min' }]);
    expect(check(schema, { min: 'a', max: 1 })).toEqual([{ path: 'min', message: 'expected number' }]);
  });

  it('an instant is a calendar date-time with seconds and an offset (29 February in leap years only)', () => {
    for (const ok of ['2024-02-29T00:00:00Z', '2000-02-29T10:00:00.5+01:00', '2025-08-11T09:00:00-23:59'])
      expect(s.isInstant(ok), ok).toBe(true);
    for (const bad of [
      '2023-02-29T00:00:00Z',
      '1900-02-29T00:00:00Z',
      '2025-04-31T00:00:00Z',
      '2025-08-11T09:00Z',
      '2025-08-11T09:00:00',
      '2025-08-11T24:00:00Z',
      '2025-08-11T09:00:00+24:00',
    ])
      expect(s.isInstant(bad), bad).toBe(false);
  });

  it('an email address: dotted words, an @, dotted labels and a top-level domain of letters', () => {
    for (const ok of ['ada@example.com', "o'neil@example.co.uk", 'a+b_c-d@x-y.io']) expect(s.EMAIL_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ['ada', 'a@b', 'a..b@c.de', '.a@b.cd', 'a.@b.cd', "a'@b.cd", 'a@-b.cd', 'a@b.c1'])
      expect(s.EMAIL_PATTERN.test(bad), bad).toBe(false);
  });
});
