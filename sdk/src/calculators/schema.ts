// The calculators' inputs are described once, as valibot schemas: each field's rule, with the
// calculators' own messages. From that one description come the input types
// (`CalculatorInput<typeof schema>`), the validation (the sdk's one `validate`, internal/validate.ts,
// with the calculators' `KEYS`) and the shape of the registry's
// forms (registry/registry.ts reads each field's kind, optionality, choices and nested fields; its
// words are in registry/labels.ts). Internal: the schemas themselves are
// exported by each calculator's file, these helpers are not.
import * as v from 'valibot';
import { kindOf as kind } from '../internal/guards';
import type { KeyNotes } from '../internal/keys';
import { fields, issueOf, withIssues, withRun, type CrossRule } from '../internal/validate';

/**
 * The largest decimal odds any calculator accepts (a 999,999/1 shot): bigger prices are rejected,
 * which keeps every result finite.
 *
 * @example
 * ```ts
 * import { MAX_ODDS } from '@matchkit/sdk/calculators';
 * MAX_ODDS; // 1000000
 * ```
 */
export const MAX_ODDS = 1e6;
/**
 * The largest stake or amount of money any calculator accepts (in whatever unit the caller uses,
 * pounds or pence): bigger amounts are rejected, which keeps every result finite.
 *
 * @example
 * ```ts
 * import { MAX_MONEY } from '@matchkit/sdk/calculators';
 * MAX_MONEY; // 1000000000
 * ```
 */
export const MAX_MONEY = 1e9;

/**
 * The type a calculator takes for an input schema: what the schema accepts, read-only all the way
 * down (a caller may pass frozen objects and read-only arrays).
 *
 * @example
 * ```ts
 * import { backLayInputSchema, type CalculatorInput } from '@matchkit/sdk/calculators';
 * const input: CalculatorInput<typeof backLayInputSchema> = { backStake: 10, backOdds: 3, layOdds: 3.2, layCommission: 0.02 };
 * ```
 */
export type CalculatorInput<S extends v.GenericSchema> = Frozen<v.InferInput<S>>;

/**
 * `T`, read-only all the way down.
 *
 * @example
 * ```ts
 * import type { Frozen } from '@matchkit/sdk/calculators';
 * const legs: Frozen<{ backOdds: number }[]> = [{ backOdds: 2 }];
 * ```
 */
export type Frozen<T> = T extends readonly (infer U)[]
  ? readonly Frozen<U>[]
  : T extends object
    ? { readonly [K in keyof T]: Frozen<T[K]> }
    : T;

/**
 * A number rule: [min, max, flags, label]. Flag 1: min is exclusive; flag 2: max is exclusive; flag
 * 4: a whole number. A
 * label marks a fraction that people often type as a percentage: a value from max up to 100 gets
 * the message "<label> 2 is not a fraction: did you mean 0.02?".
 */
export type Rule = readonly [min: number, max: number, flags: number, label?: string];

/** What is wrong with a number under a rule, or '' when nothing is. */
export function ruleMessage(x: number, [min, max, flags, label]: Rule): string {
  if (!Number.isFinite(x)) return 'must be a finite number';
  if (flags & 1 ? x <= min : x < min) return `must be ${flags & 1 ? 'greater than' : 'at least'} ${min}`;
  if (flags & 2 ? x >= max : x > max)
    return label !== undefined && x < 100
      ? `${label} ${x} is not a fraction: did you mean ${+(x / 100).toPrecision(12)}?`
      : `must be ${flags & 2 ? 'less than' : 'at most'} ${max}`;
  return flags & 4 && x % 1 !== 0 ? 'must be an integer' : '';
}

/** The message of a number schema for what is not a number. */
export const notANumber = (issue: v.NumberIssue): string =>
  `expected a number, received ${Number.isNaN(issue.input) ? 'NaN' : kind(issue.input)}`;

/**
 * A number schema under a rule, with the calculators' messages: valibot's number, whose run also
 * checks the rule (`withRun`, internal/validate.ts). Its type is valibot's `NumberSchema`, so the registry reads the field as a number.
 */
