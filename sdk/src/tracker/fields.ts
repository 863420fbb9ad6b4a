// The tracker's inputs as valibot schemas: each field says what it accepts and, in the tracker's
// words, what it refuses; `fields` reads an object of them as the tracker reads its inputs (unknown
// keys first, then the fields in order, each rule across fields at the field it names). Run them
// with internal/validate.ts's `collect`. Internal: not exported from any package entry point.
//
// They implement the part of valibot's schema interface that runs a schema (`kind` and `~run` over
// a dataset, issues with their paths), and are built here rather than from valibot's `custom`,
// `pipe` and `array`: those bring valibot's message machinery (global and per-language messages,
// `_stringify`) that no tracker message uses, and cost settleBet about 1 KB gzipped more (5.96 KB
// against 4.95 KB, measured on one main; docs/guides/decisions.md has the figures).
import type * as v from 'valibot';
import { choiceMessage, ruleMessage, type Rule } from '../calculators/schema';
import { isRecord, kindOf as kind } from '../internal/guards';
import { readInstant } from '../internal/instant';
import { unknownKeys } from '../internal/keys';

type Dataset = v.UnknownDataset | v.OutputDataset<unknown, v.BaseIssue<unknown>>;
type Run = (dataset: v.UnknownDataset, config: v.Config<v.BaseIssue<unknown>>) => Dataset;

/** A path item of an issue: the key (or index) under the value it was found in (valibot's other fields are not read). */
const item = (key: string | number) => ({ key }) as v.IssuePathItem;

/** An issue of the tracker's schemas: `message` at `path`, [] for the value itself (valibot's other fields are not read). */
const issueOf = (message: string, path: readonly v.IssuePathItem[] = []) => ({ message, path }) as unknown as v.BaseIssue<unknown>;

/**
 * A valibot schema that reads a value with `run` (the `~run` every valibot method calls).
 * `~run`, its dataset and its config are valibot's internal interface, not its documented API: a
 * minor release may change them without a major. So sdk/package.json pins valibot to a patch
 * range (`~1.5.0`); move the pin on purpose, with this file's and internal/validate.ts's tests
 * (and the calculators' and tracker's property laws) run against the new minor.
 */
const schema = <T>(run: Run): v.GenericSchema<unknown, T> => ({ kind: 'schema', '~run': run }) as unknown as v.GenericSchema<unknown, T>;

/** The end of a reading: `value`, refused when there are `issues`. */
const done = (value: unknown, issues: v.BaseIssue<unknown>[] = []): Dataset =>
  (issues.length > 0 ? { typed: false, value, issues } : { typed: true, value }) as Dataset;

/**
 * One field: `problem(x)` says what is wrong with `x` ('' when nothing is), and a good `x` is read
 * as `read(x)`.
 */
/* @__NO_SIDE_EFFECTS__ */
export function field<T>(problem: (x: unknown) => string, read: (x: unknown) => T = (x) => x as T): v.GenericSchema<unknown, T> {
  return schema((dataset) => {
    const x = dataset.value;
    const message = problem(x);
    return message === '' ? done(read(x)) : done(x, [issueOf(message)]);
  });
}

/** Any value, read as given: a field whose rules are across fields. */
export const anything = /* @__PURE__ */ field<unknown>(() => '');

/** `s`, with `absent` (undefined, or any of the values listed) read as `value`. */
/* @__NO_SIDE_EFFECTS__ */
export const unless = <T, U>(s: v.GenericSchema<unknown, T>, value: U, ...absent: unknown[]) =>
  schema<T | U>((dataset, config) => (absent.includes(dataset.value) ? done(value) : s['~run'](dataset, config)));

/** The length of a text in characters (Unicode code points, as the server's text columns count them). */
const chars = (x: string): number => {
  let n = 0;
  for (const _ of x) n += 1;
  return n;
};

/** What is wrong with `x` as a string: `nonEmpty` refuses '' (and blanks); `max` is the most characters allowed. */
const textProblem = (x: unknown, nonEmpty: boolean, max: number): string =>
  typeof x !== 'string'
    ? x === undefined
      ? 'is required'
      : `expected a string, received ${kind(x)}`
    : nonEmpty && x.trim() === ''
      ? 'must not be empty'
      : x.length > max && chars(x) > max
        ? `must be at most ${max} characters long (it has ${chars(x)})`
        : '';

/** A string: `nonEmpty` refuses '' (and blanks); `max` is the most characters allowed. */
/* @__NO_SIDE_EFFECTS__ */
export const text = (nonEmpty: boolean, max = Infinity) => field<string>((x) => textProblem(x, nonEmpty, max));

/** Integer pence: `signed` allows negatives; `limit` is the largest size allowed. -0 is read as 0. */
/* @__NO_SIDE_EFFECTS__ */
export const pence = (signed: boolean, limit: number) =>
  field<number>(
    (x) =>
      typeof x !== 'number'
        ? x === undefined
          ? 'is required'
          : `expected a number, received ${kind(x)}`
        : !Number.isInteger(x)
          ? Number.isFinite(x)
            ? 'must be a whole number of pence'
            : 'must be a finite number'
          : !signed && x < 0
            ? 'must not be negative'
            : Math.abs(x) > limit
              ? `must be at most ${limit} pence in size`
              : '',
    (x) => (x as number) + 0,
  );

