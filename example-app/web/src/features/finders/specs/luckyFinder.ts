// The luckyFinder tool's description: its filters, engine call, columns, calculator link and tracked bet.
import { findLuckyBets, type LuckyRow } from '@matchkit/sdk/matching';
import { odds } from '../format';
import type { FinderSpec } from './types';
import { choice, optionalNumber } from './filters';
import { listColumn, moneyColumn } from './columns';
import { common } from './shared';
import { accountLabel } from '../../../copy/names';

export const luckyFinder: FinderSpec<LuckyRow> = {
  stakeLabel: 'Stake per line (£)',
  offerBookmaker: true,
  filters: [
    choice(
      'bet',
      'Bet',
      [
        ['lucky15', 'Lucky 15 (4 selections)'],
        ['lucky31', 'Lucky 31 (5 selections)'],
        ['lucky63', 'Lucky 63 (6 selections)'],
      ],
      ['offer.bet'],
    ),
    {
      key: 'mult',
      label: 'Odds multiplier for one winner',
      kind: 'number',
      initial: '2',
      paths: ['offer.oneWinnerOddsMultiplier'],
      hint: 'The offer’s bonus when only one selection wins (2 for double odds).',
    },
    { key: 'bonus', label: 'Bonus if all win (%)', kind: 'percent', initial: '10', paths: ['offer.allWinnersBonus'] },
    {
      key: 'pool',
      label: 'Best selections to combine',
      kind: 'number',
      initial: '10',
      paths: ['pool'],
      hint: 'The best selection of each event, up to this many.',
    },
  ],
  run: (ctx, v) =>
    findLuckyBets({
      ...common(ctx),
      pool: optionalNumber(v, 'pool'),
      offer: {
        bookmaker: ctx.bookmaker,
        bet: v['bet'] === 'lucky31' || v['bet'] === 'lucky63' ? v['bet'] : 'lucky15',
        oneWinnerOddsMultiplier: optionalNumber(v, 'mult'),
        allWinnersBonus: optionalNumber(v, 'bonus'),
      },
    }),
  key: (r) => r.selections.map((s) => s.selectionId).join('+'),
  label: (r) => `${r.selections.map((s) => s.selectionName).join(', ')} at ${accountLabel(r.bookmaker)}`,
  columns: [
    listColumn(
      'selections',
      'Selections',
      (r) => r.selections,
      (x) => `${odds(x.backOdds)} · lay ${odds(x.layOdds)} at ${accountLabel(x.exchange)} · ${x.eventName}`,
    ),
    moneyColumn('stake', 'Total stake', (r) => r.totalStake),
    moneyColumn('bonus', 'Bonus value', (r) => r.bonusValue),
    moneyColumn('layCost', 'Cost of the lays', (r) => r.layCost),
    moneyColumn('worst', 'Worst case', (r) => r.worstCaseProfit),
    moneyColumn('ev', 'Expected profit', (r) => r.expectedProfit),
  ],
  rankColumn: 'ev',
  calculator: (r, ctx) => {
    const first = r.selections[0];
    return first === undefined
      ? {}
      : {
          betType: 'qualifying',
          stake: ctx.stake,
          backOdds: first.backOdds,
          layOdds: first.layOdds,
          layCommission: first.commission,
          event: first.eventName,
          selection: first.selectionName,
          bookmaker: r.bookmaker,
          exchange: first.exchange,
        };
  },
};
