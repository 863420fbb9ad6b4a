import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cumulativeProfit,
  endpointTotals,
  goalProgress,
  maxDrawdown,
  drawdownSeries,
  openLiability,
  parseBets,
  totalsBy,
  trackerTotals,
  type ProfitTotals,
  type TotalsGrouping,
} from './index';
import { settledPenceOf } from './settle';
import { betsArb } from './testing/arbitraries';

const FIELDS = ['betCount', 'staked', 'profit', 'pendingProfit', 'guaranteed', 'potential', 'training', 'ev'] as const;
const sum = (ts: readonly ProfitTotals[]) => Object.fromEntries(FIELDS.map((f) => [f, ts.reduce((s, t) => s + t[f], 0)]));

describe('totals laws', () => {
  it('totals equal the sum over bets however they are grouped (profit type, source, UK day, UK month)', () => {
    fc.assert(
      fc.property(betsArb(), fc.constantFrom<TotalsGrouping>('profitType', 'source', 'day', 'month'), (bets, by) => {
        const all = trackerTotals(bets);
        expect(sum(totalsBy(bets, by).map((g) => g.totals))).toEqual({ ...all });
        // ... and the sum of every bet on its own (totals are additive).
        expect(sum(bets.map((b) => trackerTotals([b])))).toEqual({ ...all });
      }),
      { numRuns: 60 },
    );
  });

  it('the per-type figures sum to the settled profit', () => {
    fc.assert(
      fc.property(betsArb(), (bets) => {
        const t = trackerTotals(bets);
        expect(t.guaranteed + t.potential + t.training + t.ev).toBe(t.profit);
      }),
      { numRuns: 60 },
    );
  });

  it('every day group lies inside its month group: the days of a month sum to the month', () => {
    fc.assert(
      fc.property(betsArb(), (bets) => {
        const months = totalsBy(bets, 'month');
        const days = totalsBy(bets, 'day');
        for (const m of months)
          expect(sum(days.filter((d) => d.key.startsWith(`${m.key}-`)).map((d) => d.totals))).toEqual({ ...m.totals });
      }),
      { numRuns: 60 },
    );
  });

  it('an endpoint’s totals are the totals of the bets it selects, and never count more bets than its sources have', () => {
    fc.assert(
      fc.property(betsArb(), (bets) => {
        const bySource = new Map(totalsBy(bets, 'source').map((g) => [g.key, g.totals]));
        for (const e of endpointTotals('primary', bets)) {
          const ofSources = e.sources.reduce((n, s) => n + (bySource.get(s)?.betCount ?? 0), 0);
          expect(e.totals.betCount).toBeLessThanOrEqual(ofSources);
          if (e.selects === 'all') expect(e.totals).toEqual(trackerTotals(bets.filter((b) => e.sources.includes(b.source))));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('the last point of the cumulative series is the total settled profit, and each point adds its day', () => {
    fc.assert(
      fc.property(betsArb(), (bets) => {
        const series = cumulativeProfit(bets);
        expect(series.at(-1)?.cumulative ?? 0).toBe(trackerTotals(bets).profit);
        series.forEach((p, i) => expect(p.cumulative).toBe((series[i - 1]?.cumulative ?? 0) + p.profit));
        expect(series.map((p) => p.day)).toEqual([...new Set(series.map((p) => p.day))].sort());
      }),
      { numRuns: 60 },
    );
  });

  it('the maximum drawdown is the largest fall from any earlier peak (brute force over every pair, the start included)', () => {
    fc.assert(
      fc.property(betsArb(), (bets) => {
        const settled = parseBets('primary', bets)
          .filter((b) => b.status === 'settled')
          .sort((a, b) => (a.settledAt ?? 0) - (b.settledAt ?? 0) || (a.id < b.id ? -1 : 1));
        const c = [0];
        for (const b of settled) c.push((c.at(-1) ?? 0) + (b.settledProfit ?? 0));
        let worst = 0;
        for (let j = 0; j < c.length; j += 1) for (let i = 0; i <= j; i += 1) worst = Math.max(worst, (c[i] ?? 0) - (c[j] ?? 0));
        const d = maxDrawdown(bets);
        expect(d.amount).toBe(worst);
        expect(d.peak - d.trough).toBe(d.amount);
      }),
      { numRuns: 60 },
    );
  });

  it('the end-of-day drawdown is never negative, its peak never falls, and its largest is at most the bet-by-bet maximum drawdown', () => {
    fc.assert(
      fc.property(betsArb(), (bets) => {
        const series = drawdownSeries(bets);
        const cumulative = cumulativeProfit(bets);
        expect(series.map((p) => [p.day, p.cumulative])).toEqual(cumulative.map((p) => [p.day, p.cumulative]));
        let peak = 0;
        for (const p of series) {
          expect(p.drawdown).toBeGreaterThanOrEqual(0);
          expect(p.peak).toBeGreaterThanOrEqual(peak);
          expect(p.peak - p.cumulative).toBe(p.drawdown);
          peak = p.peak;
        }
        expect(Math.max(0, ...series.map((p) => p.drawdown))).toBeLessThanOrEqual(maxDrawdown(bets).amount);
      }),
      { numRuns: 60 },
    );
  });

  it('goal progress counts exactly the month group’s settled profit', () => {
    fc.assert(
      fc.property(betsArb(), (bets) => {
        for (const m of totalsBy(bets, 'month')) {
          const p = goalProgress('primary', bets, { goal: 'goal-500-1000', month: m.key });
          expect(p.profit).toBe(m.totals.profit);
          expect(p.toMin).toBe(Math.max(0, 50_000 - m.totals.profit));
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('open liability laws', () => {
  it('the liability of a set of bets is the sum of the liabilities of its bets', () => {
    fc.assert(
      fc.property(betsArb(), (bets) => {
        expect(openLiability(bets)).toBe(bets.reduce((s, b) => s + openLiability([b]), 0));
      }),
      { numRuns: 60 },
    );
  });

  it('an open bet’s liability is what settlement takes from it when every pending lay loses; other bets have none', () => {
    fc.assert(
      fc.property(betsArb(), (bets) => {
        for (const bet of parseBets('primary', bets)) {
          const lays = bet.legs.filter((l) => l.side === 'lay' && l.result === 'pending').map((l) => ({ ...l, result: 'lost' as const }));
          expect(openLiability([bet])).toBe(bet.status === 'open' ? 0 - settledPenceOf(lays) : 0);
        }
      }),
      { numRuns: 60 },
    );
  });
});
