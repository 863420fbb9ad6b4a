import { COMMISSION, ODDS, UNIT, done, num, root } from './check';

/**
 * Input of {@link kellyFraction}.
 *
 * @example
 * ```ts
 * import type { KellyInput } from '@matchkit/sdk/calculators';
 * const input: KellyInput = { backOdds: 3, probability: 0.4 };
 * ```
 */
export interface KellyInput {
  /** The decimal odds taken (a back bet), greater than 1. */
  readonly backOdds: number;
  /** The probability that the bet wins, in [0, 1]. */
  readonly probability: number;
  /**
   * Commission on the back bet's winnings (for a back bet at an exchange), a fraction in [0, 1).
   * @defaultValue 0
   */
  readonly backCommission?: number;
}

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
  const c = root(input);
  const odds = num(c, 'backOdds', ODDS);
  const p = num(c, 'probability', UNIT);
  const k = num(c, 'backCommission', COMMISSION, 0);
  done(c, 'kellyFraction input');
  return Math.max(0, p - (1 - p) / ((odds - 1) * (1 - k)));
}
