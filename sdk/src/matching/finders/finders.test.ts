import { describe, expect, it } from 'vitest';
import { isValidationError } from '@matchkit/sdk/errors';
import { getBrand } from '@matchkit/sdk/brands';
import * as matching from '@matchkit/sdk/matching';
import {
  bogUplift,
  earlyPayoutProbability,
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
  finderTools,
  fitPoissonGoals,
  harvillePlaceProbabilities,
  indexMarketSnapshot,
} from '@matchkit/sdk/matching';
import { findDutches } from './dutching';
import { book, coupon, evensCoupon, football, golf, merge, race } from './test-fixtures';

const close = (a: number | undefined, b: number, digits = 9) => expect(a).toBeCloseTo(b, digits);
const normalise = (xs: number[], to = 1) => {
  const t = xs.reduce((a, b) => a + b, 0);
  return xs.map((x) => (x * to) / t);
};
const issuesOf = (f: () => unknown): string[] => {
  try {
    f();
  } catch (e) {
    if (isValidationError(e)) return e.issues.map((i) => i.path);
    throw e;
  }
  return [];
};

describe('match catcher', () => {
  const market = indexMarketSnapshot(football());

  it('ranks an SNR offer by retention; the profit is F(b − 1)(1 − c)/(l − c)', () => {
    const { rows } = findMatchCatches({ market, offer: { bookmaker: 'bet-a', betType: 'snr' }, stake: 1000 });
    // Hand-worked retentions: away 3.2 × 0.98/4.18, draw 2.4 × 0.98/3.53, home at betfair 1.1 × 0.98/2.00,
    // at smarkets 1.1 × 0.98/2.08, at matchbook 1.1 × 0.985/2.105.
    expect(rows.map((r) => `${r.selectionId} ${r.exchange}`)).toEqual([
      'f1/away smarkets',
      'f1/draw smarkets',
      'f1/home betfair',
      'f1/home smarkets',
      'f1/home matchbook',
    ]);
    close(rows[0]?.profit, (1000 * 3.2 * 0.98) / 4.18);
    close(rows[0]?.layStake, (1000 * 3.2) / 4.18);
    close(rows[0]?.rating, ((3.2 * 0.98) / 4.18) * 100);
  });

  it("narrows to the offer's odds and market; qualifying offers rank by rating", () => {
    expect(
      findMatchCatches({ market, offer: { bookmaker: 'bet-a', betType: 'snr', minOdds: 3.5 } }).rows.map((r) => r.selectionId),
    ).toEqual(['f1/away']);
    const q = findMatchCatches({
      market,
      offer: { bookmaker: 'bet-b', betType: 'qualifying', marketTypes: ['match-odds'] },
      stake: 2000,
    }).rows;
    // bet-b home 2.05: betfair 2.05 × 0.98/2.00 beats smarkets 2.05 × 0.98/2.08
    expect(q.map((r) => r.exchange)).toEqual(['betfair', 'smarkets', 'matchbook']);
    close(q[0]?.profit, 2000 * ((2.05 * 0.98) / 2.0) - 2000);
  });

  it('an offer without betType is a qualifying offer, as in the calculators', () => {
    const stated = findMatchCatches({ market, offer: { bookmaker: 'bet-b', betType: 'qualifying' }, stake: 2000 });
    expect(findMatchCatches({ market, offer: { bookmaker: 'bet-b' }, stake: 2000 })).toEqual(stated);
  });
});

