import { MONEY, ODDS, done, fail, get, num, nums, root, pick, sub } from './check';
import type { BetType } from './core';

/**
 * A back bet already decided: its stake is fixed and the other outcomes are covered around it.
 *
 * @example
 * ```ts
 * import type { DutchAnchor } from '@matchkit/sdk/calculators';
 * const anchor: DutchAnchor = { backStake: 10, backOdds: 3 };
 * ```
 */
export interface DutchAnchor {
  /** The anchor's back stake, from 0 to 1e9. */
  readonly backStake: number;
  /** The anchor's decimal back odds, greater than 1. */
  readonly backOdds: number;
}

/**
 * Input of {@link dutch} in anchor form: one bet fixed, the stakes on the other outcomes computed.
 *
 * @example
 * ```ts
 * import type { DutchAnchorInput } from '@matchkit/sdk/calculators';
 * const input: DutchAnchorInput = { anchor: { backStake: 10, backOdds: 3 }, backOdds: [4, 6] };
 * ```
 */
export interface DutchAnchorInput {
  /** The fixed back bet (a free bet when `betType` is `snr`). */
  readonly anchor: DutchAnchor;
  /** Decimal back odds of the other outcomes (1 to 1000 of them), each covered with a cash bet. */
  readonly backOdds: readonly number[];
  /**
   * Whether the anchor is a cash (`qualifying`) bet or an SNR free bet.
   * @defaultValue 'qualifying'
   */
  readonly betType?: Extract<BetType, 'qualifying' | 'snr'>;
}

/**
 * Input of {@link dutch} in budget form: a total stake split across every outcome.
 *
 * @example
 * ```ts
 * import type { DutchTotalInput } from '@matchkit/sdk/calculators';
 * const input: DutchTotalInput = { totalStake: 100, backOdds: [2, 4, 4] };
 * ```
 */
export interface DutchTotalInput {
  /** The budget to split (free-bet money when `betType` is `snr`), from 0 to 1e9. */
  readonly totalStake: number;
  /** Decimal back odds of every outcome (2 to 1000 of them). */
  readonly backOdds: readonly number[];
  /**
   * Whether the budget is cash (`qualifying`) or SNR free bets.
   * @defaultValue 'qualifying'
   */
  readonly betType?: Extract<BetType, 'qualifying' | 'snr'>;
}

/**
 * Result of {@link dutch}. Unrounded.
 *
 * @example
 * ```ts
 * import { dutch, type DutchResult } from '@matchkit/sdk/calculators';
 * const r: DutchResult = dutch({ totalStake: 100, backOdds: [2, 4, 4] });
 * ```
 */
export interface DutchResult {
  /** The back stake on each outcome of `backOdds`, in that order (the anchor's is not repeated). */
  readonly backStakes: readonly number[];
  /** Every stake added up, the anchor's and any free-bet stake included. */
  readonly totalStake: number;
  /** The profit, the same whichever outcome wins (signed: a loss is negative). */
  readonly profit: number;
}

/**
 * Dutching: stakes across the outcomes of one market so that the profit is the same whichever
 * wins.
 *
 * Anchor form, qualifying (cash): every outcome returns R = anchor.backStake × anchor.backOdds;
 * backStakes_i = R / backOdds_i.
 * Anchor form, SNR: the anchor is a stake-not-returned free bet returning
 * R = anchor.backStake × (anchor.backOdds − 1); the other outcomes are covered with cash bets of
 * R / backOdds_i, and the profit is R less the cash staked.
 * Budget form, qualifying (cash): R = totalStake / Σ(1 / backOdds_i); backStakes_i = R / backOdds_i;
 * profit R − totalStake.
 * Budget form, SNR: the whole budget is free bets; R = totalStake / Σ(1 / (backOdds_i − 1));
 * backStakes_i = R / (backOdds_i − 1); the profit is R (the stakes cost nothing).
 *
 * @param input - an anchor bet or a total stake, and the back odds of the (other) outcomes
 * @throws MatchkitValidationError listing every bad field (also when both or neither of
 * `anchor` and `totalStake` are given)
 * @example
 * ```ts
 * import { dutch } from '@matchkit/sdk/calculators';
 * dutch({ totalStake: 100, backOdds: [2, 4, 4] }); // { backStakes: [50, 25, 25], totalStake: 100, profit: 0 }
 * dutch({ anchor: { backStake: 12, backOdds: 3 }, backOdds: [4, 6] }); // backStakes [9, 6], totalStake 27, profit 9
 * ```
 */
export function dutch(input: DutchAnchorInput | DutchTotalInput): DutchResult {
  const c = root(input);
  const hasAnchor = get(c, 'anchor') !== undefined;
  const hasTotal = get(c, 'totalStake') !== undefined;
  if (hasAnchor && hasTotal) fail(c, 'totalStake', 'cannot be given with anchor (give one of them)');
  if (!hasAnchor && !hasTotal) fail(c, null, 'needs anchor or totalStake');
  const snr = pick(c, 'betType', ['qualifying', 'snr'] as const, 'qualifying') === 'snr';
  const odds = nums(c, 'backOdds', hasAnchor ? 1 : 2, 1000, ODDS);
  let anchorStake = 0;
  let returns = 0;
  if (hasAnchor) {
    const a = sub(c, 'anchor');
    anchorStake = num(a, 'backStake', MONEY);
    returns = anchorStake * (num(a, 'backOdds', ODDS) - +snr);
  } else if (hasTotal) {
    const total = num(c, 'totalStake', MONEY);
    // Each outcome's return per unit staked on it: odds (cash) or odds - 1 (SNR free bets).
    returns = total / odds.reduce((sum, o) => sum + 1 / (o - +snr), 0);
  }
  done(c, 'dutch input');
  const backStakes = odds.map((o) => returns / (hasAnchor ? o : o - +snr));
  const placed = backStakes.reduce((sum, s) => sum + s, 0);
  const totalStake = anchorStake + placed;
  // Qualifying: returns less everything staked. SNR anchor: returns less the cash covers. SNR budget: all free.
  const profit = returns - (snr ? (hasAnchor ? placed : 0) : totalStake);
  return { backStakes, totalStake, profit };
}
