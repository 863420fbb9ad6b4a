import { qualifyingLay } from './core';
import { commissionSchema, KEYS, list, moneySchema, num, oddsSchema, record, type CalculatorInput } from './schema';
import { validate } from '../internal/validate';

// Tattersalls Rule 4(c): the longest price of each band, in hundredths of decimal odds (the price
// read to 2 decimal places, as decimal prices are quoted), and its deduction in pence per pound.
// 1/9 -> 1.11: 90p; 2/11 -> 1.18: 85p; 1/4 -> 1.25: 80p; 3/10 -> 1.30: 75p; 2/5 -> 1.40: 70p;
// 8/15 -> 1.53: 65p; 8/13 -> 1.62: 60p; 4/5 -> 1.80: 55p; 20/21 -> 1.95: 50p; 6/5 -> 2.20: 45p;
// 6/4 -> 2.50: 40p; 7/4 -> 2.75: 35p; 9/4 -> 3.25: 30p; 3/1 -> 4.00: 25p; 4/1 -> 5.00: 20p;
// 11/2 -> 6.50: 15p; 9/1 -> 10.00: 10p; 14/1 -> 15.00: 5p; longer: no deduction.
const BAND_LONGEST = [111, 118, 125, 130, 140, 153, 162, 180, 195, 220, 250, 275, 325, 400, 500, 650, 1000, 1500];

/** The deduction, in pence per pound, for one withdrawn horse at decimal odds `odds`. */
function band(odds: number): number {
  // Half away from zero at 2 dp, reading the price as written (1.005 is 1.01, not 1.00).
  const hundredths = Math.round(Number(`${odds.toPrecision(12)}e2`));
  const i = BAND_LONGEST.findIndex((longest) => hundredths <= longest);
  return i < 0 ? 0 : 90 - 5 * i;
}

/**
 * The argument of {@link rule4Deduction}: 0 to 100 decimal prices.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { withdrawnOddsSchema } from '@matchkit/sdk/calculators';
 * v.safeParse(withdrawnOddsSchema, [4, 11]).success; // true
 * ```
 */
export const withdrawnOddsSchema = /* @__PURE__ */ list(oddsSchema, 0, 100);

/**
 * The Tattersalls Rule 4(c) deduction, in pence per pound of winnings, for late withdrawals at
 * the given decimal odds (each horse's price at the time of its withdrawal). Bands run from
 * "1/9 or shorter: 90p" to "10/1 to 14/1: 5p"; a horse longer than 14/1 deducts nothing. Several
 * non-runners add up, capped at 90p. A price between two bands (only possible for a decimal price)
 * takes the band whose longest price it does not exceed, reading the price to 2 decimal places.
 *
 * @param withdrawnOdds - decimal odds of each withdrawn horse at the time of its withdrawal (may be empty)
 * @returns pence per pound, from 0 to 90
 * @throws MatchkitValidationError listing every bad price
 * @example
 * ```ts
 * import { rule4Deduction } from '@matchkit/sdk/calculators';
 * rule4Deduction([4]); // 25 (3/1: 25p)
 * rule4Deduction([1.5, 2]); // 90: 65p (1/2) + 45p (evens) = 110p, capped
 * ```
 */
export function rule4Deduction(withdrawnOdds: readonly number[]): number {
  const odds = validate(
    /* @__PURE__ */ record({ withdrawnOdds: withdrawnOddsSchema }),
    { withdrawnOdds },
    'rule4Deduction input',
    KEYS,
  ).withdrawnOdds;
  return Math.min(
    90,
    odds.reduce((sum, o) => sum + band(o), 0),
  );
}

const DEDUCTION = /* @__PURE__ */ num(0, 90, 0);
const REDUCTION_FACTOR = /* @__PURE__ */ num(0, 1, 2, 'reduction factor');

/**
 * The input of {@link applyRule4}: `backStake` (0 to 1e9), `backOdds` (the bookmaker's decimal odds
 * taken) and `deduction` (pence per pound of winnings, 0 to 90, see {@link rule4Deduction}).
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { applyRule4InputSchema } from '@matchkit/sdk/calculators';
 * v.safeParse(applyRule4InputSchema, { backStake: 10, backOdds: 9, deduction: 25 }).success; // true
 * ```
 */
export const applyRule4InputSchema = /* @__PURE__ */ record({
  backStake: moneySchema,
  backOdds: oddsSchema,
  deduction: DEDUCTION,
});

/**
 * Input of {@link applyRule4} (see {@link applyRule4InputSchema}).
 *
 * @example
 * ```ts
 * import type { ApplyRule4Input } from '@matchkit/sdk/calculators';
 * const input: ApplyRule4Input = { backStake: 10, backOdds: 9, deduction: 25 };
 * ```
 */
