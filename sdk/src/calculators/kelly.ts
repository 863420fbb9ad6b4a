import { BACK_COMMISSION } from './fields';
import { KEYS, oddsSchema, record, unitSchema, type CalculatorInput } from './schema';
import { validate } from '../internal/validate';

/**
 * The input of {@link kellyFraction}: `backOdds` (the decimal odds taken, a back bet),
 * `probability` (the chance that the bet wins, in [0, 1]) and `backCommission` (on the winnings,
 * for a back bet at an exchange, default 0).
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { kellyInputSchema } from '@matchkit/sdk/calculators';
 * v.safeParse(kellyInputSchema, { backOdds: 3, probability: 0.4 }).success; // true
 * ```
 */
export const kellyInputSchema = /* @__PURE__ */ record({
  backOdds: oddsSchema,
  probability: unitSchema,
  backCommission: BACK_COMMISSION,
});

/**
 * Input of {@link kellyFraction} (see {@link kellyInputSchema}).
 *
 * @example
 * ```ts
 * import type { KellyInput } from '@matchkit/sdk/calculators';
 * const input: KellyInput = { backOdds: 3, probability: 0.4 };
 * ```
 */
export type KellyInput = CalculatorInput<typeof kellyInputSchema>;

/**
 * The Kelly stake as a fraction of the bankroll: f = p − (1 − p)/w, with w = (backOdds − 1)(1 − c)
 * the net winnings per unit staked. It maximises the expected logarithm of the bankroll. A bet
 * with no edge (f ≤ 0) gives 0: do not bet.
 *
 * @param input - the back odds, the probability and the back commission
 * @returns a fraction in [0, 1]
 * @throws MatchkitValidationError listing every bad field
 * @example
 * ```ts
 * import { kellyFraction } from '@matchkit/sdk/calculators';
 * kellyFraction({ backOdds: 3, probability: 0.4 }); // 0.1 = 0.4 − 0.6 / 2
 * kellyFraction({ backOdds: 2, probability: 0.5, backCommission: 0.02 }); // 0: no edge after commission
 * ```
 */
export function kellyFraction(input: KellyInput): number {
  const { backOdds: odds, probability: p, backCommission: k } = validate(kellyInputSchema, input, 'kellyFraction input', KEYS);
  return Math.max(0, p - (1 - p) / ((odds - 1) * (1 - k)));
}