describe('dutching finder', () => {
  it('backs every outcome of a market at its best bookmaker price and splits the stake for equal returns (hand-worked)', () => {
    // f1/mo: home 2.1 (bet-a beats bet-b's 2.05), draw 3.4, away 4.2. Σ 1/b = 10/21 + 5/17 + 5/21
    // = 5/7 + 5/17 = 120/119, so £10 returns 1000 × 119/120 = 991.67p whichever wins: a loss of
    // 8.33p, −1/120 = −0.8333% of the stake. The BTTS market has no bookmaker price: skipped.
    const { rows, considered } = findDutches({ market: football(), stake: 1000 });
    expect(considered).toBe(1);
    const row = rows[0];
    expect(row?.marketId).toBe('f1/mo');
    expect(row?.outcomes.map((o) => [o.selectionId, o.bookmaker, o.backOdds])).toEqual([
      ['f1/home', 'bet-a', 2.1],
      ['f1/draw', 'bet-a', 3.4],
      ['f1/away', 'bet-a', 4.2],
    ]);
    const returns = (1000 * 119) / 120;
    close(row?.outcomes[0]?.backStake, returns / 2.1); // 472.22p
    close(row?.outcomes[1]?.backStake, returns / 3.4); // 291.67p
    close(row?.outcomes[2]?.backStake, returns / 4.2); // 236.11p
    close(row?.totalStake, 1000);
    close(row?.profit, returns - 1000); // −8.33p
    close(row?.returnOnStake, -100 / 120); // −0.8333%
    close(row?.bookPercentage, 12000 / 119); // 100.84%
    expect(Object.isFrozen(row) && Object.isFrozen(row?.outcomes) && Object.isFrozen(row?.outcomes[0])).toBe(true);
  });

  it('finds an arb across bookmakers, ranks by return on stake and filters by bookmaker, market type and minimum return', () => {
    const s = football();
    s.backPrices.push({ bookmaker: 'bet-b', selectionId: 'f1/draw', odds: 3.6 });
    s.backPrices.push(
      { bookmaker: 'bet-b', selectionId: 'f1/btts/yes', odds: 1.9 },
      { bookmaker: 'bet-a', selectionId: 'f1/btts/no', odds: 2.0 },
    );
    // Match odds: 10/21 + 1/3.6 + 5/21 = 5/7 + 5/18 = 125/126, a return of 126/125 − 1 = +0.8%.
    // BTTS: 1/1.9 + 1/2 = 39/38, a return of 38/39 − 1 = −2.564%.
    const { rows } = findDutches({ market: s, stake: 2500 });
    expect(rows.map((r) => r.marketId)).toEqual(['f1/mo', 'f1/btts']);
    close(rows[0]?.returnOnStake, 0.8);
    close(rows[0]?.profit, 2500 * 0.008);
    expect(rows[0]?.outcomes[1]?.bookmaker).toBe('bet-b');
    close(rows[1]?.returnOnStake, (100 * -1) / 39);
    expect(findDutches({ market: s, minReturn: 0 }).rows.map((r) => r.marketId)).toEqual(['f1/mo']);
    expect(findDutches({ market: s, marketTypes: ['both-teams-to-score'] }).rows.map((r) => r.marketId)).toEqual(['f1/btts']);
    // Only bet-a: the BTTS market lacks a price on yes; match odds falls back to the 3.4 draw.
    const onlyA = findDutches({ market: s, bookmakers: ['bet-a'] }).rows;
    expect(onlyA.map((r) => r.marketId)).toEqual(['f1/mo']);
    close(onlyA[0]?.returnOnStake, -100 / 120);
    expect(issuesOf(() => findDutches({ market: s, minReturn: 'high', marketTypes: ['Match Odds'] } as never)).sort()).toEqual([
      'marketTypes.0',
      'minReturn',
    ]);
  });
});

describe('price boost tracker', () => {
  it('rates each boosted price against every enabled lay', () => {
    const { rows } = findPriceBoosts({ market: race(), stake: 1000 });
    expect(rows.map((r) => r.exchange)).toEqual(['smarkets', 'matchbook']); // betconnect is off by default
    close(rows[0]?.rating, ((4.4 * 0.98) / 3.98) * 100); // 108.34%: a guaranteed profit
    close(rows[0]?.boost, (3.4 / 2.6 - 1) * 100);
    close(rows[0]?.profit, 1000 * ((4.4 * 0.98) / 3.98) - 1000);
    expect(findPriceBoosts({ market: race(), minRating: 106 }).rows).toHaveLength(1);
  });
});

describe('each-way catcher', () => {
  it('lays both parts; the guaranteed profit is the sum of two balanced lays', () => {
    const { rows, considered } = findEachWayCatches({ market: race(), stake: 1000 });
    expect(considered).toBe(14); // 7 each-way prices × (smarkets, matchbook)
    const r = rows.find((x) => x.bookmaker === 'bet-b' && x.exchange === 'smarkets');
    // b = 3 at 1/4: place odds 1.5; win lay 3, place lay 1.6, 2% commission.
    close(r?.placeOdds, 1.5);
    close(r?.winLayStake, 3000 / 2.98);
    close(r?.placeLayStake, 1500 / 1.58);
    const expected = ((1000 * 3) / 2.98) * 0.98 - 1000 + ((1000 * 1.5) / 1.58) * 0.98 - 1000;
    close(r?.guaranteedProfit, expected);
    close(r?.profitIfWins, expected);
    close(r?.profitIfLoses, expected);
    const g = rows.map((x) => x.guaranteedProfit);
    expect(g).toEqual([...g].sort((a, b) => b - a));
  });
});

