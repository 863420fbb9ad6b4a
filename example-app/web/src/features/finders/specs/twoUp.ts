// The twoUp tool's description: its filters, engine call, columns, calculator link and tracked bet.
import { findTwoUpMatches, findTwoUpValue, type TwoUpRow } from '@matchkit/sdk/matching';
import { fractionPercent, percent } from '../format';
import type { FinderColumn, FinderSpec } from './types';
import { eventColumn, backColumn, layColumn, moneyColumn, ratioColumn } from './columns';
import { atBookmaker, bookmakers, common, place, singleLay } from './shared';

const twoUpColumns: FinderColumn<TwoUpRow>[] = [
  eventColumn(),
  { id: 'selection', header: 'Team', cell: (r) => `${r.selectionName} (${r.side})` },
  backColumn((r) => `paid out ${r.goalsAhead} goals up`),
  layColumn(),
  ratioColumn(
    'rating',
    'Rating',
    (r) => r.rating,
    (n) => percent(n),
  ),
  ratioColumn(
    'chance',
    'Chance of early payout without a win',
    (r) => r.earlyPayoutProbability,
    (n) => fractionPercent(n),
  ),
  // The sdk's qualifyingLoss is a signed profit (negative for a loss).
  moneyColumn('ql', 'Profit without early payout', (r) => r.qualifyingLoss),
  moneyColumn('gain', 'Profit if paid early', (r) => r.profitIfPaidEarly),
  moneyColumn('ev', 'Expected profit', (r) => r.expectedProfit),
];

export const twoUp = (master: boolean): FinderSpec<TwoUpRow> => ({
  filters: [],
  run: (ctx) => (master ? findTwoUpValue : findTwoUpMatches)({ ...common(ctx), bookmakers: bookmakers(ctx) }),
  ...atBookmaker,
  columns: twoUpColumns,
  rankColumn: master ? 'ev' : 'rating',
  calculator: (r, ctx) => ({
    ...place(r),
    betType: 'qualifying',
    stake: ctx.stake,
    backOdds: r.backOdds,
    layOdds: r.layOdds,
    layCommission: r.commission,
  }),
  bet: (r, source, ctx) => singleLay(r, source, ctx.stake, 'qualifying', r.expectedProfit),
});
