// The steamChaser tool's description: its filters, engine call, columns, calculator link and tracked bet.
import { findSteamers, type SteamerRow } from '@matchkit/sdk/matching';
import { fractionPercent, odds } from '../format';
import type { FinderSpec } from './types';
import { choice, optionalNumber } from './filters';
import { eventColumn, selectionColumn, backColumn, moneyColumn, ratioColumn } from './columns';
import { atBookmaker, bookmakers, common, oddsText, recorded } from './shared';
import { poundsText } from '../../../components/money';

export const steamChaser: FinderSpec<SteamerRow> = {
  filters: [
    {
      key: 'steam',
      label: 'Least shortening (%)',
      kind: 'percent',
      initial: '5',
      paths: ['minSteam'],
      hint: 'How much the exchange’s fair chance must have risen since the earlier prices.',
    },
    choice(
      'since',
      'Compared with prices from',
      [
        ['60', 'A minute ago'],
        ['300', 'Five minutes ago'],
        ['900', 'Fifteen minutes ago'],
      ],
      ['earlier'],
      'Or since you opened the page, if that was more recent.',
    ),
  ],
  run: (ctx, v) =>
    findSteamers({ ...common(ctx), bookmakers: bookmakers(ctx), earlier: ctx.earlier, minSteam: optionalNumber(v, 'steam') }),
  ...atBookmaker,
  columns: [
    eventColumn(),
    selectionColumn(),
    backColumn(),
    ratioColumn('fair', 'Fair odds', (r) => r.fairOdds, odds),
    ratioColumn(
      'steam',
      'Shortened by',
      (r) => r.steam,
      (n) => fractionPercent(n),
    ),
    ratioColumn(
      'edge',
      'Edge',
      (r) => r.edge,
      (n) => fractionPercent(n),
    ),
    moneyColumn('ev', 'Expected profit', (r) => r.expectedProfit),
  ],
  rankColumn: 'ev',
  // A value bet: the expected value calculator with the exchange's fair odds (the price to beat).
  calculator: (r, ctx) => ({
    slug: 'ev-calculator',
    fn: 'expectedValue',
    values: { betType: 'qualifying', backStake: poundsText(ctx.stake), backOdds: oddsText(r.backOdds), fairOdds: oddsText(r.fairOdds) },
  }),
  bet: (r, source, ctx) =>
    recorded(
      r,
      source,
      'ev',
      [{ role: 'qualifying', side: 'back', account: r.bookmaker, odds: r.backOdds, stake: ctx.stake, result: 'pending' }],
      r.expectedProfit,
    ),
};