describe('extra place catcher and master', () => {
  const S = 1000;
  // Runner r/1 at bet-a: b = 3.3, 3 places at 1/5 (place odds 1.46); the exchanges settle on 2 places.
  const b = 3.3;
  const po = 1 + (b - 1) * 0.2;
  const Lw = (S * b) / (3 - 0.02);
  const Lp = (S * po) / (1.6 - 0.02);
  const ql = Lw * 0.98 - S + (Lp * 0.98 - S);
  const gain = Lw * 0.98 - S + S * (po - 1) + Lp * 0.98;

  it('uses the exchange 2- and 3-place markets for p when both are priced', () => {
    const q2 = normalise(
      [1.6, 1.9, 2.2, 3.2, 3.8, 6.5].map((o) => 1 / o),
      2,
    )[0] as number;
    const q3 = normalise(
      [1.35, 1.55, 1.75, 2.4, 2.8, 4.6].map((o) => 1 / o),
      3,
    )[0] as number;
    const p = q3 - q2;
    const { rows } = findExtraPlaces({ market: race(), stake: S });
    const r = rows.find((x) => x.selectionId === 'r/1' && x.exchange === 'smarkets');
    expect(r?.probabilitySource).toBe('exchange place markets');
    close(r?.extraPlaceProbability, p, 12);
    close(r?.qualifyingLoss, ql);
    close(r?.profitIfExtraPlace, gain);
    close(r?.expectedProfit, p * gain + (1 - p) * ql);
    close(r?.breakEvenProbability ?? undefined, -ql / (gain - ql));
    close(r?.breakEvenBets ?? 0, (gain - ql) / -ql);
    expect(rows.every((x) => x.hedge === 'eachWayLay')).toBe(true);
    const ev = rows.map((x) => x.expectedProfit);
    expect(ev).toEqual([...ev].sort((x, y) => y - x));
  });

  it('falls back to the Harville model on fair win probabilities', () => {
    const snapshot = race();
    const noThree = { ...snapshot, exchangePrices: snapshot.exchangePrices.filter((p) => !('places' in p) || p.places !== 3) };
    const win = normalise([3, 4, 5, 8, 10, 20].map((o) => 1 / o));
    const p = (harvillePlaceProbabilities(win, 3)[0] as number) - (harvillePlaceProbabilities(win, 2)[0] as number);
    const r = findExtraPlaces({ market: noThree, stake: S }).rows.find((x) => x.selectionId === 'r/1' && x.exchange === 'smarkets');
    expect(r?.probabilitySource).toBe('harville');
    close(r?.extraPlaceProbability, p, 12);
    close(r?.expectedProfit, p * gain + (1 - p) * ql);
  });

  it('lays only at exchanges whose provider takes part, for the member', () => {
    const catcher = findExtraPlaces({ market: race(), exchangeSettings: { betconnect: true, betdaq: true } });
    expect(new Set(catcher.rows.map((r) => r.exchange))).toEqual(new Set(['smarkets', 'matchbook']));
    const member = { capabilities: ['PA-CAP-29'], additionalCapabilities: [] };
    expect(findExtraPlaces({ market: race(), user: member }).rows).toEqual([]);
    const withCode = { capabilities: ['PA-CAP-061'], additionalCapabilities: [] };
    expect(findExtraPlaces({ market: race(), user: withCode }).rows.length).toBeGreaterThan(0);
  });

  it('the master hedges where each provider allows: lay the place, lock bet, each-way lay', () => {
    // Without smarkets' 2-place prices, smarkets can only lay the place (its 3-place market).
    const snapshot = race();
    const noSmarketsTwo = {
      ...snapshot,
      exchangePrices: snapshot.exchangePrices.filter((p) => !(p.exchange === 'smarkets' && 'places' in p && p.places === 2)),
    };
    const { rows } = findExtraPlacesMaster({ market: noSmarketsTwo, stake: S, exchangeSettings: { betconnect: true } });
    const forR1 = rows.filter((x) => x.selectionId === 'r/1' && x.bookmaker === 'bet-a');
    expect(forR1.map((x) => `${x.exchange}:${x.hedge}`).sort()).toEqual([
      'betconnect:lockBet',
      'matchbook:eachWayLay',
      'smarkets:layThePlace',
    ]);
    // Lay the place at smarkets: the 3-place market at 1.35 pays every place the bookmaker pays.
    const locked = Lw * 0.98 - S + ((S * po) / (1.35 - 0.02)) * 0.98 - S;
    const smarkets = forR1.find((x) => x.exchange === 'smarkets');
    close(smarkets?.expectedProfit, locked);
    close(smarkets?.qualifyingLoss, locked);
    close(smarkets?.profitIfExtraPlace, locked);
    expect(smarkets?.breakEvenBets).toBeNull();
    // The catcher offers none of these hedges, and never lays at betconnect's lock.
    const catcher = findExtraPlaces({ market: noSmarketsTwo, stake: S, exchangeSettings: { betconnect: true } }).rows;
    expect(new Set(catcher.map((x) => `${x.exchange}:${x.hedge}`))).toEqual(new Set(['matchbook:eachWayLay']));
  });

  it('at each exchange the master keeps the hedge with the higher expected profit', () => {
    const master = findExtraPlacesMaster({ market: race(), stake: S, limit: 1000 }).rows.filter((x) => x.exchange === 'smarkets');
    const catcher = findExtraPlaces({ market: race(), stake: S, limit: 1000 }).rows.filter((x) => x.exchange === 'smarkets');
    expect(master).toHaveLength(6);
    const place3 = [1.35, 1.55, 1.75, 2.4, 2.8, 4.6];
    const win = [3, 4, 5, 8, 10, 20];
    master.forEach((row) => {
      const i = Number(row.selectionId.slice(2)) - 1;
      const bb = (win[i] as number) * 1.1;
      const p1 = 1 + (bb - 1) * 0.2;
      const lockedHere = ((S * bb) / ((win[i] as number) - 0.02)) * 0.98 - S + ((S * p1) / ((place3[i] as number) - 0.02)) * 0.98 - S;
      const ewLay = catcher.find((c) => c.selectionId === row.selectionId)?.expectedProfit ?? -Infinity;
      close(row.expectedProfit, Math.max(lockedHere, ewLay));
      expect(row.hedge).toBe(lockedHere > ewLay ? 'layThePlace' : 'eachWayLay');
    });
  });
});

