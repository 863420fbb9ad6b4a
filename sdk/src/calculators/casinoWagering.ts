import { choice, KEYS, moneySchema, num, record, type CalculatorInput } from './schema';
import { validate } from '../internal/validate';

/**
 * The input of {@link casinoWagering}: `deposit` and `bonus` (0 to 1e9), `wageringMultiple` (how
 * many times the wagering base must be staked before withdrawal, 0 to 10000), `wageringBase` (what
 * the multiple applies to: `bonus`, or `deposit+bonus`) and `rtp` (the games' return to player, a
 * fraction in (0, 1]: 0.96 for 96%).
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { casinoWageringInputSchema } from '@matchkit/sdk/calculators';
 * v.safeParse(casinoWageringInputSchema, { deposit: 50, bonus: 50, wageringMultiple: 30, wageringBase: 'bonus', rtp: 0.96 }).success; // true
 * ```
 */
export const casinoWageringInputSchema = /* @__PURE__ */ record({
  deposit: moneySchema,
  bonus: moneySchema,
  wageringMultiple: /* @__PURE__ */ num(0, 1e4, 0),
  wageringBase: /* @__PURE__ */ choice(['bonus', 'deposit+bonus']),
  rtp: /* @__PURE__ */ num(0, 1, 1),
});

/**
 * Input of {@link casinoWagering} (see {@link casinoWageringInputSchema}).
 *
 * @example
 * ```ts
 * import type { CasinoWageringInput } from '@matchkit/sdk/calculators';
 * const input: CasinoWageringInput = { deposit: 50, bonus: 50, wageringMultiple: 30, wageringBase: 'bonus', rtp: 0.96 };
 * ```
 */
export type CasinoWageringInput = CalculatorInput<typeof casinoWageringInputSchema>;

/**
 * Result of {@link casinoWagering}. Signed, unrounded.
 *
 * @example
 * ```ts
 * import { casinoWagering, type CasinoWageringResult } from '@matchkit/sdk/calculators';
 * const r: CasinoWageringResult = casinoWagering({ deposit: 50, bonus: 50, wageringMultiple: 30, wageringBase: 'bonus', rtp: 0.96 });
 * ```
 */
export interface CasinoWageringResult {
  /** The total to stake: wageringMultiple × the wagering base. */
  readonly totalWagered: number;
  /** The expected cost of that wagering: totalWagered × (1 − rtp). */
  readonly expectedLoss: number;
  /** The bonus less the expected loss: the offer's expected profit over the deposit. */
  readonly expectedProfit: number;
}

/**
 * The wagering formula itself, unvalidated: the one place in the sdk that states it. Internal to
 * the sdk (not exported from the calculators index); the casino module's closed form calls it too.
 */
export function wageringOutcome(bonus: number, totalWagered: number, rtp: number): CasinoWageringResult {
  const expectedLoss = totalWagered * (1 - rtp);
  return { totalWagered, expectedLoss, expectedProfit: bonus - expectedLoss };
}

/**
 * The closed-form value of a casino bonus: expected profit = bonus − wagered × (1 − RTP). It
 * assumes the balance lasts the whole wagering (it never runs out first); the chance of finishing
 * and the spread of outcomes need the simulator in `@matchkit/sdk/casino`.
 *
 * @param input - deposit, bonus, wagering multiple and base, RTP
 * @throws MatchkitValidationError listing every bad field
 * @example
 * ```ts
 * import { casinoWagering } from '@matchkit/sdk/calculators';
 * casinoWagering({ deposit: 50, bonus: 50, wageringMultiple: 30, wageringBase: 'bonus', rtp: 0.96 });
 * // { totalWagered: 1500, expectedLoss: 60, expectedProfit: -10 }
 * ```
 */
export function casinoWagering(input: CasinoWageringInput): CasinoWageringResult {
  const x = validate(casinoWageringInputSchema, input, 'casinoWagering input', KEYS);
  const { deposit, bonus, wageringMultiple: multiple, wageringBase: base, rtp } = x;
  return wageringOutcome(bonus, multiple * (base === 'bonus' ? bonus : deposit + bonus), rtp);
}