/* @__NO_SIDE_EFFECTS__ */
export function num(...rule: Rule): v.NumberSchema<typeof notANumber> {
  return withRun(v.number(notANumber), (dataset, config, own) => {
    const result = own(dataset, config);
    const message = result.typed ? ruleMessage(result.value, rule) : '';
    return withIssues(result, message === '' ? [] : [issueOf('check', message, result.value)]);
  });
}

/**
 * Decimal odds: a finite number greater than 1 and at most 1e6 ({@link MAX_ODDS}).
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { oddsSchema } from '@matchkit/sdk/calculators';
 * v.safeParse(oddsSchema, 1).success; // false
 * ```
 */
export const oddsSchema = /* @__PURE__ */ num(1, MAX_ODDS, 1);
/**
 * An amount of money (a stake, a refund, a limit): from 0 to 1e9 ({@link MAX_MONEY}).
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { moneySchema } from '@matchkit/sdk/calculators';
 * v.safeParse(moneySchema, -1).success; // false
 * ```
 */
export const moneySchema = /* @__PURE__ */ num(0, MAX_MONEY, 0);
/**
 * Commission as a fraction in [0, 1): 0.02 for 2%.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { commissionSchema } from '@matchkit/sdk/calculators';
 * v.safeParse(commissionSchema, 2).issues?.[0].message; // 'commission 2 is not a fraction: did you mean 0.02?'
 * ```
 */
export const commissionSchema = /* @__PURE__ */ num(0, 1, 2, 'commission');
/**
 * A share or probability in [0, 1].
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { unitSchema } from '@matchkit/sdk/calculators';
 * v.safeParse(unitSchema, 0.8).success; // true
 * ```
 */
export const unitSchema = /* @__PURE__ */ num(0, 1, 0);

/** What is said of `x` when it is not one of `options`: the list of them (or the 1.0 rename of 'cash'). */
export const choiceMessage = (options: readonly string[], x: unknown): string =>
  x === 'cash' && options.includes('qualifying')
    ? "'cash' was renamed 'qualifying' in 1.0"
    : `must be one of ${options.map((o) => `'${o}'`).join(', ')}`;

/** One of a few strings, refused with the list of them (and the 1.0 rename of 'cash'). */
/* @__NO_SIDE_EFFECTS__ */
export function choice<const T extends readonly string[]>(options: T) {
  return /* @__PURE__ */ v.picklist(options, (issue) => choiceMessage(options, issue.input));
}

/** A list of `min` to `max` items. */
/* @__NO_SIDE_EFFECTS__ */
export function list<S extends v.GenericSchema>(item: S, min: number, max: number) {
  return /* @__PURE__ */ v.pipe(
    /* @__PURE__ */ v.array(item, (issue) => `expected an array, received ${kind(issue.input)}`),
    /* @__PURE__ */ v.minLength(min, `must have at least ${min} item${min === 1 ? '' : 's'}`),
    /* @__PURE__ */ v.maxLength(max, `must have at most ${max} items`),
  );
}

/**
 * An object of the given fields ('is required' for a missing one), with the checks across them
 * that `rule` makes (see {@link CrossRule}). Keys it does not know are refused by {@link validate}.
 */
/* @__NO_SIDE_EFFECTS__ */
export function record<E extends v.ObjectEntries>(entries: E, rule?: CrossRule) {
  return /* @__PURE__ */ fields(
    entries,
    (issue: v.ObjectIssue) => (issue.expected === 'Object' ? `expected an object, received ${kind(issue.input)}` : 'is required'),
    rule,
  );
}

/**
 * The keys of a calculator input: each calculator validates with `validate(schema, input, subject,
 * KEYS)`, which refuses the keys its schema does not describe, naming the 1.0 name of an old one
 * ("was renamed backStake in 1.0").
 */
export const KEYS: KeyNotes = {
  stake: ['backStake'],
  stakePerPart: ['backStake'],
  odds: ['backOdds'],
  commission: ['layCommission', 'backCommission'],
};
