// Test-only helpers (not exported from any package entry; the sdk build excludes testing/ folders).
import { isValidationError, type MatchkitValidationError } from '../../errors/errors';

/**
 * Runs `fn` and returns the MatchkitValidationError it throws (from any copy of the sdk). Any other
 * error is rethrown; returning normally fails the test.
 */
export function validationError(fn: () => unknown): MatchkitValidationError {
  try {
    fn();
  } catch (e) {
    if (isValidationError(e)) return e as MatchkitValidationError;
    throw e;
  }
  throw new Error('expected a MatchkitValidationError, nothing was thrown');
}

/** The paths of the issues of the MatchkitValidationError `fn` throws, in order. */
export function validationPaths(fn: () => unknown): string[] {
  return validationError(fn).issues.map((i) => i.path);
}
