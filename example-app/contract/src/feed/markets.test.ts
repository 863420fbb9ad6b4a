// Statistics over the simulated feed's snapshot, for several seeds: the books look like real
// markets (bookmaker margins by market type, exchange spreads that never cross, arbitrage rare and
// short-lived, good matches on most events, boosts of a bookmaker's size) and the finder engines'
// top rows stay within sane bounds.
import { describe, expect, it } from 'vitest';
import {
  createOddsmatcher,
  findEachWayCatches,
  findExtraPlaces,
  findGolfValue,
  findLuckyBets,
  findPriceBoosts,
  indexMarketSnapshot,
  type BackPrice,
  type ExchangePrice,
  type Market,
  type MarketSnapshot,
} from '@matchkit/sdk/matching';
import fc from 'fast-check';
import { createSimulatedFeed } from './index';
import { EACH_WAY_OVERROUND_CAP, eachWayLoading, placeChances, runnerMargins } from './prices';

const NOON = Date.UTC(2026, 5, 1, 12);
const SEEDS = [1, 7, 77, 2026, 31337];

/** The rating of backing at `back` and laying at `lay`, percent: 100 × b(1 − c)/(l − c). */
const rating = (back: number, lay: number, commission: number) => (100 * back * (1 - commission)) / (lay - commission);

/** Overround (Σ 1/odds − 1) of every bookmaker book that prices all of a market's runners, by market type. */
function overrounds(market: MarketSnapshot): Map<string, number[]> {
  const marketOf = new Map<string, Market>(market.markets.flatMap((m) => m.runners.map((r) => [r.id, m] as const)));
  const books = new Map<string, { market: Market; odds: number[] }>();
  for (const p of market.backPrices) {
    if (p.boostedFrom !== undefined) continue; // a boost is not the book's price
    const m = marketOf.get(p.selectionId) as Market;
    const key = `${m.id} ${p.bookmaker}`;
    const book = books.get(key) ?? { market: m, odds: [] };
    book.odds.push(p.odds);
    books.set(key, book);
  }
  const out = new Map<string, number[]>();
  for (const { market: m, odds } of books.values()) {
    if (odds.length !== m.runners.length) continue;
    out.set(m.type, [...(out.get(m.type) ?? []), odds.reduce((a, o) => a + 1 / o, 0) - 1]);
  }
  return out;
}

/** Every standard (not boosted) bookmaker back price against every win-market exchange lay on its runner. */
function pairs(market: MarketSnapshot): { back: BackPrice; lay: ExchangePrice; eventId: string; rating: number }[] {
  const eventOf = new Map(market.markets.flatMap((m) => m.runners.map((r) => [r.id, m.eventId] as const)));
  const lays = new Map<string, ExchangePrice[]>();
  for (const p of market.exchangePrices) {
    if (p.places !== undefined || p.lay === null) continue;
    lays.set(p.selectionId, [...(lays.get(p.selectionId) ?? []), p]);
  }
  return market.backPrices
    .filter((b) => b.boostedFrom === undefined)
    .flatMap((back) =>
      (lays.get(back.selectionId) ?? []).map((lay) => ({
        back,
        lay,
        eventId: eventOf.get(back.selectionId) as string,
        rating: rating(back.odds, (lay.lay as { odds: number }).odds, lay.commission),
      })),
    );
}

/** Overround ranges by market type: match odds as UK books price them, two-way markets a little more, racing and golf most. */
const OVERROUND: Record<string, readonly [number, number]> = {
  'match-odds': [0.02, 0.1],
  'both-teams-to-score': [0.02, 0.12],
  'over-under-2-5': [0.02, 0.12],
  win: [0.07, 0.2],
  outright: [0.12, 0.2],
};

