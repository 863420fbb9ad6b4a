import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  findAccas,
  findBetBuilderValue,
  findBogValue,
  findEachWayCatches,
  findExtraPlaces,
  findExtraPlacesMaster,
  findGolfValue,
  findLuckyBets,
  findMatchCatches,
  findPriceBoosts,
  findSteamers,
  findTwoUpMatches,
  findTwoUpValue,
  indexMarketSnapshot,
  createOddsmatcher,
  feedParts,
  feedPartsFor,
  finderTools,
  sliceMarketSnapshot,
  type FinderResult,
  type MarketSnapshot,
} from '@matchkit/sdk/matching';
import { findDutches } from './dutching';

// Random markets of every kind the finders read, with random prices (some runners unpriced,
// some quotes missing), to check the laws every engine must keep whatever the prices.

const odds = fc.double({ min: 1.01, max: 60, noNaN: true }).map((x) => Math.round(x * 100) / 100);
const commission = fc.constantFrom(0, 0.015, 0.02, 0.05);
const EXCHANGES = ['smarkets', 'matchbook', 'betconnect', 'betfair', 'betdaq'];
const BOOKMAKERS = ['bet-a', 'bet-b', 'bet-c'];

const exchangeQuote = fc.record({
  back: fc.option(odds, { nil: null }),
  lay: fc.option(odds, { nil: null }),
  commission,
  exchange: fc.constantFrom(...EXCHANGES),
});
const backQuote = fc.record({
  bookmaker: fc.constantFrom(...BOOKMAKERS),
  odds,
  eachWay: fc.option(fc.record({ places: fc.integer({ min: 1, max: 5 }), placeFraction: fc.constantFrom(0.2, 0.25) }), { nil: undefined }),
  boost: fc.boolean(),
  bog: fc.boolean(),
  twoUp: fc.boolean(),
});
const runnerArb = fc.record({
  exchange: fc.array(exchangeQuote, { maxLength: 3 }),
  places: fc.array(fc.record({ places: fc.integer({ min: 1, max: 4 }), quote: exchangeQuote }), { maxLength: 3 }),
  backs: fc.array(backQuote, { maxLength: 3 }),
});
const marketArb = fc.record({
  sport: fc.constantFrom('football', 'horse-racing', 'golf'),
  runners: fc.array(runnerArb, { minLength: 2, maxLength: 7 }),
  exchangePlaces: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
});

interface Generated {
  sport: string;
  exchangePlaces: number | undefined;
  runners: {
    exchange: { back: number | null; lay: number | null; commission: number; exchange: string }[];
    places: { places: number; quote: { back: number | null; lay: number | null; commission: number; exchange: string } }[];
    backs: {
      bookmaker: string;
      odds: number;
      eachWay: { places: number; placeFraction: number } | undefined;
      boost: boolean;
      bog: boolean;
      twoUp: boolean;
    }[];
  }[];
}

