import { describe, expect, it } from 'vitest';
import { validationPaths } from '../internal/testing/validation';
import {
  cumulativeProfit,
  drawdownSeries,
  endpointTotals,
  goalProgress,
  maxDrawdown,
  openLiability,
  settleBet,
  totalsBy,
  trackerTotals,
  type TrackedBetInput,
  type TrackedLegInput,
} from './index';
import { qualifier } from './testing/arbitraries';

/** A settled one-leg bet of a given profit (a back at 2.0 that wins its stake, or loses it). */
function settled(id: string, profit: number, settledAt: number, extra: Partial<TrackedBetInput> = {}): TrackedBetInput {
  return settleBet(
    {
      ...qualifier(0, 2, 0, 2, 0),
      id,
      legs: [
        { role: 'qualifying', side: 'back', account: 'bet-co', odds: 2, stake: Math.abs(profit), result: profit >= 0 ? 'won' : 'lost' },
      ],
      placedAt: settledAt - 3_600_000,
      ...extra,
    },
    { at: settledAt },
  );
}

const open = (id: string, expectedProfit: number, placedAt: number, extra: Partial<TrackedBetInput> = {}): TrackedBetInput => ({
  ...qualifier(1000, 3, 943, 3.2, 0.02),
  id,
  expectedProfit,
  placedAt,
  ...extra,
});

describe('trackerTotals', () => {
  it('counts settled profit by type, pending profit of open bets, stakes of back legs, and nothing of void bets', () => {
    const bets = [
      settled('a', 500, Date.UTC(2025, 7, 1, 12)),
      settled('b', -200, Date.UTC(2025, 7, 2, 12), { profitType: 'ev' }),
      open('c', -75, Date.UTC(2025, 7, 3, 12)),
      { ...settled('d', 900, Date.UTC(2025, 7, 4, 12)), status: 'void' as const, settledProfit: null },
    ];
    expect(trackerTotals(bets)).toEqual({
      betCount: 3,
      staked: 500 + 200 + 1000,
      profit: 300,
      pendingProfit: -75,
      guaranteed: 500,
      potential: 0,
      training: 0,
      ev: -200,
    });
  });

  it('names every bad field of every bet', () => {
    expect(validationPaths(() => trackerTotals([open('a', 1.5, 0), open('a', 0, Number.NaN)]))).toEqual([
      'bets.0.expectedProfit',
      'bets.1.placedAt',
      'bets.1.id',
    ]);
  });
});

describe('totalsBy', () => {
  it('groups by Europe/London day: 23:30 UTC on 11 August 2025 is 12 August in UK summer time, 23:30 UTC on 11 January is 11 January', () => {
    const bets = [
      settled('a', 100, Date.UTC(2025, 7, 11, 23, 30)),
      settled('b', 200, Date.UTC(2025, 7, 11, 22, 59)),
      settled('c', 400, Date.UTC(2025, 0, 11, 23, 30)),
    ];
    expect(totalsBy(bets, 'day').map((g) => [g.key, g.totals.profit])).toEqual([
      ['2025-01-11', 400],
      ['2025-08-11', 200],
      ['2025-08-12', 100],
    ]);
  });

  it('groups by UK month: 23:30 UTC on 31 August 2025 is September in London', () => {
    const bets = [settled('a', 100, Date.UTC(2025, 7, 31, 23, 30)), settled('b', 200, Date.UTC(2025, 7, 31, 22, 30))];
    expect(totalsBy(bets, 'month').map((g) => [g.key, g.totals.profit])).toEqual([
      ['2025-08', 200],
      ['2025-09', 100],
    ]);
  });

  it('books an open bet on the day it was placed', () => {
    expect(totalsBy([open('a', -75, Date.UTC(2025, 2, 30, 0, 30))], 'day').map((g) => [g.key, g.totals.pendingProfit])).toEqual([
      ['2025-03-30', -75],
    ]);
  });

  it('lists profit types in the catalogue’s order and sources in name order', () => {
    const bets = [
      settled('a', 1, 1e12, { profitType: 'ev', source: 'two-up' }),
      settled('b', 2, 1e12, { profitType: 'guaranteed', source: 'manual' }),
      settled('c', 4, 1e12, { profitType: 'training', source: 'casino' }),
    ];
    expect(totalsBy(bets, 'profitType').map((g) => g.key)).toEqual(['guaranteed', 'training', 'ev']);
    expect(totalsBy(bets, 'source').map((g) => g.key)).toEqual(['casino', 'manual', 'two-up']);
  });

  it('names a bad grouping together with every bad bet', () => {
    expect(validationPaths(() => totalsBy([open('a', 0.5, 0)], 'week' as 'day'))).toEqual(['bets.0.expectedProfit', 'by']);
  });
});