export type ApplyRule4Input = CalculatorInput<typeof applyRule4InputSchema>;

/**
 * Result of {@link applyRule4}.
 *
 * @example
 * ```ts
 * import type { ApplyRule4Result } from '@matchkit/sdk/calculators';
 * const r: ApplyRule4Result = { returns: 70, effectiveOdds: 7 };
 * ```
 */
export interface ApplyRule4Result {
  /** What a winning bet returns, stake included, after the deduction. */
  readonly returns: number;
  /** The decimal odds the bet is effectively settled at: 1 + (backOdds − 1)(1 − deduction/100). */
  readonly effectiveOdds: number;
}

/**
 * Applies a Rule 4 deduction to a winning bookmaker bet. The deduction comes off the winnings
 * only; the stake is returned in full.
 *
 * @param input - the back stake, the back odds taken and the deduction in pence per pound
 * @throws MatchkitValidationError listing every bad field
 * @example
 * ```ts
 * import { applyRule4 } from '@matchkit/sdk/calculators';
 * applyRule4({ backStake: 10, backOdds: 9, deduction: 25 }); // { returns: 70, effectiveOdds: 7 }
 * ```
 */
export function applyRule4(input: ApplyRule4Input): ApplyRule4Result {
  const { backStake: stake, backOdds: odds, deduction } = validate(applyRule4InputSchema, input, 'applyRule4 input', KEYS);
  const effectiveOdds = 1 + ((odds - 1) * (100 - deduction)) / 100;
  return { returns: stake * effectiveOdds, effectiveOdds };
}

/**
 * The input of {@link applyReductionFactor}: `odds` (the matched decimal odds) and
 * `reductionFactor` (the exchange's reduction factor for the non-runner, a fraction in [0, 1): 0.25
 * for 25%).
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { reductionFactorInputSchema } from '@matchkit/sdk/calculators';
 * v.safeParse(reductionFactorInputSchema, { odds: 8, reductionFactor: 25 }).success; // false: 25% is 0.25
 * ```
 */
export const reductionFactorInputSchema = /* @__PURE__ */ record({
  odds: oddsSchema,
  reductionFactor: REDUCTION_FACTOR,
});

/**
 * Input of {@link applyReductionFactor} (see {@link reductionFactorInputSchema}).
 *
 * @example
 * ```ts
 * import type { ReductionFactorInput } from '@matchkit/sdk/calculators';
 * const input: ReductionFactorInput = { odds: 8, reductionFactor: 0.25 };
 * ```
 */
export type ReductionFactorInput = CalculatorInput<typeof reductionFactorInputSchema>;

/**
 * An exchange's non-runner rule: the whole matched price (stake part included) is multiplied by
 * (1 − reductionFactor), for backers and layers alike. For several non-runners, apply it once per
 * withdrawal. Unlike Rule 4, the result can fall to 1 or below for a short-priced selection: the
 * exact product is returned, and any exchange floor (a minimum price) is for the caller to apply.
 *
 * @param input - the matched odds and the reduction factor
 * @returns the reduced decimal odds
 * @throws MatchkitValidationError listing every bad field
 * @example
 * ```ts
 * import { applyReductionFactor } from '@matchkit/sdk/calculators';
 * applyReductionFactor({ odds: 8, reductionFactor: 0.25 }); // 6
 * ```
 */
export function applyReductionFactor(input: ReductionFactorInput): number {
  const { odds, reductionFactor: factor } = validate(reductionFactorInputSchema, input, 'applyReductionFactor input', KEYS);
  return odds * (1 - factor);
}

/**
 * The input of {@link nonRunnerImbalance}: a qualifying bet laid normally (`backStake`, `backOdds`,
 * `layOdds`, `layCommission`), then a non-runner: the bookmaker's Rule 4 `deduction` (pence per
 * pound, 0 to 90) and the exchange's `reductionFactor` for the same runner (a fraction in [0, 1)).
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { nonRunnerInputSchema } from '@matchkit/sdk/calculators';
 * v.safeParse(nonRunnerInputSchema, { backStake: 10, backOdds: 5, layOdds: 5, layCommission: 0, deduction: 25, reductionFactor: 0.25 }).success; // true
 * ```
 */
export const nonRunnerInputSchema = /* @__PURE__ */ record({
  backStake: moneySchema,
  backOdds: oddsSchema,
  layOdds: oddsSchema,
  layCommission: commissionSchema,
  deduction: DEDUCTION,
  reductionFactor: REDUCTION_FACTOR,
});