describe('2UP matcher and master', () => {
  const market = indexMarketSnapshot(football());
  const fair = normalise([(1 / 2.08 + 1 / 2.0) / 2, (1 / 3.5 + 1 / 3.55) / 2, (1 / 4.1 + 1 / 4.2) / 2]);
  const rates = fitPoissonGoals(fair);

  it('values the home 2UP back from the fitted goals; lays only where the provider has 2UP', () => {
    const { rows } = findTwoUpMatches({ market, stake: 1000 });
    expect(rows.map((r) => `${r.selectionId} ${r.exchange}`)).toEqual(['f1/home smarkets', 'f1/away smarkets']);
    const home = rows[0];
    const p = earlyPayoutProbability(rates, 'home', 2);
    close(home?.earlyPayoutProbability, p, 12);
    const L = (1000 * 2.1) / 2.08;
    const ql = L * 0.98 - 1000;
    const early = 1000 * 1.1 + L * 0.98;
    close(home?.layStake, L);
    close(home?.qualifyingLoss, ql);
    close(home?.profitIfPaidEarly, early);
    close(home?.expectedProfit, p * early + (1 - p) * ql);
    close(home?.rating, ((2.1 * 0.98) / 2.08) * 100);
    expect(home?.side).toBe('home');
    expect(rows[1]?.side).toBe('away');
  });

  it('the master ranks by expected profit; the matcher by rating', () => {
    const byEv = findTwoUpValue({ market }).rows.map((r) => r.expectedProfit);
    expect(byEv).toEqual([...byEv].sort((a, b) => b - a));
    const byRating = findTwoUpMatches({ market }).rows.map((r) => r.rating);
    expect(byRating).toEqual([...byRating].sort((a, b) => b - a));
  });

  it('a member without a 2UP code gets nothing', () => {
    expect(findTwoUpMatches({ market, user: { capabilities: ['PA-CAP-040'], additionalCapabilities: [] } }).rows).toEqual([]);
    expect(findTwoUpValue({ market, user: { capabilities: ['PA-CAP-040'], additionalCapabilities: [] } }).rows).toHaveLength(2);
  });
});

