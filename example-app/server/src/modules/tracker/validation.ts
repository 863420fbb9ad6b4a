// Bad input becomes a BAD_INPUT GraphQL error whose message is the sdk's own validation message
// (it names every bad field: `legs.1.odds: must be greater than 1`) and whose extensions.issues
// lists the same issues as `{ path, message }` for a client to place beside its fields (with the
// sdk's `conflict`, the legs and shared result, on leg results that cannot happen together). These mutations return objects,
// not payloads, so the refusal is the error channel.
import type { GraphQLError } from 'graphql';
import { isValidationError, MatchkitValidationError } from '@matchkit/sdk/errors';
import { refusal } from '../module';

/**
 * Runs an sdk call; a validation error it throws becomes BAD_INPUT. `rename` maps the sdk's paths to
 * the GraphQL input's field names where they differ (the sdk's `options.at` is `settledAt`).
 */
export function validated<T>(run: () => T, rename?: (path: string) => string): T {
  try {
    return run();
  } catch (error) {
    if (isValidationError(error)) throw badInput(error, rename);
    throw error;
  }
}

/** A BAD_INPUT error carrying the sdk's message (with paths renamed when asked). */
export function badInput(error: MatchkitValidationError, rename?: (path: string) => string): GraphQLError {
  const issues = rename === undefined ? error.issues : error.issues.map((i) => ({ ...i, path: rename(i.path) }));
  const message = rename === undefined ? error.message : new MatchkitValidationError(error.subject, issues).message;
  return refusal(
    'BAD_INPUT',
    message,
    undefined,
    issues.map((i) => ({ path: i.path, message: i.message, ...(i.conflict === undefined ? {} : { conflict: i.conflict }) })),
  );
}

/** A BAD_INPUT error about one argument, `field: message`. */
export function badField(field: string, message: string): GraphQLError {
  return refusal('BAD_INPUT', `${field}: ${message}`, undefined, [{ path: field, message }]);
}

/** The NOT_FOUND error of a bet the member does not have (the same whether it is someone else's or nobody's). */
export function betNotFound(): GraphQLError {
  return refusal('NOT_FOUND', 'You have no tracked bet with this id.');
}

/** The path of the first string in `value` that holds U+0000, or null (PostgreSQL text and jsonb cannot store it). */
export function nulPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (typeof value !== 'object' || value === null || value instanceof Date) return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = nulPath(inner, path === '' ? key : `${path}.${key}`);
    if (found !== null) return found;
  }
  return null;
}

/** BAD_INPUT naming the field when a text of `value` holds U+0000, which the database cannot store. */
export function refuseNul(value: unknown): void {
  const path = nulPath(value);
  if (path !== null) throw badField(path, 'must not contain the NUL character (U+0000)');
}
