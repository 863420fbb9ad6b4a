import { londonCalendar, type LondonCalendar } from '../internal/london';
import type { InstantInput } from '../sales/sales';
import { INSTANT_RANGE, readInstant, throwIfAny, type Issues } from './check';

// One London calendar for the functions below, made on their first call (nothing is made at import)
// and then kept: building its Intl formatter costs about 0.2 ms, a reading a few microseconds, and a
// simulated feed or a list of race times calls them thousands of times. Unlike the module-level
// singletons the sdk avoids, it holds nothing a call can change (the formatter's options are fixed),
// so sharing it leaks nothing from one caller or request to another.
let shared: LondonCalendar | undefined;
const calendar = (): LondonCalendar => (shared ??= londonCalendar());

function readCount(x: unknown, path: string, issues: Issues): number {
  if (typeof x !== 'number' || !Number.isSafeInteger(x) || Math.abs(x) > 100_000) {
    issues.push({ path, message: 'must be a whole number from -100000 to 100000' });
    return NaN;
  }
  return x;
}

/**
 * Reads `at` and the count `n` (named `unit`), adds them with `add` on a London calendar, and
 * returns the result, or throws one validation error naming every bad input, or `unit` when the
 * sum left the supported range (the calendar's NaN).
 */
function shift(at: InstantInput, n: number, unit: 'days' | 'months', add: (ms: number, n: number) => number, subject: string): number {
  const issues: Issues = [];
  const ms = readInstant(at, 'at', issues);
  const count = readCount(n, unit, issues);
  throwIfAny(subject, issues);
  const result = add(ms, count);
  if (Number.isNaN(result)) {
    throwIfAny(subject, [{ path: unit, message: `moves the instant out of the supported range: results must lie ${INSTANT_RANGE}` }]);
  }
  return result;
}

/**
 * The instant `days` UK calendar days after `at` (before it when negative), at the same
 * Europe/London wall-clock time. Across a clock change the gap is 23 or 25 hours, not 24: a week
 * from Saturday 25 October 2025 10:00 BST is Saturday 1 November 10:00 GMT. A wall-clock time that
 * does not exist on the target day (01:00 to 01:59 on the last Sunday of March) moves forward by
 * the hour the clocks skip; one that occurs twice (01:00 to 01:59 on the last Sunday of October)
 * is the occurrence with the same UTC offset as `at` (BST from a summer instant, GMT from a winter
 * one or from the second, GMT, occurrence itself). So adding 0 days returns `at`, and adding n
 * days then taking n away returns `at` unless the day in between had the wall-clock time skipped.
 * Instants in and out lie from 1970-01-01 to 9999-12-31 (UTC).
 *
 * @param at - the instant to count from
 * @param days - whole days to add, from -100000 to 100000
 * @returns the instant, in epoch milliseconds
 * @throws MatchkitValidationError when `at` is not a valid instant in range, `days` not a whole number, or the result out of range
 *
 * @example
 * ```ts
 * import { addLondonDays } from '@matchkit/sdk/billing';
 * new Date(addLondonDays(new Date('2025-10-25T10:00:00+01:00'), 7)).toISOString(); // '2025-11-01T10:00:00.000Z'
 * ```
 */
export function addLondonDays(at: InstantInput, days: number): number {
  return shift(at, days, 'days', calendar().addDays, 'addLondonDays input');
}

/**
 * The instant `months` UK calendar months after `at` (before it when negative), at the same
 * Europe/London wall-clock time. The day of the month is kept when the target month has it and
 * clamped to its last day when not: 31 January plus one month is 28 February (29 in a leap year).
 * Each sum is taken from `at` itself, so adding 1 and then 2 months to 31 January gives 28 February
 * and 31 March (billing always counts a subscription's terms from its first one this way). Clock
 * changes are read as by {@link addLondonDays}: adding 0 months returns `at`. Instants in and out
 * lie from 1970-01-01 to 9999-12-31 (UTC).
 *
 * @param at - the instant to count from
 * @param months - whole months to add, from -100000 to 100000 (a year is 12)
 * @returns the instant, in epoch milliseconds
 * @throws MatchkitValidationError when `at` is not a valid instant in range, `months` not a whole number, or the result out of range
 *
 * @example
 * ```ts
 * import { addLondonMonths } from '@matchkit/sdk/billing';
 * const start = new Date('2025-01-31T09:00:00Z');
 * new Date(addLondonMonths(start, 1)).toISOString(); // '2025-02-28T09:00:00.000Z'
 * new Date(addLondonMonths(start, 2)).toISOString(); // '2025-03-31T08:00:00.000Z' (09:00 BST)
 * ```
 */
export function addLondonMonths(at: InstantInput, months: number): number {
  return shift(at, months, 'months', calendar().addMonths, 'addLondonMonths input');
}

/**
 * The Europe/London wall-clock time of an instant as `HH:MM` (24-hour): GMT in winter, BST (UTC+1)
 * from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October. For a UK
 * start time on a race card, a receipt or a reminder; the date of the same instant is UK-local too.
 * Instants lie from 1970-01-01 to 9999-12-31 (UTC).
 *
 * @param at - the instant
 * @returns the London time of day, `HH:MM` from `00:00` to `23:59`
 * @throws MatchkitValidationError when `at` is not a valid instant in range
 *
 * @example
 * ```ts
 * import { londonClockTime } from '@matchkit/sdk/billing';
 * londonClockTime(new Date('2025-07-01T13:05:00Z')); // '14:05' (BST)
 * londonClockTime(new Date('2025-12-01T13:05:00Z')); // '13:05' (GMT)
 * ```
 */
export function londonClockTime(at: InstantInput): string {
  const issues: Issues = [];
  const ms = readInstant(at, 'at', issues);
  throwIfAny('londonClockTime input', issues);
  return new Date(calendar().toWall(ms)).toISOString().slice(11, 16);
}
