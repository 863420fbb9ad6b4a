// The priceBoostTracker tool's description: its filters, engine call, columns, calculator link and tracked bet.
import { findPriceBoosts, type PriceBoostRow } from '@matchkit/sdk/matching';
import { odds, percent } from '../format';
import type { FinderSpec } from './types';
import { optionalNumber } from './filters';
import { eventColumn, selectionColumn, backColumn, layColumn, moneyColumn, ratioColumn } from './columns';
import { atExchange, bookmakers, common, place, singleLay } from './shared';

export const priceBoostTracker: FinderSpec<PriceBoostRow> = {
  filters: [
    {
      key: 'minRating',
      label: 'Minimum rating (%)',
      kind: 'number',
      initial: '',
      paths: ['minRating'],
      hint: 'Over 100%, both outcomes end ahead at the prices shown.',
    },
  ],
  run: (ctx, v) => findPriceBoosts({ ...common(ctx), bookmakers: bookmakers(ctx), minRating: optionalNumber(v, 'minRating') }),
  ...atExchange,
  columns: [
    eventColumn(),
    selectionColumn(),
    backColumn((r) => `boosted from ${odds(r.boostedFrom)}`),
    layColumn(),
    ratioColumn(
      'rating',
      'Rating',
      (r) => r.rating,
      (n) => percent(n),
    ),
    moneyColumn('layStake', 'Lay stake', (r) => r.layStake),
    moneyColumn('profit', 'Profit', (r) => r.profit),
  ],
  rankColumn: 'rating',
  calculator: (r, ctx) => ({
    ...place(r),
    betType: 'qualifying',
    stake: ctx.stake,
    backOdds: r.backOdds,
    layOdds: r.layOdds,
    layCommission: r.commission,
  }),
  bet: (r, source, ctx) => singleLay(r, source, ctx.stake, 'qualifying'),
};
