// The accaCatcher tool's description: its filters, engine call, columns, calculator link and tracked bet.
import { findAccas, type AccaRow } from '@matchkit/sdk/matching';
import type { TrackedLegInput } from '@matchkit/sdk/tracker';
import { odds } from '../format';
import type { FinderSpec } from './types';
import { choice, optionalNumber } from './filters';
import { listColumn, moneyColumn, ratioColumn } from './columns';
import { common, now, oddsText, percentText } from './shared';
import { poundsText } from '../../../components/money';
import { accountLabel } from '../../../copy/names';

export const accaCatcher: FinderSpec<AccaRow> = {
  offerBookmaker: true,
  filters: [
    choice(
      'kind',
      'Offer',
      [
        ['insurance', 'Acca insurance (refund if one leg loses)'],
        ['qualifying', 'Qualifying acca'],
        ['freeBet', 'Free bet acca'],
      ],
      ['offer.kind'],
    ),
    { key: 'legs', label: 'Legs', kind: 'number', initial: '4', paths: ['offer.legs'] },
    {
      key: 'pool',
      label: 'Best legs to combine',
      kind: 'number',
      initial: '10',
      paths: ['pool'],
      hint: 'How many of the best-rated legs (one per event) the accas are built from: more finds more, slower.',
    },
    { key: 'min', label: 'Minimum leg odds', kind: 'number', initial: '1.5', paths: ['offer.minLegOdds'] },
    { key: 'max', label: 'Maximum leg odds', kind: 'number', initial: '4', paths: ['offer.maxLegOdds'] },
    {
      key: 'refund',
      label: 'Refund (£)',
      kind: 'money',
      initial: '10',
      paths: ['offer.refund', 'offer.refund.amount'],
      when: (v) => v['kind'] === 'insurance',
    },
    {
      key: 'ret',
      label: 'Refund retention (%)',
      kind: 'percent',
      initial: '70',
      paths: ['offer.refund.retention'],
      hint: 'Your estimate of the share of a free-bet refund you keep.',
      when: (v) => v['kind'] === 'insurance',
    },
  ],
  run: (ctx, v) => {
    const kind = v['kind'] === 'qualifying' || v['kind'] === 'freeBet' ? v['kind'] : 'insurance';
    const refund =
      kind === 'insurance' && typeof v['refund'] === 'number' && typeof v['ret'] === 'number'
        ? { amount: v['refund'], retention: v['ret'] }
        : undefined;
    return findAccas({
      ...common(ctx),
      pool: optionalNumber(v, 'pool'),
      offer: {
        bookmaker: ctx.bookmaker,
        kind,
        legs: optionalNumber(v, 'legs') ?? 4,
        minLegOdds: optionalNumber(v, 'min'),
        maxLegOdds: optionalNumber(v, 'max'),
        refund,
      },
    });
  },
  key: (r) => `${r.exchange}|${r.legs.map((l) => l.selectionId).join('+')}`,
  label: (r) => `${r.legs.map((l) => l.selectionName).join(', ')} at ${accountLabel(r.bookmaker)}`,
  columns: [
    listColumn(
      'legs',
      'Legs',
      (r) => r.legs,
      (l) => `${odds(l.backOdds)} / lay ${odds(l.layOdds)} · ${l.eventName}`,
    ),
    ratioColumn('odds', 'Acca odds', (r) => r.accaOdds, odds),
    { id: 'exchange', header: 'Exchange', cell: (r) => accountLabel(r.exchange) },
    moneyColumn('liability', 'First lay liability', (r) => r.liabilities[0] ?? 0),
    moneyColumn('profit', 'Profit on every path', (r) => r.profit),
  ],
  rankColumn: 'profit',
  // The acca calculator with the row's legs and lay odds: the insurance lock-in with the refund, else a sequential lay.
  calculator: (r, ctx, v) => {
    const legs = Object.fromEntries(
      r.legs.flatMap((l, i) => [
        [`legs.${i}.backOdds`, oddsText(l.backOdds)],
        [`legs.${i}.layOdds`, oddsText(l.layOdds)],
      ]),
    );
    const common = { backStake: poundsText(ctx.stake), ...legs, layCommission: percentText(r.commission) };
    if (v['kind'] === 'qualifying' || v['kind'] === 'freeBet') {
      return {
        slug: 'acca-calculator',
        fn: 'accaSequentialLay',
        values: { betType: v['kind'] === 'freeBet' ? 'snr' : 'qualifying', ...common },
      };
    }
    const refund = typeof v['refund'] === 'number' ? { 'refund.amount': poundsText(v['refund']) } : {};
    const retention = typeof v['ret'] === 'number' ? { 'refund.retention': percentText(v['ret']) } : {};
    return { slug: 'acca-calculator', fn: 'accaInsuranceLockIn', values: { ...common, ...refund, ...retention } };
  },
  bet: (r, source, ctx, v) => {
    const commission = r.commission === 0 ? {} : { commission: r.commission };
    const free = v['kind'] === 'freeBet';
    const role = free ? 'free-bet' : 'qualifying';
    return {
      source,
      profitType: 'guaranteed',
      event: r.legs.map((l) => l.eventName).join('; '),
      market: `${r.legs.length}-fold acca`,
      selection: r.legs.map((l) => l.selectionName).join(', '),
      legs: [
        {
          role,
          side: 'back',
          account: r.bookmaker,
          odds: Number(r.accaOdds.toFixed(4)),
          stake: ctx.stake,
          result: 'pending',
          ...(free ? { freeBet: 'snr' as const } : {}),
        },
        ...r.legs.map((l, i): TrackedLegInput => ({
          role,
          side: 'lay',
          account: r.exchange,
          odds: l.layOdds,
          stake: Math.round(r.layStakes[i] ?? 0),
          result: 'pending',
          ...commission,
        })),
      ],
      expectedProfit: Math.round(r.profit),
      placedAt: now(),
      note: 'Lay each leg once the one before it has won (sequential lay).',
    };
  },
};
