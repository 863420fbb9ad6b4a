import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createOddsmatcher } from '@matchkit/sdk/matching';
import { compileFloorFilters, floorTopK, naiveTopK, type BenchFilters } from '../../../bench/oddsmatcher-baselines';
import { BOOKMAKERS, EPOCH_MS, EXCHANGES, SPORTS, generateBenchData, type RankedPair } from '../../../bench/oddsmatcher-data';

// The benchmark's three implementations on random small feeds, random filters and random k: the
// floor (score first against a heap) must return exactly what the naive version (filter, full
// sort, slice) returns, and so must the sdk engine. The feed's prices sit on the exchange ladder,
// so equal ratings, and the tie-break, are common.

const TYPES = ['match-odds', 'both-teams-to-score', 'draw-no-bet', 'over-under-2-5'];
const DAY = 86_400_000;
const filtersArb: fc.Arbitrary<BenchFilters> = fc.record({
  minOdds: fc.constantFrom(1, 1.5, 2.02),
  maxOdds: fc.constantFrom(4, 12, 1000),
  minRating: fc.constantFrom(0, 80, 90, 95),
  minLiquidity: fc.constantFrom(0, 2000, 20_000),
  startsFrom: fc.integer({ min: 0, max: 3 }).map((d) => new Date(EPOCH_MS + d * DAY).toISOString()),
  startsTo: fc.integer({ min: 4, max: 8 }).map((d) => new Date(EPOCH_MS + d * DAY).toISOString()),
  sports: fc.subarray([...SPORTS], { minLength: 1 }),
  marketTypes: fc.subarray(TYPES, { minLength: 1 }),
  bookmakers: fc.subarray([...BOOKMAKERS], { minLength: 1 }),
  exchangeSettings: fc.dictionary(fc.constantFrom(...EXCHANGES), fc.boolean()),
});

describe('benchmark implementations, laws', () => {
  it('the floor, the naive version and the engine return the same top k for any feed, filters and k', () => {
    fc.assert(
      fc.property(fc.nat({ max: 2 ** 31 - 1 }), filtersArb, fc.integer({ min: 1, max: 400 }), (seed, filters, k) => {
        const data = generateBenchData(120, seed);
        const naive = naiveTopK(data.pairs, filters, k);
        const f = floorTopK(data.columns, compileFloorFilters(filters, data.marketTypes), k);
        const floor: RankedPair[] = Array.from(f.index, (p, j) => {
          const back = data.snapshot.backPrices[data.columns.backIndex[p] as number];
          const lay = data.snapshot.exchangePrices[data.columns.layIndex[p] as number];
          return {
            selectionId: back?.selectionId ?? '',
            bookmaker: back?.bookmaker ?? '',
            exchange: lay?.exchange ?? '',
            score: f.score[j] as number,
          };
        });
        expect(floor).toEqual(naive);
        const matcher = createOddsmatcher({ limit: k, filters });
        matcher.load(data.snapshot);
        const engine = matcher
          .getSnapshot()
          .map((r) => ({ selectionId: r.selectionId, bookmaker: r.bookmaker, exchange: r.exchange, score: r.rating }));
        expect(engine).toEqual(naive.map((p) => ({ ...p, score: p.score * 100 })));
      }),
      { numRuns: 150 },
    );
  });
});
