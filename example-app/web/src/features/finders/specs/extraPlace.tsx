// The extraPlace tool's description: its filters, engine call, columns, calculator link and tracked bet.
import { findExtraPlaces, findExtraPlacesMaster, type ExtraPlaceRow } from '@matchkit/sdk/matching';
import { fractionPercent } from '../format';
import type { ReactNode } from 'react';
import type { FinderColumn, FinderSpec } from './types';
import { BET_TYPE, betType, freeOf } from './filters';
import { eventColumn, selectionColumn, backColumn, moneyColumn } from './columns';
import { bookmakers, common, eachWayBacks, oddsText, percentText, placeTermsText, recorded } from './shared';
import { poundsText } from '../../../components/money';
import type { AdvancedCalculatorLink } from '../../../app/paths';
import { accountLabel } from '../../../copy/names';

/** A hedge as a member reads it. */
const hedgeText = (h: ExtraPlaceRow['hedge']): string =>
  h === 'eachWayLay' ? 'Lay win and place' : h === 'layThePlace' ? 'Lay the place' : 'Lock bet';

/**
 * How often an extra place must land for the hedge to break even: a hedge that loses nothing needs
 * none (its break-even probability is 0), one whose extra place does not cover the loss never breaks
 * even, any other needs one extra place in so many bets. Two short lines, so the column stays narrow.
 */
function breakEven(r: ExtraPlaceRow): ReactNode {
  if (r.breakEvenProbability === 0) return 'no loss to recover';
  const [figure, words] =
    r.breakEvenBets === null
      ? ['never', 'an extra place does not cover the loss']
      : [`1 in ${r.breakEvenBets.toFixed(1)} bets`, 'with an extra place'];
  return (
    <>
      {figure} <span className="finder-sub block whitespace-normal text-xs text-muted">{words}</span>
    </>
  );
}

const extraPlaceColumns: FinderColumn<ExtraPlaceRow>[] = [
  eventColumn(),
  selectionColumn(),
  backColumn((r) => (
    <>
      {r.places} places at 1/{Math.round(1 / r.placeFraction)}
      <span className="block">exchange {r.exchangePlaces}</span>
    </>
  )),
  {
    id: 'hedge',
    header: 'Hedge',
    cell: (r) => (
      <>
        {hedgeText(r.hedge)} <span className="finder-sub block text-xs text-muted">{accountLabel(r.exchange)}</span>
      </>
    ),
  },
  {
    id: 'chance',
    header: 'Chance of an extra place',
    cell: (r) => (
      <>
        {fractionPercent(r.extraPlaceProbability)} <span className="finder-sub block text-xs text-muted">{r.probabilitySource}</span>
      </>
    ),
    sort: (r) => r.extraPlaceProbability,
    numeric: true,
  },
  // The sdk's qualifyingLoss is a signed profit (negative for a loss); a hedge can profit either way.
  moneyColumn('ql', 'Profit if no extra place', (r) => r.qualifyingLoss),
  moneyColumn('gain', 'Profit if it lands', (r) => r.profitIfExtraPlace),
  moneyColumn('ev', 'Expected profit', (r) => r.expectedProfit),
  {
    id: 'breakEven',
    header: 'Break-even',
    cell: breakEven,
    // No loss to recover sorts first, then the fewest bets per extra place, then never.
    sort: (r) => (r.breakEvenProbability === 0 ? 0 : (r.breakEvenBets ?? Infinity)),
    numeric: true,
  },
];

/** The extra place calculator's form for the row's hedge, filled in with its bet and lay odds. */
function hedgeCalculator(r: ExtraPlaceRow, stake: number, type: string): AdvancedCalculatorLink {
  const bet = {
    betType: type,
    backStake: poundsText(stake),
    backOdds: oddsText(r.backOdds),
    placeFraction: placeTermsText(r.placeFraction),
  };
  const commission = percentText(r.commission);
  if (r.hedge === 'lockBet') {
    return {
      slug: 'extra-place-calculator',
      fn: 'lockBet',
      values: { ...bet, lockOdds: oddsText(r.lockOdds ?? 0), layCommission: commission },
    };
  }
  const lays = { winLayOdds: oddsText(r.winLayOdds ?? 0), placeLayOdds: oddsText(r.placeLayOdds ?? 0), layCommission: commission };
  if (r.hedge === 'layThePlace') return { slug: 'extra-place-calculator', fn: 'layThePlace', values: { ...bet, ...lays } };
  return {
    slug: 'extra-place-calculator',
    fn: 'extraPlace',
    values: { ...bet, ...lays, extraPlaceProbability: percentText(r.extraPlaceProbability) },
  };
}

export const extraPlace = (master: boolean): FinderSpec<ExtraPlaceRow> => ({
  stakeLabel: 'Stake each way, per part (£)',
  filters: [BET_TYPE],
  run: (ctx, v) => (master ? findExtraPlacesMaster : findExtraPlaces)({ ...common(ctx), bookmakers: bookmakers(ctx), betType: betType(v) }),
  key: (r) => `${r.selectionId}|${r.bookmaker}|${r.exchange}|${r.hedge}`,
  label: (r) => `${r.selectionName} at ${accountLabel(r.bookmaker)}, ${accountLabel(r.exchange)}`,
  columns: extraPlaceColumns,
  rankColumn: 'ev',
  calculator: (r, ctx, v) => hedgeCalculator(r, ctx.stake, betType(v)),
  bet: (r, source, ctx, v) =>
    recorded(
      r,
      source,
      'potential',
      eachWayBacks(r.bookmaker, r.backOdds, r.placeFraction, ctx.stake, freeOf(v)),
      r.expectedProfit,
      `Each way, ${r.places} places (exchange ${r.exchangePlaces}); hedge: ${hedgeText(r.hedge).toLowerCase()} at ${accountLabel(r.exchange)}. Add the lay legs as you place them.`,
    ),
});