/**
 * Input of {@link nonRunnerImbalance}: a qualifying bet laid normally, then a non-runner (see
 * {@link nonRunnerInputSchema}).
 *
 * @example
 * ```ts
 * import type { NonRunnerInput } from '@matchkit/sdk/calculators';
 * const input: NonRunnerInput = { backStake: 10, backOdds: 5, layOdds: 5, layCommission: 0, deduction: 25, reductionFactor: 0.25 };
 * ```
 */
export type NonRunnerInput = CalculatorInput<typeof nonRunnerInputSchema>;

/**
 * Result of {@link nonRunnerImbalance}: the matched bet before the non-runner, and after it on each side.
 *
 * @example
 * ```ts
 * import type { NonRunnerResult } from '@matchkit/sdk/calculators';
 * const r: NonRunnerResult = {
 *   layStake: 10, liabilityBefore: 40, profitIfWinsBefore: 0, effectiveBackOdds: 4, backReturns: 40,
 *   reducedLayOdds: 3.75, liability: 27.5, profitIfWins: 2.5, profitIfLoses: 0, imbalance: 2.5,
 * };
 * ```
 */
export interface NonRunnerResult {
  /** The normal lay stake matched before the non-runner (as {@link backLay} lays a qualifying bet). */
  readonly layStake: number;
  /** The lay liability before the non-runner: layStake × (layOdds − 1). */
  readonly liabilityBefore: number;
  /** The profit if the selection wins, before the non-runner (equal to profitIfLoses: the bet was balanced). */
  readonly profitIfWinsBefore: number;
  /** The bookmaker's odds after the Rule 4 deduction (see {@link applyRule4}). */
  readonly effectiveBackOdds: number;
  /** What the back bet returns if the selection wins, stake included, after the deduction. */
  readonly backReturns: number;
  /** The lay odds after the exchange's reduction factor (see {@link applyReductionFactor}). */
  readonly reducedLayOdds: number;
  /** The lay liability after the reduction factor: layStake × (reducedLayOdds − 1), never below 0. */
  readonly liability: number;
  /** The profit if the selection wins, after both rules. */
  readonly profitIfWins: number;
  /** The profit if the selection loses: neither rule changes it. */
  readonly profitIfLoses: number;
  /** profitIfWins − profitIfLoses: how far the two outcomes drifted apart (0 when the rules agree). */
  readonly imbalance: number;
}

/**
 * Why a matched bet becomes unbalanced after a non-runner. The bookmaker takes a Rule 4 deduction
 * off the back bet's winnings only (see {@link applyRule4}), while the exchange multiplies the whole
 * matched lay price by (1 − reductionFactor) (see {@link applyReductionFactor}); the two rules
 * rarely move the winning outcome by the same amount, so the profit if the selection wins no longer
 * equals the profit if it loses. The lay is the normal lay of a qualifying bet; the losing outcome
 * is untouched by both rules. A lay price reduced to 1 or below leaves no liability.
 *
 * @param input - the matched bet, the Rule 4 deduction and the exchange's reduction factor
 * @throws MatchkitValidationError listing every bad field
 * @example
 * ```ts
 * import { nonRunnerImbalance } from '@matchkit/sdk/calculators';
 * const r = nonRunnerImbalance({ backStake: 10, backOdds: 5, layOdds: 5, layCommission: 0, deduction: 25, reductionFactor: 0.25 });
 * r.backReturns; // 40: winnings of 40 less 25p in the pound, plus the stake
 * r.liability; // 27.5: the lay at 5.0 becomes a lay at 3.75
 * r.imbalance; // 2.5: the bet now wins 2.5 more if the selection wins than if it loses
 * ```
 */
export function nonRunnerImbalance(input: NonRunnerInput): NonRunnerResult {
  const x = validate(nonRunnerInputSchema, input, 'nonRunnerImbalance input', KEYS);
  const { backStake: stake, backOdds, layOdds, layCommission: commission, deduction, reductionFactor: factor } = x;
  const layStake = qualifyingLay(stake, backOdds, layOdds, commission);
  const liabilityBefore = layStake * (layOdds - 1);
  const profitIfLoses = layStake * (1 - commission) - stake;
  const effectiveBackOdds = 1 + ((backOdds - 1) * (100 - deduction)) / 100;
  const backReturns = stake * effectiveBackOdds;
  const reducedLayOdds = layOdds * (1 - factor);
  const liability = layStake * Math.max(0, reducedLayOdds - 1);
  const profitIfWins = backReturns - stake - liability;
  return {
    layStake,
    liabilityBefore,
    profitIfWinsBefore: stake * (backOdds - 1) - liabilityBefore,
    effectiveBackOdds,
    backReturns,
    reducedLayOdds,
    liability,
    profitIfWins,
    profitIfLoses,
    imbalance: profitIfWins - profitIfLoses,
  };
}