describe('acca catcher', () => {
  const market = indexMarketSnapshot(coupon());

  it('every acca pays the same on every path (qualifying, sequential lays)', () => {
    const { rows, considered } = findAccas({ market, offer: { bookmaker: 'bet-a', kind: 'qualifying', legs: 2 }, pool: 3, stake: 1000 });
    expect(considered).toBe(3); // C(3, 2)
    for (const r of rows) {
      const [l1, l2] = r.legs;
      const [s1, s2] = r.layStakes;
      if (l1 === undefined || l2 === undefined || s1 === undefined || s2 === undefined) throw new Error('two legs');
      const c = r.commission;
      const leg1Loses = -1000 + s1 * (1 - c);
      const leg2Loses = -1000 - s1 * (l1.layOdds - 1) + s2 * (1 - c);
      const allWin = 1000 * (l1.backOdds * l2.backOdds - 1) - s1 * (l1.layOdds - 1) - s2 * (l2.layOdds - 1);
      close(r.profit, leg1Loses);
      close(r.profit, leg2Loses);
      close(r.profit, allWin);
      expect(Date.parse(l1.startsAt)).toBeLessThanOrEqual(Date.parse(l2.startsAt));
    }
    const profits = rows.map((r) => r.profit);
    expect(profits).toEqual([...profits].sort((a, b) => b - a));
  });

  it('insurance adds the refund: never worse than the same acca as a plain qualifier', () => {
    const plain = findAccas({ market, offer: { bookmaker: 'bet-a', kind: 'qualifying', legs: 3 }, pool: 5, limit: 100 }).rows;
    const insured = findAccas({
      market,
      offer: { bookmaker: 'bet-a', kind: 'insurance', legs: 3, refund: { amount: 1000, retention: 0.7 } },
      pool: 5,
      limit: 100,
    }).rows;
    expect(insured).toHaveLength(plain.length);
    const key = (r: { legs: readonly { selectionId: string }[] }) => r.legs.map((l) => l.selectionId).join();
    for (const r of insured) {
      const p = plain.find((x) => key(x) === key(r));
      expect(r.profit).toBeGreaterThan(p?.profit ?? Infinity);
    }
  });

  it('validates the offer: refund needed for insurance, at most the stake', () => {
    expect(issuesOf(() => findAccas({ market, offer: { bookmaker: 'bet-a', kind: 'insurance', legs: 1 } }))).toEqual([
      'offer.legs',
      'offer.refund',
    ]);
    expect(
      issuesOf(() =>
        findAccas({
          market,
          offer: { bookmaker: 'bet-a', kind: 'insurance', legs: 2, refund: { amount: 5000, retention: 1 } },
          stake: 1000,
        }),
      ),
    ).toEqual(['offer.refund.amount']);
  });
});

describe('BOG catcher', () => {
  it('adds the expected uplift to the qualifying loss', () => {
    const { rows } = findBogValue({ market: race(), stake: 1000 });
    const r1 = rows.find((r) => r.selectionId === 'r/1');
    const p = normalise([3, 4, 5, 8, 10, 20].map((o) => 1 / o))[0] as number;
    const ql = ((1000 * 3) / 2.98) * 0.98 - 1000; // best lay: smarkets at 3
    expect(r1?.exchange).toBe('smarkets');
    close(r1?.winProbability, p, 12);
    close(r1?.expectedStartingPrice, 1 / p, 12);
    close(r1?.qualifyingLoss, ql);
    close(r1?.expectedUplift, 1000 * p * bogUplift(3, 1 / p, 0.2));
    close(r1?.expectedProfit, ql + 1000 * p * bogUplift(3, 1 / p, 0.2));
    const more = findBogValue({ market: race(), stake: 1000, volatility: 0.4 }).rows.find((r) => r.selectionId === 'r/1');
    expect(more?.expectedUplift).toBeGreaterThan(r1?.expectedUplift ?? Infinity);
  });
});

