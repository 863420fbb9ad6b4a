import { COMMISSION, ODDS, UNIT, done, num, open } from './check';

/**
 * Input of {@link kellyFraction}.
 *
 * @example
 * ```ts
 * import type { KellyInput } from '@matchkit/sdk/calculators';
 * const input: KellyInput = { odds: 3, probability: 0.4 };
 * ```
 */
export interface KellyInput {
  /** The decimal odds taken, greater than 1. */
  readonly odds: number;
  /** The probability that the bet wins, in [0, 1]. */
  readonly probability: number;
  /**
   * Commission on the bet's winnings, a fraction in [0, 1).
   * @defaultValue 0
   */
  readonly commission?: number;
}

/**
 * The Kelly stake as a fraction of the bankroll: f = p − (1 − p)/w, with w = (odds − 1)(1 − c)
 * the net winnings per unit staked. It maximises the expected logarithm of the bankroll. A bet
 * with no edge (f ≤ 0) gives 0: do not bet.
 *
 * @param input - the odds, the probability and the commission
 * @returns a fraction in [0, 1]
 * @throws MatchkitValidationError listing every bad field
 * @example
 * ```ts
 * import { kellyFraction } from '@matchkit/sdk/calculators';
 * kellyFraction({ odds: 3, probability: 0.4 }); // 0.1 = 0.4 − 0.6 / 2
 * kellyFraction({ odds: 2, probability: 0.5, commission: 0.02 }); // 0: no edge after commission
 * ```
 */
export function kellyFraction(input: KellyInput): number {
  const c = open(input);
  const odds = num(c, 'odds', ODDS);
  const p = num(c, 'probability', UNIT);
  const k = num(c, 'commission', COMMISSION, 0);
  done(c, 'kellyFraction input');
  return Math.max(0, p - (1 - p) / ((odds - 1) * (1 - k)));
}
