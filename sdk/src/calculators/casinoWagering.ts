import { MONEY, done, num, root, pick, type Rule } from './check';

/**
 * Input of {@link casinoWagering}.
 *
 * @example
 * ```ts
 * import type { CasinoWageringInput } from '@matchkit/sdk/calculators';
 * const input: CasinoWageringInput = { deposit: 50, bonus: 50, wageringMultiple: 30, wageringBase: 'bonus', rtp: 0.96 };
 * ```
 */
export interface CasinoWageringInput {
  /** The member's deposit, from 0 to 1e9. */
  readonly deposit: number;
  /** The casino bonus, from 0 to 1e9. */
  readonly bonus: number;
  /** How many times the wagering base must be staked before withdrawal, from 0 to 10000. */
  readonly wageringMultiple: number;
  /** What the multiple applies to: the bonus alone, or deposit and bonus together. */
  readonly wageringBase: 'bonus' | 'deposit+bonus';
  /** The games' return to player, a fraction in (0, 1] (0.96 for 96%). */
  readonly rtp: number;
}

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

const RTP: Rule = [0, 1, 1];
const MULTIPLE: Rule = [0, 1e4, 0];

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
  const c = root(input);
  const deposit = num(c, 'deposit', MONEY);
  const bonus = num(c, 'bonus', MONEY);
  const multiple = num(c, 'wageringMultiple', MULTIPLE);
  const base = pick(c, 'wageringBase', ['bonus', 'deposit+bonus'] as const);
  const rtp = num(c, 'rtp', RTP);
  done(c, 'casinoWagering input');
  return wageringOutcome(bonus, multiple * (base === 'bonus' ? bonus : deposit + bonus), rtp);
}