function build(markets: Generated[]) {
  const events = markets.map((m, i) => ({ id: `e${i}`, sport: m.sport, name: `Event ${i}`, startsAt: `2025-08-16T1${i % 10}:00:00Z` }));
  const exchangePrices: unknown[] = [];
  const backPrices: unknown[] = [];
  const seen = new Set<string>();
  const mk = markets.map((m, i) => {
    const type = m.sport === 'football' && m.runners.length === 3 ? 'match-odds' : m.sport === 'golf' ? 'outright' : 'win';
    const runners = m.runners.map((_, j) => ({ id: `e${i}/${j}`, name: `Runner ${j}` }));
    m.runners.forEach((r, j) => {
      const id = `e${i}/${j}`;
      for (const q of r.exchange) {
        const key = `${q.exchange} ${id} win`;
        if (seen.has(key)) continue;
        seen.add(key);
        exchangePrices.push({
          exchange: q.exchange,
          selectionId: id,
          commission: q.commission,
          back: q.back === null ? null : { odds: q.back, liquidity: 10_000 },
          lay: q.lay === null ? null : { odds: q.lay, liquidity: 10_000 },
          ...(q.exchange === 'betconnect' && q.lay !== null
            ? { eachWayLay: { odds: q.lay, liquidity: 5000, places: 3, placeFraction: 0.2 } }
            : {}),
        });
      }
      for (const { places, quote: q } of r.places) {
        const key = `${q.exchange} ${id} ${places}`;
        if (seen.has(key)) continue;
        seen.add(key);
        exchangePrices.push({
          exchange: q.exchange,
          selectionId: id,
          places,
          commission: q.commission,
          back: q.back === null ? null : { odds: q.back, liquidity: 10_000 },
          lay: q.lay === null ? null : { odds: q.lay, liquidity: 10_000 },
        });
      }
      for (const b of r.backs) {
        const key = `${b.bookmaker} ${id}`;
        if (seen.has(key)) continue;
        seen.add(key);
        backPrices.push({
          bookmaker: b.bookmaker,
          selectionId: id,
          odds: b.odds,
          ...(b.eachWay === undefined ? {} : { eachWay: b.eachWay }),
          ...(b.boost ? { boostedFrom: Math.max(1.01, Math.round(b.odds * 80) / 100) } : {}),
          ...(b.bog ? { bestOddsGuaranteed: true } : {}),
          ...(b.twoUp ? { earlyPayout: { goalsAhead: 2 } } : {}),
        });
      }
    });
    return {
      id: `e${i}/m`,
      eventId: `e${i}`,
      type,
      name: type,
      runners,
      ...(m.exchangePlaces === undefined ? {} : { exchangePlaces: m.exchangePlaces }),
    };
  });
  // A second, two-runner market per event (its runners priced like the first market's first two)
  // and a bet builder combining one runner of each.
  const side = markets.map((m, i) => {
    m.runners.slice(0, 2).forEach((r, j) => {
      for (const q of r.exchange) {
        const key = `${q.exchange} e${i}/x${j} win`;
        if (seen.has(key)) continue;
        seen.add(key);
        exchangePrices.push({
          exchange: q.exchange,
          selectionId: `e${i}/x${j}`,
          commission: q.commission,
          back: q.back === null ? null : { odds: q.back, liquidity: 10_000 },
          lay: q.lay === null ? null : { odds: q.lay, liquidity: 10_000 },
        });
      }
    });
    return {
      id: `e${i}/x`,
      eventId: `e${i}`,
      type: 'both-teams-to-score',
      name: 'BTTS',
      runners: [0, 1].map((j) => ({ id: `e${i}/x${j}`, name: `Side ${j}` })),
    };
  });
  const betBuilders = markets.map((_, i) => ({
    id: `bb${i}`,
    bookmaker: 'bet-a',
    eventId: `e${i}`,
    odds: 2 + i,
    legs: [`e${i}/0`, `e${i}/x0`],
  }));
  return { events, markets: [...mk, ...side], backPrices, exchangePrices, betBuilders };
}

/** Every number reachable from a value. */
function numbers(value: unknown, out: number[] = []): number[] {
  if (typeof value === 'number') out.push(value);
  else if (Array.isArray(value)) for (const v of value) numbers(v, out);
  else if (typeof value === 'object' && value !== null) for (const v of Object.values(value)) numbers(v, out);
  return out;
}

