// Shared arithmetic of a back bet laid at an exchange (internal: not part of the public API).
//
// A back bet has a profit `win` if the selection wins and `lose` if it loses. A lay of stake L at
// odds l with commission c adds -L(l - 1) when the selection wins and +L(1 - c) when it loses (the
// commission is charged on the lay's net winnings in its market). The two totals are equal when
// L = (win - lose) / (l - c).
import { COMMISSION, MONEY, ODDS, UNIT, fail, get, num, root, pick, sub, type Ctx } from './check';

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

/** The bet types a lay calculator accepts (every {@link BetType}). */
export const LAY_BET_TYPES = ['qualifying', 'snr', 'sr', 'refund'] as const satisfies readonly BetType[];
/** Bet types without the refund variant (each-way, accas, rating, expected value). */
export const BET_TYPES = ['qualifying', 'snr', 'sr'] as const satisfies readonly BetType[];

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

/** A validated back/lay pair, with the back bet's two outcomes. */
export interface LayBet {
  readonly c: Ctx;
  readonly backOdds: number;
  readonly layOdds: number;
  readonly commission: number;
  readonly win: number;
  readonly lose: number;
}

/**
 * Reads the fields every back/lay calculator shares (betType = 'qualifying', backStake, backOdds,
 * layOdds, layCommission, backCommission = 0, refund when betType is 'refund'). Issues are collected in the
 * returned context; the caller reads its own fields and then calls `done` (from ./check).
 */
export function readLayBet(input: unknown): LayBet {
  const c = root(input);
  const betType = pick(c, 'betType', LAY_BET_TYPES, 'qualifying');
  const stake = num(c, 'backStake', MONEY);
  const backOdds = num(c, 'backOdds', ODDS);
  const layOdds = num(c, 'layOdds', ODDS);
  const commission = num(c, 'layCommission', COMMISSION);
  const backCommission = num(c, 'backCommission', COMMISSION, 0);
  let refundValue = 0;
  // The refund terms are read only for refund bets; the others ignore them (so they are no unknown key).
  get(c, 'refund');
  if (betType === 'refund') {
    const r = sub(c, 'refund');
    const amount = num(r, 'amount', MONEY);
    refundValue = amount * num(r, 'retention', UNIT);
    if (amount > stake) fail(r, 'amount', 'must not exceed backStake (a refund pays back at most the stake)');
  }
  return {
    c,
    backOdds,
    layOdds,
    commission,
    win: backWin(betType, stake, backOdds, backCommission),
    lose: backLose(betType, stake, refundValue),
  };
}
