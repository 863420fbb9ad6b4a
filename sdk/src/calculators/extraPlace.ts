import { EACH_WAY_LAY, layEachWay, type EachWayResult } from './eachWay';
import { eachWayBet } from './ew';
import { KEYS, record, unitSchema, type CalculatorInput } from './schema';
import { validate } from '../internal/validate';

/**
 * The input of {@link extraPlace}: an each-way bet laid as for `eachWay`, and
 * `extraPlaceProbability`, the chance that the selection finishes exactly in the extra place(s)
 * (paid by the bookmaker, not by the exchange place market), in [0, 1].
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { extraPlaceInputSchema } from '@matchkit/sdk/calculators';
 * v.safeParse(extraPlaceInputSchema, {
 *   backStake: 10, backOdds: 11, placeFraction: 0.2,
 *   winLayOdds: 12, placeLayOdds: 3.1, layCommission: 0.02, extraPlaceProbability: 0.06,
 * }).success; // true
 * ```
 */
export const extraPlaceInputSchema = /* @__PURE__ */ record({
  ...EACH_WAY_LAY,
  extraPlaceProbability: unitSchema,
});

/**
 * Input of {@link extraPlace}: an each-way bet laid as for {@link eachWay}, and the chance of the
 * extra place (see {@link extraPlaceInputSchema}).
 *
 * @example
 * ```ts
 * import type { ExtraPlaceInput } from '@matchkit/sdk/calculators';
 * const input: ExtraPlaceInput = {
 *   backStake: 10, backOdds: 11, placeFraction: 0.2,
 *   winLayOdds: 12, placeLayOdds: 3.1, layCommission: 0.02, extraPlaceProbability: 0.06,
 * };
 * ```
 */
export type ExtraPlaceInput = CalculatorInput<typeof extraPlaceInputSchema>;

/**
 * Result of {@link extraPlace}: the {@link EachWayResult} and the offer's value.
 *
 * @example
 * ```ts
 * import { extraPlace, type ExtraPlaceResult } from '@matchkit/sdk/calculators';
 * const r: ExtraPlaceResult = extraPlace({
 *   backStake: 10, backOdds: 11, placeFraction: 0.2,
 *   winLayOdds: 12, placeLayOdds: 3.1, layCommission: 0.02, extraPlaceProbability: 0.06,
 * });
 * ```
 */
export interface ExtraPlaceResult extends EachWayResult {
  /** p × profitIfExtraPlace + (1 − p) × profitIfLoses (the lay makes every other outcome equal). */
  readonly expectedProfit: number;
  /**
   * The extra-place probability at which the offer breaks even: −profitIfLoses /
   * (profitIfExtraPlace − profitIfLoses); 0 when the lay alone loses nothing. Its inverse is the
   * number of such bets per extra-place hit that breaks even.
   */
  readonly breakEvenProbability: number;
}

/**
 * The value of an extra-place offer: an each-way bet laid in the exchange win and place markets
 * (see {@link eachWay}) loses a little whatever happens, except when the selection finishes in the
 * extra place, where the bookmaker pays the place part and the exchange place lay wins too.
 *
 * @param input - the each-way bet, the lay prices and the extra-place probability
 * @throws MatchkitValidationError listing every bad field
 * @example
 * ```ts
 * import { extraPlace } from '@matchkit/sdk/calculators';
 * const r = extraPlace({
 *   backStake: 10, backOdds: 11, placeFraction: 0.2,
 *   winLayOdds: 12, placeLayOdds: 3.1, layCommission: 0.02, extraPlaceProbability: 0.06,
 * });
 * r.expectedProfit; // 0.3437...: 0.94 × −1.4562 (the qualifying loss) + 0.06 × 28.5437 (the extra place)
 * ```
 */
export function extraPlace(input: ExtraPlaceInput): ExtraPlaceResult {
  const x = validate(extraPlaceInputSchema, input, 'extraPlace input', KEYS);
  const p = x.extraPlaceProbability;
  const r = layEachWay(eachWayBet(x), x.winLayOdds, x.placeLayOdds, x.layCommission);
  const loss = r.profitIfLoses;
  return {
    ...r,
    expectedProfit: p * r.profitIfExtraPlace + (1 - p) * loss,
    breakEvenProbability: loss < 0 ? -loss / (r.profitIfExtraPlace - loss) : 0,
  };
}
