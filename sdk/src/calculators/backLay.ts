import * as v from 'valibot';
import { LAY_BET, REFUND, balancedLay, layBet, refundOnly, refundRule } from './core';
import { choice, KEYS, record, type CalculatorInput } from './schema';
import { validate } from '../internal/validate';
import type { refundTermsSchema } from './fields';

/**
 * How much to lay. `normal` equalises both outcomes. `underlay` and `overlay` are the two
 * break-even stakes (one where the back side breaks even, one where the lay side does): `underlay`
 * is the smaller, `overlay` the larger, and underlay ≤ normal ≤ overlay always holds.
 *
 * @example
 * ```ts
 * import type { LayStrategy } from '@matchkit/sdk/calculators';
 * const strategy: LayStrategy = 'underlay';
 * ```
 */
export type LayStrategy = 'normal' | 'underlay' | 'overlay';

/**
 * The terms of a refund offer ("money back if it loses"): the refund paid if the back bet loses (at
 * most the back stake) and the share of it expected to be kept, in [0, 1] (1 for a cash refund,
 * about 0.7 to 0.8 for a free-bet refund). Described by `refundTermsSchema`.
 *
 * @example
 * ```ts
 * import type { RefundTerms } from '@matchkit/sdk/calculators';
 * const terms: RefundTerms = { amount: 10, retention: 0.8 };
 * ```
 */
export type RefundTerms = CalculatorInput<typeof refundTermsSchema>;

/**
 * The input of {@link backLay}: a bookmaker back bet and the exchange lay that hedges it.
 * `betType` (any `BetType`, default `qualifying`), `backStake` (0 to 1e9), `backOdds` and
 * `layOdds` (greater than 1, at most 1e6), `layCommission` and `backCommission` (fractions in
 * [0, 1), the latter default 0), `strategy` (default `normal`) and `refund` (required when
 * `betType` is `refund`, its amount at most backStake). The calculator ignores `refund` on other
 * bets; the schema, used on its own, checks it whenever it is given.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { backLayInputSchema } from '@matchkit/sdk/calculators';
 * v.safeParse(backLayInputSchema, { backStake: 10, backOdds: 3, layOdds: 3.2, layCommission: 0.02 }).success; // true
 * ```
 */
export const backLayInputSchema = /* @__PURE__ */ record(
  {
    ...LAY_BET,
    strategy: /* @__PURE__ */ v.optional(/* @__PURE__ */ choice(['normal', 'underlay', 'overlay'] satisfies LayStrategy[]), 'normal'),
    refund: REFUND,
  },
  refundRule,
);

/**
 * Input of {@link backLay}: a bookmaker back bet and the exchange lay that hedges it (see
 * {@link backLayInputSchema} for each field).
 *
 * @example
 * ```ts
 * import type { BackLayInput } from '@matchkit/sdk/calculators';
 * const input: BackLayInput = { backStake: 10, backOdds: 3, layOdds: 3.2, layCommission: 0.02 };
 * ```
 */
export type BackLayInput = CalculatorInput<typeof backLayInputSchema>;

/**
 * Result of {@link backLay}. Profits are signed: a loss is negative. Nothing is rounded.
 *
 * @example
 * ```ts
 * import { backLay, type BackLayResult } from '@matchkit/sdk/calculators';
 * const r: BackLayResult = backLay({ betType: 'snr', backStake: 10, backOdds: 5, layOdds: 5.2, layCommission: 0.02 });
 * ```
 */
export interface BackLayResult {
  /** The stake to lay at the exchange. */
  readonly layStake: number;
  /** What the lay costs if the selection wins: layStake × (layOdds − 1). */
  readonly liability: number;
  /** Total profit if the selection wins (the back bet wins, the lay loses). */
  readonly profitIfWins: number;
  /** Total profit if the selection loses (the back bet loses, the lay wins, after commission). */
  readonly profitIfLoses: number;
}

/**
 * The lay stake that hedges a bookmaker back bet at an exchange, and the profit either way.
 *
 * Normal stakes: qualifying L = S·b/(l − c); SNR L = F(b − 1)/(l − c); SR L = F·b/(l − c);
 * refund L = (S·b − retention·amount)/(l − c). In general L = (W − X)/(l − c) with W the back
 * bet's profit if it wins (after `backCommission`) and X its profit if it loses.
 *
 * @param input - the back bet and the lay odds
 * @returns the lay stake, its liability and the signed profit in each outcome
 * @throws MatchkitValidationError listing every bad field
 * @example
 * ```ts
 * import { backLay } from '@matchkit/sdk/calculators';
 * const r = backLay({ backStake: 10, backOdds: 3, layOdds: 3.2, layCommission: 0.02 }); // a qualifying bet
 * r.layStake; // 9.4339... (30 / 3.18)
 * r.profitIfWins; // -0.7547... (the qualifying loss, equal both ways)
 * backLay({ betType: 'snr', backStake: 10, backOdds: 5, layOdds: 5.2, layCommission: 0.02 }).profitIfLoses; // 7.567...
 * ```
 */
export function backLay(input: BackLayInput): BackLayResult {
  const x = validate(backLayInputSchema, refundOnly(input), 'backLay input', KEYS);
  const { win, lose } = layBet(x);
  const { layOdds: l, layCommission: commission, strategy } = x;
  let layStake = balancedLay(win, lose, l, commission);
  if (strategy !== 'normal') {
    // Back side breaks even: win - L(l - 1) = 0. Lay side breaks even: lose + L(1 - c) = 0.
    const backEven = win / (l - 1);
    const layEven = (0 - lose) / (1 - commission);
    layStake = strategy === 'underlay' ? Math.min(backEven, layEven) : Math.max(backEven, layEven);
  }
  return {
    layStake,
    liability: layStake * (l - 1),
    profitIfWins: win - layStake * (l - 1),
    profitIfLoses: lose + layStake * (1 - commission),
  };
}
