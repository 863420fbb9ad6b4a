import { qualifyingLay } from './core';
import { commissionSchema, KEYS, moneySchema, oddsSchema, record, unitSchema, type CalculatorInput } from './schema';
import { validate } from '../internal/validate';

/** The qualifying back/lay of a 2UP offer, in form order. */
const TWO_UP_BET = {
  backStake: moneySchema,
  backOdds: oddsSchema,
  layOdds: oddsSchema,
  layCommission: commissionSchema,
};

/** The qualifying bet's lay stake and qualifying loss. */
function twoUpLay(x: TwoUpBet) {
  const layStake = qualifyingLay(x.backStake, x.backOdds, x.layOdds, x.layCommission);
  return { layStake, qualifyingLoss: layStake * (1 - x.layCommission) - x.backStake };
}

/**
 * The input of {@link twoUpLockIn}: the pre-match qualifying bet (`backStake`, `backOdds` on the
 * team, `layOdds` before kick-off, `layCommission`) and `inPlayBackOdds`, the exchange's in-play
 * back odds on the team once it is two goals up.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { twoUpLockInInputSchema } from '@matchkit/sdk/calculators';
 * v.safeParse(twoUpLockInInputSchema, { backStake: 10, backOdds: 3, layOdds: 3.2, layCommission: 0.02, inPlayBackOdds: 1.3 }).success; // true
 * ```
 */
export const twoUpLockInInputSchema = /* @__PURE__ */ record({
  ...TWO_UP_BET,
  inPlayBackOdds: oddsSchema,
});

/**
 * Input of {@link twoUpLockIn} (see {@link twoUpLockInInputSchema}).
 *
 * @example
 * ```ts
 * import type { TwoUpLockInInput } from '@matchkit/sdk/calculators';
 * const input: TwoUpLockInInput = { backStake: 10, backOdds: 3, layOdds: 3.2, layCommission: 0.02, inPlayBackOdds: 1.3 };
 * ```
 */
export type TwoUpLockInInput = CalculatorInput<typeof twoUpLockInInputSchema>;

/**
 * The qualifying back/lay of a 2UP (early payout) offer: the fields both 2UP inputs share.
 *
 * @example
 * ```ts
 * import type { TwoUpBet } from '@matchkit/sdk/calculators';
 * const bet: TwoUpBet = { backStake: 10, backOdds: 3, layOdds: 3.2, layCommission: 0.02 };
 * ```
 */
export type TwoUpBet = Omit<TwoUpLockInInput, 'inPlayBackOdds'>;

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
  const x = validate(twoUpLockInInputSchema, input, 'twoUpLockIn input', KEYS);
  const t = { ...twoUpLay(x), stake: x.backStake, back: x.backOdds, lay: x.layOdds, k: x.layCommission };
  const inPlay = x.inPlayBackOdds;
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
 * The input of {@link twoUpExpectedValue}: the pre-match qualifying bet and
 * `earlyPayoutProbability`, the chance that the team goes two goals up and then fails to win, in
 * [0, 1].
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { twoUpValueInputSchema } from '@matchkit/sdk/calculators';
 * v.safeParse(twoUpValueInputSchema, { backStake: 10, backOdds: 3, layOdds: 3.2, layCommission: 0.02, earlyPayoutProbability: 0.08 }).success; // true
 * ```
 */
export const twoUpValueInputSchema = /* @__PURE__ */ record({
  ...TWO_UP_BET,
  earlyPayoutProbability: unitSchema,
});

/**
 * Input of {@link twoUpExpectedValue} (see {@link twoUpValueInputSchema}).
 *
 * @example
 * ```ts
 * import type { TwoUpValueInput } from '@matchkit/sdk/calculators';
 * const input: TwoUpValueInput = { backStake: 10, backOdds: 3, layOdds: 3.2, layCommission: 0.02, earlyPayoutProbability: 0.08 };
 * ```
 */
export type TwoUpValueInput = CalculatorInput<typeof twoUpValueInputSchema>;

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
  const x = validate(twoUpValueInputSchema, input, 'twoUpExpectedValue input', KEYS);
  const t = { ...twoUpLay(x), stake: x.backStake, back: x.backOdds, k: x.layCommission };
  const p = x.earlyPayoutProbability;
  const profitIfPaidEarly = t.stake * (t.back - 1) + t.layStake * (1 - t.k);
  return {
    layStake: t.layStake,
    qualifyingLoss: t.qualifyingLoss,
    profitIfPaidEarly,
    expectedProfit: p * profitIfPaidEarly + (1 - p) * t.qualifyingLoss,
  };
}