const engines: [string, (market: unknown) => FinderResult<unknown>, (row: never) => number][] = [
  [
    'match catcher',
    (market) => findMatchCatches({ market, offer: { bookmaker: 'bet-a', betType: 'qualifying' }, exchangeSettings: { betconnect: true } }),
    (r: { rating: number }) => r.rating,
  ],
  ['price boosts', (market) => findPriceBoosts({ market }), (r: { rating: number }) => r.rating],
  ['each-way catcher', (market) => findEachWayCatches({ market }), (r: { guaranteedProfit: number }) => r.guaranteedProfit],
  ['extra place catcher', (market) => findExtraPlaces({ market }), (r: { expectedProfit: number }) => r.expectedProfit],
  [
    'extra place master',
    (market) => findExtraPlacesMaster({ market, exchangeSettings: { betconnect: true } }),
    (r: { expectedProfit: number }) => r.expectedProfit,
  ],
  ['2UP matcher', (market) => findTwoUpMatches({ market }), (r: { rating: number }) => r.rating],
  ['2UP master', (market) => findTwoUpValue({ market }), (r: { expectedProfit: number }) => r.expectedProfit],
  [
    'acca catcher',
    (market) =>
      findAccas({ market, offer: { bookmaker: 'bet-a', kind: 'insurance', legs: 2, refund: { amount: 1000, retention: 0.7 } }, pool: 4 }),
    (r: { profit: number }) => r.profit,
  ],
  ['BOG catcher', (market) => findBogValue({ market }), (r: { expectedProfit: number }) => r.expectedProfit],
  ['dutching', (market) => findDutches({ market }), (r: { returnOnStake: number }) => r.returnOnStake],
  [
    'lucky finder',
    (market) =>
      findLuckyBets({ market, offer: { bookmaker: 'bet-a', bet: 'lucky15', oneWinnerOddsMultiplier: 2, allWinnersBonus: 0.1 }, pool: 5 }),
    (r: { expectedProfit: number }) => r.expectedProfit,
  ],
  ['steam chaser', (market) => findSteamers({ market, earlier: [], minSteam: 0 }), (r: { expectedProfit: number }) => r.expectedProfit],
  ['bet builders', (market) => findBetBuilderValue({ market }), (r: { valueRatio: number }) => r.valueRatio],
  ['golf master', (market) => findGolfValue({ market }), (r: { expectedProfit: number }) => r.expectedProfit],
];

/** Each tool's engine by tool key (the steam chaser gets the earlier exchange prices sliced alike). */
const toolEngines: Record<string, (market: MarketSnapshot, earlier: MarketSnapshot['exchangePrices']) => unknown> = {
  oddsmatcher: (market) => {
    const matcher = createOddsmatcher({ limit: 50 });
    matcher.load(market);
    return matcher.getSnapshot();
  },
  matchCatcher: (market) =>
    findMatchCatches({ market, offer: { bookmaker: 'bet-a', betType: 'qualifying' }, exchangeSettings: { betconnect: true } }),
  dutching: (market) => findDutches({ market }),
  eachWayCatcher: (market) => findEachWayCatches({ market }),
  accaCatcher: (market) =>
    findAccas({ market, offer: { bookmaker: 'bet-a', kind: 'insurance', legs: 2, refund: { amount: 1000, retention: 0.7 } }, pool: 4 }),
  twoUpMatcher: (market) => findTwoUpMatches({ market }),
  twoUpMaster: (market) => findTwoUpValue({ market }),
  extraPlaceCatcher: (market) => findExtraPlaces({ market }),
  extraPlaceMaster: (market) => findExtraPlacesMaster({ market, exchangeSettings: { betconnect: true } }),
  bogCatcher: (market) => findBogValue({ market }),
  priceBoostTracker: (market) => findPriceBoosts({ market }),
  luckyFinder: (market) =>
    findLuckyBets({ market, offer: { bookmaker: 'bet-a', bet: 'lucky15', oneWinnerOddsMultiplier: 2, allWinnersBonus: 0.1 }, pool: 5 }),
  steamChaser: (market, earlier) => findSteamers({ market, earlier, minSteam: 0 }),
  betBuilderFinder: (market) => findBetBuilderValue({ market }),
  golfMaster: (market) => findGolfValue({ market }),
};

/** The same markets a few ticks earlier: every exchange quote moved by a random factor. */
const drift = fc.array(fc.double({ min: 0.8, max: 1.2, noNaN: true }), { minLength: 1, maxLength: 8 });
function earlierOf(market: MarketSnapshot, factors: number[]): MarketSnapshot['exchangePrices'] {
  const move = (q: { odds: number; liquidity: number } | null, i: number) =>
    q === null
      ? null
      : { ...q, odds: Math.min(1000, Math.max(1.01, Math.round(q.odds * (factors[i % factors.length] as number) * 100) / 100)) };
  return market.exchangePrices.map((p, i) => ({ ...p, back: move(p.back, i), lay: move(p.lay, i + 1) }));
}

