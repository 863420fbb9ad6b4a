// Shared arithmetic of a back bet laid at an exchange, and the fields of a back/lay input
// (internal: not part of the public API).
//
// A back bet has a profit `win` if the selection wins and `lose` if it loses. A lay of stake L at
// odds l with commission c adds -L(l - 1) when the selection wins and +L(1 - c) when it loses (the
// commission is charged on the lay's net winnings in its market). The two totals are equal when
// L = (win - lose) / (l - c).
import * as v from 'valibot';
import { isRecord } from '../internal/guards';
import { BACK_COMMISSION, REFUND_EXCEEDS, refundTermsSchema } from './fields';
import type { CrossRule } from '../internal/validate';
import { choice, commissionSchema, moneySchema, oddsSchema } from './schema';

/**
 * The kind of back bet, one word for every calculator. `qualifying`: a cash bet (the member's own
 * money; the default everywhere). `snr`: a free bet whose stake is not returned (only winnings are
 * paid). `sr`: a free bet whose stake is returned with the winnings. `refund`: a cash bet refunded
 * (often as a free bet) if it loses. Each calculator accepts the subset it supports (its input type
 * says which, and its validator names the allowed values); `betType` is always optional, with
 * default `'qualifying'`.
 *
 * @example
 * ```ts
 * import type { BetType } from '@matchkit/sdk/calculators';
 * const kind: BetType = 'snr';
 * ```
 */
export type BetType = 'qualifying' | 'snr' | 'sr' | 'refund';

/**
 * The back bet's profit if it wins: winnings stake(b - 1), less the back commission, plus the
 * returned stake of a stake-returned free bet (the stake of a free bet is not the member's money).
 */
export function backWin(betType: BetType, stake: number, odds: number, backCommission: number): number {
  return stake * (odds - 1) * (1 - backCommission) + (betType === 'sr' ? stake : 0);
}

/** The back bet's profit if it loses: minus the stake for cash bets (plus a refund's value), 0 for free bets. */
export function backLose(betType: BetType, stake: number, refundValue: number): number {
  return betType === 'snr' || betType === 'sr' ? 0 : refundValue - stake;
}

/** The lay stake that makes both outcomes equal. */
export const balancedLay = (win: number, lose: number, layOdds: number, commission: number): number =>
  (win - lose) / (layOdds - commission);

/**
 * The normal lay of a qualifying (cash) back bet, S·b/(l − c): `backLay`'s own computation for
 * `betType: 'qualifying'` (the default) without back commission, so every calculator that lays a
 * qualifying bet (2UP, bet and get, fixabet) gets the same number, bit for bit.
 */
export const qualifyingLay = (stake: number, backOdds: number, layOdds: number, commission: number): number =>
  balancedLay(backWin('qualifying', stake, backOdds, 0), backLose('qualifying', stake, 0), layOdds, commission);

/** The fields every back/lay calculator shares (`backLay`, `partLay`), in form order. */
export const LAY_BET = {
  betType: /* @__PURE__ */ v.optional(/* @__PURE__ */ choice(['qualifying', 'snr', 'sr', 'refund']), 'qualifying'),
  backStake: moneySchema,
  backOdds: oddsSchema,
  layOdds: oddsSchema,
  layCommission: commissionSchema,
  backCommission: BACK_COMMISSION,
};

/** The refund terms of a back/lay input: read only for refund bets. */
export const REFUND = /* @__PURE__ */ v.optional(refundTermsSchema);

/** A refund bet needs its terms, and a refund pays back at most the stake. */
export const refundRule: CrossRule = (x, ok, report) => {
  const refund = x.refund as { amount: number } | undefined;
  if (x.betType === 'refund' && refund === undefined) report('is required', 'refund');
  if (refund !== undefined && ok('backStake') && ok('refund', 'amount') && refund.amount > (x.backStake as number))
    report(REFUND_EXCEEDS, 'refund', 'amount');
};

/** The input with its refund terms dropped unless the bet is a refund bet (the others ignore them). */
export const refundOnly = (input: unknown): unknown =>
  isRecord(input) && input.betType !== 'refund' && input.refund !== undefined ? { ...input, refund: undefined } : input;

/** A validated back/lay bet's two outcomes. */
export function layBet(x: {
  readonly betType: BetType;
  readonly backStake: number;
  readonly backOdds: number;
  readonly backCommission: number;
  readonly refund?: { readonly amount: number; readonly retention: number } | undefined;
}): { win: number; lose: number } {
  const refundValue = x.refund === undefined ? 0 : x.refund.amount * x.refund.retention;
  return { win: backWin(x.betType, x.backStake, x.backOdds, x.backCommission), lose: backLose(x.betType, x.backStake, refundValue) };
}
