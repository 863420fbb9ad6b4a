import { EACH_WAY_BET, eachWayBet } from './ew';
import { BET_TYPE } from './fields';
import { commissionSchema, KEYS, oddsSchema, record, type CalculatorInput } from './schema';
import { validate } from '../internal/validate';

/**
 * The input of {@link lockBet}: an each-way bet (`betType` `qualifying`, `snr` or `sr`, each part
 * of that kind), `lockOdds` (the exchange's decimal lay price for the each-way lock bet, its win
 * part) and `layCommission` (on the lock bet's net winnings).
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { lockBetInputSchema } from '@matchkit/sdk/calculators';
 * v.safeParse(lockBetInputSchema, { backStake: 10, backOdds: 11, placeFraction: 0.2, lockOdds: 11.5, layCommission: 0.02 }).success; // true
 * ```
 */
export const lockBetInputSchema = /* @__PURE__ */ record({
  betType: BET_TYPE,
  ...EACH_WAY_BET,
  lockOdds: oddsSchema,
  layCommission: commissionSchema,
});

/**
 * Input of {@link lockBet} (see {@link lockBetInputSchema}).
 *
 * @example
 * ```ts
 * import type { LockBetInput } from '@matchkit/sdk/calculators';
 * const input: LockBetInput = { backStake: 10, backOdds: 11, placeFraction: 0.2, lockOdds: 11.5, layCommission: 0.02 };
 * ```
 */
export type LockBetInput = CalculatorInput<typeof lockBetInputSchema>;

/**
 * Result of {@link lockBet}. Signed, unrounded.
 *
 * @example
 * ```ts
 * import { lockBet, type LockBetResult } from '@matchkit/sdk/calculators';
 * const r: LockBetResult = lockBet({ backStake: 10, backOdds: 11, placeFraction: 0.2, lockOdds: 11.5, layCommission: 0.02 });
 * ```
 */
export interface LockBetResult {
  /** The bookmaker's place odds: 1 + (backOdds − 1) × placeFraction. */
  readonly placeOdds: number;
  /** The lock bet's place price: 1 + (lockOdds − 1) × placeFraction. */
  readonly lockPlaceOdds: number;
  /** The lock bet's win-part lay stake. */
  readonly winLayStake: number;
  /** The lock bet's place-part lay stake. */
  readonly placeLayStake: number;
  /** What the lock bet costs if the selection wins (both parts pay out). */
  readonly liability: number;
  /** The profit, the same whether the selection wins, places (extra places included) or loses. */
  readonly profit: number;
}

/**
 * The lock bet: an exchange that lays the each-way bet itself, at the bookmaker's place terms
 * (the same fraction and the same places, extra places included), as one bet at `lockOdds` (the
 * spec's provider table says which exchanges offer it). Both parts sit in one market, so their
 * results are netted before commission, and the stakes solve for equal profit in all three
 * outcomes with that netting:
 *
 * - if the net of a place-only finish (win part won, place part paid) is not a gain:
 *   L_w = (W_w − X_w)/lockOdds and L_p = (W_p − X_p + c·L_w)/(q − c);
 * - otherwise L_p = (W_p − X_p)/((1 − c)q) and L_w = (W_w − X_w − c·L_p(q − 1))/(lockOdds − c),
 *
 * with q the lock place price and W, X each part's back profit if it wins or loses.
 *
 * @param input - the each-way bet, the lock price and the commission
 * @throws MatchkitValidationError listing every bad field
 * @example
 * ```ts
 * import { lockBet } from '@matchkit/sdk/calculators';
 * const r = lockBet({ backStake: 10, backOdds: 11, placeFraction: 0.2, lockOdds: 11, layCommission: 0 });
 * r.profit; // 0: the same price with no commission locks in nothing either way
 * ```
 */
export function lockBet(input: LockBetInput): LockBetResult {
  const x = validate(lockBetInputSchema, input, 'lockBet input', KEYS);
  const ew = eachWayBet(x);
  const lw = x.lockOdds;
  const k = x.layCommission;
  const q = 1 + (lw - 1) * ew.fraction;
  const dw = ew.winWins - ew.winLoses;
  const dp = ew.placeWins - ew.placeLoses;
  let winLayStake = dw / lw;
  let placeLayStake = (dp + k * winLayStake) / (q - k);
  if (winLayStake - placeLayStake * (q - 1) > 0) {
    placeLayStake = dp / ((1 - k) * q);
    winLayStake = (dw - k * placeLayStake * (q - 1)) / (lw - k);
  }
  const liability = winLayStake * (lw - 1) + placeLayStake * (q - 1);
  return {
    placeOdds: ew.placeOdds,
    lockPlaceOdds: q,
    winLayStake,
    placeLayStake,
    liability,
    profit: ew.winWins + ew.placeWins - liability,
  };
}
