import { describe, expect, it } from 'vitest';
import { createOddsmatcher } from '@matchkit/sdk/matching';
import { compileFloorFilters, floorTopK, naiveTopK, type BenchFilters } from '../../../bench/oddsmatcher-baselines';
import { BENCH_FILTERS, generateBenchData, type BenchData, type RankedPair } from '../../../bench/oddsmatcher-data';

// The benchmark's three implementations (the sdk engine, the naive version and the floor) on a
// small dataset: they must return the same top k, in the same order, with the same ratings. The
// timed benchmark itself (`npm run bench`) is not part of the tests.

const OPEN: BenchFilters = {
  minOdds: 1,
  maxOdds: 1000,
  minRating: 0,
  minLiquidity: 0,
  startsFrom: '2025-01-01T00:00:00Z',
  startsTo: '2026-01-01T00:00:00Z',
  sports: ['basketball', 'cricket', 'football', 'horse-racing', 'tennis'],
  marketTypes: ['match-odds', 'both-teams-to-score', 'draw-no-bet', 'over-under-2-5'],
  bookmakers: ['bk-a', 'bk-b', 'bk-c', 'bk-d', 'bk-e', 'bk-f', 'bk-g', 'bk-h', 'bk-i', 'bk-j'],
  exchangeSettings: { betconnect: true },
};

function threeWays(data: BenchData, filters: BenchFilters, k: number) {
  const matcher = createOddsmatcher({ limit: k, filters });
  matcher.load(data.snapshot);
  const engine: RankedPair[] = matcher
    .getSnapshot()
    .map((r) => ({ selectionId: r.selectionId, bookmaker: r.bookmaker, exchange: r.exchange, score: r.rating }));
  const naive = naiveTopK(data.pairs, filters, k).map((p) => ({ ...p, score: p.score * 100 }));
  const f = floorTopK(data.columns, compileFloorFilters(filters, data.marketTypes), k);
  const floor: RankedPair[] = Array.from(f.index, (p, j) => {
    const back = data.snapshot.backPrices[data.columns.backIndex[p] as number];
    const lay = data.snapshot.exchangePrices[data.columns.layIndex[p] as number];
    return {
      selectionId: back?.selectionId ?? '',
      bookmaker: back?.bookmaker ?? '',
      exchange: lay?.exchange ?? '',
      score: (f.score[j] as number) * 100,
    };
  });
  return { engine, naive, floor, pairs: matcher.stats().pairs };
}

describe('benchmark implementations agree', () => {
  const data = generateBenchData(2000, 7);

  it('the dataset has 4 pairs per runner: 2,000 markets give 5,000 runners and 20,000 pairs', () => {
    expect(data.snapshot.markets).toHaveLength(2000);
    expect(data.columns.n).toBe(20_000);
    expect(data.pairs).toHaveLength(20_000);
  });

  for (const [name, filters, k] of [
    ['the benchmark filters, top 100', BENCH_FILTERS, 100],
    ['no filters but betconnect on, top 250 (many equal ratings)', OPEN, 250],
    ['the benchmark filters, top 1 and top 1,000', BENCH_FILTERS, 1],
    ['the benchmark filters, top 1,000', BENCH_FILTERS, 1000],
  ] as const) {
    it(`engine, naive and floor return the same top k: ${name}`, () => {
      const { engine, naive, floor, pairs } = threeWays(data, filters, k);
      expect(pairs).toBe(20_000);
      expect(engine.length).toBeGreaterThan(0);
      expect(engine).toEqual(floor);
      expect(naive).toEqual(floor);
    });
  }

  it('equal ratings occur, so the tie-break is exercised', () => {
    const { engine } = threeWays(data, OPEN, 250);
    const ties = engine.filter((r, i) => i > 0 && engine[i - 1]?.score === r.score).length;
    expect(ties).toBeGreaterThan(10);
  });
});
