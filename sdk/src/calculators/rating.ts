import { BET_TYPE } from './fields';
import { commissionSchema, KEYS, oddsSchema, record, type CalculatorInput } from './schema';
import { validate } from '../internal/validate';

/**
 * The input of {@link matchRating}: `betType` (`qualifying`, `snr` or `sr`, default
 * `qualifying`), `backOdds`, `layOdds` and `layCommission`.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { matchRatingInputSchema } from '@matchkit/sdk/calculators';
 * v.safeParse(matchRatingInputSchema, { betType: 'snr', backOdds: 5, layOdds: 5.2, layCommission: 0.02 }).success; // true
 * ```
 */
export const matchRatingInputSchema = /* @__PURE__ */ record({
  betType: BET_TYPE,
  backOdds: oddsSchema,
  layOdds: oddsSchema,
  layCommission: commissionSchema,
});

/**
 * Input of {@link matchRating} (see {@link matchRatingInputSchema}).
 *
 * @example
 * ```ts
 * import type { MatchRatingInput } from '@matchkit/sdk/calculators';
 * const input: MatchRatingInput = { betType: 'snr', backOdds: 5, layOdds: 5.2, layCommission: 0.02 };
 * ```
 */
export type MatchRatingInput = CalculatorInput<typeof matchRatingInputSchema>;

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
  const { betType, backOdds: b, layOdds: l, layCommission: k } = validate(matchRatingInputSchema, input, 'matchRating input', KEYS);
  return rateBackLay(b, l, k, betType === 'snr');
}

/**
 * {@link matchRating}'s formula alone, for inputs already checked (a finder's feed prices and
 * commissions): the same operations in the same order, so the same number to the last bit. The
 * check costs about two hundred times the formula, which a finder's loop over every back/lay pair
 * of the feed would otherwise pay per pair. Internal to the sdk.
 *
 * @internal
 */
export function rateBackLay(b: number, l: number, k: number, snr = false): number {
  return (100 * (b - +snr) * (1 - k)) / (l - k);
}
