import { describe, expect, it } from 'vitest';
import { eachWay, eachWayReturns, extraPlace, layThePlace, lockBet, noLay } from './index';

const bet = { betType: 'qualifying', backStake: 10, backOdds: 11, placeFraction: 0.25 } as const;

describe('eachWay', () => {
  it('lays each part with its own market: win at S·b/(l − c), place at S·p/(l − c)', () => {
    const r = eachWay({ ...bet, winLayOdds: 11, placeLayOdds: 3.5, layCommission: 0 });
    expect(r.placeOdds).toBe(3.5); // 1 + 10 × 1/4
    expect(r.winLayStake).toBe(10);
    expect(r.placeLayStake).toBe(10);
    // At the bookmaker's own prices with no commission every outcome is 0 ...
    expect([r.profitIfWins, r.profitIfPlaces, r.profitIfLoses]).toEqual([0, 0, 0]);
    // ... and the extra place pays the place part (10 × 3.5) with both lays winning.
    expect(r.profitIfExtraPlace).toBe(35);
  });

  it('lays an SNR each-way free bet so that each part keeps its winnings only', () => {
    const r = eachWay({ ...bet, betType: 'snr', winLayOdds: 11, placeLayOdds: 3.5, layCommission: 0 });
    expect(r.winLayStake).toBeCloseTo(100 / 11, 12);
    expect(r.placeLayStake).toBeCloseTo(25 / 3.5, 12);
    expect(r.profitIfLoses).toBeCloseTo(100 / 11 + 25 / 3.5, 12);
  });

  it('rejects a place fraction of 0 or above 1', () => {
    expect(() => eachWay({ ...bet, placeFraction: 0, winLayOdds: 11, placeLayOdds: 3.5, layCommission: 0 })).toThrow(
      /placeFraction: must be greater than 0/,
    );
    expect(() => eachWayReturns({ backStake: 10, backOdds: 11, placeFraction: 1.2 })).toThrow(/placeFraction: must be at most 1/);
  });
});

describe('eachWayReturns', () => {
  it('returns both stakes back with the winnings when it wins, the place part when it places', () => {
    expect(eachWayReturns({ backStake: 5, backOdds: 9, placeFraction: 0.2 })).toEqual({
      returnIfWins: 5 * 9 + 5 * 2.6,
      returnIfPlaces: 13,
    });
  });
});

describe('extraPlace', () => {
  it('breaks even at the probability where the extra-place gain pays for the loss', () => {
    const input = { ...bet, winLayOdds: 12, placeLayOdds: 3.7, layCommission: 0.02 };
    const r = extraPlace({ ...input, extraPlaceProbability: 0.1 });
    const atBreakEven = extraPlace({ ...input, extraPlaceProbability: r.breakEvenProbability });
    expect(atBreakEven.expectedProfit).toBeCloseTo(0, 12);
    // By hand: place odds 3.5; lays 110 / 11.98 (win) and 35 / 3.68 (place). Losing costs both
    // stakes and the lays keep 98%: −20 + 0.98 × (110 / 11.98 + 35 / 3.68) = −1.6810 (also the
    // win and place profit). The extra place adds the place part's 10 × 3.5 = 35, a 10% chance.
    expect(r.profitIfLoses).toBeCloseTo(-1.6810172751688, 12);
    expect(r.profitIfExtraPlace).toBeCloseTo(-1.6810172751688 + 35, 12);
    expect(r.expectedProfit).toBeCloseTo(-1.6810172751688 + 3.5, 12);
    expect(r.breakEvenProbability).toBeCloseTo(1.6810172751688 / 35, 12);
  });

  it('needs no luck when the lay alone makes money', () => {
    const r = extraPlace({ ...bet, winLayOdds: 10, placeLayOdds: 3, layCommission: 0, extraPlaceProbability: 0 });
    expect(r.profitIfLoses).toBeGreaterThan(0);
    expect(r.breakEvenProbability).toBe(0);
  });
});

describe('layThePlace', () => {
  it('locks a profit when the wider place market lays below the bookmaker place price', () => {
    const r = layThePlace({ ...bet, winLayOdds: 11, placeLayOdds: 3.2, layCommission: 0 });
    // Win part breaks even at 11; place part: 10 × 3.5 / 3.2 laid, keeping 10 × (3.5/3.2 − 1).
    expect(r.profit).toBeCloseTo(10 * (3.5 / 3.2 - 1), 12);
  });
});

describe('lockBet', () => {
  it('locks in nothing at the bookmaker price with no commission', () => {
    const r = lockBet({ ...bet, lockOdds: 11, layCommission: 0 });
    expect(r.lockPlaceOdds).toBe(3.5);
    expect(r.profit).toBeCloseTo(0, 12);
  });

  it('nets the two parts before commission when a place-only finish is a gain for the lay', () => {
    // A small place fraction and a short price make the lay's win part outweigh its place payout.
    const r = lockBet({ betType: 'qualifying', backStake: 10, backOdds: 1.5, placeFraction: 0.2, lockOdds: 1.4, layCommission: 0.05 });
    const net = r.winLayStake - r.placeLayStake * (r.lockPlaceOdds - 1);
    expect(net).toBeGreaterThan(0);
    const placeOnly = -10 + 10 * (r.placeOdds - 1) + net * 0.95;
    const loses = -20 + (r.winLayStake + r.placeLayStake) * 0.95;
    expect(placeOnly).toBeCloseTo(r.profit, 12);
    expect(loses).toBeCloseTo(r.profit, 12);
  });
});

describe('noLay', () => {
  it('is worth nothing at fair prices: 10/1 with a 1/11 win chance and 1/4-odds places at 2/7', () => {
    const r = noLay({ ...bet, winProbability: 1 / 11, placeProbability: 2 / 7 });
    // Win part: fair. Place part at 3.5 with a 2/7 chance: 10 × (3.5 × 2/7 − 1) = 0.
    expect(r.expectedProfit).toBeCloseTo(0, 12);
  });

  it('rejects a place chance below the win chance', () => {
    expect(() => noLay({ ...bet, winProbability: 0.3, placeProbability: 0.2 })).toThrow(
      /placeProbability: must be at least winProbability/,
    );
  });
});
