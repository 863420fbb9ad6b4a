import * as v from 'valibot';
import { LAY_BET, REFUND, balancedLay, layBet, refundOnly, refundRule } from './core';
import { KEYS, moneySchema, record, unitSchema, type CalculatorInput } from './schema';
import { validate } from '../internal/validate';
import type { BackLayResult } from './backLay';

/**
 * The input of {@link partLay}: a back bet as for `backLay` (without `strategy`), `layFraction`
 * (the share of the normal lay stake to lay, in [0, 1], default 1) and `maxLiability` (the most
 * the lay may risk, 0 to 1e9; no limit when absent).
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { partLayInputSchema } from '@matchkit/sdk/calculators';
 * v.safeParse(partLayInputSchema, { betType: 'snr', backStake: 10, backOdds: 5, layOdds: 5.2, layCommission: 0.02, layFraction: 0.5 }).success; // true
 * ```
 */
export const partLayInputSchema = /* @__PURE__ */ record(
  {
    ...LAY_BET,
    refund: REFUND,
    layFraction: /* @__PURE__ */ v.optional(unitSchema, 1),
    maxLiability: /* @__PURE__ */ v.optional(moneySchema),
  },
  refundRule,
);

/**
 * Input of {@link partLay}: a back bet as for {@link backLay} (without `strategy`), and how much of
 * the normal lay to place (see {@link partLayInputSchema}).
 *
 * @example
 * ```ts
 * import type { PartLayInput } from '@matchkit/sdk/calculators';
 * const input: PartLayInput = { backStake: 10, backOdds: 3, layOdds: 3.2, layCommission: 0.02, layFraction: 0.5 };
 * ```
 */
export type PartLayInput = CalculatorInput<typeof partLayInputSchema>;

/**
 * Result of {@link partLay}: the fields of {@link BackLayResult} and the share of the normal lay
 * placed.
 *
 * @example
 * ```ts
 * import { partLay, type PartLayResult } from '@matchkit/sdk/calculators';
 * const r: PartLayResult = partLay({ betType: 'snr', backStake: 10, backOdds: 5, layOdds: 5.2, layCommission: 0.02, maxLiability: 20 });
 * ```
 */
export interface PartLayResult extends BackLayResult {
  /** layStake as a share of the normal (equalising) lay stake, in [0, 1] (1 when that stake is 0). */
  readonly coveredFraction: number;
}

/**
 * A part lay: lays only part of the normal lay stake, keeping some of the back bet's risk (and
 * upside) on purpose, for example to stay within a liability the exchange balance can cover or to
 * keep a stake at a price the member rates. The lay stake is the smaller of layFraction × the
 * normal lay stake and maxLiability / (layOdds − 1). Each profit moves in a straight line from
 * the unlaid bet (coveredFraction 0) to the fully laid one (1).
 *
 * @param input - the back bet, the lay odds, and the share or liability limit
 * @throws MatchkitValidationError listing every bad field
 * @example
 * ```ts
 * import { partLay } from '@matchkit/sdk/calculators';
 * const r = partLay({ betType: 'snr', backStake: 10, backOdds: 5, layOdds: 5.2, layCommission: 0.02, maxLiability: 20 });
 * r.layStake; // 4.7619... (20 / 4.2), 62% of the normal 7.7220 (40 / 5.18)
 * ```
 */
export function partLay(input: PartLayInput): PartLayResult {
  const x = validate(partLayInputSchema, refundOnly(input), 'partLay input', KEYS);
  const { win, lose } = layBet(x);
  const { layOdds: l, layCommission: k, layFraction: fraction, maxLiability } = x;
  const full = balancedLay(win, lose, l, k);
  const layStake = Math.min(fraction * full, maxLiability === undefined ? Infinity : maxLiability / (l - 1));
  return {
    layStake,
    liability: layStake * (l - 1),
    profitIfWins: win - layStake * (l - 1),
    profitIfLoses: lose + layStake * (1 - k),
    coveredFraction: full > 0 ? layStake / full : 1,
  };
}
