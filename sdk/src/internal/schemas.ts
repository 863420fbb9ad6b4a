// valibot building blocks with matchkit's rules and sentences. Internal: not exported from any
// package entry point.
//
// The sdk's schemas were zod/mini schemas until 1.x; these blocks keep what they accepted, refused
// and said, so that moving to valibot changed no verdict and no message:
// - every message is set here, in matchkit's words ("expected string", "must be at least 1"), so a
//   published schema says the same through `v.safeParse` as through a MatchkitValidationError;
// - objects and records refuse arrays (valibot takes an array for an object), numbers refuse
//   Infinity, `int` is a safe integer, a required key whose schema accepts undefined is still
//   required ("expected nonoptional");
// - a refused key of a record is "has an invalid key"; the unknown keys of a strict object are one
//   issue at the object's path, "unknown key(s): a, b".
// Use them as `s.object({...})`, `s.int('must be ...')`, `v.pipe(s.number(), s.gte(0))`.
import * as v from 'valibot';

type Issue = v.BaseIssue<unknown>;
type Schema = v.GenericSchema;

const isObject = (x: unknown): x is object => typeof x === 'object' && x !== null && !Array.isArray(x);

/** ", received NaN" / ", received -Infinity" for the numbers that are not finite; nothing for other values. */
function receivedNumber(input: unknown): string {
  return typeof input === 'number' && !Number.isFinite(input) ? `, received ${String(input)}` : '';
}

/** What a key that an object requires says when it is absent: what its schema says of undefined. */
function missingKey(entries: v.ObjectEntries) {
  return (issue: Issue): string => {
    const item = issue.path?.[0];
    if (item === undefined) return 'expected object';
    const entry = entries[item.key as string];
    const result = entry === undefined ? undefined : v.safeParse(entry, undefined);
    return result === undefined || result.success ? 'expected nonoptional' : (result.issues[0]?.message ?? 'is invalid');
  };
}

/** A string. */
export const string = (message = 'expected string') => v.string(message);

/** A boolean. */
export const boolean = () => v.boolean('expected boolean');

/** null. */
export const nullValue = () => v.null('expected null');

/** Any value, undefined included. */
export const unknown = () => v.unknown();

/** A finite number (NaN and Infinity are refused as not numbers). */
export const number = (message?: string) =>
  v.custom<number>(
    (x) => typeof x === 'number' && Number.isFinite(x),
    (issue) => message ?? `expected number${receivedNumber(issue.input)}`,
  );

/**
 * A safe integer. A whole number beyond the safe range is an issue of its own that does not stop
 * the checks after it (`v.pipe(s.int(), s.gte(0))` reports both for -2⁶⁰).
 */
export const int = (message?: string) =>
  v.pipe(
    v.custom<number>(
      (x) => Number.isInteger(x),
      (issue) =>
        message ??
        (typeof issue.input === 'number' && Number.isFinite(issue.input)
          ? 'expected int'
          : `expected number${receivedNumber(issue.input)}`),
    ),
    v.check(
      (x) => Number.isSafeInteger(x),
      (issue) =>
        message ?? (Number(issue.input) > 0 ? `must be at most ${Number.MAX_SAFE_INTEGER}` : `must be at least ${Number.MIN_SAFE_INTEGER}`),
    ),
  );

/** At least `n`. */
export const gte = (n: number, message = `must be at least ${n}`) => v.minValue<number, number, string>(n, message);
/** Greater than `n`. */
export const gt = (n: number, message = `must be greater than ${n}`) => v.gtValue<number, number, string>(n, message);
/** At most `n`. */
export const lte = (n: number, message = `must be at most ${n}`) => v.maxValue<number, number, string>(n, message);
/** Less than `n`. */
export const lt = (n: number, message = `must be less than ${n}`) => v.ltValue<number, number, string>(n, message);
/**
 * A rule of length, checked on whatever has a length, even a value of the wrong type (a list
 * given for a string is still said to be too short), as the schemas always did.
 */
const lengthRule = <T>(ok: (length: number) => boolean, message: string) =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    const length = (dataset.value as { length?: unknown } | null | undefined)?.length;
    if (typeof length === 'number' && !ok(length)) addIssue({ message });
  });

