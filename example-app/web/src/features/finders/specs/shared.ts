// What several tools' descriptions share besides filters and columns: row keys and labels, the
// engine's common inputs, the calculator's place, and the bets the tracker records.
import { eachWayReturns } from '@matchkit/sdk/calculators';
import { backLayBet, type NewTrackedBet, type TrackedLegInput } from '@matchkit/sdk/tracker';
import { advancedCalculatorPath, calculatorPath, type AdvancedCalculatorLink, type CalculatorLink } from '../../../app/paths';
import type { FinderRunContext } from './types';
import { accountLabel } from '../../../copy/names';

/** The key and name of a row of one selection at one bookmaker (and one exchange). */
export const atBookmaker = {
  key: (r: { selectionId: string; bookmaker: string }) => `${r.selectionId}|${r.bookmaker}`,
  label: (r: { selectionName: string; bookmaker: string }) => `${r.selectionName} at ${accountLabel(r.bookmaker)}`,
};
export const atExchange = {
  key: (r: { selectionId: string; bookmaker: string; exchange: string }) => `${r.selectionId}|${r.bookmaker}|${r.exchange}`,
  label: (r: { selectionName: string; bookmaker: string; exchange: string }) =>
    `${r.selectionName} at ${accountLabel(r.bookmaker)}, ${accountLabel(r.exchange)}`,
};

export const bookmakers = (ctx: FinderRunContext) => (ctx.bookmaker === '' ? undefined : [ctx.bookmaker]);
export const common = (ctx: FinderRunContext) => ({
  market: ctx.market,
  stake: ctx.stake,
  limit: ctx.limit,
  exchangeSettings: ctx.exchangeSettings,
  user: ctx.user,
});
export const now = () => new Date().toISOString();
/** The path a row's "Calculator" link opens; the standard calculator carries the tool's tracker source on to its own tracker button. */
export function finderCalculatorPath(target: CalculatorLink | AdvancedCalculatorLink, source: string | null): string {
  if ('fn' in target) return advancedCalculatorPath(target);
  return calculatorPath({ ...target, ...(source === null ? {} : { source }) });
}

/** Decimal odds as typed (`2.5`). */
export const oddsText = (odds: number) => String(odds);
/** A fraction as the percent a member types (0.02 is `2`, at most six decimals). */
export const percentText = (fraction: number) => String(Number((fraction * 100).toFixed(6)));
/** A place fraction as the terms a member types: 0.2 is `1/5`; one that is not 1/n stays a decimal. */
export const placeTermsText = (fraction: number) => {
  const n = Math.round(1 / fraction);
  return Math.abs(1 / n - fraction) < 1e-12 ? `1/${n}` : String(fraction);
};

/** Where a one-selection row's bet is, for the calculator (which hands it on to its own tracker button). */
export const place = (r: {
  eventName: string;
  marketName: string;
  selectionName: string;
  bookmaker: string;
  exchange?: string;
}): CalculatorLink => ({
  event: r.eventName,
  market: r.marketName,
  selection: r.selectionName,
  bookmaker: r.bookmaker,
  ...(r.exchange === undefined ? {} : { exchange: r.exchange }),
});

/** A single back and lay: the sdk's backLayBet; an expectation (2UP, BOG) records the engine's expected profit as potential profit. */
export function singleLay(
  row: {
    eventName: string;
    marketName: string;
    selectionName: string;
    bookmaker: string;
    backOdds: number;
    exchange: string;
    layOdds: number;
    commission: number;
  },
  source: string,
  stake: number,
  type: 'qualifying' | 'snr' | 'sr',
  expected?: number,
): NewTrackedBet {
  const bet = backLayBet({
    source,
    event: row.eventName,
    market: row.marketName,
    selection: row.selectionName,
    bookmaker: row.bookmaker,
    exchange: row.exchange,
    placedAt: now(),
    calculation: { betType: type, backStake: stake, backOdds: row.backOdds, layOdds: row.layOdds, layCommission: row.commission },
  });
  return expected === undefined ? bet : { ...bet, profitType: 'potential', expectedProfit: Math.round(expected) };
}

/** The win and place parts of an each-way back at the bookmaker (the place odds from the sdk's eachWayReturns). */
export function eachWayBacks(
  bookmaker: string,
  backOdds: number,
  placeFraction: number,
  stake: number,
  free: 'snr' | 'sr' | null,
): TrackedLegInput[] {
  const placeOdds = eachWayReturns({ backStake: 1, backOdds, placeFraction }).returnIfPlaces;
  const role = free === null ? 'qualifying' : 'free-bet';
  const freeBet = free === null ? {} : { freeBet: free };
  return [
    { role, side: 'back', account: bookmaker, odds: backOdds, stake, result: 'pending', market: 'win', ...freeBet },
    { role, side: 'back', account: bookmaker, odds: placeOdds, stake, result: 'pending', market: 'place', ...freeBet },
  ];
}

/** A bet of one selection with the legs given, its expected profit the engine's (rounded to the penny). */
export function recorded(
  r: { eventName: string; marketName: string; selectionName: string },
  source: string,
  profitType: NewTrackedBet['profitType'],
  legs: readonly TrackedLegInput[],
  expected: number,
  note?: string,
): NewTrackedBet {
  return {
    source,
    profitType,
    event: r.eventName,
    market: r.marketName,
    selection: r.selectionName,
    legs,
    expectedProfit: Math.round(expected),
    placedAt: now(),
    ...(note === undefined ? {} : { note }),
  };
}
