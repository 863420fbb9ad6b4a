import { balancedLay } from './core';
import { EACH_WAY_BET, eachWayBet, type EachWayBet } from './ew';
import { BET_TYPE } from './fields';
import { commissionSchema, KEYS, oddsSchema, record, type CalculatorInput } from './schema';
import { validate } from '../internal/validate';

/**
 * The input of {@link eachWayReturns}: an each-way back bet, two bets of `backStake` each (0 to
 * 1e9), one to win at `backOdds` and one to place at 1 + (backOdds − 1) × placeFraction, with
 * `placeFraction` in (0, 1] (0.2 for 1/5).
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { eachWayReturnsInputSchema } from '@matchkit/sdk/calculators';
 * v.safeParse(eachWayReturnsInputSchema, { backStake: 10, backOdds: 11, placeFraction: 0.2 }).success; // true
 * ```
 */
export const eachWayReturnsInputSchema = /* @__PURE__ */ record(EACH_WAY_BET);

/**
 * An each-way back bet: two bets of `backStake` each, one to win at `backOdds` and one to place at
 * 1 + (backOdds − 1) × placeFraction. `backStake` is the stake of each part, as a bookmaker's
 * "£5 each way" (the whole bet costs 2 × backStake). See {@link eachWayReturnsInputSchema}.
 *
 * @example
 * ```ts
 * import type { EachWayBetInput } from '@matchkit/sdk/calculators';
 * const bet: EachWayBetInput = { backStake: 10, backOdds: 11, placeFraction: 0.2 };
 * ```
 */
export type EachWayBetInput = CalculatorInput<typeof eachWayReturnsInputSchema>;

/** The fields of an each-way bet laid in the exchange win and place markets, in form order. */
export const EACH_WAY_LAY = {
  betType: BET_TYPE,
  ...EACH_WAY_BET,
  winLayOdds: oddsSchema,
  placeLayOdds: oddsSchema,
  layCommission: commissionSchema,
};

/**
 * The input of {@link eachWay}: an each-way back bet (`betType` `qualifying`, `snr` or `sr`, each
 * part of that kind), `winLayOdds` and `placeLayOdds` (the exchange win and place markets' lay
 * odds; the place market settles on the exchange's place count) and `layCommission` (per market).
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { eachWayInputSchema } from '@matchkit/sdk/calculators';
 * v.safeParse(eachWayInputSchema, {
 *   backStake: 10, backOdds: 11, placeFraction: 0.2,
 *   winLayOdds: 12, placeLayOdds: 3.1, layCommission: 0.02,
 * }).success; // true
 * ```
 */
export const eachWayInputSchema = /* @__PURE__ */ record(EACH_WAY_LAY);

/**
 * Input of {@link eachWay} (and of `layThePlace`): an each-way back bet whose win part is laid in
 * the exchange win market and whose place part is laid in the exchange place market (see
 * {@link eachWayInputSchema}).
 *
 * @example
 * ```ts
 * import type { EachWayInput } from '@matchkit/sdk/calculators';
 * const input: EachWayInput = {
 *   betType: 'qualifying', backStake: 10, backOdds: 11, placeFraction: 0.2,
 *   winLayOdds: 12, placeLayOdds: 3.1, layCommission: 0.02,
 * };
 * ```
 */
export type EachWayInput = CalculatorInput<typeof eachWayInputSchema>;

/**
 * Result of {@link eachWay}. Profits are signed (a loss is negative) and unrounded.
 *
 * @example
 * ```ts
 * import { eachWay, type EachWayResult } from '@matchkit/sdk/calculators';
 * const r: EachWayResult = eachWay({
 *   betType: 'qualifying', backStake: 10, backOdds: 11, placeFraction: 0.2,
 *   winLayOdds: 12, placeLayOdds: 3.1, layCommission: 0.02,
 * });
 * ```
 */