describe.each(SEEDS)('the simulated market of seed %i', (seed) => {
  const feed = createSimulatedFeed({ seed, clock: () => NOON });
  const market = feed.snapshot().market;

  it('gives every bookmaker book a margin in its market type’s range (2% to 20% overall), higher on racing and golf', () => {
    const byType = overrounds(market);
    expect([...byType.keys()].sort()).toEqual(Object.keys(OVERROUND).sort());
    for (const [type, values] of byType) {
      const [min, max] = OVERROUND[type] as readonly [number, number];
      for (const o of values) {
        expect(o, type).toBeGreaterThanOrEqual(min);
        expect(o, type).toBeLessThanOrEqual(max);
      }
    }
    const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[xs.length >> 1] as number;
    expect(median(byType.get('match-odds') as number[])).toBeLessThan(median(byType.get('win') as number[]));
    expect(median(byType.get('win') as number[])).toBeLessThan(median(byType.get('outright') as number[]));
  });

  it('never crosses an exchange book: best back below best lay, both on the ladder, with money on each side', () => {
    for (const p of market.exchangePrices) {
      if (p.back !== null && p.lay !== null) expect(p.back.odds).toBeLessThan(p.lay.odds);
      for (const q of [p.back, p.lay]) if (q !== null) expect(q.liquidity).toBeGreaterThan(0);
    }
  });

  it('keeps arbitrage rare: under 1% of standard back/lay pairs rate above 100%', () => {
    const all = pairs(market);
    expect(all.length).toBeGreaterThan(5000);
    expect(all.filter((p) => p.rating > 100).length / all.length).toBeLessThan(0.01);
  });

  it('offers a good match (95% to 100%) on most events, and most of all on football', () => {
    const best = new Map<string, number>();
    for (const p of pairs(market)) if (p.rating <= 100) best.set(p.eventId, Math.max(best.get(p.eventId) ?? 0, p.rating));
    const good = market.events.filter((e) => (best.get(e.id) ?? 0) >= 95);
    expect(good.length / market.events.length).toBeGreaterThan(0.5);
    const football = market.events.filter((e) => e.sport === 'football');
    expect(good.filter((e) => e.sport === 'football').length / football.length).toBeGreaterThan(0.9);
  });

  it('boosts prices by mostly 10% to 30% of the winnings, each with a maximum stake of £5 to £50, the price tracker showing each', () => {
    const { rows } = findPriceBoosts({ market: indexMarketSnapshot(market), limit: 1000 });
    const boosted = market.backPrices.filter((p) => p.boostedFrom !== undefined);
    expect(boosted.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => `${r.bookmaker} ${r.selectionId}`)).size).toBe(boosted.length);
    for (const p of boosted) {
      expect(Number.isInteger(p.maxStake)).toBe(true);
      expect(p.maxStake).toBeGreaterThanOrEqual(500);
      expect(p.maxStake).toBeLessThanOrEqual(5000);
    }
    expect(rows.every((r) => r.maxStake !== undefined)).toBe(true);
    expect(market.backPrices.filter((p) => p.boostedFrom === undefined).every((p) => p.maxStake === undefined)).toBe(true);
    const sizes = boosted.map((p) => 100 * ((p.odds - 1) / ((p.boostedFrom as number) - 1) - 1));
    for (const s of sizes) {
      expect(s).toBeGreaterThan(0);
      expect(s).toBeLessThanOrEqual(60);
    }
    expect(sizes.filter((s) => s >= 5 && s <= 30).length / sizes.length).toBeGreaterThanOrEqual(0.6);
  });

  it('ranks standard prices in the oddsmatcher’s default view (mostly 90% to 100%, an arb rare), boosts only when asked', () => {
    const index = indexMarketSnapshot(market);
    const matcher = createOddsmatcher({ limit: 100 });
    matcher.load(index);
    const rows = matcher.getSnapshot();
    expect(rows).toHaveLength(100);
    expect(rows.every((r) => r.boostedFrom === undefined && r.maxStake === undefined)).toBe(true);
    expect(rows.filter((r) => r.rating > 100).length).toBeLessThanOrEqual(5);
    expect(rows.filter((r) => r.rating >= 90 && r.rating <= 100).length).toBeGreaterThanOrEqual(90);
    expect(rows.every((r) => r.rating < 103)).toBe(true);
    matcher.setOptions({ filters: { includeBoosts: true } });
    const boosts = matcher.getSnapshot().filter((r) => r.boostedFrom !== undefined);
    expect(boosts.length).toBeGreaterThan(0);
    expect(boosts.every((r) => r.maxStake !== undefined && r.backOdds > (r.boostedFrom as number))).toBe(true);
  });

  it('keeps the finders’ top rows sane: each-way profits a small share of the stake, golf and Lucky 15 bounded', () => {
    const index = indexMarketSnapshot(market);
    const ew = findEachWayCatches({ market: index, stake: 1000 }).rows;
    expect(ew.length).toBeGreaterThan(0);
    for (const r of ew.slice(0, 20)) {
      // £10 each way is £20 staked: a guaranteed profit never above a fifth of it.
      expect(r.guaranteedProfit).toBeLessThanOrEqual(0.2 * 2000);
      expect(r.backOdds / r.winLayOdds).toBeLessThan(1.15);
    }
    // Extra places are priced into the win odds (within the book's overround): the best extra-place
    // row expects at most half the £20 staked (the old feed's golf rows expected £12 to £17 on ten
    // places against the exchanges' five, its races two extra places).
    const extra = findExtraPlaces({ market: index, stake: 1000 }).rows;
    expect(extra.length).toBeGreaterThan(0);
    for (const r of extra.slice(0, 20)) expect(r.expectedProfit).toBeLessThanOrEqual(0.5 * 2000);
    const golf = findGolfValue({ market: index }).rows;
    expect(golf.length).toBeGreaterThan(0);
    for (const r of golf.slice(0, 20)) expect(r.expectedReturn).toBeLessThan(0.5);
    const lucky = findLuckyBets({
      market: index,
      offer: { bookmaker: 'alder-bet', bet: 'lucky15', oneWinnerOddsMultiplier: 2, allWinnersBonus: 0.1 },
      stake: 1000,
    }).rows;
    expect(lucky.length).toBeGreaterThan(0);
    // 15 lines of £10 (£150), partly laid: the worst case never loses more than twice the stake
    // (the old feed's first row could lose £9,253).
    for (const r of lucky.slice(0, 20)) expect(r.worstCaseProfit).toBeGreaterThanOrEqual(-2 * r.totalStake);
  });
});

