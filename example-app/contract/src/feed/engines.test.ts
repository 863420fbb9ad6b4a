// Every finder engine of @matchkit/sdk/matching, and the oddsmatcher, returns rows on the simulated
// feed: the feed carries every field each engine reads.
import { describe, expect, it } from 'vitest';
import {
  createOddsmatcher,
  findAccas,
  findBetBuilderValue,
  findBogValue,
  findDutches,
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
} from '@matchkit/sdk/matching';
import { createSimulatedFeed, steamBaseline } from './index';

const NOON = Date.UTC(2026, 5, 1, 12);

describe.each([1, 77, 2026])('on the simulated feed of seed %i', (seed) => {
  const feed = createSimulatedFeed({ seed, clock: () => NOON });
  const now = feed.snapshot().market;
  const market = indexMarketSnapshot(now);
  const marketOf = (selectionId: string) => market.selection(selectionId)?.market;

  it('the oddsmatcher ranks back/lay pairs', () => {
    const matcher = createOddsmatcher({ limit: 100 });
    matcher.load(market);
    const rows = matcher.getSnapshot();
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.sport)).size).toBeGreaterThan(0);
  });

  it('findMatchCatches: an offer at one bookmaker (SNR free bet, min odds 2)', () => {
    const { rows } = findMatchCatches({ market, offer: { bookmaker: 'alder-bet', betType: 'snr', minOdds: 2 }, stake: 1000 });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.bookmaker === 'alder-bet' && r.backOdds >= 2)).toBe(true);
  });

  it('findEachWayCatches: each-way backs laid in the win and place markets', () => {
    const { rows } = findEachWayCatches({ market });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.places >= r.exchangePlaces)).toBe(true);
  });

  it('findExtraPlaces: bookmakers paying more places than the exchange place market', () => {
    const { rows } = findExtraPlaces({ market, limit: 1000 });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.places > r.exchangePlaces)).toBe(true);
    expect(rows.some((r) => r.probabilitySource === 'exchange place markets')).toBe(true);
  });

  it('findExtraPlacesMaster: with lay-the-place (matchbook, smarkets) and lock-bet (betconnect) hedges', () => {
    // One bookmaker's extra places, so that no hedge is cut by the limit.
    const { rows, considered } = findExtraPlacesMaster({
      market,
      exchangeSettings: { betconnect: true },
      bookmakers: ['elm-bet'],
      limit: 1000,
    });
    expect(considered).toBeLessThan(1000);
    expect(rows.length).toBeGreaterThan(0);
    const hedges = new Set(rows.map((r) => `${r.hedge}@${r.exchange}`));
    expect([...hedges].some((h) => h.startsWith('layThePlace@'))).toBe(true);
    expect(hedges.has('lockBet@betconnect')).toBe(true);
  });

  it('findTwoUpMatches and findTwoUpValue: football match odds with 2UP, laid where the provider allows', () => {
    for (const find of [findTwoUpMatches, findTwoUpValue]) {
      const { rows } = find({ market });
      expect(rows.length).toBeGreaterThan(0);
      expect(
        rows.every((r) => r.sport === 'football' && r.goalsAhead === 2 && r.exchange !== 'betconnect' && r.exchange !== 'betfair'),
      ).toBe(true);
    }
  });

  it('findAccas: insurance and qualifying accas of four legs in an odds range', () => {
    const insurance = findAccas({
      market,
      offer: {
        bookmaker: 'hazel-bet',
        kind: 'insurance',
        legs: 4,
        minLegOdds: 1.5,
        maxLegOdds: 4,
        refund: { amount: 1000, retention: 0.7 },
      },
      stake: 1000,
    });
    expect(insurance.rows.length).toBeGreaterThan(0);
    const qualifying = findAccas({ market, offer: { bookmaker: 'alder-bet', kind: 'qualifying', legs: 5 }, pool: 8 });
    expect(qualifying.rows.length).toBeGreaterThan(0);
    expect(qualifying.rows[0]?.legs).toHaveLength(5);
  });

  it('findBogValue: best-odds-guaranteed race prices', () => {
    const { rows } = findBogValue({ market });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.sport === 'horse-racing' && r.expectedUplift >= 0)).toBe(true);
  });

  it('findPriceBoosts: boosted prices against exchange lays', () => {
    const { rows } = findPriceBoosts({ market });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.backOdds > r.boostedFrom)).toBe(true);
  });

  it('findLuckyBets: a Lucky 15 with a sole-winner bonus and a Lucky 31', () => {
    const fifteen = findLuckyBets({
      market,
      offer: { bookmaker: 'alder-bet', bet: 'lucky15', oneWinnerOddsMultiplier: 2, allWinnersBonus: 0.1 },
      stake: 50,
    });
    expect(fifteen.rows.length).toBeGreaterThan(0);
    expect(fifteen.rows[0]?.lines).toBe(15);
    const thirtyOne = findLuckyBets({ market, offer: { bookmaker: 'birch-bet', bet: 'lucky31' }, stake: 20, pool: 7 });
    expect(thirtyOne.rows.length).toBeGreaterThan(0);
  });

  it('findSteamers: exchange prices that shortened over the last minute, bookmakers not yet cut', () => {
    const earlier = feed.snapshotAt(feed.seq - 240).market;
    const { rows } = findSteamers({ market, earlier: steamBaseline(now, earlier) });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.steam >= 0.05)).toBe(true);
  });

  it('findBetBuilderValue: football bet builders against their legs', () => {
    const { rows } = findBetBuilderValue({ market });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.approximate && r.legs.length >= 2)).toBe(true);
  });

  it('findGolfValue: golf each-way outrights against the top-N markets', () => {
    const { rows } = findGolfValue({ market });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.sport === 'golf' && r.placeMarkets.length > 0)).toBe(true);
  });

  it('findDutches: every market whose runners are all backed', () => {
    const { rows } = findDutches({ market, stake: 10_000 });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.outcomes.length === marketOf(r.outcomes[0]?.selectionId ?? '')?.runners.length)).toBe(true);
  });
});
