// The sdk's one validation mechanism: a valibot schema says what it accepts and, in matchkit's
// words, what it refuses; `validate` runs it and throws one MatchkitValidationError naming every
// bad field at its dotted path (`collect` records them, for a caller that checks more before it
// throws). Internal: not exported from any package entry point.
import * as v from 'valibot';
import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';
import { isRecord } from './guards';
import { keyMessage, type KeyNotes } from './keys';

/**
 * Turns valibot issues into matchkit issues: dotted paths (one issue per problem), and the message
 * each issue carries. The schemas of `internal/schemas.ts` set matchkit's sentences ("expected
 * string", "must be at least 1", "unknown key(s): a, b"), so nothing is translated here.
 */
export function toIssues(issues: readonly v.BaseIssue<unknown>[]): ValidationIssue[] {
  return issues.map((i) => ({ path: (i.path ?? []).map((item) => item.key).join('.'), message: i.message }));
}

/**
 * Runs `schema` on `input` without throwing: records every problem in `issues`, each at its dotted
 * path under `at` ('' for the top), and returns what the schema read (for a schema that reads a
 * bad value as something, such as the tracker's `fields`, that reading; else the value as given).
 * For a caller that checks more than one schema, or more than a schema says, before it throws.
 */
export function collect<S extends v.GenericSchema>(schema: S, input: unknown, issues: ValidationIssue[], at = ''): v.InferOutput<S> {
  // The schema's own run (what v.safeParse calls), without valibot's global configuration: the
  // schemas given here set every message they give.
  const result = schema['~run']({ value: input }, {});
  for (const { path = [], message } of result.issues ?? []) {
    const keys = path.map((item) => item.key);
    issues.push({ path: (at === '' ? keys : [at, ...keys]).join('.'), message });
  }
  return result.value as v.InferOutput<S>;
}

/** A schema's own (unwrapped) shape: what an optional field holds. */
export function unwrap(schema: v.GenericSchema): v.GenericSchema {
  let s = schema as v.GenericSchema & { wrapped?: v.GenericSchema };
  while (s.type === 'optional') s = s.wrapped as typeof s;
  return s;
}

/**
 * An issue of one of matchkit's own checks, in valibot's shape (what `validate`, `v.flatten` and
 * `v.getDotPath` read: the message and the path of keys under `input`).
 */
export const issueOf = (type: string, message: string, input: unknown, path: readonly PropertyKey[] = []): v.BaseIssue<unknown> =>
  ({
    kind: 'validation',
    type,
    input,
    message,
    ...(path.length > 0 ? { path: path.map((key) => ({ type: 'unknown', origin: 'value', input, key, value: undefined })) } : {}),
  }) as never;

/** `dataset` with `issues` as its issues, untyped, when there are any; else as it is. */
export function withIssues<D extends { typed?: boolean }>(dataset: D, issues: readonly v.BaseIssue<unknown>[]): D {
  if (issues.length > 0) Object.assign(dataset, { typed: false, issues });
  return dataset;
}

/** The run of a valibot schema (its internal `~run`). */
type Run<S extends v.GenericSchema> = (dataset: v.UnknownDataset, config: v.Config<v.BaseIssue<unknown>>) => ReturnType<S['~run']>;

/**
 * `schema` with its run replaced by `run(dataset, config, own)`, `own` being the schema's own run.
 * valibot's `~run` is its internal interface (what `v.safeParse`, the Standard Schema `validate`
 * and every enclosing schema call): valibot is pinned to a patch range for it (sdk/package.json).
 * The schema keeps its type and its parts (`entries`, `type`), which the registry reads.
 */
/* @__NO_SIDE_EFFECTS__ */
export function withRun<S extends v.GenericSchema>(
  schema: S,
  run: (dataset: v.UnknownDataset, config: v.Config<v.BaseIssue<unknown>>, own: Run<S>) => ReturnType<S['~run']>,
): S {
  const own = schema['~run'].bind(schema) as Run<S>;
  Object.assign(schema, { '~run': (dataset: v.UnknownDataset, config: v.Config<v.BaseIssue<unknown>>) => run(dataset, config, own) });
  return schema;
}

/**
 * A check across the fields of an object: `rule(x, ok, report)` sees the object as read (defaults
 * filled in), `ok(...path)` says whether a field passed its own rule, and `report(message, ...path)`
 * records a problem (at the object itself when no path is given).
 */