describe('lucky finder', () => {
  it('values a Lucky 15 with its bonuses, matching a line-by-line enumeration of all 16 outcomes', () => {
    const { rows } = findLuckyBets({
      market: coupon(),
      offer: { bookmaker: 'bet-a', bet: 'lucky15', oneWinnerOddsMultiplier: 2, allWinnersBonus: 0.1 },
      pool: 4,
      stake: 100,
    });
    expect(rows).toHaveLength(1);
    const row = rows[0];
    if (row === undefined) throw new Error('a row');
    expect(row.lines).toBe(15);
    expect(row.totalStake).toBe(1500);
    const sel = row.selections;
    let ev = 0;
    let evPlain = 0;
    for (let outcome = 0; outcome < 16; outcome++) {
      let prob = 1;
      sel.forEach((x, i) => (prob *= outcome & (1 << i) ? x.probability : 1 - x.probability));
      let returns = 0;
      for (let line = 1; line < 16; line++) {
        if ((line & outcome) !== line) continue; // a line pays only if all its selections win
        let odds = 1;
        sel.forEach((x, i) => (odds *= line & (1 << i) ? x.backOdds : 1));
        returns += 100 * odds;
      }
      let bonusReturns = returns;
      const winners = sel.filter((_, i) => outcome & (1 << i));
      const only = winners[0];
      if (winners.length === 1 && only !== undefined) bonusReturns += 100 * (only.backOdds - 1); // doubled winnings
      if (winners.length === 4) bonusReturns *= 1.1;
      ev += prob * (bonusReturns - 1500);
      evPlain += prob * (returns - 1500);
    }
    close(row.noLayExpectedProfit, ev);
    close(row.expectedProfitWithoutBonus, evPlain);
    close(row.bonusValue, ev - evPlain);
    // After laying: the lays' expected profits, settled outcome by outcome, move the EV by −layCost.
    let evLaid = 0;
    for (let outcome = 0; outcome < 16; outcome++) {
      let prob = 1;
      let lays = 0;
      sel.forEach((x, i) => {
        const won = (outcome & (1 << i)) !== 0;
        prob *= won ? x.probability : 1 - x.probability;
        lays += won ? -x.layStake * (x.layOdds - 1) : x.layStake * (1 - x.commission);
      });
      evLaid += prob * lays;
    }
    close(row.layCost, -evLaid);
    close(row.expectedProfit, ev + evLaid);
    // Each event's best selection by p × b: the fair probabilities are the normalised mid prices.
    const c1a = sel.find((x) => x.selectionId === 'c1/a');
    close(c1a?.probability, normalise([1 / 1.92, 1 / 2.1])[0] as number, 12);
  });
});

describe('lucky finder, hand-worked after laying', () => {
  it('lays each selection with the balanced lay of the bet’s exposure to it and ranks by the EV after the lays', () => {
    // Four selections at 2.2, each with a fair chance of exactly 1/2, laid at 2.0 with 2%
    // commission; 100p a line, double the odds on a sole winner, 10% on all four winning.
    // Returns by number of winners k (every line of winners pays 100 × Π b; Π over k of 3.2, less 1):
    //   k = 0: 0;  k = 1: 220 + 120 sole-winner bonus = 340;  k = 2: 100 × (3.2² − 1) = 924;
    //   k = 3: 100 × (3.2³ − 1) = 3176.8;  k = 4: 100 × (3.2⁴ − 1) × 1.1 = 11424.336.
    // The others' winners are Binomial(3, 1/2): E[returns | i wins] = (340 + 3 × 924 + 3 × 3176.8
    // + 11424.336) / 8 = 3008.342 and E[returns | i loses] = (3 × 340 + 3 × 924 + 3176.8) / 8 =
    // 871.1, so each lay is L = (3008.342 − 871.1) / (2.0 − 0.02) = 2137.242 / 1.98.
    const L = 2137.242 / 1.98;
    // No lay: E[returns] = (4 × 340 + 6 × 924 + 4 × 3176.8 + 11424.336) / 16 = 1939.721, less 1500 staked.
    const noLay = 1939.721 - 1500;
    // Each lay's EV: ½ × (−L × 1.0) + ½ × (L × 0.98) = −0.01 L; four of them.
    const layCost = 4 * 0.01 * L;
    // Profit after laying by k: returns − 1500 − k × L + (4 − k) × 0.98 L; the worst is k = 2.
    const worst = 924 - 1500 - 2 * L + 2 * 0.98 * L;
    const { rows } = findLuckyBets({
      market: evensCoupon(),
      offer: { bookmaker: 'bet-a', bet: 'lucky15', oneWinnerOddsMultiplier: 2, allWinnersBonus: 0.1 },
      pool: 4,
      stake: 100,
    });
    expect(rows).toHaveLength(1);
    const row = rows[0];
    close(row?.noLayExpectedProfit, noLay); // 439.721
    close(row?.bonusValue, 0.25 * 120 + (10385.76 * 0.1) / 16); // 30 + 64.911
    close(row?.expectedProfitWithoutBonus, noLay - 94.911); // 344.81
    for (const s of row?.selections ?? []) {
      close(s.probability, 0.5, 12);
      expect([s.exchange, s.layOdds, s.commission]).toEqual(['smarkets', 2, 0.02]);
      close(s.layStake, L); // 1079.4152
      close(s.liability, L);
    }
    close(row?.layCost, layCost); // 43.1766
    close(row?.expectedProfit, noLay - layCost); // 396.5444
    close(row?.totalLiability, 4 * L);
    close(row?.worstCaseProfit, worst); // −619.1766
  });

  it('a single selection that cannot be laid at an enabled exchange is left out', () => {
    const market = evensCoupon();
    // e4/a is laid only at betconnect, which is off by default: only three selections remain.
    market.exchangePrices = market.exchangePrices.map((p) => (p.selectionId === 'e4/a' ? { ...p, exchange: 'betconnect' } : p));
    const offer = { bookmaker: 'bet-a', bet: 'lucky15' } as const;
    expect(findLuckyBets({ market, offer, pool: 4 }).rows).toHaveLength(0);
    expect(findLuckyBets({ market, offer, pool: 4, exchangeSettings: { betconnect: true } }).rows).toHaveLength(1);
  });
});

