import { backLose, backWin } from './core';
import { BET_TYPE, REFUND_EXCEEDS, refundTermsSchema } from './fields';
import { commissionSchema, KEYS, list, moneySchema, oddsSchema, record, type CalculatorInput } from './schema';
import { validate } from '../internal/validate';

/**
 * One leg of an accumulator: the bookmaker's decimal odds and the exchange's decimal lay odds for
 * this leg.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { accaLegSchema } from '@matchkit/sdk/calculators';
 * v.safeParse(accaLegSchema, { backOdds: 2, layOdds: 2.1 }).success; // true
 * ```
 */
export const accaLegSchema = /* @__PURE__ */ record({
  backOdds: oddsSchema,
  layOdds: oddsSchema,
});

/**
 * One leg of an accumulator: the bookmaker's price and the exchange lay price (see
 * {@link accaLegSchema}).
 *
 * @example
 * ```ts
 * import type { AccaLeg } from '@matchkit/sdk/calculators';
 * const leg: AccaLeg = { backOdds: 2, layOdds: 2.1 };
 * ```
 */
export type AccaLeg = CalculatorInput<typeof accaLegSchema>;

const LEGS = /* @__PURE__ */ list(accaLegSchema, 1, 20);

/**
 * The input of {@link accaSequentialLay}: `betType` (`qualifying`, `snr` or `sr`, default
 * `qualifying`), `backStake` (the acca's stake or free-bet amount, 0 to 1e9), `legs` (1 to 20, in
 * the order they are settled) and `layCommission` (per market).
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { accaSequentialLayInputSchema } from '@matchkit/sdk/calculators';
 * v.safeParse(accaSequentialLayInputSchema, { backStake: 10, layCommission: 0.02, legs: [] }).success; // false: no legs
 * ```
 */
export const accaSequentialLayInputSchema = /* @__PURE__ */ record({
  betType: BET_TYPE,
  backStake: moneySchema,
  legs: LEGS,
  layCommission: commissionSchema,
});

/**
 * Input of {@link accaSequentialLay} (see {@link accaSequentialLayInputSchema}).
 *
 * @example
 * ```ts
 * import type { AccaSequentialLayInput } from '@matchkit/sdk/calculators';
 * const input: AccaSequentialLayInput = {
 *   backStake: 10, layCommission: 0.02,
 *   legs: [{ backOdds: 2, layOdds: 2.1 }, { backOdds: 3, layOdds: 3.1 }],
 * };
 * ```
 */
export type AccaSequentialLayInput = CalculatorInput<typeof accaSequentialLayInputSchema>;

/**
 * Result of {@link accaSequentialLay}. Unrounded.
 *
 * @example
 * ```ts
 * import { accaSequentialLay, type AccaSequentialLayResult } from '@matchkit/sdk/calculators';
 * const r: AccaSequentialLayResult = accaSequentialLay({
 *   backStake: 10, layCommission: 0, legs: [{ backOdds: 2, layOdds: 2 }],
 * });
 * ```
 */
export interface AccaSequentialLayResult {
  /** The lay stake of each leg, in leg order; leg k is laid only once legs 1 to k − 1 have won. */
  readonly layStakes: readonly number[];
  /** The liability of each lay: layStake × (layOdds − 1). */
  readonly liabilities: readonly number[];
  /** The profit, the same on every path (signed: a loss is negative). */
  readonly profit: number;
}

/**
 * Sequential lay stakes working back from the last leg: L_n = top / (l_n − c) and
 * L_k = (L_(k+1)(1 − c) + extra_k) / (l_k − c).
 */
function backwards(legs: { lay: number }[], k: number, top: number, extra: (i: number) => number): number[] {
  const stakes: number[] = [];
  let next = 0;
  for (let i = legs.length - 1; i >= 0; i--) {
    next = (i === legs.length - 1 ? top : next * (1 - k) + extra(i)) / ((legs[i] as { lay: number }).lay - k);
    stakes[i] = next;
  }
  return stakes;
}

/**
 * Lays an accumulator leg by leg: leg 1 before it starts, leg k only once legs 1 to k − 1 have
 * won, with stakes chosen so that the profit is the same on every path (the bookmaker bet loses at
 * leg k, for every k, or every leg wins).
 *
 * With W and X the acca's profit if it wins (at the product of the back odds) and if it loses:
 * L_n = (W − X)/(l_n − c), and L_k = L_(k+1)(1 − c)/(l_k − c) for the earlier legs. One leg is
 * {@link backLay}.
 *
 * @param input - the acca's back stake, its legs and the commission
 * @throws MatchkitValidationError listing every bad field
 * @example
 * ```ts
 * import { accaSequentialLay } from '@matchkit/sdk/calculators';
 * const r = accaSequentialLay({
 *   backStake: 10, layCommission: 0,
 *   legs: [{ backOdds: 2, layOdds: 2 }, { backOdds: 3, layOdds: 3 }],
 * });
 * r.layStakes; // [10, 20]: no margin and no commission, so the profit is 0
 * ```
 */
export function accaSequentialLay(input: AccaSequentialLayInput): AccaSequentialLayResult {
  const {
    betType,
    backStake: stake,
    legs: given,
    layCommission: k,
  } = validate(accaSequentialLayInputSchema, input, 'accaSequentialLay input', KEYS);
  const legs = given.map((leg) => ({ back: leg.backOdds, lay: leg.layOdds }));
  const odds = legs.reduce((product, leg) => product * leg.back, 1);
  const lose = backLose(betType, stake, 0);
  const layStakes = backwards(legs, k, backWin(betType, stake, odds, 0) - lose, () => 0);
  return {
    layStakes,
    liabilities: layStakes.map((s, i) => s * ((legs[i] as { lay: number }).lay - 1)),
    profit: lose + (layStakes[0] as number) * (1 - k),
  };
}

