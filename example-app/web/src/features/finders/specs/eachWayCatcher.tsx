// The eachWayCatcher tool's description: its filters, engine call, columns, calculator link and tracked bet.
import { findEachWayCatches, type EachWayCatcherRow } from '@matchkit/sdk/matching';
import type { TrackedLegInput } from '@matchkit/sdk/tracker';
import { odds } from '../format';
import type { FinderSpec } from './types';
import { BET_TYPE, betType, freeOf } from './filters';
import { eventColumn, selectionColumn, backColumn, moneyColumn } from './columns';
import { atExchange, bookmakers, common, eachWayBacks, oddsText, percentText, placeTermsText, recorded } from './shared';
import { poundsText } from '../../../components/money';
import { accountLabel } from '../../../copy/names';

export const eachWayCatcher: FinderSpec<EachWayCatcherRow> = {
  stakeLabel: 'Stake each way, per part (£)',
  filters: [BET_TYPE],
  run: (ctx, v) => findEachWayCatches({ ...common(ctx), bookmakers: bookmakers(ctx), betType: betType(v) }),
  ...atExchange,
  columns: [
    eventColumn(),
    selectionColumn(),
    backColumn((r) => `${r.places} places at 1/${Math.round(1 / r.placeFraction)}`),
    {
      id: 'lay',
      header: 'Lay win / place',
      cell: (r) => (
        <>
          <span className="finder-strong font-semibold">
            {odds(r.winLayOdds)} / {odds(r.placeLayOdds)}
          </span>{' '}
          <span className="finder-sub block text-xs text-muted">{accountLabel(r.exchange)}</span>
        </>
      ),
    },
    moneyColumn('wins', 'If it wins', (r) => r.profitIfWins),
    moneyColumn('places', 'If it places', (r) => r.profitIfPlaces),
    moneyColumn('loses', 'If it loses', (r) => r.profitIfLoses),
    moneyColumn('profit', 'Worst outcome', (r) => r.guaranteedProfit),
  ],
  rankColumn: 'profit',
  calculator: (r, ctx, v) => ({
    slug: 'each-way-calculator',
    fn: 'eachWay',
    values: {
      betType: betType(v),
      backStake: poundsText(ctx.stake),
      backOdds: oddsText(r.backOdds),
      placeFraction: placeTermsText(r.placeFraction),
      winLayOdds: oddsText(r.winLayOdds),
      placeLayOdds: oddsText(r.placeLayOdds),
      layCommission: percentText(r.commission),
    },
  }),
  bet: (r, source, ctx, v) => {
    const free = freeOf(v);
    const role = free === null ? 'qualifying' : 'free-bet';
    const commission = r.commission === 0 ? {} : { commission: r.commission };
    const legs: TrackedLegInput[] = [
      ...eachWayBacks(r.bookmaker, r.backOdds, r.placeFraction, ctx.stake, free),
      {
        role,
        side: 'lay',
        account: r.exchange,
        odds: r.winLayOdds,
        stake: Math.round(r.winLayStake),
        result: 'pending',
        market: 'win',
        ...commission,
      },
      {
        role,
        side: 'lay',
        account: r.exchange,
        odds: r.placeLayOdds,
        stake: Math.round(r.placeLayStake),
        result: 'pending',
        market: 'place',
        ...commission,
      },
    ];
    return recorded(r, source, 'guaranteed', legs, r.guaranteedProfit);
  },
};
