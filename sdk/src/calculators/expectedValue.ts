import * as v from 'valibot';
import { BACK_COMMISSION, BET_TYPE } from './fields';
import { KEYS, moneySchema, oddsSchema, record, unitSchema, type CalculatorInput } from './schema';
import { validate } from '../internal/validate';

/**
 * The input of {@link expectedValue}: `backStake` (or free-bet amount, 0 to 1e9), `backOdds`
 * (the decimal odds taken), exactly one of `probability` (the chance that the bet wins, in [0, 1])
 * and `fairOdds` (the outcome's fair decimal odds, probability 1 / fairOdds), `betType`
 * (`qualifying`, `snr` or `sr`, default `qualifying`) and `backCommission` (on the winnings, for a
 * back bet at an exchange, default 0).
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { expectedValueInputSchema } from '@matchkit/sdk/calculators';
 * v.safeParse(expectedValueInputSchema, { backStake: 10, backOdds: 3.5, fairOdds: 3.2 }).success; // true
 * ```
 */
export const expectedValueInputSchema = /* @__PURE__ */ record(
  {
    backStake: moneySchema,
    backOdds: oddsSchema,
    probability: /* @__PURE__ */ v.optional(unitSchema),
    fairOdds: /* @__PURE__ */ v.optional(oddsSchema),
    betType: BET_TYPE,
    backCommission: BACK_COMMISSION,
  },
  (x, _ok, report) => {
    if (x.probability !== undefined && x.fairOdds !== undefined) report('cannot be given with probability (give one of them)', 'fairOdds');
    if (x.probability === undefined && x.fairOdds === undefined) report('needs probability or fairOdds');
  },
);

/**
 * Input of {@link expectedValue}: give the outcome's `probability` or its `fairOdds`, not both
 * (see {@link expectedValueInputSchema}).
 *
 * @example
 * ```ts
 * import type { ExpectedValueInput } from '@matchkit/sdk/calculators';
 * const input: ExpectedValueInput = { backStake: 10, backOdds: 3.5, fairOdds: 3.2 };
 * ```
 */
export type ExpectedValueInput = CalculatorInput<typeof expectedValueInputSchema>;

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
  const x = validate(expectedValueInputSchema, input, 'expectedValue input', KEYS);
  const { backStake: stake, backOdds: odds, betType, backCommission: k } = x;
  const probability = x.probability ?? 1 / (x.fairOdds as number);
  // Per unit staked: what a win adds and what a loss takes away.
  const win = (odds - 1) * (1 - k) + (betType === 'sr' ? 1 : 0);
  const loss = betType === 'qualifying' ? 1 : 0;
  const edge = probability * win - (1 - probability) * loss;
  return { probability, expectedProfit: stake * edge, edge };
}