/** A number under a rule ([min, max, flags, label] of calculators/schema.ts), with the calculators' messages. */
/* @__NO_SIDE_EFFECTS__ */
export const number = (...rule: Rule) =>
  field<number>((x) =>
    typeof x !== 'number'
      ? `expected a number, received ${kind(x)}`
      : Number.isNaN(x)
        ? 'expected a number, received NaN'
        : ruleMessage(x, rule),
  );

/** What is wrong with `x` as an instant ('' when nothing is). */
const instantMessage = (x: unknown): string => {
  const read = readInstant(x);
  return 'message' in read ? read.message : '';
};
/**
 * An instant: a valid Date or epoch milliseconds, from 1970-01-01T00:00:00Z to
 * 9999-12-31T23:59:59.999Z, read as epoch milliseconds.
 */
export const instant = /* @__PURE__ */ field<number>(instantMessage, (x) => (x instanceof Date ? x.getTime() : (x as number)));

/** One of `options` ('is required' when absent; the 1.0 rename of 'cash' named). */
/* @__NO_SIDE_EFFECTS__ */
export const oneOf = <const T extends string>(options: readonly T[]) =>
  field<T>((x) => (options.includes(x as T) ? '' : x === undefined ? 'is required' : choiceMessage(options, x)));

/** A list of `min` to `max` items, each read by `each`. */
/* @__NO_SIDE_EFFECTS__ */
export const list = <T>(each: v.GenericSchema<unknown, T>, min: number, max: number) =>
  schema<T[]>((dataset, config) => {
    const x = dataset.value;
    const message = !Array.isArray(x)
      ? x === undefined
        ? 'is required'
        : `expected an array, received ${kind(x)}`
      : x.length < min
        ? `must have at least ${min} item${min === 1 ? '' : 's'}`
        : x.length > max
          ? `must have at most ${max} items`
          : '';
    if (message !== '') return done(x, [issueOf(message)]);
    const issues: v.BaseIssue<unknown>[] = [];
    // Every index, a hole too (read as undefined, as valibot's array reads it).
    const value = Array.from(x as unknown[], (value, n) => {
      const out = each['~run']({ value }, config);
      for (const issue of out.issues ?? []) issues.push({ ...issue, path: [item(n), ...(issue.path ?? [])] as never });
      return out.value;
    });
    return done(value, issues);
  });

/** What a rule across fields is given. */
export interface FieldTools {
  /** Records a problem at `path` under the object (at the object itself when no path is given). */
  report(message: string, ...path: (string | number)[]): void;
  /** Whether a problem is recorded at the dotted path `path` under the object. */
  has(path: string): boolean;
  /** How many problems are recorded under the object. */
  count(): number;
  /** Reads `x` with `schema`, recording its problems at `path`; a bad `x` is read as `fallback`. */
  read<T>(schema: v.GenericSchema<unknown, T>, x: unknown, fallback: T, ...path: (string | number)[]): T;
}

/** A rule across fields, run right after a field is read: `x` is what was read so far (it may set fields). */
export type FieldRule = (x: Record<string, unknown>, tools: FieldTools) => void;

/** A field of an object: its schema and what a refused value is read as. */
export type Entry = readonly [schema: v.GenericSchema, fallback: unknown];

/**
 * An object of `entries`, read in their order: what is not an object is refused ("expected an
 * object, received an array"); with `what`, each key the entries do not name is refused first, by
 * name ("is not a field of a tracked leg; did you mean stake?"); each field's refused value is read
 * as its fallback (a field refused only in part, as a list with a bad item, keeps what was read);
 * `rules[key]` runs right after `key` is read.
 *
 * What is not an object is read as {} (every field absent); its fields' problems are not news and
 * are not recorded, unless `allAbsent` says to record them.
 */
/* @__NO_SIDE_EFFECTS__ */
export function fields<T>(
  entries: Readonly<Record<string, Entry>>,
  options: { readonly what?: string; readonly rules?: Readonly<Record<string, FieldRule>>; readonly allAbsent?: boolean } = {},
): v.GenericSchema<unknown, T> {
  return schema<T>((dataset, config) => {
    const input = dataset.value;
    const live = isRecord(input);
    const raw: Record<string, unknown> = live ? input : {};
    const issues: v.BaseIssue<unknown>[] = [];
    const record = live || !!options.allAbsent;
    if (!live) issues.push(issueOf(`expected an object, received ${kind(input)}`));
    const report = (message: string, ...path: (string | number)[]) => {
      if (record) issues.push(issueOf(message, path.map(item)));
    };
    const read = <U>(s: v.GenericSchema<unknown, U>, x: unknown, fallback: U, ...path: (string | number)[]): U => {
      const out = s['~run']({ value: x }, config);
      if (record)
        for (const issue of out.issues ?? []) issues.push({ ...issue, path: [...path.map(item), ...(issue.path ?? [])] as never });
      // Refused as a whole (not only in part, as a list with a bad item): read as the fallback.
      return (out.issues ?? []).some((i) => (i.path ?? []).length === 0) ? fallback : (out.value as U);
    };
    if (live && options.what) {
      const found: { path: string; message: string }[] = [];
      unknownKeys(input, Object.keys(entries), '', found, options.what);
      for (const f of found) report(f.message, f.path);
    }
    const tools: FieldTools = {
      report,
      has: (path) => issues.some((i) => (i.path ?? []).map((p) => p.key).join('.') === path),
      count: () => issues.length,
      read,
    };
    const value: Record<string, unknown> = {};
    for (const [key, [s, fallback]] of Object.entries(entries)) {
      value[key] = read(s, raw[key], fallback, key);
      options.rules?.[key]?.(value, tools);
    }
    return done(value, issues);
  });
}