describe('endpointTotals', () => {
  const partLay: TrackedBetInput = {
    ...qualifier(1000, 3, 500, 3.2, 0.02),
    id: 'pl',
    source: 'extra-place',
    legs: [
      { role: 'qualifying', side: 'back', account: 'bet-co', odds: 3, stake: 1000, result: 'pending' },
      { role: 'qualifying', side: 'lay', account: 'smarkets', odds: 3.2, stake: 500, commission: 0.02, result: 'pending' },
      { role: 'qualifying', side: 'lay', account: 'betfair', odds: 3.3, stake: 440, commission: 0.05, result: 'pending' },
    ],
    expectedProfit: -80,
  };

  it('has one entry per endpoint and params of the primary catalogue, with the tools that call it', () => {
    expect(endpointTotals('primary', []).map((e) => [e.endpoint, e.params, e.tools, e.selects])).toEqual([
      ['two-up-tracker/getMyBetsTotals', { variant: 'standard' }, ['twoUpMatcher'], 'all'],
      ['two-up-tracker/getMyBetsTotals', { variant: 'master' }, ['twoUpMaster'], 'all'],
      ['extra-place-catcher/getMyBetsTotals', {}, ['extraPlaceCatcher'], 'all'],
      ['getPartLayMyBetsTotals', { tool: 'extra-place-master' }, ['extraPlaceMaster'], 'part-lay'],
      ['lucky-finder/getMyBetsTotals', {}, ['luckyFinder'], 'all'],
      ['getNoLayMyBetsTotals', { tool: 'steam-chaser' }, ['steamChaser'], 'no-lay'],
      ['golf-master/getNoLayMyBetsTotals', {}, ['golfMaster'], 'no-lay'],
    ]);
  });

  it('counts a part-lay extra-place bet in both extra-place endpoints, a plain one only in the catcher’s', () => {
    const plain = { ...qualifier(1000, 3, 943, 3.2, 0.02), id: 'x', source: 'extra-place', expectedProfit: -75 };
    const byName = Object.fromEntries(endpointTotals('primary', [partLay, plain]).map((e) => [e.endpoint, e.totals.pendingProfit]));
    expect(byName['extra-place-catcher/getMyBetsTotals']).toBe(-155);
    expect(byName['getPartLayMyBetsTotals']).toBe(-80);
  });

  it('counts only no-lay bets of the golf master', () => {
    const noLay = {
      ...qualifier(0, 2, 0, 2, 0),
      id: 'g1',
      source: 'golf-master',
      legs: [{ role: 'qualifying' as const, side: 'back' as const, account: 'bet-co', odds: 41, stake: 500, result: 'pending' as const }],
      expectedProfit: 120,
    };
    const laid = { ...qualifier(1000, 3, 943, 3.2, 0.02), id: 'g2', source: 'golf-master', expectedProfit: -50 };
    const golf = endpointTotals('primary', [noLay, laid]).find((e) => e.endpoint === 'golf-master/getNoLayMyBetsTotals');
    expect(golf?.totals).toMatchObject({ betCount: 1, staked: 500, pendingProfit: 120 });
  });

  it('reads the secondary brand’s own catalogue (no golf master, no part-lay or no-lay endpoint)', () => {
    expect(endpointTotals('secondary', []).map((e) => e.endpoint)).toEqual([
      'lucky-finder/getMyBetsTotals',
      'extra-place-catcher/getMyBetsTotals',
      'two-up-tracker/getMyBetsTotals',
      'two-up-tracker/getMyBetsTotals',
    ]);
  });
});

describe('cumulativeProfit and maxDrawdown', () => {
  const day = (d: number, h = 12) => Date.UTC(2025, 7, d, h);
  // +500, -200, -400 (two on the 3rd), +300, -900, +1000: cumulative 500, 300, -100, 200, -700, 300.
  const bets = [
    settled('a', 500, day(1)),
    settled('b', -200, day(3, 9)),
    settled('c', -400, day(3, 15)),
    settled('d', 300, day(4)),
    settled('e', -900, day(5)),
    settled('f', 1000, day(6)),
    open('g', -75, day(2)),
  ];

  it('has one point per UK day with settled bets, with the running total', () => {
    expect(cumulativeProfit(bets)).toEqual([
      { day: '2025-08-01', profit: 500, cumulative: 500 },
      { day: '2025-08-03', profit: -600, cumulative: -100 },
      { day: '2025-08-04', profit: 300, cumulative: 200 },
      { day: '2025-08-05', profit: -900, cumulative: -700 },
      { day: '2025-08-06', profit: 1000, cumulative: 300 },
    ]);
  });

  it('the maximum drawdown is the largest fall from a running peak: 500 down to -700 is 1200', () => {
    expect(maxDrawdown(bets)).toEqual({ amount: 1200, peak: 500, trough: -700, peakAt: day(1), troughAt: day(5) });
  });

  it('a fall from the start counts from 0, with no peak instant', () => {
    expect(maxDrawdown([settled('a', -300, day(1)), settled('b', 100, day(2))])).toEqual({
      amount: 300,
      peak: 0,
      trough: -300,
      peakAt: null,
      troughAt: day(1),
    });
  });

  it('the drawdown by UK day: the best end of day so far (0 at the start) minus the day’s cumulative profit', () => {
    expect(drawdownSeries(bets)).toEqual([
      { day: '2025-08-01', cumulative: 500, peak: 500, drawdown: 0 },
      { day: '2025-08-03', cumulative: -100, peak: 500, drawdown: 600 },
      { day: '2025-08-04', cumulative: 200, peak: 500, drawdown: 300 },
      { day: '2025-08-05', cumulative: -700, peak: 500, drawdown: 1200 },
      { day: '2025-08-06', cumulative: 300, peak: 500, drawdown: 200 },
    ]);
    expect(drawdownSeries([settled('a', -300, day(1))])).toEqual([{ day: '2025-08-01', cumulative: -300, peak: 0, drawdown: 300 }]);
  });

  it('is 0 when the profit never falls', () => {
    expect(maxDrawdown([settled('a', 300, day(1)), settled('b', 0, day(2))]).amount).toBe(0);
  });
});

