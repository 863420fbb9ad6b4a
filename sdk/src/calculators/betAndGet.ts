import { COMMISSION, MONEY, ODDS, UNIT, done, num, root } from './check';
import { qualifyingLay } from './core';

/**
 * Input of {@link betAndGet}: a "bet £10, get £30 in free bets" offer.
 *
 * @example
 * ```ts
 * import type { BetAndGetInput } from '@matchkit/sdk/calculators';
 * const input: BetAndGetInput = { backStake: 10, backOdds: 3, layOdds: 3.2, layCommission: 0.02, freeBetAmount: 30, freeBetRetention: 0.8 };
 * ```
 */
export interface BetAndGetInput {
  /** The qualifying stake, from 0 to 1e9. */
  readonly backStake: number;
  /** The bookmaker's decimal odds for the qualifying bet, greater than 1. */
  readonly backOdds: number;
  /** The exchange's decimal lay odds for the qualifying bet, greater than 1. */
  readonly layOdds: number;
  /** Exchange commission on net winnings, a fraction in [0, 1). */
  readonly layCommission: number;
  /** The free bets awarded, in total, from 0 to 1e9. */
  readonly freeBetAmount: number;
  /** The share of the free bets expected to be kept when they are laid (about 0.7 to 0.8 for SNR), in [0, 1]. */
  readonly freeBetRetention: number;
}

/**
 * Result of {@link betAndGet}. Signed, unrounded.
 *
 * @example
 * ```ts
 * import { betAndGet, type BetAndGetResult } from '@matchkit/sdk/calculators';
 * const r: BetAndGetResult = betAndGet({ backStake: 10, backOdds: 3, layOdds: 3.2, layCommission: 0.02, freeBetAmount: 30, freeBetRetention: 0.8 });
 * ```
 */
export interface BetAndGetResult {
  /** The qualifying lay stake: backStake × backOdds / (layOdds − layCommission). */
  readonly layStake: number;
  /** The qualifying bet's profit, the same either way (negative: the qualifying loss). */
  readonly qualifyingProfit: number;
  /** The free bets' expected cash value: freeBetAmount × freeBetRetention. */
  readonly freeBetValue: number;
  /** The offer's estimated profit: qualifyingProfit + freeBetValue. */
  readonly estimatedProfit: number;
}

/**
 * A bet-and-get offer: a qualifying bet laid normally (its loss is fixed), then free bets worth
 * their amount × the retention expected when they are laid in turn.
 *
 * @param input - the qualifying bet and the free bets' amount and expected retention
 * @throws MatchkitValidationError listing every bad field
 * @example
 * ```ts
 * import { betAndGet } from '@matchkit/sdk/calculators';
 * const r = betAndGet({ backStake: 10, backOdds: 3, layOdds: 3.2, layCommission: 0.02, freeBetAmount: 30, freeBetRetention: 0.8 });
 * r.estimatedProfit; // 23.245...: 24 of free-bet value less the 0.7547 qualifying loss
 * ```
 */
export function betAndGet(input: BetAndGetInput): BetAndGetResult {
  const c = root(input);
  const stake = num(c, 'backStake', MONEY);
  const b = num(c, 'backOdds', ODDS);
  const l = num(c, 'layOdds', ODDS);
  const k = num(c, 'layCommission', COMMISSION);
  const freeBetValue = num(c, 'freeBetAmount', MONEY) * num(c, 'freeBetRetention', UNIT);
  done(c, 'betAndGet input');
  const layStake = qualifyingLay(stake, b, l, k);
  const qualifyingProfit = layStake * (1 - k) - stake;
  return { layStake, qualifyingProfit, freeBetValue, estimatedProfit: qualifyingProfit + freeBetValue };
}