describe('each-way terms', () => {
  const feed = createSimulatedFeed({ seed: 7, clock: () => NOON });
  const market = feed.snapshot().market;
  const marketOf = new Map<string, Market>(market.markets.flatMap((m) => m.runners.map((r) => [r.id, m] as const)));

  it('pay at most one place more than the exchanges on a race, and none on races settled on two places', () => {
    let extras = 0;
    for (const p of market.backPrices) {
      const m = marketOf.get(p.selectionId) as Market;
      if (m.type !== 'win' || p.eachWay === undefined || m.exchangePlaces === undefined) continue;
      const more = p.eachWay.places - m.exchangePlaces;
      expect(more).toBeLessThanOrEqual(m.exchangePlaces >= 3 ? 1 : 0);
      extras += more;
    }
    expect(extras).toBeGreaterThan(0);
  });

  const fields = fc.array(fc.integer({ min: 50, max: 5000 }), { minLength: 8, maxLength: 30 });
  const book = (w: number[]) => {
    const weights = { w, total: w.reduce((a, b) => a + b, 0) };
    return { weights, margins: runnerMargins(weights, 60), p: w.map((x) => x / weights.total) };
  };

  it('law: uncapped, the loading makes an each-way bet on extra places return what it would on the standard places', () => {
    fc.assert(
      fc.property(
        fields,
        fc.integer({ min: 3, max: 5 }),
        fc.integer({ min: 1, max: 3 }),
        fc.constantFrom(0.2, 0.25),
        (w, standard, more, f) => {
          const { weights, margins, p } = book(w);
          const places = Math.min(w.length - 1, standard + more);
          const loading = eachWayLoading(weights, margins, { places, placeFraction: f }, standard, Infinity);
          expect(loading.every((e) => Number.isInteger(e) && e >= 0)).toBe(true);
          // One unit a part at the runner's odds: win part p·O, place part q·(1 + (O − 1)·f).
          const ret = (n: number, extra: number, i: number) => {
            const q = placeChances(weights, n)[i] as number;
            const odds = (1 - ((margins[i] as number) + extra) / 1000) / (p[i] as number);
            return (p[i] as number) * odds + q * (1 + (odds - 1) * f);
          };
          w.forEach((_, i) => {
            // Whole per-mille loadings: the returns agree to within what one per mille of margin moves them.
            const slack = (1 + ((placeChances(weights, places)[i] as number) * f) / (p[i] as number)) / 1000;
            expect(Math.abs(ret(places, loading[i] as number, i) - ret(standard, 0, i))).toBeLessThanOrEqual(slack + 1e-9);
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('law: the standard places cost nothing, and the cap keeps the book within its overround, loading no runner more than uncapped', () => {
    fc.assert(
      fc.property(fields, fc.integer({ min: 3, max: 5 }), fc.integer({ min: 1, max: 3 }), (w, standard, more) => {
        const { weights, margins, p } = book(w);
        const terms = { places: Math.min(w.length - 1, standard + more), placeFraction: 0.2 };
        expect(eachWayLoading(weights, margins, { places: standard, placeFraction: 0.2 }, standard)).toEqual(w.map(() => 0));
        const capped = eachWayLoading(weights, margins, terms, standard);
        const full = eachWayLoading(weights, margins, terms, standard, Infinity);
        capped.forEach((e, i) => expect(e).toBeLessThanOrEqual(full[i] as number));
        const overround = p.reduce((a, pi, i) => a + pi / (1 - ((margins[i] as number) + (capped[i] as number)) / 1000), 0) - 1;
        const own = p.reduce((a, pi, i) => a + pi / (1 - (margins[i] as number) / 1000), 0) - 1;
        expect(overround * 1000).toBeLessThanOrEqual(Math.max(EACH_WAY_OVERROUND_CAP, own * 1000) + 1e-9);
      }),
      { numRuns: 200 },
    );
  });
});

describe('arbitrage in time', () => {
  it('is short-lived: a standard pair above 100% is gone within one bookmaker refresh (45 s)', () => {
    const feed = createSimulatedFeed({ seed: 7, clock: () => NOON, intervalMs: 3000 });
    const key = (p: ReturnType<typeof pairs>[number]) => `${p.back.bookmaker} ${p.lay.exchange} ${p.back.selectionId}`;
    const since = new Map<string, number>();
    let seen = 0;
    let longest = 0;
    for (let t = 0; t < 200; t++) {
      const now = new Set(
        pairs(feed.snapshot().market)
          .filter((p) => p.rating > 100)
          .map(key),
      );
      for (const k of now) if (!since.has(k)) since.set(k, t);
      for (const [k, from] of since) {
        if (now.has(k)) continue;
        longest = Math.max(longest, 3 * (t - from)); // seconds
        since.delete(k);
        seen += 1;
      }
      feed.tick();
    }
    expect(seen).toBeGreaterThan(0);
    expect(longest).toBeLessThanOrEqual(45);
  });
});
