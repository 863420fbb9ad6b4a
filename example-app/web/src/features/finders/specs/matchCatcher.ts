// The matchCatcher tool's description: its filters, engine call, columns, calculator link and tracked bet.
import { findMatchCatches, type MatchCatcherRow } from '@matchkit/sdk/matching';
import { percent } from '../format';
import type { FinderSpec } from './types';
import { choice, BET_TYPE, betType, optionalNumber } from './filters';
import { eventColumn, selectionColumn, backColumn, layColumn, moneyColumn, ratioColumn } from './columns';
import { atExchange, common, place, singleLay } from './shared';

export const matchCatcher: FinderSpec<MatchCatcherRow> = {
  offerBookmaker: true,
  filters: [
    BET_TYPE,
    {
      key: 'min',
      label: 'Minimum back odds',
      kind: 'number',
      initial: '',
      paths: ['offer.minOdds'],
      hint: 'The offer’s minimum odds, if it has one.',
    },
    { key: 'max', label: 'Maximum back odds', kind: 'number', initial: '', paths: ['offer.maxOdds'] },
    choice(
      'sport',
      'Sport',
      [
        ['', 'All sports'],
        ['football', 'Football'],
        ['horse-racing', 'Horse racing'],
        ['golf', 'Golf'],
      ],
      ['offer.sports'],
    ),
    {
      key: 'hours',
      label: 'Starting within (hours)',
      kind: 'number',
      initial: '',
      paths: ['offer.startsTo'],
      hint: 'The offer’s deadline, if it has one.',
    },
  ],
  run: (ctx, v) => {
    const hours = optionalNumber(v, 'hours');
    return findMatchCatches({
      ...common(ctx),
      offer: {
        bookmaker: ctx.bookmaker,
        betType: betType(v),
        minOdds: optionalNumber(v, 'min'),
        maxOdds: optionalNumber(v, 'max'),
        sports: typeof v['sport'] === 'string' && v['sport'] !== '' ? [v['sport']] : undefined,
        // From the feed's own time, so that the window moves with the prices shown.
        startsTo: hours === undefined ? undefined : new Date(ctx.at + Math.max(0, hours) * 3_600_000).toISOString(),
      },
    });
  },
  ...atExchange,
  columns: [
    eventColumn(),
    selectionColumn(),
    backColumn(),
    layColumn(),
    ratioColumn(
      'rating',
      'Rating',
      (r) => r.rating,
      (n) => percent(n),
    ),
    moneyColumn('layStake', 'Lay stake', (r) => r.layStake),
    moneyColumn('liability', 'Liability', (r) => r.liability),
    moneyColumn('profit', 'Profit', (r) => r.profit),
  ],
  rankColumn: 'rating',
  calculator: (r, ctx, v) => ({
    ...place(r),
    betType: betType(v),
    stake: ctx.stake,
    backOdds: r.backOdds,
    layOdds: r.layOdds,
    layCommission: r.commission,
  }),
  bet: (r, source, ctx, v) => singleLay(r, source, ctx.stake, betType(v)),
};
