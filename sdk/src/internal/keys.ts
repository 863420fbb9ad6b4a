// Refusing keys an input does not know. Internal: not exported from any package entry point.
//
// An object input, after reading its own fields:
//   unknownKeys(leg, ['backOdds', 'layOdds'], 'legs.1', issues, 'a field of a leg', { odds: ['backOdds'] })
// records one issue per other key, at its full path (`legs.1.comission`): "was renamed backOdds in
// 1.0" for a known old name whose new name is allowed here, a hint of yours for a key with one
// ("is not an option; query parameters go in options.params"), otherwise "is not a field of a leg",
// with "; did you mean X?" when an allowed key is within two edits.
// An options argument: `const o = readOptions(options, ['params'], issues, { variant: '...' })`
// also refuses what is not a plain object (an array, a string, a function: an old positional
// argument) at `options`, and gives `{}` for undefined or null.
// A factory's options object, whose own checks read the keys it knows:
//   const KEYS: OptionKeys<StoreOptions> = { timers: 0, autoCloseMs: 0 };  // tsc: every key, no other
//   unknownOptions(options, KEYS, issues);  // timer: "is not an option"
import type { ValidationIssue } from '../errors/errors';
import { isRecord, kindOf } from './guards';

/**
 * What to say about a key that is not allowed: a list of the names it may have become in 1.0 (the
 * first one allowed here is named: "was renamed X in 1.0"), or a hint appended to the message.
 * The note under `'*'` applies to every key without one of its own.
 */
export type KeyNotes = Readonly<Record<string, readonly string[] | string>>;

/**
 * Whether `a` becomes `b` in at most `n` edits (insertions, deletions, substitutions): the
 * Levenshtein distance is at most `n`. For "did you mean", where `n` is 1 or 2.
 */
export const within = (a: string, b: string, n: number): boolean =>
  a === b ||
  (n > 0 &&
    (a[0] === b[0]
      ? within(a.slice(1), b.slice(1), n)
      : within(a.slice(1), b, n - 1) || within(a, b.slice(1), n - 1) || within(a.slice(1), b.slice(1), n - 1)));

/**
 * What is said of a key that is not in `allowed`: "was renamed X in 1.0" for a known old name
 * whose new name is allowed here, else "is not <what>" with the key's hint (or the one under
 * `'*'`), or "; did you mean X?" for the first allowed key within one edit, else within two.
 */
export function keyMessage(key: string, allowed: readonly string[], what: string, notes: KeyNotes = {}): string {
  const note = Object.hasOwn(notes, key) ? notes[key] : notes['*'];
  const now = Array.isArray(note) ? note.find((n) => allowed.includes(n)) : undefined;
  const near = allowed.find((a) => within(key, a, 1)) ?? allowed.find((a) => within(key, a, 2));
  return now !== undefined
    ? `was renamed ${now} in 1.0`
    : `is not ${what}${typeof note === 'string' ? `; ${note}` : near === undefined ? '' : `; did you mean ${near}?`}`;
}

/**
 * Records one issue per own key of `value` that is not in `allowed` (whatever its value, even
 * undefined, as the schemas' strict objects do), saying what {@link keyMessage} says of it. `path`
 * is the object's dotted path ('' for the top); `what` completes "is not …" ('a field of backLay
 * input', 'an option').
 */
export function unknownKeys(
  value: object,
  allowed: readonly string[],
  path: string,
  issues: ValidationIssue[],
  what: string,
  notes: KeyNotes = {},
): void {
  for (const key of Object.keys(value))
    if (!allowed.includes(key)) issues.push({ path: path === '' ? key : `${path}.${key}`, message: keyMessage(key, allowed, what, notes) });
}

/**
 * Reads an options argument at `path` (default 'options'): undefined and null are `{}`; anything but a plain
 * object is recorded ("expected an options object, received an array", then `wrongType` when
 * given, to say what replaced an old positional argument) and read as `{}`; keys not in
 * `allowed` are recorded as `unknownKeys` does ("is not an option").
 */
export function readOptions(
  options: unknown,
  allowed: readonly string[],
  issues: ValidationIssue[],
  notes: KeyNotes = {},
  wrongType?: string,
  path = 'options',
): Record<string, unknown> {
  if (options === undefined || options === null) return {};
  if (!isRecord(options)) {
    issues.push({
      path,
      message: `expected an options object, received ${kindOf(options)}${wrongType === undefined ? '' : `; ${wrongType}`}`,
    });
    return {};
  }
  unknownKeys(options, allowed, path, issues, 'an option', notes);
  return options;
}

/**
 * The keys of an options type, as an object literal (`{ url: 0, timeoutMs: 0 }`): tsc refuses one
 * that misses a key of `T` or names one `T` does not have, so the list cannot drift from the type.
 */
export type OptionKeys<T> = Readonly<Record<keyof T, 0>>;

/**
 * Records one issue per own key of `options` (when it is an object) that `known` does not list,
 * "is not an option" at the key's path (`path` is the options' dotted path: '' for a factory's
 * argument, whose issues name the key alone). Kept small on purpose (no "did you mean": that
 * would put an edit distance in every client's bundle); the path names the key.
 */
export function unknownOptions(options: unknown, known: Readonly<Record<string, 0>>, issues: ValidationIssue[], path = ''): void {
  if (isRecord(options))
    for (const key of Object.keys(options))
      if (!Object.hasOwn(known, key)) issues.push({ path: path === '' ? key : `${path}.${key}`, message: 'is not an option' });
}