export type CrossRule = (
  x: Readonly<Record<string, unknown>>,
  ok: (...path: string[]) => boolean,
  report: (message: string, ...path: string[]) => void,
) => void;

/**
 * How `validate` with keys reads an object of fields (see there): one issue for an array, or the
 * object with its undefined fields left out and the issues refusing the keys `allowed` does not
 * have; nothing for what is neither (its object says what it is).
 */
type ReadFields = (
  x: unknown,
  allowed: readonly string[],
) => { readonly value?: object; readonly issues: v.BaseIssue<unknown>[] } | undefined;

/** What `validate` passes, through valibot's config, to the objects built by {@link fields}. */
interface Reading {
  readonly fields?: ReadFields;
}

/**
 * `v.object(entries, message)`, with the checks across its fields that `rule` makes (after the
 * fields' own), which reads a plain object of fields the calculators' way when `validate` is
 * given `keys` (see there). Used on its own (`v.safeParse`), it is valibot's object and the rule.
 */
/* @__NO_SIDE_EFFECTS__ */
export function fields<E extends v.ObjectEntries, M extends v.ErrorMessage<v.ObjectIssue> | undefined>(
  entries: E,
  message: M,
  rule?: CrossRule,
): v.ObjectSchema<E, M> {
  return withRun(v.object(entries, message), (dataset, config, own) => {
    const read = (config as Reading).fields?.(dataset.value, Object.keys(entries));
    if (read !== undefined && read.value === undefined) return withIssues(dataset, read.issues) as never;
    const result = own(read === undefined ? dataset : { value: read.value }, config);
    const found = result.issues ?? [];
    const more: v.BaseIssue<unknown>[] = [];
    const out = result.value as unknown;
    if (rule !== undefined && isRecord(out))
      rule(
        out,
        (...path) => !found.some(({ path: at = [] }) => at.length > 0 && path.every((key, n) => n >= at.length || at[n]?.key === key)),
        (text, ...path) => more.push(issueOf('check', text, out, path)),
      );
    // The refused keys of this object first: `validate` moves them after every other issue,
    // keeping their order (this object's, then its fields' in the schema's order).
    return withIssues(result, [...(read?.issues ?? []), ...found, ...more]);
  });
}

/** The type of the issues refusing a key: `validate` lists them after every other issue. */
const STRANGER = 'unknown_key';

/**
 * Validates `input` against `schema`: returns the parsed value (defaults filled in) or throws one
 * MatchkitValidationError listing every problem, each at its dotted path.
 *
 * Without `keys`, the issues are the schema's own (`toIssues`): the schemas of
 * `internal/schemas.ts` say what they refuse, their strict objects the keys they do not know.
 *
 * With `keys`, every object built by {@link fields} reads a plain object of fields (a calculator's
 * input) as the calculators always read theirs: what is not an object is its object's own issue
 * ("expected an object, received …"), an array where an object is asked for is one issue for that
 * object, a field that is absent or undefined is absent (its default, or its object's message for
 * a missing key: "is required"), and each key it does not describe is refused by name, after every
 * other issue: "is not a field of <subject>" with "; did you mean X?" for a near key, or what
 * `keys` notes for it ("was renamed backStake in 1.0"). This reading is here, not in `fields`, so
 * that a page importing only the schemas does not carry it.
 */
export function validate<S extends v.GenericSchema>(schema: S, input: unknown, subject: string, keys?: KeyNotes): v.InferOutput<S> {
  const read: ReadFields = (x, allowed) =>
    Array.isArray(x)
      ? { issues: [issueOf('object', 'expected an object, received an array', x)] }
      : isRecord(x)
        ? {
            value: Object.fromEntries(Object.entries(x).filter((e) => e[1] !== undefined)),
            issues: Object.keys(x)
              .filter((key) => !allowed.includes(key))
              .map((key) => issueOf(STRANGER, keyMessage(key, allowed, `a field of ${subject}`, keys), x, [key])),
          }
        : undefined;
  // The schema's own run (what v.safeParse calls), without valibot's global configuration: the
  // schemas given here set every message they give.
  const result = schema['~run']({ value: input }, (keys === undefined ? {} : { fields: read }) as v.Config<v.BaseIssue<unknown>>);
  const issues = toIssues((result.issues ?? []).sort((a, b) => +(a.type === STRANGER) - +(b.type === STRANGER)));
  if (issues.length === 0) return result.value as v.InferOutput<S>;
  throw new MatchkitValidationError(subject, issues);
}

/** Recursively freezes plain data (objects and arrays) in place and returns it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
