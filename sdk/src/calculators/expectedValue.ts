import { COMMISSION, MONEY, ODDS, UNIT, done, fail, num, root, opt, pick, type Ctx } from './check';
import { BET_TYPES, type BetType } from './core';

/** Reads `probability` or `fairOdds` (exactly one) as a probability. */
export function readProbability(c: Ctx): number {
  const p = opt(c, 'probability', UNIT);
  const fair = opt(c, 'fairOdds', ODDS);
  if (p !== undefined && fair !== undefined) fail(c, 'fairOdds', 'cannot be given with probability (give one of them)');
  if (p === undefined && fair === undefined) fail(c, null, 'needs probability or fairOdds');
  return p ?? 1 / (fair as number);
}

/**
 * Input of {@link expectedValue}: give the outcome's `probability` or its `fairOdds`, not both.
 *
 * @example
 * ```ts
 * import type { ExpectedValueInput } from '@matchkit/sdk/calculators';
 * const input: ExpectedValueInput = { backStake: 10, backOdds: 3.5, fairOdds: 3.2 };
 * ```
 */
export interface ExpectedValueInput {
  /** The back stake (or free-bet amount), from 0 to 1e9. */
  readonly backStake: number;
  /** The decimal odds taken, greater than 1. */
  readonly backOdds: number;
  /** The probability that the bet wins, in [0, 1]. */
  readonly probability?: number;
  /** The fair decimal odds of the outcome (probability 1 / fairOdds), greater than 1. */
  readonly fairOdds?: number;
  /**
   * The kind of bet: `qualifying` (a cash bet), `snr` or `sr`.
   * @defaultValue 'qualifying'
   */
  readonly betType?: Exclude<BetType, 'refund'>;
  /**
   * Commission on the bet's winnings (for a back bet at an exchange), a fraction in [0, 1).
   * @defaultValue 0
   */
  readonly backCommission?: number;
}

/**
 * Result of {@link expectedValue}. Signed, unrounded.
 *
 * @example
 * ```ts
 * import { expectedValue, type ExpectedValueResult } from '@matchkit/sdk/calculators';
 * const r: ExpectedValueResult = expectedValue({ backStake: 10, backOdds: 3.5, fairOdds: 3.2 });
 * ```
 */
export interface ExpectedValueResult {
  /** The probability used (given, or 1 / fairOdds). */
  readonly probability: number;
  /** The expected profit: p × profit if it wins + (1 − p) × profit if it loses. */
  readonly expectedProfit: number;
  /** The expected profit per unit of stake (0.09375 is a 9.375% edge). */
  readonly edge: number;
}

/**
 * The expected profit of a back bet. Qualifying (cash): p·S(o − 1)(1 − c) − (1 − p)·S. SNR free bet:
 * p·S(o − 1)(1 − c) (losing costs nothing). SR free bet: p·(S(o − 1)(1 − c) + S).
 *
 * @param input - the bet and the outcome's probability or fair odds
 * @throws MatchkitValidationError listing every bad field (also when both or neither of
 * `probability` and `fairOdds` are given)
 * @example
 * ```ts
 * import { expectedValue } from '@matchkit/sdk/calculators';
 * expectedValue({ backStake: 10, backOdds: 3.5, fairOdds: 3.2 }).expectedProfit; // 0.9375 = 10 × (3.5 / 3.2 − 1)
 * expectedValue({ betType: 'snr', backStake: 10, backOdds: 4, probability: 0.25 }).expectedProfit; // 7.5 = 0.25 × 10 × 3
 * ```
 */
export function expectedValue(input: ExpectedValueInput): ExpectedValueResult {
  const c = root(input);
  const stake = num(c, 'backStake', MONEY);
  const odds = num(c, 'backOdds', ODDS);
  const probability = readProbability(c);
  const betType = pick(c, 'betType', BET_TYPES, 'qualifying');
  const k = num(c, 'backCommission', COMMISSION, 0);
  done(c, 'expectedValue input');
  // Per unit staked: what a win adds and what a loss takes away.
  const win = (odds - 1) * (1 - k) + (betType === 'sr' ? 1 : 0);
  const loss = betType === 'qualifying' ? 1 : 0;
  const edge = probability * win - (1 - probability) * loss;
  return { probability, expectedProfit: stake * edge, edge };
}
