import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MatchkitValidationError } from '../errors/errors';
import * as s from './schemas';
import { kindOf } from './guards';
import { fields, validate, type CrossRule } from './validate';

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
  // An object's own message: what it says of a value that is not an object and of a missing key.
  const said = (issue: v.ObjectIssue) =>
    issue.expected === 'Object' ? `expected an object, received ${kindOf(issue.input)}` : 'is required';
  const bet = fields({ stake: v.number('expected a number'), legs: v.array(fields({ odds: v.number('expected a number') }, said)) }, said);
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

  it('reads an undefined field as an absent one (its object says so)', () => {
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

describe('fields: checks across the fields', () => {
  // The refund rule's shape: a problem at a nested path, only when both fields passed their own rules.
  const rule: CrossRule = (x, ok, report) => {
    if (ok('stake') && ok('refund', 'amount') && (x.refund as { amount: number }).amount > (x.stake as number))
      report('must not exceed stake', 'refund', 'amount');
    if (x.stake === 0) report('needs a stake');
  };
  const refund = fields({ amount: v.number('expected a number'), kept: v.number('expected a number') }, 'is required');
  const offer = fields({ stake: v.number('expected a number'), refund }, 'is required', rule);
  const issuesOf = (input: unknown) => v.safeParse(offer, input).issues?.map((i) => [v.getDotPath(i) ?? '', i.message]);

  it("reports at the path it names, or at the object itself, after the fields' own issues", () => {
    expect(issuesOf({ stake: 5, refund: { amount: 6, kept: 1 } })).toEqual([['refund.amount', 'must not exceed stake']]);
    expect(issuesOf({ stake: 0, refund: { amount: 'x', kept: 1 } })).toEqual([
      ['refund.amount', 'expected a number'],
      ['', 'needs a stake'],
    ]);
  });

  it('sees which fields passed their own rules, at any depth', () => {
    expect(issuesOf({ stake: 'x', refund: { amount: 6, kept: 1 } })).toEqual([['stake', 'expected a number']]);
    // A problem in the refund's other field leaves refund.amount ok.
    expect(issuesOf({ stake: 5, refund: { amount: 6, kept: 'x' } })).toEqual([
      ['refund.kept', 'expected a number'],
      ['refund.amount', 'must not exceed stake'],
    ]);
  });

  it("is valibot's object on its own: keys it does not describe pass, an undefined field is read", () => {
    expect(v.safeParse(offer, { stake: 5, refund: { amount: 1, kept: 1 }, colour: 'red' }).output).toEqual({
      stake: 5,
      refund: { amount: 1, kept: 1 },
    });
    expect(issuesOf({ stake: undefined, refund: { amount: 1, kept: 1 } })).toEqual([['stake', 'expected a number']]);
  });

  it('runs the rule through validate too, before the refused keys', () => {
    expect(() => validate(offer, { stake: 5, refund: { amount: 6, kept: 1 }, colour: 1 }, 'offer', {})).toThrow(
      expect.objectContaining({
        issues: [
          { path: 'refund.amount', message: 'must not exceed stake' },
          { path: 'colour', message: 'is not a field of offer' },
        ],
      }),
    );
  });
});
