// A seeded synthetic odds feed for the oddsmatcher benchmark and its agreement test.
//
// Shape: `markets` markets, alternately 3 runners (match odds) and 2 runners, one event per two
// markets; every runner is priced by 2 of 10 bookmakers and laid at 2 of the 5 exchanges, so
// there are exactly 4 back/lay pairs per runner: 100,000 markets give 250,000 runners and
// 1,000,000 pairs. Prices sit on the exchange price ladder (so equal ratings, and therefore the
// tie-break, are common). Ids are zero-padded so that code-unit order is generation order.

import { createPrng } from '../src/casino/prng';

/**
 * A seeded draw in [0, 1): the sdk's own generator (`createPrng`, xoshiro128**), so the benches,
 * the property tests and the server's alert bench draw from one implementation.
 */
export function seededRandom(seed: number): () => number {
  const prng = createPrng(seed);
  return () => prng.nextFloat();
}

export const BOOKMAKERS = ['bk-a', 'bk-b', 'bk-c', 'bk-d', 'bk-e', 'bk-f', 'bk-g', 'bk-h', 'bk-i', 'bk-j'] as const;
export const EXCHANGES = ['betconnect', 'betdaq', 'betfair', 'matchbook', 'smarkets'] as const;
export const COMMISSION: Readonly<Record<string, number>> = {
  betconnect: 0.03,
  betdaq: 0.02,
  betfair: 0.05,
  matchbook: 0.015,
  smarkets: 0.02,
};
export const SPORTS = ['basketball', 'cricket', 'football', 'horse-racing', 'tennis'] as const;
const SPORT_WEIGHTS = [0.1, 0.1, 0.5, 0.15, 0.15];
const TWO_WAY_TYPES = ['both-teams-to-score', 'draw-no-bet', 'over-under-2-5'] as const;

/** The start of the synthetic fixture list; events start over the following 7 days. */
export const EPOCH_MS = Date.UTC(2025, 7, 11, 12, 0, 0);

const LADDER: readonly (readonly [number, number])[] = [
  [2, 0.01],
  [3, 0.02],
  [4, 0.05],
  [6, 0.1],
  [10, 0.2],
  [20, 0.5],
  [30, 1],
  [50, 2],
  [100, 5],
  [1000, 10],
];

function step(odds: number): number {
  for (const [upTo, s] of LADDER) if (odds < upTo) return s;
  return 10;
}

/** Rounds onto the exchange ladder (up or down), in whole hundredths, within [1.01, 1000]. */
export function toLadder(odds: number, up: boolean): number {
  const clamped = Math.min(1000, Math.max(1.01, odds));
  const st = step(clamped);
  const n = up ? Math.ceil(clamped / st - 1e-9) : Math.floor(clamped / st + 1e-9);
  return Math.min(1000, Math.max(1.01, Math.round(n * st * 100) / 100));
}

/** One ladder step up (`+1`) or down (`-1`) from ladder odds. */
export function ladderMove(odds: number, direction: 1 | -1): number {
  if (direction === 1) return toLadder(odds + step(odds), true);
  return toLadder(Math.max(1.01, odds - step(odds - 1e-9)), false);
}

/** Plain (unvalidated) snapshot records, in the shape of the sdk's market model. */
export interface BenchSnapshot {
  events: { id: string; sport: string; name: string; startsAt: string }[];
  markets: { id: string; eventId: string; type: string; name: string; runners: { id: string; name: string }[] }[];
  backPrices: { bookmaker: string; selectionId: string; odds: number }[];
  exchangePrices: {
    exchange: string;
    selectionId: string;
    back: null;
    lay: { odds: number; liquidity: number };
    commission: number;
  }[];
}

/** One back/lay pair, joined with everything the filters read: the naive version's input. */
export interface PairRecord {
  selectionId: string;
  bookmaker: string;
  exchange: string;
  sport: string;
  marketType: string;
  startMs: number;
  backOdds: number;
  layOdds: number;
  commission: number;
  liquidity: number;
}