export interface EachWayResult {
  /** The bookmaker's place odds: 1 + (backOdds − 1) × placeFraction. */
  readonly placeOdds: number;
  /** The lay stake in the exchange win market. */
  readonly winLayStake: number;
  /** The lay stake in the exchange place market. */
  readonly placeLayStake: number;
  /** Total profit if the selection wins (it also places). */
  readonly profitIfWins: number;
  /** Total profit if the selection places (in the exchange's places) without winning. */
  readonly profitIfPlaces: number;
  /** Total profit if the selection neither wins nor places. */
  readonly profitIfLoses: number;
  /**
   * Total profit if the selection finishes in a place the bookmaker pays and the exchange place
   * market does not (an extra place): the place part wins and the place lay wins too.
   */
  readonly profitIfExtraPlace: number;
}

/**
 * Lays an each-way bet: the win part in the exchange win market, the place part in the exchange
 * place market, each stake equalising its own part (commission is charged per market). The win,
 * place and lose outcomes then give the same profit; an extra place adds the place part's gain.
 *
 * @param input - the each-way bet and the two lay prices
 * @returns the lay stakes and the signed profit in every outcome
 * @throws MatchkitValidationError listing every bad field
 * @example
 * ```ts
 * import { eachWay } from '@matchkit/sdk/calculators';
 * const r = eachWay({
 *   betType: 'qualifying', backStake: 10, backOdds: 11, placeFraction: 0.2,
 *   winLayOdds: 12, placeLayOdds: 3.1, layCommission: 0.02,
 * });
 * r.placeOdds; // 3
 * r.profitIfExtraPlace - r.profitIfLoses; // 30: the place part's returns, 10 × 3
 * ```
 */
export function eachWay(input: EachWayInput): EachWayResult {
  const x = validate(eachWayInputSchema, input, 'eachWay input', KEYS);
  return layEachWay(eachWayBet(x), x.winLayOdds, x.placeLayOdds, x.layCommission);
}

/** The each-way lay arithmetic, shared with the extra-place calculator (internal). */
export function layEachWay(ew: EachWayBet, winLayOdds: number, placeLayOdds: number, k: number): EachWayResult {
  const winLayStake = balancedLay(ew.winWins, ew.winLoses, winLayOdds, k);
  const placeLayStake = balancedLay(ew.placeWins, ew.placeLoses, placeLayOdds, k);
  const winPartWins = ew.winWins - winLayStake * (winLayOdds - 1);
  const winPartLoses = ew.winLoses + winLayStake * (1 - k);
  const placePartPlaces = ew.placeWins - placeLayStake * (placeLayOdds - 1);
  const placePartLoses = ew.placeLoses + placeLayStake * (1 - k);
  return {
    placeOdds: ew.placeOdds,
    winLayStake,
    placeLayStake,
    profitIfWins: winPartWins + placePartPlaces,
    profitIfPlaces: winPartLoses + placePartPlaces,
    profitIfLoses: winPartLoses + placePartLoses,
    profitIfExtraPlace: winPartLoses + ew.placeWins + placeLayStake * (1 - k),
  };
}

/**
 * What an each-way bet pays back (stakes included) if the selection wins, and if it only places.
 *
 * @example
 * ```ts
 * import type { EachWayReturnsResult } from '@matchkit/sdk/calculators';
 * const r: EachWayReturnsResult = { returnIfWins: 140, returnIfPlaces: 30 };
 * ```
 */
export interface EachWayReturnsResult {
  /** What it returns if the selection wins: backStake × backOdds + backStake × placeOdds. */
  readonly returnIfWins: number;
  /** What it returns if the selection places without winning: backStake × placeOdds (the win part is lost). */
  readonly returnIfPlaces: number;
}

/**
 * The returns of a cash each-way bet, stakes included.
 *
 * @param input - the stake of each part, the win odds and the place fraction
 * @throws MatchkitValidationError listing every bad field
 * @example
 * ```ts
 * import { eachWayReturns } from '@matchkit/sdk/calculators';
 * eachWayReturns({ backStake: 10, backOdds: 11, placeFraction: 0.2 }); // { returnIfWins: 140, returnIfPlaces: 30 }
 * ```
 */
export function eachWayReturns(input: EachWayBetInput): EachWayReturnsResult {
  const ew = eachWayBet(validate(eachWayReturnsInputSchema, input, 'eachWayReturns input', KEYS));
  // A cash part returns its stake plus its profit.
  return { returnIfWins: 2 * ew.stake + ew.winWins + ew.placeWins, returnIfPlaces: ew.stake + ew.placeWins };
}