/**
 * The input of {@link accaInsuranceLockIn}: a cash acca (`backStake`, `legs`, `layCommission` as
 * for `accaSequentialLay`) with "money back if exactly one leg loses": `refund`, its amount at most
 * backStake.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { accaInsuranceInputSchema } from '@matchkit/sdk/calculators';
 * v.safeParse(accaInsuranceInputSchema, {
 *   backStake: 10, layCommission: 0.02, refund: { amount: 10, retention: 0.8 }, legs: [{ backOdds: 2, layOdds: 2.1 }],
 * }).success; // true
 * ```
 */
export const accaInsuranceInputSchema = /* @__PURE__ */ record(
  {
    backStake: moneySchema,
    legs: LEGS,
    layCommission: commissionSchema,
    refund: refundTermsSchema,
  },
  (x, ok, report) => {
    if (ok('backStake') && ok('refund', 'amount') && (x.refund as { amount: number }).amount > (x.backStake as number))
      report(REFUND_EXCEEDS, 'refund', 'amount');
  },
);

/**
 * Input of {@link accaInsuranceLockIn}: a cash acca with "money back if exactly one leg loses"
 * (see {@link accaInsuranceInputSchema}).
 *
 * @example
 * ```ts
 * import type { AccaInsuranceInput } from '@matchkit/sdk/calculators';
 * const input: AccaInsuranceInput = {
 *   backStake: 10, layCommission: 0.02, refund: { amount: 10, retention: 0.8 },
 *   legs: [{ backOdds: 2, layOdds: 2.1 }, { backOdds: 3, layOdds: 3.1 }, { backOdds: 1.5, layOdds: 1.55 }],
 * };
 * ```
 */
export type AccaInsuranceInput = CalculatorInput<typeof accaInsuranceInputSchema>;

/**
 * Result of {@link accaInsuranceLockIn}. Unrounded.
 *
 * @example
 * ```ts
 * import { accaInsuranceLockIn, type AccaInsuranceResult } from '@matchkit/sdk/calculators';
 * const r: AccaInsuranceResult = accaInsuranceLockIn({
 *   backStake: 10, layCommission: 0, refund: { amount: 10, retention: 1 }, legs: [{ backOdds: 2, layOdds: 2 }],
 * });
 * ```
 */
export interface AccaInsuranceResult {
  /** Lay stake of each leg while no leg has lost, in leg order. */
  readonly layStakes: readonly number[];
  /** The liability of each of those lays. */
  readonly liabilities: readonly number[];
  /**
   * Lay stake of each leg once exactly one earlier leg has lost (locking in the refund, which now
   * needs every remaining leg to win); 0 for leg 1, which no leg precedes.
   */
  readonly lockInLayStakes: readonly number[];
  /** The profit, the same on every path, counting the refund at amount × retention. */
  readonly profit: number;
}

/**
 * Acca insurance lock-in: lays an insured acca leg by leg so that the profit is the same however
 * the legs land, counting the refund (paid if exactly one leg loses) at amount × retention.
 *
 * While no leg has lost, leg k is laid with `layStakes[k]`. Once one leg has lost, the acca is
 * dead but the refund is still due if every remaining leg wins: each remaining leg j is then laid
 * with `lockInLayStakes[j]`, a sequential lay of the refund (L'_n = V/(l_n − c),
 * L'_j = L'_(j+1)(1 − c)/(l_j − c), V = amount × retention), which locks in
 * V_k = L'_(k+1)(1 − c) after a loss at leg k (V_n = V). The main stakes solve
 * L_n(l_n − c) = S·B − V and L_k(l_k − c) = L_(k+1)(1 − c) + V_(k+1) − V_k; once a second leg
 * loses, nothing more is laid. One leg is {@link backLay} with a refund.
 *
 * @param input - the acca's back stake, legs, commission and refund terms
 * @throws MatchkitValidationError listing every bad field
 * @example
 * ```ts
 * import { accaInsuranceLockIn } from '@matchkit/sdk/calculators';
 * const r = accaInsuranceLockIn({
 *   backStake: 10, layCommission: 0, refund: { amount: 10, retention: 1 },
 *   legs: [{ backOdds: 2, layOdds: 2 }, { backOdds: 2, layOdds: 2 }],
 * });
 * r.profit; // 5: the cash refund is due on half the paths of two even-money legs
 * ```
 */
export function accaInsuranceLockIn(input: AccaInsuranceInput): AccaInsuranceResult {
  const x = validate(accaInsuranceInputSchema, input, 'accaInsuranceLockIn input', KEYS);
  const { backStake: stake, layCommission: k } = x;
  const legs = x.legs.map((leg) => ({ back: leg.backOdds, lay: leg.layOdds }));
  const value = x.refund.amount * x.refund.retention;
  const n = legs.length;
  const odds = legs.reduce((product, leg) => product * leg.back, 1);
  const lockIn = backwards(legs, k, value, () => 0);
  // locked[i]: the refund's locked-in value after the acca dies at leg i (0-based).
  const locked = (i: number): number => (i === n - 1 ? value : (lockIn[i + 1] as number) * (1 - k));
  const layStakes = backwards(legs, k, stake * odds - value, (i) => locked(i + 1) - locked(i));
  lockIn[0] = 0;
  return {
    layStakes,
    liabilities: layStakes.map((s, i) => s * ((legs[i] as { lay: number }).lay - 1)),
    lockInLayStakes: lockIn,
    profit: -stake + (layStakes[0] as number) * (1 - k) + locked(0),
  };
}