/** The same pairs as columns (the floor's input), in tie-break order: index order is rank order on ties. */
export interface PairColumns {
  n: number;
  backOdds: Float64Array;
  layOdds: Float64Array;
  commission: Float64Array;
  liquidity: Float64Array;
  startMs: Float64Array;
  sport: Uint8Array;
  marketType: Uint8Array;
  bookmaker: Uint8Array;
  exchange: Uint8Array;
  /** Per pair: index of its back price and of its exchange price in the snapshot (for ticks). */
  backIndex: Int32Array;
  layIndex: Int32Array;
}

export interface BenchData {
  snapshot: BenchSnapshot;
  pairs: PairRecord[];
  columns: PairColumns;
  marketTypes: readonly string[];
}

function pick(random: () => number, weights: readonly number[]): number {
  let u = random();
  for (let i = 0; i < weights.length; i++) {
    u -= weights[i] as number;
    if (u < 0) return i;
  }
  return weights.length - 1;
}

/** Two distinct indices of [0, n), ascending. */
function twoOf(random: () => number, n: number): [number, number] {
  const a = Math.floor(random() * n);
  let b = Math.floor(random() * (n - 1));
  if (b >= a) b++;
  return a < b ? [a, b] : [b, a];
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Generates the feed for `markets` markets from `seed`. */
export function generateBenchData(markets: number, seed: number, withPairs = true): BenchData {
  const random = seededRandom(seed);
  const snapshot: BenchSnapshot = { events: [], markets: [], backPrices: [], exchangePrices: [] };
  const marketTypes = ['match-odds', ...TWO_WAY_TYPES];
  const width = String(markets).length + 1;
  const eventSport: string[] = [];
  const eventStart: number[] = [];
  for (let m = 0; m < markets; m++) {
    if (m % 2 === 0) {
      const e = m / 2;
      const sport = SPORTS[pick(random, SPORT_WEIGHTS)] as string;
      const start = EPOCH_MS + Math.floor(random() * 7 * 96) * 900_000;
      eventSport.push(sport);
      eventStart.push(start);
      snapshot.events.push({ id: `e${pad(e, width)}`, sport, name: `Event ${e}`, startsAt: new Date(start).toISOString() });
    }
    const eventId = `e${pad(Math.floor(m / 2), width)}`;
    const nRunners = m % 2 === 0 ? 3 : 2;
    const type = nRunners === 3 ? 'match-odds' : (TWO_WAY_TYPES[Math.floor(random() * TWO_WAY_TYPES.length)] as string);
    const marketId = `m${pad(m, width)}`;
    const weights = Array.from({ length: nRunners }, () => 0.2 + random());
    const total = weights.reduce((a, b) => a + b, 0);
    const runners = weights.map((_, r) => ({ id: `${marketId}/${r}`, name: `Runner ${r}` }));
    snapshot.markets.push({ id: marketId, eventId, type, name: type, runners });
    runners.forEach((runner, r) => {
      const fair = total / (weights[r] as number);
      const [b1, b2] = twoOf(random, BOOKMAKERS.length);
      for (const b of [b1, b2]) {
        const margin = 0.01 + random() * 0.12;
        snapshot.backPrices.push({
          bookmaker: BOOKMAKERS[b] as string,
          selectionId: runner.id,
          odds: toLadder(fair * (1 - margin), false),
        });
      }
      const [x1, x2] = twoOf(random, EXCHANGES.length);
      for (const x of [x1, x2]) {
        const exchange = EXCHANGES[x] as string;
        snapshot.exchangePrices.push({
          exchange,
          selectionId: runner.id,
          back: null,
          lay: {
            odds: toLadder(fair * (1 + random() * 0.04), true),
            liquidity: Math.round(500 * Math.exp(random() * Math.log(400))), // £5 to £2,000, log-uniform
          },
          commission: COMMISSION[exchange] as number,
        });
      }
    });
  }

  // Join into pairs, runner by runner (bookmakers and exchanges are generated in name order).
  const n = snapshot.backPrices.length * 2;
  const columns: PairColumns = {
    n,
    backOdds: new Float64Array(n),
    layOdds: new Float64Array(n),
    commission: new Float64Array(n),
    liquidity: new Float64Array(n),
    startMs: new Float64Array(n),
    sport: new Uint8Array(n),
    marketType: new Uint8Array(n),
    bookmaker: new Uint8Array(n),
    exchange: new Uint8Array(n),
    backIndex: new Int32Array(n),
    layIndex: new Int32Array(n),
  };
  const pairs: PairRecord[] = [];
  let p = 0;
  let runnerIndex = 0;
  snapshot.markets.forEach((market, m) => {
    const e = Math.floor(m / 2);
    for (let r = 0; r < market.runners.length; r++) {
      for (let bi = 0; bi < 2; bi++) {
        const bIndex = runnerIndex * 2 + bi;
        const back = snapshot.backPrices[bIndex] as BenchSnapshot['backPrices'][number];
        for (let li = 0; li < 2; li++) {
          const lIndex = runnerIndex * 2 + li;
          const lay = snapshot.exchangePrices[lIndex] as BenchSnapshot['exchangePrices'][number];
          columns.backOdds[p] = back.odds;
          columns.layOdds[p] = lay.lay.odds;
          columns.commission[p] = lay.commission;
          columns.liquidity[p] = lay.lay.liquidity;
          columns.startMs[p] = eventStart[e] as number;
          columns.sport[p] = SPORTS.indexOf(eventSport[e] as (typeof SPORTS)[number]);
          columns.marketType[p] = marketTypes.indexOf(market.type);
          columns.bookmaker[p] = BOOKMAKERS.indexOf(back.bookmaker as (typeof BOOKMAKERS)[number]);
          columns.exchange[p] = EXCHANGES.indexOf(lay.exchange as (typeof EXCHANGES)[number]);
          columns.backIndex[p] = bIndex;
          columns.layIndex[p] = lIndex;
          p++;
        }
      }
      runnerIndex++;
    }
  });
  const data: BenchData = { snapshot, pairs, columns, marketTypes };
  if (withPairs) data.pairs = buildPairRecords(data);
  return data;
}

/** The pairs as joined objects (the naive version's input), in column order. */
export function buildPairRecords(data: BenchData): PairRecord[] {
  const { snapshot, columns } = data;
  const pairs: PairRecord[] = [];
  for (let p = 0; p < columns.n; p++) {
    const back = snapshot.backPrices[columns.backIndex[p] as number] as BenchSnapshot['backPrices'][number];
    const lay = snapshot.exchangePrices[columns.layIndex[p] as number] as BenchSnapshot['exchangePrices'][number];
    pairs.push({
      selectionId: back.selectionId,
      bookmaker: back.bookmaker,
      exchange: lay.exchange,
      sport: SPORTS[columns.sport[p] as number] as string,
      marketType: data.marketTypes[columns.marketType[p] as number] as string,
      startMs: columns.startMs[p] as number,
      backOdds: columns.backOdds[p] as number,
      layOdds: columns.layOdds[p] as number,
      commission: columns.commission[p] as number,
      liquidity: columns.liquidity[p] as number,
    });
  }
  return pairs;
}

/** The filters the benchmark ranks with: every kind of filter on, about a sixth of pairs pass. */
export const BENCH_FILTERS = {
  minOdds: 1.5,
  maxOdds: 12,
  minRating: 85,
  minLiquidity: 2000,
  startsFrom: new Date(EPOCH_MS + 6 * 3_600_000).toISOString(),
  startsTo: new Date(EPOCH_MS + 6 * 86_400_000).toISOString(),
  sports: ['football', 'horse-racing', 'tennis'],
  marketTypes: ['match-odds', 'over-under-2-5', 'both-teams-to-score'],
  bookmakers: ['bk-a', 'bk-b', 'bk-c', 'bk-d', 'bk-e', 'bk-f', 'bk-g', 'bk-i', 'bk-j'],
  exchangeSettings: { betfair: false },
};

/** One ranked pair, as all three implementations report it. */
export interface RankedPair {
  selectionId: string;
  bookmaker: string;
  exchange: string;
  /** The rating as a fraction (b(1 − c)/(l − c)). */
  score: number;
}
