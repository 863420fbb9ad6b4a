import type { Pence } from '../model/schemas';
import type { InstantInput } from '../sales/sales';
import { at, readInstant, readObject, readPence, throwIfAny, type Issues } from './check';

/**
 * A stretch of time from `start` (inclusive) to `end` (exclusive).
 *
 * @example
 * ```ts
 * import type { BillingPeriod } from '@matchkit/sdk/billing';
 * const march: BillingPeriod = { start: new Date('2026-03-01T00:00:00Z'), end: new Date('2026-04-01T00:00:00+01:00') };
 * ```
 */
export interface BillingPeriod {
  /** First instant of the period (inclusive). */
  readonly start: InstantInput;
  /** The instant the period ends (exclusive). */
  readonly end: InstantInput;
}

/**
 * The pence of `amount` still unused at `t` of a term [s, e): floor(amount × (e − t) / (e − s)),
 * in exact integer arithmetic. Internal; billing's one rounding rule.
 */
export function unusedPence(amount: number, s: number, e: number, t: number): number {
  return Number((BigInt(amount) * BigInt(e - t)) / BigInt(e - s));
}

/**
 * The share of `amount` that belongs to `part` of `term`, in whole pence, in proportion to time
 * (to the millisecond).
 *
 * The rounding rule is on the pence still unused at an instant t:
 * `unused(t) = floor(amount × (end − t) / (end − start))`, and a part [a, b) costs
 * `unused(a) − unused(b)`. So the rest of a term
 * from t costs `unused(t)` (rounded down, in the member's favour), every part is within a penny
 * of its exact share, never negative and never above `amount`, and the parts of a term split at
 * any instants add up to `amount` exactly, with no penny lost or made.
 *
 * @param amount - the whole term's amount, in pence
 * @param term - the whole term
 * @param part - a part of it (`term.start <= part.start <= part.end <= term.end`)
 * @returns the part's share, in pence
 * @throws MatchkitValidationError when an instant or the amount is invalid, the term is empty, or the part is not inside the term
 *
 * @example
 * ```ts
 * import { prorate } from '@matchkit/sdk/billing';
 * const term = { start: Date.UTC(2026, 1, 1), end: Date.UTC(2026, 2, 1) }; // February 2026, 28 days
 * prorate(1000, term, { start: Date.UTC(2026, 1, 15), end: term.end }); // 500 (14 of 28 days)
 * prorate(1000, term, { start: Date.UTC(2026, 1, 20), end: term.end }); // 321 (9 of 28 days: 321.4)
 * ```
 */
export function prorate(amount: Pence, term: BillingPeriod, part: BillingPeriod): Pence {
  const issues: Issues = [];
  const a = readPence(amount, 'amount', issues);
  const t = readObject(term, 'term', issues);
  const p = readObject(part, 'part', issues);
  const s = readInstant(t['start'], at('term', 'start'), issues);
  const e = readInstant(t['end'], at('term', 'end'), issues);
  const ps = readInstant(p['start'], at('part', 'start'), issues);
  const pe = readInstant(p['end'], at('part', 'end'), issues);
  if (s >= e) issues.push({ path: 'term.end', message: 'must be after term.start' });
  if (ps < s || ps > e) issues.push({ path: 'part.start', message: 'must lie within the term' });
  if (pe < s || pe > e) issues.push({ path: 'part.end', message: 'must lie within the term' });
  if (pe < ps) issues.push({ path: 'part.end', message: 'must not be before part.start' });
  throwIfAny('prorate input', issues);
  return unusedPence(a, s, e, ps) - unusedPence(a, s, e, pe);
}
