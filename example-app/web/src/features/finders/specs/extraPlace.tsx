// The extraPlace tool's description: its filters, engine call, columns, calculator link and tracked bet.
import { findExtraPlaces, findExtraPlacesMaster, type ExtraPlaceRow } from '@matchkit/sdk/matching';
import { fractionPercent } from '../format';
import type { FinderColumn, FinderSpec } from './types';
import { BET_TYPE, betType, freeOf } from './filters';
import { eventColumn, selectionColumn, backColumn, moneyColumn } from './columns';
import { bookmakers, common, place, eachWayBacks, recorded } from './shared';

const extraPlaceColumns: FinderColumn<ExtraPlaceRow>[] = [
  eventColumn(),
  selectionColumn(),
  backColumn((r) => `${r.places} places at 1/${Math.round(1 / r.placeFraction)}; exchange ${r.exchangePlaces}`),
  {
    id: 'hedge',
    header: 'Hedge',
    cell: (r) => (
      <>
        {r.hedge === 'eachWayLay' ? 'Lay win and place' : r.hedge === 'layThePlace' ? 'Lay the place' : 'Lock bet'}{' '}
        <span className="finder-sub">{r.exchange}</span>
      </>
    ),
  },
  {
    id: 'chance',
    header: 'Chance of an extra place',
    cell: (r) => (
      <>
        {fractionPercent(r.extraPlaceProbability)} <span className="finder-sub">{r.probabilitySource}</span>
      </>
    ),
    sort: (r) => r.extraPlaceProbability,
    numeric: true,
  },
  moneyColumn('ql', 'Qualifying loss', (r) => r.qualifyingLoss),
  moneyColumn('gain', 'Profit if it lands', (r) => r.profitIfExtraPlace),
  moneyColumn('ev', 'Expected profit', (r) => r.expectedProfit),
  {
    id: 'breakEven',
    header: 'Break-even bets',
    cell: (r) => (r.breakEvenBets === null ? 'never' : r.breakEvenBets.toFixed(1)),
    sort: (r) => (r.breakEvenBets === null ? Infinity : r.breakEvenBets),
    numeric: true,
  },
];

export const extraPlace = (master: boolean): FinderSpec<ExtraPlaceRow> => ({
  stakeLabel: 'Stake each way, per part (£)',
  filters: [BET_TYPE],
  run: (ctx, v) => (master ? findExtraPlacesMaster : findExtraPlaces)({ ...common(ctx), bookmakers: bookmakers(ctx), betType: betType(v) }),
  key: (r) => `${r.selectionId}|${r.bookmaker}|${r.exchange}|${r.hedge}`,
  label: (r) => `${r.selectionName} at ${r.bookmaker}, ${r.exchange}`,
  columns: extraPlaceColumns,
  rankColumn: 'ev',
  calculator: (r, ctx, v) => ({ ...place(r), betType: betType(v), stake: ctx.stake, backOdds: r.backOdds, layCommission: r.commission }),
  bet: (r, source, ctx, v) =>
    recorded(
      r,
      source,
      'potential',
      eachWayBacks(r.bookmaker, r.backOdds, r.placeFraction, ctx.stake, freeOf(v)),
      r.expectedProfit,
      `Each way, ${r.places} places (exchange ${r.exchangePlaces}); hedge: ${r.hedge} at ${r.exchange}. Add the lay legs as you place them.`,
    ),
});
