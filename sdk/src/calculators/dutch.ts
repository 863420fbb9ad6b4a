import * as v from 'valibot';
import type { BetType } from './core';
import { choice, KEYS, list, moneySchema, oddsSchema, record, type CalculatorInput } from './schema';
import { validate } from '../internal/validate';

/**
 * A back bet already decided, in {@link dutch}'s anchor form: its stake (0 to 1e9) and decimal
 * odds; the other outcomes are covered around it.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { dutchAnchorSchema } from '@matchkit/sdk/calculators';
 * v.safeParse(dutchAnchorSchema, { backStake: 10, backOdds: 3 }).success; // true
 * ```
 */
export const dutchAnchorSchema = /* @__PURE__ */ record({
  backStake: moneySchema,
  backOdds: oddsSchema,
});

/**
 * The input of {@link dutch}: either `anchor` (a fixed bet, a free bet when `betType` is `snr`;
 * then `backOdds` holds the other outcomes' odds, 1 to 1000 of them) or `totalStake` (a budget
 * from 0 to 1e9, free-bet money when `betType` is `snr`; then `backOdds` holds every outcome's
 * odds, 2 to 1000), never both.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { dutchInputSchema } from '@matchkit/sdk/calculators';
 * v.safeParse(dutchInputSchema, { totalStake: 100, backOdds: [2, 4, 4] }).success; // true
 * ```
 */
export const dutchInputSchema = /* @__PURE__ */ record(
  {
    anchor: /* @__PURE__ */ v.optional(dutchAnchorSchema),
    totalStake: /* @__PURE__ */ v.optional(moneySchema),
    backOdds: /* @__PURE__ */ list(oddsSchema, 0, 1000),
    betType: /* @__PURE__ */ v.optional(/* @__PURE__ */ choice(['qualifying', 'snr'] satisfies BetType[]), 'qualifying'),
  },
  (x, ok, report) => {
    const hasAnchor = x.anchor !== undefined;
    if (hasAnchor && x.totalStake !== undefined) report('cannot be given with anchor (give one of them)', 'totalStake');
    if (!hasAnchor && x.totalStake === undefined) report('needs anchor or totalStake');
    const min = hasAnchor ? 1 : 2;
    const odds = x.backOdds as unknown;
    if (Array.isArray(odds) && odds.length < min) report(`must have at least ${min} item${min === 1 ? '' : 's'}`, 'backOdds');
  },
);

/**
 * A back bet already decided: its stake is fixed and the other outcomes are covered around it
 * (see {@link dutchAnchorSchema}).
 *
 * @example
 * ```ts
 * import type { DutchAnchor } from '@matchkit/sdk/calculators';
 * const anchor: DutchAnchor = { backStake: 10, backOdds: 3 };
 * ```
 */
export type DutchAnchor = CalculatorInput<typeof dutchAnchorSchema>;

/**
 * Input of {@link dutch} in anchor form: one bet fixed, the stakes on the other outcomes computed
 * (see {@link dutchInputSchema}).
 *
 * @example
 * ```ts
 * import type { DutchAnchorInput } from '@matchkit/sdk/calculators';
 * const input: DutchAnchorInput = { anchor: { backStake: 10, backOdds: 3 }, backOdds: [4, 6] };
 * ```
 */
export type DutchAnchorInput = Omit<CalculatorInput<typeof dutchInputSchema>, 'anchor' | 'totalStake'> & { readonly anchor: DutchAnchor };

/**
 * Input of {@link dutch} in budget form: a total stake split across every outcome (see
 * {@link dutchInputSchema}).
 *
 * @example
 * ```ts
 * import type { DutchTotalInput } from '@matchkit/sdk/calculators';
 * const input: DutchTotalInput = { totalStake: 100, backOdds: [2, 4, 4] };
 * ```
 */
export type DutchTotalInput = Omit<CalculatorInput<typeof dutchInputSchema>, 'anchor' | 'totalStake'> & { readonly totalStake: number };

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
  const x = validate(dutchInputSchema, input, 'dutch input', KEYS);
  const snr = x.betType === 'snr';
  const odds = x.backOdds;
  const hasAnchor = x.anchor !== undefined;
  let anchorStake = 0;
  let returns: number;
  if (x.anchor !== undefined) {
    anchorStake = x.anchor.backStake;
    returns = anchorStake * (x.anchor.backOdds - +snr);
  } else {
    // Each outcome's return per unit staked on it: odds (cash) or odds - 1 (SNR free bets).
    returns = (x.totalStake as number) / odds.reduce((sum, o) => sum + 1 / (o - +snr), 0);
  }
  const backStakes = odds.map((o) => returns / (hasAnchor ? o : o - +snr));
  const placed = backStakes.reduce((sum, s) => sum + s, 0);
  const totalStake = anchorStake + placed;
  // Qualifying: returns less everything staked. SNR anchor: returns less the cash covers. SNR budget: all free.
  const profit = returns - (snr ? (hasAnchor ? placed : 0) : totalStake);
  return { backStakes, totalStake, profit };
}