/** At least `n` long (a string's characters or an array's items). */
export const minLength = <T>(n: number, message = `must be at least ${n}`) => lengthRule<T>((length) => length >= n, message);
/** At most `n` long. */
export const maxLength = <T>(n: number, message = `must be at most ${n}`) => lengthRule<T>((length) => length <= n, message);
/** Matches `pattern`. */
export const regex = (pattern: RegExp, message = 'must be a valid regex') => v.regex<string, string>(pattern, message);

/** A string of at least one character. */
export const nonEmpty = (message?: string) => v.pipe(string(), minLength<string>(1, message));

/** A string matching `pattern`. */
export const matching = (pattern: RegExp, message?: string) => v.pipe(string(), regex(pattern, message));

const oneOf = (values: readonly unknown[]) => `must be one of ${values.map((x) => JSON.stringify(x)).join(', ')}`;

/** One of `values`. */
export const picklist = <const T extends readonly (string | number | boolean)[]>(values: T, message = oneOf(values)) =>
  v.picklist(values as T & v.PicklistOptions, message) as v.PicklistSchema<T & v.PicklistOptions, string>;

/** Exactly `value`. */
export const literal = <const T extends string | number | boolean>(value: T, message = oneOf([value])) => v.literal(value, message);

/** An array of `item`. */
export const array = <T extends Schema>(item: T) => v.array(item, 'expected array');

/**
 * An object with `entries` (unknown keys are dropped). Refuses arrays, as a record of fields is
 * not a list.
 */
export function object<const E extends v.ObjectEntries>(entries: E) {
  const schema = v.object(entries, missingKey(entries));
  return v.pipe(v.custom<v.InferInput<typeof schema>>(isObject, 'expected object'), schema);
}

/**
 * An object with `entries` and no other key: the other keys are one issue at the object's path,
 * "unknown key(s): a, b" (valibot's strictObject names only the first), after the issues of its
 * fields. `nameUnknown` may say more of a key than its name. Its run wraps valibot's object's
 * `~run` (valibot's internal interface: why valibot is pinned to a patch range, tracker/fields.ts).
 */
export function strictObject<const E extends v.ObjectEntries>(entries: E, nameUnknown = (key: string) => key, expected = 'object') {
  const base = v.object(entries, missingKey(entries));
  const strict: typeof base = {
    ...base,
    '~run'(dataset, config) {
      const input = dataset.value;
      const out = base['~run'](dataset, config);
      const unknown = isObject(input) ? Object.keys(input).filter((key) => !Object.hasOwn(entries, key)) : [];
      if (unknown.length > 0) {
        const issue: v.BaseIssue<unknown> = {
          kind: 'schema',
          type: 'strict_object',
          input,
          expected: 'never',
          received: unknown.map((key) => `"${key}"`).join(' | '),
          message: `unknown key(s): ${unknown.map(nameUnknown).join(', ')}`,
        };
        // Not a stop: rules of the whole object still run, as they always did.
        if (out.issues === undefined) Object.assign(out, { issues: [issue] });
        else (out.issues as v.BaseIssue<unknown>[]).push(issue);
      }
      return out;
    },
    '~standard': {
      version: 1,
      vendor: 'valibot',
      validate: (value) => strict['~run']({ value }, v.getGlobalConfig()),
    } as (typeof base)['~standard'],
  };
  return v.pipe(v.custom<v.InferInput<typeof base>>(isObject, `expected ${expected}`), strict);
}

/**
 * An object of the `options` picked by their `key` (a literal of each), for `variant`: unlike
 * `object`, it keeps its entries, which valibot's variant reads.
 */
export const variantOption = <const E extends v.ObjectEntries>(entries: E) => v.object(entries, missingKey(entries));

/** One of the objects `options`, told apart by their `key`. */
export function variant<const K extends string, const O extends v.VariantOptions<K>>(key: K, options: O) {
  const schema = v.variant(key, options, (issue) => (issue.path === undefined ? 'expected object' : 'does not match any allowed shape'));
  return v.pipe(v.custom<v.InferInput<typeof schema>>(isObject, 'expected object'), schema);
}

/**
 * A record of `value` keyed by strings that `key` accepts. Refuses arrays. A refused key is one
 * issue, "has an invalid key", and its value is not read.
 */
