// The bogCatcher tool's description: its filters, engine call, columns, calculator link and tracked bet.
import { findBogValue, type BogRow } from '@matchkit/sdk/matching';
import { fractionPercent, odds } from '../format';
import type { FinderSpec } from './types';
import { optionalNumber } from './filters';
import { eventColumn, selectionColumn, backColumn, layColumn, moneyColumn, ratioColumn } from './columns';
import { atExchange, bookmakers, common, place, singleLay } from './shared';

export const bogCatcher: FinderSpec<BogRow> = {
  filters: [
    {
      key: 'vol',
      label: 'Starting-price volatility',
      kind: 'number',
      initial: '0.2',
      paths: ['volatility'],
      hint: 'Log-volatility of the starting price around the fair odds.',
    },
  ],
  run: (ctx, v) => findBogValue({ ...common(ctx), bookmakers: bookmakers(ctx), volatility: optionalNumber(v, 'vol') }),
  ...atExchange,
  columns: [
    eventColumn(),
    selectionColumn(),
    backColumn(),
    layColumn(),
    ratioColumn(
      'chance',
      'Win chance',
      (r) => r.winProbability,
      (n) => fractionPercent(n),
    ),
    ratioColumn('sp', 'Expected SP', (r) => r.expectedStartingPrice, odds),
    // The sdk's qualifyingLoss is a signed profit (negative for a loss).
    moneyColumn('ql', 'Profit at the price taken', (r) => r.qualifyingLoss),
    moneyColumn('uplift', 'Expected uplift', (r) => r.expectedUplift),
    moneyColumn('ev', 'Expected profit', (r) => r.expectedProfit),
  ],
  rankColumn: 'ev',
  calculator: (r, ctx) => ({
    ...place(r),
    betType: 'qualifying',
    stake: ctx.stake,
    backOdds: r.backOdds,
    layOdds: r.layOdds,
    layCommission: r.commission,
  }),
  bet: (r, source, ctx) => singleLay(r, source, ctx.stake, 'qualifying', r.expectedProfit),
};
