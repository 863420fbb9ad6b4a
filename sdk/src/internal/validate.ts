import * as v from 'valibot';
import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';

/**
 * Turns valibot issues into matchkit issues: dotted paths (one issue per problem), and the message
 * each issue carries. The schemas of `internal/schemas.ts` set matchkit's sentences ("expected
 * string", "must be at least 1", "unknown key(s): a, b"), so nothing is translated here.
 */
export function toIssues(issues: readonly v.BaseIssue<unknown>[]): ValidationIssue[] {
  return issues.map((i) => ({ path: (i.path ?? []).map((item) => String(item.key)).join('.'), message: i.message }));
}

/**
 * Parses `input` with `schema` (a valibot schema), throwing one {@link MatchkitValidationError}
 * that lists every problem when it does not conform.
 */
export function parseOrThrow<T>(schema: v.GenericSchema<unknown, T>, input: unknown, subject: string): T {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  throw new MatchkitValidationError(subject, toIssues(result.issues));
}

/** Recursively freezes plain data (objects and arrays) in place and returns it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