describe('feed slices', () => {
  it('every finder tool has an engine here (the law below covers them all)', () => {
    expect(Object.keys(toolEngines).sort()).toEqual(finderTools.map((t) => t.key).sort());
  });

  it("law: each tool's engine gives the same result on the snapshot sliced to its reads as on the whole snapshot", () => {
    fc.assert(
      fc.property(fc.array(marketArb, { minLength: 1, maxLength: 6 }), drift, (markets, factors) => {
        const whole = build(markets as Generated[]) as MarketSnapshot;
        const earlier = earlierOf(whole, factors);
        for (const tool of finderTools) {
          const parts = feedPartsFor([tool.key]);
          const slice = sliceMarketSnapshot(whole, parts);
          const slicedEarlier = sliceMarketSnapshot(
            { events: [], markets: [], backPrices: [], exchangePrices: earlier },
            parts,
          ).exchangePrices;
          const run = toolEngines[tool.key] as (typeof toolEngines)[string];
          expect(run(slice, slicedEarlier), tool.key).toEqual(run(whole, earlier));
        }
      }),
      { numRuns: 100 },
    );
  }, 60_000);

  it('law: a slice holds no part it was not asked for, and slicing to every part changes nothing', () => {
    fc.assert(
      fc.property(fc.array(marketArb, { minLength: 1, maxLength: 6 }), fc.subarray([...feedParts]), (markets, parts) => {
        const whole = build(markets as Generated[]) as MarketSnapshot;
        const slice = sliceMarketSnapshot(whole, parts);
        indexMarketSnapshot(slice); // still a valid snapshot
        const has = new Set(parts);
        const backField = {
          eachWay: 'eachWay',
          boosts: 'boostedFrom',
          bestOddsGuaranteed: 'bestOddsGuaranteed',
          earlyPayout: 'earlyPayout',
        } as const;
        for (const [part, field] of Object.entries(backField)) {
          if (!has.has(part as keyof typeof backField))
            expect(
              slice.backPrices.some((p) => field in p),
              part,
            ).toBe(false);
        }
        if (!has.has('exchangeBacks')) expect(slice.exchangePrices.every((p) => p.back === null)).toBe(true);
        if (!has.has('eachWayLay')) expect(slice.exchangePrices.some((p) => 'eachWayLay' in p)).toBe(false);
        if (!has.has('placeMarkets')) {
          expect(slice.exchangePrices.some((p) => p.places !== undefined)).toBe(false);
          expect(slice.markets.some((m) => 'exchangePlaces' in m)).toBe(false);
        }
        if (!has.has('betBuilders')) expect(slice.betBuilders).toEqual([]);
        expect(sliceMarketSnapshot(whole, feedParts)).toEqual({ ...whole, betBuilders: whole.betBuilders ?? [] });
      }),
      { numRuns: 100 },
    );
  });
});

