// Shared fields and arithmetic of an each-way back bet (internal: not part of the public API).
import { moneySchema, oddsSchema } from './schema';
import { backLose, backWin, type BetType } from './core';
import { PLACE_FRACTION } from './fields';

/** The fields of an each-way back bet: the stake of each part, the win odds and the place terms. */
export const EACH_WAY_BET = { backStake: moneySchema, backOdds: oddsSchema, placeFraction: PLACE_FRACTION };

/** A validated each-way back bet: the win part and the place part, each with its two outcomes. */
export interface EachWayBet {
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

/** The two parts of a validated each-way bet (a cash bet when it has no betType). */
export function eachWayBet(x: {
  readonly betType?: BetType;
  readonly backStake: number;
  readonly backOdds: number;
  readonly placeFraction: number;
}): EachWayBet {
  const betType = x.betType ?? 'qualifying';
  const stake = x.backStake;
  const placeOdds = 1 + (x.backOdds - 1) * x.placeFraction;
  return {
    stake,
    fraction: x.placeFraction,
    placeOdds,
    winWins: backWin(betType, stake, x.backOdds, 0),
    winLoses: backLose(betType, stake, 0),
    placeWins: backWin(betType, stake, placeOdds, 0),
    placeLoses: backLose(betType, stake, 0),
  };
}
