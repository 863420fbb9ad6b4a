import { UNIT, done, fail, num } from './check';
import type { BetType } from './core';
import type { EachWayBetInput } from './eachWay';
import { readEachWay } from './ew';

/**
 * Input of {@link noLay}.
 *
 * @example
 * ```ts
 * import type { NoLayInput } from '@matchkit/sdk/calculators';
 * const input: NoLayInput = { backStake: 10, backOdds: 21, placeFraction: 0.2, winProbability: 0.05, placeProbability: 0.25 };
 * ```
 */
export interface NoLayInput extends EachWayBetInput {
  /**
   * The kind of back bet (each part has this kind): `qualifying` (a cash bet), `snr` or `sr`.
   * @defaultValue 'qualifying'
   */
  readonly betType?: Exclude<BetType, 'refund'>;
  /** The probability that the selection wins, in [0, 1]. */
  readonly winProbability: number;
  /**
   * The probability that it finishes in a place the bookmaker pays (winning included, extra places
   * included), in [winProbability, 1].
   */
  readonly placeProbability: number;
}

/**
 * Result of {@link noLay}. Signed, unrounded.
 *
 * @example
 * ```ts
 * import { noLay, type NoLayResult } from '@matchkit/sdk/calculators';
 * const r: NoLayResult = noLay({ backStake: 10, backOdds: 21, placeFraction: 0.2, winProbability: 0.05, placeProbability: 0.25 });
 * ```
 */
export interface NoLayResult {
  /** The bookmaker's place odds: 1 + (backOdds − 1) × placeFraction. */
  readonly placeOdds: number;
  /** Profit if the selection wins (both parts win). */
  readonly profitIfWins: number;
  /** Profit if it places without winning (the win part loses). */
  readonly profitIfPlaces: number;
  /** Profit if it finishes outside the places (both parts lose). */
  readonly profitIfLoses: number;
  /** The expected profit over the three outcomes. */
  readonly expectedProfit: number;
}

/**
 * A no-lay value bet: an each-way bet backed and not laid, because its price beats the fair
 * chances (typically from the exchange win and place markets with the margin removed, see
 * {@link removeMargin}). Returns each outcome's profit and the expected profit
 * pWin × profitIfWins + (pPlace − pWin) × profitIfPlaces + (1 − pPlace) × profitIfLoses.
 * For a single (win-only) bet use {@link expectedValue}.
 *
 * @param input - the each-way bet and the win and place probabilities
 * @throws MatchkitValidationError listing every bad field
 * @example
 * ```ts
 * import { noLay } from '@matchkit/sdk/calculators';
 * const r = noLay({ backStake: 10, backOdds: 21, placeFraction: 0.2, winProbability: 0.05, placeProbability: 0.25 });
 * r.expectedProfit; // 3 = 0.05 × 240 + 0.2 × 30 + 0.75 × (−20)
 * ```
 */
export function noLay(input: NoLayInput): NoLayResult {
  const ew = readEachWay(input);
  const pWin = num(ew.c, 'winProbability', UNIT);
  const pPlace = num(ew.c, 'placeProbability', UNIT);
  if (pPlace < pWin) fail(ew.c, 'placeProbability', 'must be at least winProbability (a winner also places)');
  done(ew.c, 'noLay input');
  const profitIfWins = ew.winWins + ew.placeWins;
  const profitIfPlaces = ew.winLoses + ew.placeWins;
  const profitIfLoses = ew.winLoses + ew.placeLoses;
  return {
    placeOdds: ew.placeOdds,
    profitIfWins,
    profitIfPlaces,
    profitIfLoses,
    expectedProfit: pWin * profitIfWins + (pPlace - pWin) * profitIfPlaces + (1 - pPlace) * profitIfLoses,
  };
}