describe('finder laws', () => {
  it('no finder ever outputs NaN or an infinite number, rows are ranked best first, and never more than the limit', () => {
    fc.assert(
      fc.property(fc.array(marketArb, { minLength: 1, maxLength: 6 }), (markets) => {
        const market = indexMarketSnapshot(build(markets as Generated[]));
        for (const [name, run, key] of engines) {
          const result = run(market);
          expect(result.rows.length, name).toBeLessThanOrEqual(50);
          expect(result.rows.length, name).toBeLessThanOrEqual(result.considered);
          for (const n of numbers(result.rows)) expect(Number.isFinite(n), `${name}: ${n}`).toBe(true);
          const keys = result.rows.map((r) => key(r as never));
          expect(keys, name).toEqual([...keys].sort((a, b) => b - a));
        }
      }),
      { numRuns: 120 },
    );
  });

  it('every probability a finder reports lies in [0, 1]', () => {
    fc.assert(
      fc.property(fc.array(marketArb, { minLength: 1, maxLength: 6 }), (markets) => {
        const market = indexMarketSnapshot(build(markets as Generated[]));
        const probabilityFields = [
          'extraPlaceProbability',
          'earlyPayoutProbability',
          'winProbability',
          'placeProbability',
          'probability',
          'breakEvenProbability',
        ];
        for (const [, run] of engines) {
          for (const row of run(market).rows as Record<string, unknown>[]) {
            for (const f of probabilityFields) {
              const v = row[f];
              if (typeof v === 'number') {
                expect(v).toBeGreaterThanOrEqual(0);
                expect(v).toBeLessThanOrEqual(1);
              }
            }
          }
        }
      }),
      { numRuns: 100 },
    );
  });

  it('dutching: every outcome returns the same, the profit is that return less the stake, and the return on stake is 100 × (1/Σ 1/b − 1)', () => {
    let dutched = 0;
    fc.assert(
      fc.property(fc.array(marketArb, { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: 1e6 }), (markets, stake) => {
        const market = indexMarketSnapshot(build(markets as Generated[]));
        for (const row of findDutches({ market, stake, limit: 1000 }).rows) {
          dutched++;
          const book = row.outcomes.reduce((t, o) => t + 1 / o.backOdds, 0);
          const returns = stake / book;
          for (const o of row.outcomes) expect(Math.abs(o.backStake * o.backOdds - returns)).toBeLessThanOrEqual(1e-9 * returns);
          expect(Math.abs(row.totalStake - stake)).toBeLessThanOrEqual(1e-9 * stake);
          expect(Math.abs(row.profit - (returns - stake))).toBeLessThanOrEqual(1e-9 * stake);
          expect(Math.abs(row.returnOnStake - 100 * (1 / book - 1))).toBeLessThanOrEqual(1e-9);
          // Each outcome is at the highest standard price any bookmaker offers on it (a boost
          // counts at its price before the boost: boosts are the price boost tracker's).
          for (const o of row.outcomes) {
            const best = Math.max(...(market.selection(o.selectionId)?.backPrices ?? []).map((p) => p.boostedFrom ?? p.odds));
            expect(o.backOdds).toBe(best);
          }
        }
      }),
      { numRuns: 100 },
    );
    expect(dutched).toBeGreaterThan(20);
  });

  it('lucky finder: the EV after laying is the probability-weighted profit after laying over every set of winners, the worst case is the least of them, and the lays never raise the variance', () => {
    // Four to six two-runner events, every runner priced at an enabled exchange, bet-a pricing
    // runner A (and sometimes B): every event can take part.
    const event = fc.record({
      a: odds,
      b: odds,
      spread: fc.constantFrom(0, 0.02, 0.1),
      exchange: fc.constantFrom('smarkets', 'matchbook'),
      commission,
      backA: odds,
      backB: fc.option(odds, { nil: undefined }),
    });
    const coupon = fc.array(event, { minLength: 4, maxLength: 6 }).map((evs) => ({
      events: evs.map((_, i) => ({ id: `l${i}`, sport: 'tennis', name: `Match ${i}`, startsAt: '2025-08-16T12:00:00Z' })),
      markets: evs.map((_, i) => ({
        id: `l${i}/m`,
        eventId: `l${i}`,
        type: 'match-odds',
        name: 'Match',
        runners: [
          { id: `l${i}/a`, name: 'A' },
          { id: `l${i}/b`, name: 'B' },
        ],
      })),
      backPrices: evs.flatMap((e, i) => [
        { bookmaker: 'bet-a', selectionId: `l${i}/a`, odds: e.backA },
        ...(e.backB === undefined ? [] : [{ bookmaker: 'bet-a', selectionId: `l${i}/b`, odds: e.backB }]),
      ]),
      exchangePrices: evs.flatMap((e, i) =>
        (['a', 'b'] as const).map((side) => ({
          exchange: e.exchange,
          selectionId: `l${i}/${side}`,
          commission: e.commission,
          back: { odds: e[side], liquidity: 10_000 },
          lay: { odds: Math.round(e[side] * (1 + e.spread) * 100) / 100, liquidity: 10_000 },
        })),
      ),
    }));
    let checked = 0;
    fc.assert(
      fc.property(coupon, fc.constantFrom(1, 2, 3), fc.constantFrom(0, 0.1, 0.25), (snapshot, multiplier, bonus) => {
        const market = indexMarketSnapshot(snapshot);
        const offer = { bookmaker: 'bet-a', bet: 'lucky15', oneWinnerOddsMultiplier: multiplier, allWinnersBonus: bonus } as const;
        for (const row of findLuckyBets({ market, offer, pool: 5, stake: 100, limit: 5 }).rows) {
          checked++;
          const sel = row.selections;
          let ev = 0;
          let evNoLay = 0;
          let worst = Infinity;
          const outcomes: { prob: number; laid: number; bare: number }[] = [];
          for (let won = 0; won < 16; won++) {
            // Settled line by line, from the definitions, independently of the engine.
            let prob = 1;
            let returns = 0;
            let lays = 0;
            sel.forEach((x, i) => {
              const w = (won & (1 << i)) !== 0;
              prob *= w ? x.probability : 1 - x.probability;
              lays += w ? -x.layStake * (x.layOdds - 1) : x.layStake * (1 - x.commission);
            });
            for (let line = 1; line < 16; line++) {
              if ((line & won) !== line) continue;
              returns += sel.reduce((t, x, i) => (line & (1 << i) ? t * x.backOdds : t), 100);
            }
            const winners = sel.filter((_, i) => won & (1 << i));
            if (winners.length === 1) returns += 100 * ((winners[0]?.backOdds ?? 1) - 1) * (multiplier - 1);
            if (winners.length === 4) returns *= 1 + bonus;
            const bare = returns - 1500;
            ev += prob * (bare + lays);
            evNoLay += prob * bare;
            worst = Math.min(worst, bare + lays);
            outcomes.push({ prob, laid: bare + lays, bare });
          }
          const scale = 1e-9 * (1 + Math.abs(evNoLay) + row.totalLiability + 1500);
          expect(Math.abs(row.noLayExpectedProfit - evNoLay)).toBeLessThanOrEqual(scale);
          expect(Math.abs(row.expectedProfit - ev)).toBeLessThanOrEqual(scale * 10);
          expect(Math.abs(row.worstCaseProfit - worst)).toBeLessThanOrEqual(scale * 10);
          const variance = (key: 'laid' | 'bare', mean: number) => outcomes.reduce((t, o) => t + o.prob * (o[key] - mean) ** 2, 0);
          const spread = (1 + row.totalLiability + 1500 * 50) ** 2;
          expect(variance('laid', ev)).toBeLessThanOrEqual(variance('bare', evNoLay) + 1e-9 * spread);
          for (const x of sel) expect(x.layStake).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 60 },
    );
    expect(checked).toBeGreaterThan(60);
  });

  it('the extra place master is never worse than the catcher at the same exchange (it can always fall back to the each-way lay)', () => {
    fc.assert(
      fc.property(fc.array(marketArb, { minLength: 1, maxLength: 6 }), (markets) => {
        const market = indexMarketSnapshot(build(markets as Generated[]));
        const catcher = findExtraPlaces({ market, limit: 1000 }).rows;
        const master = findExtraPlacesMaster({ market, limit: 1000 }).rows;
        for (const c of catcher) {
          const m = master.find((x) => x.selectionId === c.selectionId && x.bookmaker === c.bookmaker && x.exchange === c.exchange);
          expect(m).toBeDefined();
          expect(m?.expectedProfit).toBeGreaterThanOrEqual(c.expectedProfit);
        }
      }),
      { numRuns: 100 },
    );
  });
});
