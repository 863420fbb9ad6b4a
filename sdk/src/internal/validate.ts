// The sdk's one validation mechanism: a valibot schema says what it accepts and, in matchkit's
// words, what it refuses; `validate` runs it and throws one MatchkitValidationError naming every
// bad field at its dotted path (`collect` records them, for a caller that checks more before it
// throws). Internal: not exported from any package entry point.
import * as v from 'valibot';
import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';
import { isRecord, kindOf as kind } from './guards';
import { unknownKeys, type KeyNotes } from './keys';

/**
 * Turns valibot issues into matchkit issues: dotted paths (one issue per problem), and the message
 * each issue carries. The schemas of `internal/schemas.ts` set matchkit's sentences ("expected
 * string", "must be at least 1", "unknown key(s): a, b"), so nothing is translated here.
 */
export function toIssues(issues: readonly v.BaseIssue<unknown>[]): ValidationIssue[] {
  return issues.map((i) => ({ path: (i.path ?? []).map((item) => String(item.key)).join('.'), message: i.message }));
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

/** Refuses, at every object the schema describes, the keys it does not describe. */
function strangers(schema: v.GenericSchema, value: unknown, path: string, issues: ValidationIssue[], what: string, notes: KeyNotes): void {
  const s = unwrap(schema) as v.GenericSchema & { entries?: v.ObjectEntries; item?: v.GenericSchema };
  const at = (key: string | number) => (path === '' ? String(key) : `${path}.${key}`);
  if (s.entries !== undefined && isRecord(value)) {
    unknownKeys(value, Object.keys(s.entries), path, issues, what, notes);
    for (const [key, entry] of Object.entries(s.entries)) strangers(entry as v.GenericSchema, value[key], at(key), issues, what, notes);
  } else if (s.item !== undefined && Array.isArray(value)) {
    const item = s.item;
    value.forEach((x, n) => strangers(item, x, at(n), issues, what, notes));
  }
}

/**
 * Validates `input` against `schema`: returns the parsed value (defaults filled in) or throws one
 * MatchkitValidationError listing every problem, each at its dotted path.
 *
 * Without `keys`, the issues are the schema's own (`toIssues`): the schemas of
 * `internal/schemas.ts` say what they refuse, their strict objects the keys they do not know.
 *
 * With `keys`, the input is a plain object of fields (a calculator's input), read as the
 * calculators always read theirs: what is not an object is "expected an object, received …", an
 * array where an object is asked for is one issue for that object, a field that is absent or
 * undefined "is required", and at every object the schema describes, each key it does not
 * describe is refused by name after the schema's issues: "is not a field of <subject>" with
 * "; did you mean X?" for a near key, or what `keys` notes for it ("was renamed backStake in 1.0").
 */
export function validate<S extends v.GenericSchema>(schema: S, input: unknown, subject: string, keys?: KeyNotes): v.InferOutput<S> {
  const issues: ValidationIssue[] = [];
  if (keys !== undefined && !isRecord(input)) issues.push({ path: '', message: `expected an object, received ${kind(input)}` });
  else {
    const result = v.safeParse(schema, input);
    const seen = new Set<string>();
    for (const issue of result.issues ?? []) {
      const items = issue.path ?? [];
      // An array where an object was asked for: one issue for that object, as for any other non-object.
      const array = keys === undefined ? -1 : items.findIndex((p) => p.type === 'object' && Array.isArray(p.input));
      const path = items
        .slice(0, array < 0 ? items.length : array)
        .map((p) => p.key)
        .join('.');
      if (array >= 0) {
        if (!seen.has(path)) issues.push({ path, message: 'expected an object, received an array' });
        seen.add(path);
        continue;
      }
      const missing =
        keys !== undefined && issue.kind === 'schema' && issue.input === undefined && items[items.length - 1]?.type === 'object';
      issues.push({ path, message: missing ? 'is required' : issue.message });
    }
    if (keys !== undefined) strangers(schema, input, '', issues, `a field of ${subject}`, keys);
    if (issues.length === 0) return result.output as v.InferOutput<S>;
  }
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