export function record<K extends v.GenericSchema<string, string>, V extends Schema>(key: K, value: V) {
  const base = v.record(
    v.custom<v.InferOutput<K>>((k) => v.is(key, k)),
    value,
    'expected record',
  );
  const checked: typeof base = {
    ...base,
    '~run'(dataset, config) {
      const input = dataset.value as Record<string, unknown>;
      const output: Record<string, unknown> = {};
      const issues: v.BaseIssue<unknown>[] = [];
      let typed = true;
      for (const k of Object.keys(input)) {
        const item = { type: 'object', origin: 'value', input, key: k, value: input[k] } as const;
        if (!v.is(key, k)) {
          issues.push({
            kind: 'schema',
            type: 'record',
            input: k,
            expected: 'key',
            received: `"${k}"`,
            message: 'has an invalid key',
            path: [{ ...item, origin: 'key' }],
          });
          typed = false;
          continue;
        }
        const result = value['~run']({ value: input[k] }, config);
        for (const issue of result.issues ?? []) issues.push({ ...issue, path: [item, ...(issue.path ?? [])] });
        if (!result.typed) typed = false;
        Object.defineProperty(output, k, { value: result.value, enumerable: true, writable: true, configurable: true });
      }
      return Object.assign(dataset, { typed, value: output, ...(issues.length > 0 ? { issues } : {}) }) as ReturnType<
        (typeof base)['~run']
      >;
    },
    '~standard': {
      version: 1,
      vendor: 'valibot',
      validate: (x) => checked['~run']({ value: x }, v.getGlobalConfig()),
    } as (typeof base)['~standard'],
  };
  return v.pipe(v.custom<v.InferInput<typeof base>>(isObject, 'expected record'), checked);
}

/** `schema`, or an absent key (a key that is present must hold a `schema`, even undefined). */
export const exactOptional = <T extends Schema>(schema: T) => v.exactOptional(schema);

/** `schema` or undefined (a key that may be absent). */
export const optional = <T extends Schema>(schema: T) => v.optional(schema);

/** `schema` or null. */
export const nullable = <T extends Schema>(schema: T) => v.nullable(schema);

/**
 * An instant: ISO 8601 with seconds, optional fractions and an explicit offset (`Z` or `+hh:mm`),
 * on a day of the calendar (29 February only in leap years).
 */
export function isInstant(text: string): boolean {
  const m = /^(\d{4})-(\d\d)-(\d\d)T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/.exec(text);
  if (m === null) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  return month >= 1 && month <= 12 && day >= 1 && day <= days;
}

/** An instant as {@link isInstant} reads it; `message` for every refusal. */
export const instant = (message: string) => v.pipe(string(message), v.check(isInstant, message));

/**
 * The shape of an email address the sdk accepts: dot-separated words of letters, digits and
 * `_'+-` (the last character not an apostrophe), `@`, then dot-separated labels of letters, digits
 * and dashes (not starting with a dash) ending in a top-level domain of two or more letters. The
 * addresses zod's `email()` accepted in 1.x, no more and no fewer.
 */
export const EMAIL_PATTERN = /^(?:[\w'+-]+\.)*[\w'+-]*[\w+-]@(?:[A-Za-z\d][A-Za-z\d-]*\.)+[A-Za-z]{2,}$/;

/** An email address of {@link EMAIL_PATTERN}'s shape. */
export const email = () => v.pipe(string(), regex(EMAIL_PATTERN, 'must be a valid email'));

/**
 * Issues that a check of the whole value found, each at a path under it: a step to
 * `v.rawCheck(({ dataset, addIssue }) => ... report(addIssue, ['tiers', 0], 'message'))`.
 */
export function report(
  addIssue: (info: { message: string; path?: [v.IssuePathItem, ...v.IssuePathItem[]] }) => void,
  path: readonly (string | number)[],
  message: string,
): void {
  const items = path.map((key) => ({ type: 'unknown', origin: 'value', input: undefined, key, value: undefined }) as v.UnknownPathItem);
  addIssue(items.length === 0 ? { message } : { message, path: items as [v.IssuePathItem, ...v.IssuePathItem[]] });
}

/**
 * A rule of the whole value, checked once its parts are valid: when `ok` is false, `message` is
 * reported at `path` under it (`refine((o) => o.min <= o.max, 'must be at least min', ['max'])`).
 */
export function refine<T>(ok: (value: T) => boolean, message: string, path: readonly (string | number)[] = []) {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (dataset.typed && !ok(dataset.value)) report(addIssue, path, message);
  });
}
