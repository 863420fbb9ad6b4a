// Shared reading and arithmetic of an each-way back bet (internal: not part of the public API).
import { MONEY, ODDS, num, root, pick, type Ctx, type Rule } from './check';
import { BET_TYPES, backLose, backWin } from './core';

/** A place fraction such as 0.2 (1/5 the odds): greater than 0, at most 1. */
export const PLACE_FRACTION: Rule = [0, 1, 1];

/** A validated each-way back bet: the win part and the place part, each with its two outcomes. */
export interface EachWayBet {
  readonly c: Ctx;
  readonly stake: number;
  readonly fraction: number;
  readonly placeOdds: number;
  /** Profit of the win part if the selection wins / does not win. */
  readonly winWins: number;
  readonly winLoses: number;
  /** Profit of the place part if the selection places / does not place. */
  readonly placeWins: number;
  readonly placeLoses: number;
}

/** Reads betType (when `withBetType`; default 'qualifying'), backStake (per part), backOdds and placeFraction. */
export function readEachWay(input: unknown, withBetType = true): EachWayBet {
  const c = root(input);
  const betType = withBetType ? pick(c, 'betType', BET_TYPES, 'qualifying') : 'qualifying';
  const stake = num(c, 'backStake', MONEY);
  const backOdds = num(c, 'backOdds', ODDS);
  const fraction = num(c, 'placeFraction', PLACE_FRACTION);
  const placeOdds = 1 + (backOdds - 1) * fraction;
  return {
    c,
    stake,
    fraction,
    placeOdds,
    winWins: backWin(betType, stake, backOdds, 0),
    winLoses: backLose(betType, stake, 0),
    placeWins: backWin(betType, stake, placeOdds, 0),
    placeLoses: backLose(betType, stake, 0),
  };
}