describe('steam chaser', () => {
  it('finds the shortened selection and values the bookmaker price at the new fair probability', () => {
    const snapshot = coupon();
    const earlier = snapshot.exchangePrices.map((p) => (p.selectionId === 'c4/a' ? book('smarkets', 'c4/a', 3.6, 3.6) : p));
    const { rows } = findSteamers({ market: snapshot, earlier, minSteam: 0.05, stake: 1000 });
    expect(rows.map((r) => `${r.selectionId} ${r.bookmaker}`)).toEqual(['c4/a bet-a']);
    const p = normalise([1 / 3.2, 1 / 1.45])[0] as number;
    const p0 = normalise([1 / 3.6, 1 / 1.45])[0] as number;
    close(rows[0]?.steam, p / p0 - 1, 12);
    close(rows[0]?.expectedProfit, 1000 * (p * 3.1 - 1));
    close(rows[0]?.kelly, Math.max(0, p - (1 - p) / 2.1), 12);
    expect(
      issuesOf(() =>
        findSteamers({ market: snapshot, earlier: [{ exchange: 'x', selectionId: 'ghost', back: null, lay: null, commission: 0 }] }),
      ),
    ).toEqual(['exchangePrices.0.selectionId']);
  });
});

describe('bet builder finder', () => {
  it('compares the price with the product of the legs’ fair probabilities, flagged approximate', () => {
    const { rows } = findBetBuilderValue({ market: football(), stake: 1000 });
    const home = normalise([(1 / 2.08 + 1 / 2.0) / 2, (1 / 3.5 + 1 / 3.55) / 2, (1 / 4.1 + 1 / 4.2) / 2])[0] as number;
    const yes = normalise([(1 / 1.8 + 1 / 1.82) / 2, (1 / 2.2 + 1 / 2.24) / 2])[0] as number;
    expect(rows).toHaveLength(1);
    close(rows[0]?.impliedProbability, home * yes, 12);
    close(rows[0]?.valueRatio, 4.5 * home * yes, 12);
    close(rows[0]?.expectedProfit, 1000 * (4.5 * home * yes - 1));
    expect(rows[0]?.approximate).toBe(true);
  });

  it('a bet builder whose legs are in another event is rejected with the snapshot', () => {
    const s = merge(football(), coupon());
    s.betBuilders.push({ id: 'bad', bookmaker: 'bet-a', eventId: 'f1', odds: 3, legs: ['f1/home', 'c1/a'] });
    expect(issuesOf(() => findBetBuilderValue({ market: s }))).toEqual(['betBuilders.1.legs.1']);
  });
});

