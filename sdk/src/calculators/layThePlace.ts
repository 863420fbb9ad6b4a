import { EACH_WAY_LAY, layEachWay, type EachWayInput } from './eachWay';
import { eachWayBet } from './ew';
import { KEYS, oddsSchema, record } from './schema';
import { validate } from '../internal/validate';

/**
 * The input of {@link layThePlace}: the fields of `eachWay`'s input, `placeLayOdds` being the lay
 * price in the exchange's place market that pays the bookmaker's places, extra places included.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { layThePlaceInputSchema } from '@matchkit/sdk/calculators';
 * v.safeParse(layThePlaceInputSchema, {
 *   backStake: 10, backOdds: 11, placeFraction: 0.2,
 *   winLayOdds: 12, placeLayOdds: 2.9, layCommission: 0.02,
 * }).success; // true
 * ```
 */
export const layThePlaceInputSchema = /* @__PURE__ */ record({
  ...EACH_WAY_LAY,
  placeLayOdds: oddsSchema,
});

/**
 * Result of {@link layThePlace}. Signed, unrounded.
 *
 * @example
 * ```ts
 * import { layThePlace, type LayThePlaceResult } from '@matchkit/sdk/calculators';
 * const r: LayThePlaceResult = layThePlace({
 *   backStake: 10, backOdds: 11, placeFraction: 0.2,
 *   winLayOdds: 12, placeLayOdds: 2.9, layCommission: 0.02,
 * });
 * ```
 */
export interface LayThePlaceResult {
  /** The bookmaker's place odds: 1 + (backOdds − 1) × placeFraction. */
  readonly placeOdds: number;
  /** The lay stake in the exchange win market. */
  readonly winLayStake: number;
  /** The lay stake in the exchange place market that pays the bookmaker's places. */
  readonly placeLayStake: number;
  /** What the two lays cost if the selection wins. */
  readonly liability: number;
  /** The profit, the same whether the selection wins, places (extra places included) or loses. */
  readonly profit: number;
}

/**
 * Lay the place: an each-way bet hedged where the exchange runs a place market settled on the
 * bookmaker's own place count, extra places included (the spec's provider table says which
 * exchanges offer it). The win part is laid in the win market and the place part in that place
 * market, so every finishing position gives the same profit: the extra place is hedged rather
 * than gambled on, and a good enough place price locks in a profit. `placeLayOdds` is that
 * market's lay price; the arithmetic is {@link eachWay}'s.
 *
 * @param input - the each-way bet and the two lay prices
 * @throws MatchkitValidationError listing every bad field
 * @example
 * ```ts
 * import { layThePlace } from '@matchkit/sdk/calculators';
 * const r = layThePlace({
 *   backStake: 10, backOdds: 11, placeFraction: 0.2,
 *   winLayOdds: 12, placeLayOdds: 2.9, layCommission: 0.02,
 * });
 * r.profit; // the same in every outcome
 * ```
 */
export function layThePlace(input: EachWayInput): LayThePlaceResult {
  const x = validate(layThePlaceInputSchema, input, 'layThePlace input', KEYS);
  const { winLayOdds, placeLayOdds } = x;
  const r = layEachWay(eachWayBet(x), winLayOdds, placeLayOdds, x.layCommission);
  return {
    placeOdds: r.placeOdds,
    winLayStake: r.winLayStake,
    placeLayStake: r.placeLayStake,
    liability: r.winLayStake * (winLayOdds - 1) + r.placeLayStake * (placeLayOdds - 1),
    profit: r.profitIfLoses,
  };
}
