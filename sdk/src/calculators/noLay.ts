import { EACH_WAY_BET, eachWayBet } from './ew';
import { BET_TYPE } from './fields';
import { KEYS, record, unitSchema, type CalculatorInput } from './schema';
import { validate } from '../internal/validate';

/**
 * The input of {@link noLay}: an each-way bet (`betType` `qualifying`, `snr` or `sr`, each part of
 * that kind), `winProbability` (the chance that the selection wins) and `placeProbability` (the
 * chance that it finishes in a place the bookmaker pays, winning and extra places included), both
 * in [0, 1], placeProbability at least winProbability.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { noLayInputSchema } from '@matchkit/sdk/calculators';
 * v.safeParse(noLayInputSchema, { backStake: 10, backOdds: 21, placeFraction: 0.2, winProbability: 0.3, placeProbability: 0.2 }).success; // false
 * ```
 */
export const noLayInputSchema = /* @__PURE__ */ record(
  {
    betType: BET_TYPE,
    ...EACH_WAY_BET,
    winProbability: unitSchema,
    placeProbability: unitSchema,
  },
  (x, ok, report) => {
    if (ok('winProbability') && ok('placeProbability') && (x.placeProbability as number) < (x.winProbability as number))
      report('must be at least winProbability (a winner also places)', 'placeProbability');
  },
);

/**
 * Input of {@link noLay} (see {@link noLayInputSchema}).
 *
 * @example
 * ```ts
 * import type { NoLayInput } from '@matchkit/sdk/calculators';
 * const input: NoLayInput = { backStake: 10, backOdds: 21, placeFraction: 0.2, winProbability: 0.05, placeProbability: 0.25 };
 * ```
 */
export type NoLayInput = CalculatorInput<typeof noLayInputSchema>;

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
  const x = validate(noLayInputSchema, input, 'noLay input', KEYS);
  const ew = eachWayBet(x);
  const pWin = x.winProbability;
  const pPlace = x.placeProbability;
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
