import { COMMISSION, MONEY, ODDS, UNIT, done, fail, list, num, open, root, pick, sub, type Ctx } from './check';
import { BET_TYPES, backLose, backWin, type BetType } from './core';
import type { RefundTerms } from './backLay';

/**
 * One leg of an accumulator: the bookmaker's price and the exchange lay price.
 *
 * @example
 * ```ts
 * import type { AccaLeg } from '@matchkit/sdk/calculators';
 * const leg: AccaLeg = { backOdds: 2, layOdds: 2.1 };
 * ```
 */
export interface AccaLeg {
  /** The bookmaker's decimal odds for this leg, greater than 1. */
  readonly backOdds: number;
  /** The exchange's decimal lay odds for this leg, greater than 1. */
  readonly layOdds: number;
}

/**
 * Input of {@link accaSequentialLay}.
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
export interface AccaSequentialLayInput {
  /**
   * The kind of acca bet: `qualifying` (a cash bet), `snr` or `sr`.
   * @defaultValue 'qualifying'
   */
  readonly betType?: Exclude<BetType, 'refund'>;
  /** The acca's back stake (or free-bet amount), from 0 to 1e9. */
  readonly backStake: number;
  /** The legs in the order they are settled (1 to 20). */
  readonly legs: readonly AccaLeg[];
  /** Exchange commission on net winnings per market, a fraction in [0, 1). */
  readonly layCommission: number;
}

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

/** Reads `legs`: 1 to 20 objects with backOdds and layOdds. */
function readLegs(c: Ctx): { back: number; lay: number }[] {
  return list(c, 'legs', 1, 20).map((leg, i) => {
    const l = open(leg, `${c.p === '' ? '' : `${c.p}.`}legs.${i}`, c.i, c.o);
    return { back: num(l, 'backOdds', ODDS), lay: num(l, 'layOdds', ODDS) };
  });
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
  const c = root(input);
  const betType = pick(c, 'betType', BET_TYPES, 'qualifying');
  const stake = num(c, 'backStake', MONEY);
  const legs = readLegs(c);
  const k = num(c, 'layCommission', COMMISSION);
  done(c, 'accaSequentialLay input');
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
 * Input of {@link accaInsuranceLockIn}: a cash acca with "money back if exactly one leg loses".
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
export interface AccaInsuranceInput {
  /** The acca's back stake (a cash bet), from 0 to 1e9. */
  readonly backStake: number;
  /** The legs in the order they are settled (1 to 20). */
  readonly legs: readonly AccaLeg[];
  /** Exchange commission on net winnings per market, a fraction in [0, 1). */
  readonly layCommission: number;
  /** The refund paid if exactly one leg loses (at most backStake), and the share of it kept. */
  readonly refund: RefundTerms;
}

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
  const c = root(input);
  const stake = num(c, 'backStake', MONEY);
  const legs = readLegs(c);
  const k = num(c, 'layCommission', COMMISSION);
  const r = sub(c, 'refund');
  const amount = num(r, 'amount', MONEY);
  const value = amount * num(r, 'retention', UNIT);
  if (amount > stake) fail(r, 'amount', 'must not exceed backStake (a refund pays back at most the stake)');
  done(c, 'accaInsuranceLockIn input');
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
