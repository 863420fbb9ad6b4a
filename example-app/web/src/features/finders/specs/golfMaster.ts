// The golfMaster tool's description: its filters, engine call, columns, calculator link and tracked bet.
import { findGolfValue, type GolfRow } from '@matchkit/sdk/matching';
import { fractionPercent } from '../format';
import type { FinderSpec } from './types';
import { eventColumn, backColumn, moneyColumn, ratioColumn } from './columns';
import { atBookmaker, bookmakers, common, eachWayBacks, oddsText, percentText, placeTermsText, recorded } from './shared';
import { poundsText } from '../../../components/money';

export const golfMaster: FinderSpec<GolfRow> = {
  stakeLabel: 'Stake each way, per part (£)',
  filters: [],
  run: (ctx) => findGolfValue({ ...common(ctx), bookmakers: bookmakers(ctx) }),
  ...atBookmaker,
  columns: [
    eventColumn(),
    { id: 'selection', header: 'Player', cell: (r) => r.selectionName },
    backColumn((r) => `${r.places} places at 1/${Math.round(1 / r.placeFraction)}`),
    ratioColumn(
      'win',
      'Win chance',
      (r) => r.winProbability,
      (n) => fractionPercent(n),
    ),
    ratioColumn(
      'place',
      'Place chance',
      (r) => r.placeProbability,
      (n) => fractionPercent(n),
    ),
    ratioColumn(
      'return',
      'Expected return',
      (r) => r.expectedReturn,
      (n) => fractionPercent(n),
    ),
    moneyColumn('ev', 'Expected profit', (r) => r.expectedProfit),
  ],
  rankColumn: 'ev',
  // No lay: the expected value calculator's each-way bet without a lay, with the row's chances.
  calculator: (r, ctx) => ({
    slug: 'ev-calculator',
    fn: 'noLay',
    values: {
      betType: 'qualifying',
      backStake: poundsText(ctx.stake),
      backOdds: oddsText(r.backOdds),
      placeFraction: placeTermsText(r.placeFraction),
      winProbability: percentText(r.winProbability),
      placeProbability: percentText(r.placeProbability),
    },
  }),
  bet: (r, source, ctx) =>
    recorded(r, source, 'ev', eachWayBacks(r.bookmaker, r.backOdds, r.placeFraction, ctx.stake, null), r.expectedProfit),
};
