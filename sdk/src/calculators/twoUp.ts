import { COMMISSION, MONEY, ODDS, UNIT, done, num, root, type Ctx } from './check';
import { qualifyingLay } from './core';

/**
 * The qualifying back/lay of a 2UP (early payout) offer.
 *
 * @example
 * ```ts
 * import type { TwoUpBet } from '@matchkit/sdk/calculators';
 * const bet: TwoUpBet = { backStake: 10, backOdds: 3, layOdds: 3.2, layCommission: 0.02 };
 * ```
 */
export interface TwoUpBet {
  /** The bookmaker stake, from 0 to 1e9. */
  readonly backStake: number;
  /** The bookmaker's decimal odds on the team, greater than 1. */
  readonly backOdds: number;
  /** The exchange's decimal lay odds before kick-off, greater than 1. */
  readonly layOdds: number;
  /** Exchange commission on net winnings per market, a fraction in [0, 1). */
  readonly layCommission: number;
}

/** Reads the qualifying bet; returns the stake, odds, commission, lay stake and qualifying loss. */
function readTwoUp(c: Ctx) {
  const stake = num(c, 'backStake', MONEY);
  const back = num(c, 'backOdds', ODDS);
  const lay = num(c, 'layOdds', ODDS);
  const k = num(c, 'layCommission', COMMISSION);
  const layStake = qualifyingLay(stake, back, lay, k);
  return { stake, back, lay, k, layStake, qualifyingLoss: layStake * (1 - k) - stake };
}

/**
 * Input of {@link twoUpLockIn}.
 *
 * @example
 * ```ts
 * import type { TwoUpLockInInput } from '@matchkit/sdk/calculators';
 * const input: TwoUpLockInInput = { backStake: 10, backOdds: 3, layOdds: 3.2, layCommission: 0.02, inPlayBackOdds: 1.3 };
 * ```
 */
export interface TwoUpLockInInput extends TwoUpBet {
  /** The exchange's in-play decimal back odds on the team once it is two goals up. */
  readonly inPlayBackOdds: number;
}

/**
 * Result of {@link twoUpLockIn}. Signed (a loss is negative), unrounded.
 *
 * @example
 * ```ts
 * import { twoUpLockIn, type TwoUpLockInResult } from '@matchkit/sdk/calculators';
 * const r: TwoUpLockInResult = twoUpLockIn({ backStake: 10, backOdds: 3, layOdds: 3.2, layCommission: 0.02, inPlayBackOdds: 1.3 });
 * ```
 */
export interface TwoUpLockInResult {
  /** The pre-match lay stake: backStake × backOdds / (layOdds − layCommission). */
  readonly layStake: number;
  /** The in-play back stake, in the same exchange market: layStake × layOdds / inPlayBackOdds. */
  readonly inPlayBackStake: number;
  /** The total profit once locked in, whatever the final result. */
  readonly lockedProfit: number;
  /** The profit of the qualifying back/lay if the team never goes two up (negative: a loss). */
  readonly qualifyingLoss: number;
}

/**
 * Locks in a 2UP (early payout) win. The team went two goals up, so the bookmaker has paid the
 * back bet as a winner; the pre-match lay is still open. Backing the team in the same exchange
 * market at `inPlayBackOdds` with layStake × layOdds / inPlayBackOdds makes the exchange position
 * the same whatever the result: layStake − inPlayBackStake. The two bets are netted before commission
 * (commission only if that net is a gain).
 *
 * @param input - the qualifying bet and the in-play back odds
 * @throws MatchkitValidationError listing every bad field
 * @example
 * ```ts
 * import { twoUpLockIn } from '@matchkit/sdk/calculators';
 * const r = twoUpLockIn({ backStake: 10, backOdds: 3, layOdds: 3.2, layCommission: 0.02, inPlayBackOdds: 1.3 });
 * r.inPlayBackStake; // 23.22...: 9.4339... × 3.2 / 1.3
 * r.lockedProfit; // 6.21...: 20 paid early, less 13.79 lost on the exchange
 * ```
 */
export function twoUpLockIn(input: TwoUpLockInInput): TwoUpLockInResult {
  const c = root(input);
  const t = readTwoUp(c);
  const inPlay = num(c, 'inPlayBackOdds', ODDS);
  done(c, 'twoUpLockIn input');
  const inPlayBackStake = (t.layStake * t.lay) / inPlay;
  const net = t.layStake - inPlayBackStake;
  return {
    layStake: t.layStake,
    inPlayBackStake,
    lockedProfit: t.stake * (t.back - 1) + (net > 0 ? net * (1 - t.k) : net),
    qualifyingLoss: t.qualifyingLoss,
  };
}

/**
 * Input of {@link twoUpExpectedValue}.
 *
 * @example
 * ```ts
 * import type { TwoUpValueInput } from '@matchkit/sdk/calculators';
 * const input: TwoUpValueInput = { backStake: 10, backOdds: 3, layOdds: 3.2, layCommission: 0.02, earlyPayoutProbability: 0.08 };
 * ```
 */
export interface TwoUpValueInput extends TwoUpBet {
  /** The probability that the team goes two goals up and then fails to win, in [0, 1]. */
  readonly earlyPayoutProbability: number;
}

/**
 * Result of {@link twoUpExpectedValue}. Signed, unrounded.
 *
 * @example
 * ```ts
 * import { twoUpExpectedValue, type TwoUpValueResult } from '@matchkit/sdk/calculators';
 * const r: TwoUpValueResult = twoUpExpectedValue({ backStake: 10, backOdds: 3, layOdds: 3.2, layCommission: 0.02, earlyPayoutProbability: 0.08 });
 * ```
 */
export interface TwoUpValueResult {
  /** The pre-match lay stake (a normal qualifying lay). */
  readonly layStake: number;
  /** The profit when the early payout does not come into play (negative: a loss). */
  readonly qualifyingLoss: number;
  /** The profit when the team goes two up and fails to win: the back is paid and the lay wins. */
  readonly profitIfPaidEarly: number;
  /** p × profitIfPaidEarly + (1 − p) × qualifyingLoss. */
  readonly expectedProfit: number;
}

/**
 * The expected value of a 2UP offer laid normally and left alone: the qualifying loss, plus the
 * back stake × back odds gained when the team goes two up and fails to win (the bookmaker pays
 * the back and the lay wins too).
 *
 * @param input - the qualifying bet and the early-payout probability
 * @throws MatchkitValidationError listing every bad field
 * @example
 * ```ts
 * import { twoUpExpectedValue } from '@matchkit/sdk/calculators';
 * const r = twoUpExpectedValue({ backStake: 10, backOdds: 3, layOdds: 3.2, layCommission: 0.02, earlyPayoutProbability: 0.08 });
 * r.expectedProfit; // 1.645...: -0.7547 + 0.08 × 30
 * ```
 */
export function twoUpExpectedValue(input: TwoUpValueInput): TwoUpValueResult {
  const c = root(input);
  const t = readTwoUp(c);
  const p = num(c, 'earlyPayoutProbability', UNIT);
  done(c, 'twoUpExpectedValue input');
  const profitIfPaidEarly = t.stake * (t.back - 1) + t.layStake * (1 - t.k);
  return {
    layStake: t.layStake,
    qualifyingLoss: t.qualifyingLoss,
    profitIfPaidEarly,
    expectedProfit: p * profitIfPaidEarly + (1 - p) * t.qualifyingLoss,
  };
}