describe('golf master', () => {
  const S = 500;
  const i = 0; // golfer 1
  const pWin = normalise([4, 5, 6, 8, 10, 12, 20, 30].map((o) => 1 / o))[i] as number;
  const top2 = normalise(
    [2.2, 2.6, 3.0, 3.9, 4.8, 5.6, 9, 13].map((o) => 1 / o),
    2,
  )[i] as number;
  const top4 = normalise(
    [1.4, 1.55, 1.7, 2.1, 2.5, 2.8, 4.2, 6].map((o) => 1 / o),
    4,
  )[i] as number;
  const ev = (b: number, f: number, pPlace: number) => {
    const po = 1 + (b - 1) * f;
    return S * (pWin * (b - 1) - (1 - pWin)) + S * (pPlace * (po - 1) - (1 - pPlace));
  };

  it('values each-way outrights from the exchange win and top-N markets, no lay', () => {
    const { rows } = findGolfValue({ market: golf(), stake: S, limit: 100 });
    const exact = rows.find((r) => r.selectionId === 'g/1' && r.bookmaker === 'bet-b'); // 4 places: the top-4 market
    close(exact?.winProbability, pWin, 12);
    close(exact?.placeProbability, top4, 12);
    expect(exact?.placeMarkets).toEqual([4]);
    close(exact?.expectedProfit, ev(4 * 1.1, 0.2, top4));
    const interpolated = rows.find((r) => r.selectionId === 'g/1' && r.bookmaker === 'bet-a'); // 3 places: halfway from top 2 to top 4
    close(interpolated?.placeProbability, (top2 + top4) / 2, 12);
    expect(interpolated?.placeMarkets).toEqual([2, 4]);
    close(interpolated?.expectedProfit, ev(4 * 1.25, 0.25, (top2 + top4) / 2));
    close(interpolated?.expectedReturn, ev(4 * 1.25, 0.25, (top2 + top4) / 2) / (2 * S));
    const e = rows.map((r) => r.expectedProfit);
    expect(e).toEqual([...e].sort((a, b) => b - a));
  });
});

describe('the finder registry', () => {
  it('has one engine for every tool of both brands (same capability), each existing and documented', () => {
    const exported = matching as Record<string, unknown>;
    for (const brand of ['primary', 'secondary'] as const) {
      for (const tool of getBrand(brand).tools) {
        if (['slots', 'simulator'].includes(tool.key)) continue; // casino training pages, not finders
        const entry = finderTools.find((t) => t.key === tool.key);
        expect(entry, `${brand} ${tool.key}`).toBeDefined();
        expect(entry?.capability).toBe(tool.capability);
      }
    }
    for (const t of finderTools) {
      expect(typeof exported[t.engine]).toBe('function');
      expect(t.rankedBy.length).toBeGreaterThan(10);
      if (t.figure !== 'exact') expect(t.assumptions.length).toBeGreaterThan(0);
    }
  });
});

describe('finder input validation', () => {
  it('rejects a malformed member and an empty odds range', () => {
    expect(issuesOf(() => findTwoUpMatches({ market: football(), user: { capabilities: 'PA-CAP-067' } as never }))).toEqual([
      'user.capabilities',
      'user.additionalCapabilities',
    ]);
    expect(
      issuesOf(() => findMatchCatches({ market: football(), offer: { bookmaker: 'bet-a', betType: 'snr', minOdds: 3, maxOdds: 2 } })),
    ).toEqual(['offer.maxOdds']);
  });

  it('lists every bad common field', () => {
    expect(
      issuesOf(() =>
        findPriceBoosts({ market: race(), limit: 0, stake: -1, commissions: { smarkets: 3 }, bookmakers: ['Bet A'] } as never),
      ).sort(),
    ).toEqual(['bookmakers.0', 'commissions.smarkets', 'limit', 'stake']);
  });

  it('rejects an invalid snapshot with the snapshot’s own error, and takes a built index as is', () => {
    expect(issuesOf(() => findGolfValue({ market: { events: 'none' } }))).toEqual(['events', 'markets', 'backPrices', 'exchangePrices']);
    const index = indexMarketSnapshot(golf());
    expect(indexMarketSnapshot(index)).toBe(index);
    expect(findGolfValue({ market: index }).rows.length).toBeGreaterThan(0);
  });
});
