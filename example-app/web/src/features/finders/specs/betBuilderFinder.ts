// The betBuilderFinder tool's description: its filters, engine call, columns, calculator link and tracked bet.
import { findBetBuilderValue, type BetBuilderRow } from '@matchkit/sdk/matching';
import { fractionPercent } from '../format';
import type { FinderSpec } from './types';
import { eventColumn, priceColumn, listColumn, moneyColumn, ratioColumn } from './columns';
import { bookmakers, common, now } from './shared';
import { accountLabel } from '../../../copy/names';

export const betBuilderFinder: FinderSpec<BetBuilderRow> = {
  filters: [],
  run: (ctx) => findBetBuilderValue({ ...common(ctx), bookmakers: bookmakers(ctx) }),
  key: (r) => r.id,
  label: (r) => `${r.eventName} bet builder at ${accountLabel(r.bookmaker)}`,
  columns: [
    eventColumn(),
    listColumn(
      'legs',
      'Legs',
      (r) => r.legs,
      (l) => fractionPercent(l.probability),
    ),
    priceColumn(
      'back',
      'Back',
      (r) => r.odds,
      (r) => r.bookmaker,
    ),
    ratioColumn(
      'chance',
      'Chance (legs independent)',
      (r) => r.impliedProbability,
      (n) => fractionPercent(n),
    ),
    ratioColumn(
      'value',
      'Value ratio (approximate)',
      (r) => r.valueRatio,
      (n) => n.toFixed(3),
    ),
    moneyColumn('ev', 'Expected profit (approximate)', (r) => r.expectedProfit),
  ],
  rankColumn: 'value',
  calculator: (r, ctx) => ({
    betType: 'qualifying',
    stake: ctx.stake,
    backOdds: r.odds,
    event: r.eventName,
    market: 'Bet builder',
    selection: r.legs.map((l) => l.selectionName).join(', '),
    bookmaker: r.bookmaker,
  }),
  bet: (r, source, ctx) => ({
    source,
    profitType: 'ev',
    event: r.eventName,
    market: 'Bet builder',
    selection: r.legs.map((l) => l.selectionName).join(', '),
    legs: [{ role: 'qualifying', side: 'back', account: r.bookmaker, odds: r.odds, stake: ctx.stake, result: 'pending' }],
    expectedProfit: Math.round(r.expectedProfit),
    placedAt: now(),
    note: 'Value ratio approximate: the legs are correlated.',
  }),
};
