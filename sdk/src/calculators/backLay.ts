import { done, pick } from './check';
import { balancedLay, readLayBet, type BetType } from './core';

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
 * The terms of a refund offer ("money back if it loses"): the refund and the share of it expected
 * to be kept (1 for a cash refund, about 0.7 to 0.8 for a free-bet refund).
 *
 * @example
 * ```ts
 * import type { RefundTerms } from '@matchkit/sdk/calculators';
 * const terms: RefundTerms = { amount: 10, retention: 0.8 };
 * ```
 */
export interface RefundTerms {
  /** The refund paid if the back bet loses, at most the back stake. */
  readonly amount: number;
  /** The share of the refund expected to be kept, in [0, 1]. */
  readonly retention: number;
}

/**
 * Input of {@link backLay}: a bookmaker back bet and the exchange lay that hedges it.
 *
 * @example
 * ```ts
 * import type { BackLayInput } from '@matchkit/sdk/calculators';
 * const input: BackLayInput = { backStake: 10, backOdds: 3, layOdds: 3.2, layCommission: 0.02 };
 * ```
 */
export interface BackLayInput {
  /**
   * The kind of back bet: any {@link BetType}.
   * @defaultValue 'qualifying'
   */
  readonly betType?: BetType;
  /** The back stake (or free-bet amount), from 0 to 1e9. */
  readonly backStake: number;
  /** The bookmaker's decimal odds, greater than 1. */
  readonly backOdds: number;
  /** The exchange's decimal lay odds, greater than 1. */
  readonly layOdds: number;
  /** The exchange commission on net winnings, a fraction in [0, 1) (0.02 for 2%). */
  readonly layCommission: number;
  /**
   * Commission charged on the back bet's winnings, a fraction in [0, 1).
   * @defaultValue 0
   */
  readonly backCommission?: number;
  /**
   * Which lay stake to compute.
   * @defaultValue 'normal'
   */
  readonly strategy?: LayStrategy;
  /** The refund terms; required when `betType` is `refund`, ignored otherwise. */
  readonly refund?: RefundTerms;
}

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
  const { c, layOdds: l, commission, win, lose } = readLayBet(input);
  const strategy = pick(c, 'strategy', ['normal', 'underlay', 'overlay'] as const, 'normal');
  done(c, 'backLay input');
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
