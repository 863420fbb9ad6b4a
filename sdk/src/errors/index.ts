/**
 * The matchkit error family: one base class with a `kind`, a validation error that lists every
 * bad field, and guards that work across bundle copies.
 *
 * @packageDocumentation
 * @module @matchkit/sdk/errors
 */
export {
  MatchkitError,
  MatchkitValidationError,
  isMatchkitError,
  isValidationError,
  type MatchkitErrorKind,
  type ResultConflict,
  type ValidationIssue,
} from './errors';
