// Billing's input reading: each helper reads one value, records every problem with its dotted
// path, and returns a usable stand-in, so that one MatchkitValidationError lists them all. Not
// exported from the subpath index.
import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';
import { MAX_INSTANT_MS, MIN_INSTANT_MS } from '../internal/instant';
import { isRecord } from '../internal/guards';
import { londonCalendar } from '../internal/london';

/** The range billing accepts and returns, as a validation message says it (the tracker's and referrals' range too). */
export const INSTANT_RANGE = 'between 1970-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * An instant as a UK member reads it in a message: its Europe/London date and time in words,
 * `22 February 2026 at 00:05` (a message may reach a member through a page; an ISO instant would
 * read as code).
 */
export function londonWords(ms: number): string {
  const wall = new Date(londonCalendar().toWall(ms));
  const time = wall.toISOString().slice(11, 16);
  return `${wall.getUTCDate()} ${MONTHS[wall.getUTCMonth()] ?? ''} ${wall.getUTCFullYear()} at ${time}`;
}

/** A list of problems being collected. */
export type Issues = ValidationIssue[];

function kind(x: unknown): string {
  if (x === null) return 'null';
  if (Array.isArray(x)) return 'an array';
  if (typeof x === 'number' && Number.isNaN(x)) return 'NaN';
  if (typeof x === 'number' && !Number.isFinite(x)) return x > 0 ? 'Infinity' : '-Infinity';
  if (x instanceof Date) return 'an invalid Date';
  return typeof x;
}

/** Reads an instant (a valid `Date` or finite epoch milliseconds from 1970 to the end of 9999); NaN after recording a problem. */
export function readInstant(x: unknown, path: string, issues: Issues): number {
  const ms = x instanceof Date ? x.getTime() : x;
  if (typeof ms !== 'number' || !Number.isFinite(ms)) {
    issues.push({ path, message: `must be a valid Date or a finite number of epoch milliseconds (received ${kind(x)})` });
    return NaN;
  }
  if (ms < MIN_INSTANT_MS || ms > MAX_INSTANT_MS) {
    issues.push({ path, message: `must lie ${INSTANT_RANGE}` });
    return NaN;
  }
  return ms;
}

/** Reads an object; records a problem and returns `{}` when `x` is not one. */
export function readObject(x: unknown, path: string, issues: Issues): Record<string, unknown> {
  if (isRecord(x)) return x;
  issues.push({ path, message: x === undefined ? 'is required' : `expected an object, received ${kind(x)}` });
  return {};
}

/** Reads a non-negative whole number of pence; NaN after recording a problem. */
export function readPence(x: unknown, path: string, issues: Issues): number {
  if (typeof x !== 'number' || !Number.isSafeInteger(x) || x < 0) {
    issues.push({
      path,
      message:
        typeof x === 'number' && !Number.isNaN(x)
          ? 'must be a whole, non-negative number of pence'
          : `expected a number of pence, received ${kind(x)}`,
    });
    return NaN;
  }
  return x;
}

/** Reads a non-empty string; '' after recording a problem. */
export function readString(x: unknown, path: string, issues: Issues): string {
  if (typeof x === 'string' && x !== '') return x;
  issues.push({
    path,
    message:
      x === undefined ? 'is required' : `expected a non-empty string, received ${typeof x === 'string' ? 'an empty string' : kind(x)}`,
  });
  return '';
}

/** Joins a path and a key. */
export function at(path: string, key: string | number): string {
  return path === '' ? String(key) : `${path}.${key}`;
}

/** Throws one MatchkitValidationError listing every problem, if there is any. */
export function throwIfAny(subject: string, issues: Issues): void {
  if (issues.length > 0) throw new MatchkitValidationError(subject, issues);
}
