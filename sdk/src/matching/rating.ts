import { rateBackLay } from '../calculators/rating';
import { MAX_ODDS } from '../calculators/schema';
import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';

/**
 * The lay factor `(1 − c) / (l − c)` of an exchange lay at odds `l` with commission `c`: what one
 * unit of bookmaker return is worth once laid. The oddsmatcher's scores multiply it: rating =
 * `b × factor`, SNR retention = `(b − 1) × factor` (the formulas of the calculators'
 * `matchRating`, factored so that the hot loop does one multiplication per pair). Computing it once
 * per lay quote, in this exact order of operations, makes the engine's scores bit-for-bit equal to
 * a pair-by-pair computation of `b × ((1 − c) / (l − c))`. Internal: inputs are already validated.
 */
export function layFactor(layOdds: number, commission: number): number {
  return (1 - commission) / (layOdds - commission);
}

/**
 * The oddsmatcher's rating of one back/lay pair, percent: `b × (1 − c)/(l − c) × 100`, computed
 * as the oddsmatcher computes its rows' `rating` (bit for bit equal to an `OddsmatchRow`'s at the
 * same commission). For re-rating a row at another commission (a member's own) without ranking the
 * feed again. The rating falls as the commission rises (for lay odds above 1), so a row rated at
 * commission 0 rates at least as high as at any other.
 *
 * @param backOdds - decimal back odds, above 1 and at most 1,000,000
 * @param layOdds - decimal lay odds, above 1 and at most 1,000,000
 * @param commission - the exchange's commission, a fraction from 0 (inclusive) to 1 (exclusive)
 * @returns the rating, percent, unrounded
 * @throws MatchkitValidationError naming each bad argument
 *
 * @example
 * ```ts
 * import { oddsmatchRating } from '@matchkit/sdk/matching';
 * oddsmatchRating(3, 3.2, 0.02); // 92.45... (3 × 0.98 / 3.18 × 100)
 * ```
 */
export function oddsmatchRating(backOdds: number, layOdds: number, commission: number): number {
  checkBackLay('oddsmatch rating', backOdds, layOdds, commission);
  return backOdds * layFactor(layOdds, commission) * 100;
}

/**
 * The finders' rating of a qualifying back/lay, percent: `b(1 − c)/(l − c) × 100`, the
 * calculators' `matchRating` of a qualifying bet to the last bit (both take odds above 1 and at
 * most 1,000,000 and a commission from 0 to below 1, and refuse anything else), and the `rating`
 * of the rows of the price boost tracker, the 2UP matcher and the acca catcher at the same
 * commission. For
 * re-rating such a row at another commission (a member's own) in a loop: its arguments are
 * checked as {@link oddsmatchRating}'s are, a few comparisons, where `matchRating` reads a whole
 * input object against its schema (some two hundred times the formula's cost). The oddsmatcher's
 * rows are rated by {@link oddsmatchRating} (the same formula, factored: the two may differ in the
 * last bit).
 *
 * @param backOdds - decimal back odds, above 1 and at most 1,000,000
 * @param layOdds - decimal lay odds, above 1 and at most 1,000,000
 * @param commission - the exchange's commission, a fraction from 0 (inclusive) to 1 (exclusive)
 * @returns the rating, percent, unrounded
 * @throws MatchkitValidationError naming each bad argument
 *
 * @example
 * ```ts
 * import { qualifyingRating } from '@matchkit/sdk/matching';
 * qualifyingRating(3, 3.2, 0.02); // 92.45... (300 × 0.98 / 3.18)
 * ```
 */
export function qualifyingRating(backOdds: number, layOdds: number, commission: number): number {
  checkBackLay('qualifying rating', backOdds, layOdds, commission);
  return rateBackLay(backOdds, layOdds, commission);
}

/** What is wrong with `x` as decimal odds (the calculators' bounds: above 1, at most MAX_ODDS), or null. */
function oddsProblem(x: unknown): string | null {
  if (typeof x !== 'number' || !(x > 1) || !Number.isFinite(x)) return 'must be decimal odds above 1';
  return x > MAX_ODDS ? `must be at most ${MAX_ODDS}` : null;
}

/**
 * Throws a MatchkitValidationError naming each argument that is not decimal odds within the
 * calculators' bounds, or not a commission: a number from 0 to below 1.
 */
function checkBackLay(subject: string, backOdds: number, layOdds: number, commission: number): void {
  const issues: ValidationIssue[] = [];
  const back = oddsProblem(backOdds);
  if (back !== null) issues.push({ path: 'backOdds', message: back });
  const lay = oddsProblem(layOdds);
  if (lay !== null) issues.push({ path: 'layOdds', message: lay });
  if (!(typeof commission === 'number' && commission >= 0 && commission < 1))
    issues.push({ path: 'commission', message: 'must be a fraction from 0 to below 1' });
  if (issues.length > 0) throw new MatchkitValidationError(subject, issues);
}
