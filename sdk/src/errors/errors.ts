/**
 * The one error family of matchkit. Every error the sdk throws or rejects with carries a `kind`
 * and a brand that {@link isMatchkitError} recognises even across two copies of the sdk in one
 * bundle (the brand is a registry symbol, not a class identity).
 */

const BRAND = Symbol.for('@matchkit/sdk/error');

/**
 * The kinds of {@link MatchkitError}. `validation` is thrown by every function that checks its
 * input; `http`, `parse`, `malformed`, `graphql`, `network` and `aborted` by the transport (its
 * errors are recognised by `isTransportError` of `@matchkit/sdk/transport`, not by the kind
 * alone); `aborted` also by other cancellable work, such as the casino's wagering simulation;
 * `unsupported` when the environment lacks what a call needs (a browser API in Node or a server
 * render): a place to call it from, not an input, is wrong.
 *
 * @example
 * ```ts
 * import { isMatchkitError, type MatchkitErrorKind } from '@matchkit/sdk/errors';
 * function describe(e: unknown): MatchkitErrorKind | 'unknown' {
 *   return isMatchkitError(e) ? e.kind : 'unknown';
 * }
 * ```
 */
export type MatchkitErrorKind = 'validation' | 'http' | 'parse' | 'malformed' | 'graphql' | 'network' | 'aborted' | 'unsupported';

/**
 * One problem found in an input: the dotted path of the field (for example `plans.2.price.monthly`)
 * and what is wrong with it.
 *
 * @example
 * ```ts
 * import type { ValidationIssue } from '@matchkit/sdk/errors';
 * const issue: ValidationIssue = { path: 'backOdds', message: 'must be greater than 1' };
 * ```
 */
export interface ValidationIssue {
  /** Dotted path of the offending field, `''` for the input itself. */
  readonly path: string;
  /** What is wrong, in plain words. */
  readonly message: string;
  /**
   * Set on an issue about a tracked bet's leg results that cannot happen together: which legs and
   * the result they share, for a client to word the refusal itself (the message names sdk paths).
   */
  readonly conflict?: ResultConflict;
}

/**
 * A tracked bet's back leg and the lays that hedge it, whose results cannot happen together: all
 * `won` (a back and its lay both won on a guaranteed bet) or all `lost` (a back and every lay
 * hedging it lost). Leg indices are 0-based positions in the bet's `legs`. Every issue the
 * refusal lists for these legs carries the same conflict.
 *
 * @example
 * ```ts
 * import type { ResultConflict } from '@matchkit/sdk/errors';
 * // Leg 1 (the back) and leg 2 (its lay) both won.
 * const conflict: ResultConflict = { back: 0, lays: [1], result: 'won' };
 * ```
 */
export interface ResultConflict {
  /** Index of the back leg. */
  readonly back: number;
  /** Indices of the lay legs that share its result, in leg order (at least one). */
  readonly lays: readonly number[];
  /** The result the back and these lays all have. */
  readonly result: 'won' | 'lost';
}

/**
 * Base class of every matchkit error. Prefer {@link isMatchkitError} over `instanceof`: it also
 * recognises errors thrown by another copy of the sdk.
 *
 * @example
 * ```ts
 * import { isMatchkitError } from '@matchkit/sdk/errors';
 * declare function doSomething(): void;
 * try {
 *   doSomething();
 * } catch (e) {
 *   if (isMatchkitError(e)) console.error(e.kind, e.message);
 * }
 * ```
 */
export class MatchkitError extends Error {
  // The fields are `declare`d and assigned in the constructors: a class field declaration
  // compiles, for targets before ES2022, to a helper and one call per field in every bundle that
  // uses errors. (The assignments create them in the order the fields were declared.)
  /** Which kind of failure this is. */
  declare readonly kind: MatchkitErrorKind;

  /**
   * @param kind - the kind of failure
   * @param message - a human-readable description
   * @param options - standard `ErrorOptions` (for a `cause`)
   */
  constructor(kind: MatchkitErrorKind, message: string, options?: ErrorOptions) {
    super(message, options);
    this.kind = kind;
    this.name = 'MatchkitError';
    Object.defineProperty(this, BRAND, { value: true }); // not enumerable, not writable
  }
}

/**
 * Thrown when an input fails validation. Lists every bad field at once, never only the first.
 *
 * @example
 * ```ts
 * import { getBrand, defineBrand } from '@matchkit/sdk/brands';
 * import { MatchkitValidationError } from '@matchkit/sdk/errors';
 * try {
 *   const brand = getBrand('primary');
 *   defineBrand({ ...brand, onboarding: { ...brand.onboarding, trialDays: -1 } });
 * } catch (e) {
 *   if (e instanceof MatchkitValidationError) console.error(e.issues); // [{ path: 'onboarding.trialDays', ... }]
 * }
 * ```
 */
export class MatchkitValidationError extends MatchkitError {
  /** Every problem found, in input order. */
  declare readonly issues: readonly ValidationIssue[];
  /** What was being validated, for example `brand catalogue` or `backLay input`. */
  declare readonly subject: string;

  /**
   * @param subject - what was being validated
   * @param issues - every problem found (at least one)
   */
  constructor(subject: string, issues: readonly ValidationIssue[]) {
    const lines = issues.map((i) => `  - ${i.path === '' ? '(input)' : i.path}: ${i.message}`);
    super('validation', `Invalid ${subject}:\n${lines.join('\n')}`);
    this.name = 'MatchkitValidationError';
    this.issues = Object.freeze(issues.slice());
    this.subject = subject;
  }
}

/**
 * True when `value` is an error thrown by any copy of `@matchkit/sdk`.
 *
 * @example
 * ```ts
 * import { isMatchkitError } from '@matchkit/sdk/errors';
 * isMatchkitError(new Error('x')); // false
 * ```
 */
export function isMatchkitError(value: unknown): value is MatchkitError {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { [BRAND]?: unknown })[BRAND] === true &&
    typeof (value as { kind?: unknown }).kind === 'string'
  );
}

/**
 * True when `value` is a {@link MatchkitValidationError} from any copy of the sdk.
 *
 * @example
 * ```ts
 * import { isValidationError } from '@matchkit/sdk/errors';
 * isValidationError(new Error('x')); // false
 * ```
 */
export function isValidationError(value: unknown): value is MatchkitValidationError {
  return isMatchkitError(value) && value.kind === 'validation';
}
