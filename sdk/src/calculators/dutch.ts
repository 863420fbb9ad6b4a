import { MONEY, ODDS, done, fail, num, nums, open, pick, sub } from './check';

/**
 * `cash`: every stake is the member's money. `snr`: a stake-not-returned free bet is involved, and
 * its return excludes the stake (see {@link dutch} for which stakes are free bets in each form).
 *
 * @example
 * ```ts
 * import type { DutchBetType } from '@matchkit/sdk/calculators';
 * const kind: DutchBetType = 'cash';
 * ```
 */
export type DutchBetType = 'cash' | 'snr';

/**
 * A bet already decided: its stake is fixed and the other outcomes are covered around it.
 *
 * @example
 * ```ts
 * import type { DutchAnchor } from '@matchkit/sdk/calculators';
 * const anchor: DutchAnchor = { stake: 10, odds: 3 };
 * ```
 */
export interface DutchAnchor {
  /** The anchor's stake, from 0 to 1e9. */
  readonly stake: number;
  /** The anchor's decimal odds, greater than 1. */
  readonly odds: number;
}

/**
 * Input of {@link dutch} in anchor form: one bet fixed, the stakes on the other outcomes computed.
 *
 * @example
 * ```ts
 * import type { DutchAnchorInput } from '@matchkit/sdk/calculators';
 * const input: DutchAnchorInput = { anchor: { stake: 10, odds: 3 }, odds: [4, 6] };
 * ```
 */
export interface DutchAnchorInput {
  /** The fixed bet (a free bet when `betType` is `snr`). */
  readonly anchor: DutchAnchor;
  /** Decimal odds of the other outcomes (1 to 1000 of them), each covered with a cash bet. */
  readonly odds: readonly number[];
  /**
   * Whether the anchor is a cash bet or an SNR free bet.
   * @defaultValue 'cash'
   */
  readonly betType?: DutchBetType;
}

/**
 * Input of {@link dutch} in budget form: a total stake split across every outcome.
 *
 * @example
 * ```ts
 * import type { DutchTotalInput } from '@matchkit/sdk/calculators';
 * const input: DutchTotalInput = { totalStake: 100, odds: [2, 4, 4] };
 * ```
 */
export interface DutchTotalInput {
  /** The budget to split (free-bet money when `betType` is `snr`), from 0 to 1e9. */
  readonly totalStake: number;
  /** Decimal odds of every outcome (2 to 1000 of them). */
  readonly odds: readonly number[];
  /**
   * Whether the budget is cash or SNR free bets.
   * @defaultValue 'cash'
   */
  readonly betType?: DutchBetType;
}

/**
 * Result of {@link dutch}. Unrounded.
 *
 * @example
 * ```ts
 * import { dutch, type DutchResult } from '@matchkit/sdk/calculators';
 * const r: DutchResult = dutch({ totalStake: 100, odds: [2, 4, 4] });
 * ```
 */
export interface DutchResult {
  /** The stake on each outcome of `odds`, in the order of `odds` (the anchor's is not repeated). */
  readonly stakes: readonly number[];
  /** Every stake added up, the anchor's and any free-bet stake included. */
  readonly totalStake: number;
  /** The profit, the same whichever outcome wins (signed: a loss is negative). */
  readonly profit: number;
}

/**
 * Dutching: stakes across the outcomes of one market so that the profit is the same whichever
 * wins.
 *
 * Anchor form, cash: every outcome returns R = anchor.stake × anchor.odds; stake_i = R / odds_i.
 * Anchor form, SNR: the anchor is a stake-not-returned free bet returning
 * R = anchor.stake × (anchor.odds − 1); the other outcomes are covered with cash bets of R / odds_i,
 * and the profit is R less the cash staked.
 * Budget form, cash: R = totalStake / Σ(1 / odds_i); stake_i = R / odds_i; profit R − totalStake.
 * Budget form, SNR: the whole budget is free bets; R = totalStake / Σ(1 / (odds_i − 1));
 * stake_i = R / (odds_i − 1); the profit is R (the stakes cost nothing).
 *
 * @param input - an anchor bet or a total stake, and the odds of the (other) outcomes
 * @throws MatchkitValidationError listing every bad field (also when both or neither of
 * `anchor` and `totalStake` are given)
 * @example
 * ```ts
 * import { dutch } from '@matchkit/sdk/calculators';
 * dutch({ totalStake: 100, odds: [2, 4, 4] }); // { stakes: [50, 25, 25], totalStake: 100, profit: 0 }
 * dutch({ anchor: { stake: 12, odds: 3 }, odds: [4, 6] }); // stakes [9, 6], totalStake 27, profit 9
 * ```
 */
export function dutch(input: DutchAnchorInput | DutchTotalInput): DutchResult {
  const c = open(input);
  const hasAnchor = c.v['anchor'] !== undefined;
  const hasTotal = c.v['totalStake'] !== undefined;
  if (hasAnchor && hasTotal) fail(c, 'totalStake', 'cannot be given with anchor (give one of them)');
  if (!hasAnchor && !hasTotal) fail(c, null, 'needs anchor or totalStake');
  const snr = pick(c, 'betType', ['cash', 'snr'] as const, 'cash') === 'snr';
  const odds = nums(c, 'odds', hasAnchor ? 1 : 2, 1000, ODDS);
  let anchorStake = 0;
  let returns = 0;
  if (hasAnchor) {
    const a = sub(c, 'anchor');
    anchorStake = num(a, 'stake', MONEY);
    returns = anchorStake * (num(a, 'odds', ODDS) - +snr);
  } else if (hasTotal) {
    const total = num(c, 'totalStake', MONEY);
    // Each outcome's return per unit staked on it: odds (cash) or odds - 1 (SNR free bets).
    returns = total / odds.reduce((sum, o) => sum + 1 / (o - +snr), 0);
  }
  done(c, 'dutch input');
  const stakes = odds.map((o) => returns / (hasAnchor ? o : o - +snr));
  const placed = stakes.reduce((sum, s) => sum + s, 0);
  const totalStake = anchorStake + placed;
  // Cash: returns less everything staked. SNR anchor: returns less the cash covers. SNR budget: all free.
  const profit = returns - (snr ? (hasAnchor ? placed : 0) : totalStake);
  return { stakes, totalStake, profit };
}
