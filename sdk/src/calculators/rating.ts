import { COMMISSION, ODDS, done, num, root, pick } from './check';
import { BET_TYPES, type BetType } from './core';

/**
 * Input of {@link matchRating}.
 *
 * @example
 * ```ts
 * import type { MatchRatingInput } from '@matchkit/sdk/calculators';
 * const input: MatchRatingInput = { betType: 'snr', backOdds: 5, layOdds: 5.2, layCommission: 0.02 };
 * ```
 */
export interface MatchRatingInput {
  /**
   * What the back bet is: a cash `qualifying` bet or a free bet (`snr`, `sr`).
   * @defaultValue 'qualifying'
   */
  readonly betType?: Exclude<BetType, 'refund'>;
  /** The bookmaker's decimal odds, greater than 1. */
  readonly backOdds: number;
  /** The exchange's decimal lay odds, greater than 1. */
  readonly layOdds: number;
  /** Exchange commission on net winnings, a fraction in [0, 1). */
  readonly layCommission: number;
}

/**
 * The rating of a back/lay match, in percent: the share of the stake kept once the bet is laid
 * normally (see {@link backLay}). Qualifying (and SR free bets): b(1 − c)/(l − c) × 100, so 100
 * means no qualifying loss and above 100 a guaranteed profit. SNR free bets: the retention
 * (b − 1)(1 − c)/(l − c) × 100, the share of the free bet turned into cash.
 *
 * @param input - the bet type, the two prices and the commission
 * @returns the rating in percent, unrounded
 * @throws MatchkitValidationError listing every bad field
 * @example
 * ```ts
 * import { matchRating } from '@matchkit/sdk/calculators';
 * matchRating({ backOdds: 3, layOdds: 3.2, layCommission: 0.02 }); // 92.45... (294 / 3.18)
 * matchRating({ betType: 'snr', backOdds: 5, layOdds: 5.2, layCommission: 0.02 }); // 75.67... (392 / 5.18)
 * ```
 */
export function matchRating(input: MatchRatingInput): number {
  const c = root(input);
  const snr = pick(c, 'betType', BET_TYPES, 'qualifying') === 'snr';
  const b = num(c, 'backOdds', ODDS);
  const l = num(c, 'layOdds', ODDS);
  const k = num(c, 'layCommission', COMMISSION);
  done(c, 'matchRating input');
  return (100 * (b - +snr) * (1 - k)) / (l - k);
}
