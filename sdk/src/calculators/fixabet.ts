import * as v from 'valibot';
import { qualifyingLay } from './core';
import { commissionSchema, KEYS, moneySchema, oddsSchema, record, type CalculatorInput } from './schema';
import { validate } from '../internal/validate';

/**
 * The input of {@link fixabet}: `maxStake` (the largest stake the member would place) and
 * `maxLoss` (the most they will lose, a positive amount), both 0 to 1e9; `backOdds`, `layOdds`,
 * `layCommission`; `stakeStep` (round the stake down to a multiple of this so that it looks like a
 * punter's, 5 for £5 steps; default 0, exact).
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { fixabetInputSchema } from '@matchkit/sdk/calculators';
 * v.safeParse(fixabetInputSchema, { maxStake: 50, maxLoss: 1, backOdds: 2, layOdds: 2.06, layCommission: 0.02 }).success; // true
 * ```
 */
export const fixabetInputSchema = /* @__PURE__ */ record({
  maxStake: moneySchema,
  maxLoss: moneySchema,
  backOdds: oddsSchema,
  layOdds: oddsSchema,
  layCommission: commissionSchema,
  stakeStep: /* @__PURE__ */ v.optional(moneySchema, 0),
});

/**
 * Input of {@link fixabet} (see {@link fixabetInputSchema}).
 *
 * @example
 * ```ts
 * import type { FixabetInput } from '@matchkit/sdk/calculators';
 * const input: FixabetInput = { maxStake: 50, maxLoss: 1, backOdds: 2, layOdds: 2.06, layCommission: 0.02, stakeStep: 5 };
 * ```
 */
export type FixabetInput = CalculatorInput<typeof fixabetInputSchema>;

/**
 * Result of {@link fixabet}. Signed, unrounded (the stake is a whole number of steps when
 * `stakeStep` is given).
 *
 * @example
 * ```ts
 * import { fixabet, type FixabetResult } from '@matchkit/sdk/calculators';
 * const r: FixabetResult = fixabet({ maxStake: 50, maxLoss: 1, backOdds: 2, layOdds: 2.06, layCommission: 0.02 });
 * ```
 */
export interface FixabetResult {
  /** The stake to place at the bookmaker. */
  readonly backStake: number;
  /** The exchange lay stake that fixes the result: backStake × backOdds / (layOdds − layCommission). */
  readonly layStake: number;
  /** The lay's liability: layStake × (layOdds − 1). */
  readonly liability: number;
  /** The fixed profit, the same either way (negative: a loss no bigger than maxLoss). */
  readonly profit: number;
  /** The fixed profit per unit staked: backOdds(1 − c)/(layOdds − c) − 1. */
  readonly profitPerUnit: number;
}

/**
 * A mug bet, fixed: the member places a normal-looking bet (to keep the account healthy) and lays
 * it in full at the exchange so that the result is fixed in advance. The stake is the largest, up
 * to `maxStake`, whose fixed loss stays within `maxLoss` (any stake, up to `maxStake`, when the
 * match loses nothing), rounded down to a multiple of `stakeStep`.
 *
 * @param input - the stake and loss limits, the prices and the commission
 * @throws MatchkitValidationError listing every bad field
 * @example
 * ```ts
 * import { fixabet } from '@matchkit/sdk/calculators';
 * const r = fixabet({ maxStake: 50, maxLoss: 1, backOdds: 2, layOdds: 2.06, layCommission: 0.02, stakeStep: 5 });
 * r.backStake; // 25: 1 / 0.0392... = 25.5 allowed, rounded down to £5 steps
 * ```
 */
export function fixabet(input: FixabetInput): FixabetResult {
  const {
    maxStake,
    maxLoss,
    backOdds,
    layOdds,
    layCommission: k,
    stakeStep: step,
  } = validate(fixabetInputSchema, input, 'fixabet input', KEYS);
  const profitPerUnit = (backOdds * (1 - k)) / (layOdds - k) - 1;
  let backStake = profitPerUnit < 0 ? Math.min(maxStake, maxLoss / -profitPerUnit) : maxStake;
  // Whole steps only; the 1e-9 forgives a quotient like 4.9999999999 that means 5. A step below
  // the stake's resolution in doubles (quotient 2^53 or more) changes nothing.
  const steps = backStake / step;
  if (step > 0 && steps < 2 ** 53) backStake = step * Math.floor(steps + 1e-9);
  const layStake = qualifyingLay(backStake, backOdds, layOdds, k);
  return { backStake, layStake, liability: layStake * (layOdds - 1), profit: backStake * profitPerUnit, profitPerUnit };
}