describe('goalProgress', () => {
  it('sums the month’s settled profit (UK month) against the goal', () => {
    const bets = [
      settled('a', 20_000, Date.UTC(2025, 7, 10)),
      settled('b', 15_000, Date.UTC(2025, 7, 31, 23, 30)), // 1 September in London
      settled('c', 12_000, Date.UTC(2025, 7, 31, 22, 30)),
      open('d', 5000, Date.UTC(2025, 7, 12)),
    ];
    expect(goalProgress('primary', bets, { goal: 'goal-300-600', month: '2025-08' })).toEqual({
      goal: 'goal-300-600',
      month: '2025-08',
      profit: 32_000,
      monthlyMin: 30_000,
      monthlyMax: 60_000,
      orMore: false,
      reachedMin: true,
      reachedMax: false,
      toMin: 0,
      toMax: 28_000,
      shareOfMin: 32_000 / 30_000,
    });
    expect(goalProgress('primary', bets, { goal: 'goal-1000-2000', month: '2025-09' })).toMatchObject({
      profit: 15_000,
      toMin: 85_000,
      orMore: true,
    });
  });

  it('names an unknown goal and a malformed month', () => {
    expect(validationPaths(() => goalProgress('primary', [open('a', 0.5, 0)], { goal: 'rich', month: '2025-8' }))).toEqual([
      'options.goal',
      'options.month',
      'bets.0.expectedProfit',
    ]);
  });
});

describe('openLiability', () => {
  const AT = Date.UTC(2025, 7, 11, 17);

  it('sums stake × (odds − 1) of the pending lays of open bets, worked by hand', () => {
    const open = qualifier(1000, 3, 943, 3.2, 0.02); // 943 × 2.2 = 2074.6 → 2075
    const second = { ...qualifier(1000, 2, 500, 1.5, 0.02), id: 'q2' }; // 500 × 0.5 = 250
    const done = { ...settleBet(qualifier(1000, 3, 943, 3.2, 0.02), { at: AT, results: ['lost', 'won'] }), id: 'q3' };
    expect(openLiability([open, second, done])).toBe(2075 + 250);
    expect(openLiability([])).toBe(0);
  });

  /** An open bet with a £1 back and a win lay and a place lay at one exchange (no commission). */
  const twoLays = (win: Partial<TrackedLegInput>, place: Partial<TrackedLegInput>): TrackedBetInput => {
    const lay = { role: 'qualifying', side: 'lay', account: 'smarkets', commission: 0, result: 'pending' } as const;
    return {
      ...qualifier(0, 2, 0, 2, 0),
      legs: [
        { role: 'qualifying', side: 'back', account: 'bet-co', odds: 2, stake: 100, result: 'pending' },
        { ...lay, odds: 2, stake: 100, market: 'win', ...win },
        { ...lay, odds: 2, stake: 100, market: 'place', ...place },
      ],
    };
  };

  it('rounds each bet’s exact liability once, half away from zero: two lays of 0.5p are 1p, not 2p', () => {
    expect(openLiability([twoLays({ odds: 1.5, stake: 1 }, { odds: 1.5, stake: 1 })])).toBe(1);
  });

  it('counts only lays still pending: a lay already settled is no longer at risk', () => {
    expect(openLiability([twoLays({ odds: 3, result: 'lost' }, { odds: 4 })])).toBe(300);
  });

  it('refuses bad bets, naming the field', () => {
    expect(validationPaths(() => openLiability([{ ...qualifier(1000, 3, 943, 0.5, 0.02) }]))).toEqual(['bets.0.legs.1.odds']);
  });
});
