import { qualifyingLay } from './core';
import { commissionSchema, KEYS, moneySchema, oddsSchema, record, unitSchema, type CalculatorInput } from './schema';
import { validate } from '../internal/validate';

/**
 * The input of {@link betAndGet}, a "bet £10, get £30 in free bets" offer: the qualifying bet
 * (`backStake`, `backOdds`, `layOdds`, `layCommission`), `freeBetAmount` (the free bets awarded,
 * in total, 0 to 1e9) and `freeBetRetention` (the share of them expected to be kept when laid,
 * about 0.7 to 0.8 for SNR, in [0, 1]).
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { betAndGetInputSchema } from '@matchkit/sdk/calculators';
 * v.safeParse(betAndGetInputSchema, { backStake: 10, backOdds: 3, layOdds: 3.2, layCommission: 0.02, freeBetAmount: 30, freeBetRetention: 0.8 }).success; // true
 * ```
 */
export const betAndGetInputSchema = /* @__PURE__ */ record({
  backStake: moneySchema,
  backOdds: oddsSchema,
  layOdds: oddsSchema,
  layCommission: commissionSchema,
  freeBetAmount: moneySchema,
  freeBetRetention: unitSchema,
});

/**
 * Input of {@link betAndGet}: a "bet £10, get £30 in free bets" offer (see
 * {@link betAndGetInputSchema}).
 *
 * @example
 * ```ts
 * import type { BetAndGetInput } from '@matchkit/sdk/calculators';
 * const input: BetAndGetInput = { backStake: 10, backOdds: 3, layOdds: 3.2, layCommission: 0.02, freeBetAmount: 30, freeBetRetention: 0.8 };
 * ```
 */
export type BetAndGetInput = CalculatorInput<typeof betAndGetInputSchema>;

/**
 * Result of {@link betAndGet}. Signed, unrounded.
 *
 * @example
 * ```ts
 * import { betAndGet, type BetAndGetResult } from '@matchkit/sdk/calculators';
 * const r: BetAndGetResult = betAndGet({ backStake: 10, backOdds: 3, layOdds: 3.2, layCommission: 0.02, freeBetAmount: 30, freeBetRetention: 0.8 });
 * ```
 */
export interface BetAndGetResult {
  /** The qualifying lay stake: backStake × backOdds / (layOdds − layCommission). */
  readonly layStake: number;
  /** The qualifying bet's profit, the same either way (negative: the qualifying loss). */
  readonly qualifyingProfit: number;
  /** The free bets' expected cash value: freeBetAmount × freeBetRetention. */
  readonly freeBetValue: number;
  /** The offer's estimated profit: qualifyingProfit + freeBetValue. */
  readonly estimatedProfit: number;
}

/**
 * A bet-and-get offer: a qualifying bet laid normally (its loss is fixed), then free bets worth
 * their amount × the retention expected when they are laid in turn.
 *
 * @param input - the qualifying bet and the free bets' amount and expected retention
 * @throws MatchkitValidationError listing every bad field
 * @example
 * ```ts
 * import { betAndGet } from '@matchkit/sdk/calculators';
 * const r = betAndGet({ backStake: 10, backOdds: 3, layOdds: 3.2, layCommission: 0.02, freeBetAmount: 30, freeBetRetention: 0.8 });
 * r.estimatedProfit; // 23.245...: 24 of free-bet value less the 0.7547 qualifying loss
 * ```
 */
export function betAndGet(input: BetAndGetInput): BetAndGetResult {
  const x = validate(betAndGetInputSchema, input, 'betAndGet input', KEYS);
  const { backStake: stake, backOdds: b, layOdds: l, layCommission: k } = x;
  const freeBetValue = x.freeBetAmount * x.freeBetRetention;
  const layStake = qualifyingLay(stake, b, l, k);
  const qualifyingProfit = layStake * (1 - k) - stake;
  return { layStake, qualifyingProfit, freeBetValue, estimatedProfit: qualifyingProfit + freeBetValue };
}
