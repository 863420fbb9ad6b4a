import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eachWay, layThePlace, lockBet, noLay, type BetType } from './index';

const odds = fc.oneof(fc.double({ min: 1.01, max: 50, noNaN: true }), fc.double({ min: 1, max: 1e6, minExcluded: true, noNaN: true }));
const commission = fc.oneof(fc.double({ min: 0, max: 0.1, noNaN: true }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }));
const money = fc.oneof(fc.double({ min: 0, max: 1000, noNaN: true }), fc.double({ min: 0, max: 1e9, noNaN: true }));
const betType = fc.constantFrom<Exclude<BetType, 'refund'>>('qualifying', 'snr', 'sr');
const placeFraction = fc.oneof(fc.constantFrom(0.2, 0.25, 1 / 3, 1 / 6), fc.double({ min: 0, max: 1, minExcluded: true, noNaN: true }));

const bet = fc.record({ betType, backStake: money, backOdds: odds, placeFraction });
const eachWayInput = fc
  .record({ bet, winLayOdds: odds, placeLayOdds: odds, layCommission: commission })
  .map(({ bet: b, ...rest }) => ({ ...b, ...rest }));

/** One part of the back bet settled by hand: its profit if that part wins or loses. */
function part(type: BetType, stake: number, odds: number, wins: boolean): number {
  if (wins) return stake * (odds - 1) + (type === 'sr' ? stake : 0);
  return type === 'qualifying' ? -stake : 0;
}
const lay = (stake: number, layOdds: number, k: number, selectionWins: boolean): number =>
  selectionWins ? -stake * (layOdds - 1) : stake * (1 - k);
const tol = (money: number): number => 1e-9 * money + 1e-12;
const RUNS = { numRuns: 800 };

describe('each-way laws', () => {
  it('the lay stakes equalise win, place and lose for every bet type (within 1e-9 relative)', () => {
    fc.assert(
      fc.property(eachWayInput, (i) => {
        const r = eachWay(i);
        const p = 1 + (i.backOdds - 1) * i.placeFraction;
        const S = i.backStake;
        const k = i.layCommission;
        // Settled by hand, each market on its own: the win market and the place market.
        const wins =
          part(i.betType, S, i.backOdds, true) +
          part(i.betType, S, p, true) +
          lay(r.winLayStake, i.winLayOdds, k, true) +
          lay(r.placeLayStake, i.placeLayOdds, k, true);
        const places =
          part(i.betType, S, i.backOdds, false) +
          part(i.betType, S, p, true) +
          lay(r.winLayStake, i.winLayOdds, k, false) +
          lay(r.placeLayStake, i.placeLayOdds, k, true);
        const loses =
          part(i.betType, S, i.backOdds, false) +
          part(i.betType, S, p, false) +
          lay(r.winLayStake, i.winLayOdds, k, false) +
          lay(r.placeLayStake, i.placeLayOdds, k, false);
        const extra =
          part(i.betType, S, i.backOdds, false) +
          part(i.betType, S, p, true) +
          lay(r.winLayStake, i.winLayOdds, k, false) +
          lay(r.placeLayStake, i.placeLayOdds, k, false);
        const s = tol(S * (i.backOdds + p) + r.winLayStake * i.winLayOdds + r.placeLayStake * i.placeLayOdds);
        expect(Math.abs(wins - loses)).toBeLessThanOrEqual(s);
        expect(Math.abs(places - loses)).toBeLessThanOrEqual(s);
        expect(Math.abs(r.profitIfWins - wins)).toBeLessThanOrEqual(s);
        expect(Math.abs(r.profitIfPlaces - places)).toBeLessThanOrEqual(s);
        expect(Math.abs(r.profitIfLoses - loses)).toBeLessThanOrEqual(s);
        expect(Math.abs(r.profitIfExtraPlace - extra)).toBeLessThanOrEqual(s);
      }),
      RUNS,
    );
  });

  it('an extra place adds exactly the place part swing to the equal profit', () => {
    fc.assert(
      fc.property(eachWayInput, (i) => {
        const r = eachWay(i);
        const S = i.backStake;
        // The place part's back swing: its profit if it places less its profit if it does not.
        const swing = part(i.betType, S, r.placeOdds, true) - part(i.betType, S, r.placeOdds, false);
        expect(Math.abs(r.profitIfExtraPlace - r.profitIfLoses - swing)).toBeLessThanOrEqual(
          tol(S * r.placeOdds + r.placeLayStake * i.placeLayOdds),
        );
      }),
      RUNS,
    );
  });

  it('lay the place gives one profit in every finishing position (within 1e-9 relative)', () => {
    fc.assert(
      fc.property(eachWayInput, (i) => {
        const r = layThePlace(i);
        const S = i.backStake;
        const k = i.layCommission;
        // The place market pays the bookmaker's places, extra places included: no extra-place case.
        const outcome = (winsRace: boolean, placed: boolean) =>
          part(i.betType, S, i.backOdds, winsRace) +
          part(i.betType, S, r.placeOdds, placed) +
          lay(r.winLayStake, i.winLayOdds, k, winsRace) +
          lay(r.placeLayStake, i.placeLayOdds, k, placed);
        const s = tol(S * (i.backOdds + r.placeOdds) + r.liability + r.winLayStake + r.placeLayStake);
        for (const [w, p] of [
          [true, true],
          [false, true],
          [false, false],
        ] as const)
          expect(Math.abs(outcome(w, p) - r.profit)).toBeLessThanOrEqual(s);
      }),
      RUNS,
    );
  });

  it('a lock bet gives one profit in every outcome, its two parts netted before commission (within 1e-9 relative)', () => {
    fc.assert(
      fc.property(bet, odds, commission, (b, lockOdds, k) => {
        const r = lockBet({ ...b, lockOdds, layCommission: k });
        const S = b.backStake;
        // One market: the lay's result is the net of both parts, charged commission only if a gain.
        const lockResult = (winsRace: boolean, placed: boolean) => {
          const net =
            (winsRace ? -r.winLayStake * (lockOdds - 1) : r.winLayStake) +
            (placed ? -r.placeLayStake * (r.lockPlaceOdds - 1) : r.placeLayStake);
          return net > 0 ? net * (1 - k) : net;
        };
        const outcome = (winsRace: boolean, placed: boolean) =>
          part(b.betType, S, b.backOdds, winsRace) + part(b.betType, S, r.placeOdds, placed) + lockResult(winsRace, placed);
        expect(r.winLayStake).toBeGreaterThanOrEqual(0);
        expect(r.placeLayStake).toBeGreaterThanOrEqual(0);
        const s = tol(S * (b.backOdds + r.placeOdds) + r.liability + r.winLayStake + r.placeLayStake);
        for (const [w, p] of [
          [true, true],
          [false, true],
          [false, false],
        ] as const)
          expect(Math.abs(outcome(w, p) - r.profit)).toBeLessThanOrEqual(s);
      }),
      RUNS,
    );
  });

  it('a no-lay each-way bet at fair prices has no expected profit', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.001, max: 0.999, noNaN: true }), placeFraction, money, (pWin, f, S) => {
        // Fair odds 1/pWin; the place price 1 + (b − 1)f is fair when pPlace is its inverse (which
        // is at least pWin, as the place price is at most the win price).
        const backOdds = 1 / pWin;
        const placeOdds = 1 + (backOdds - 1) * f;
        const pPlace = Math.max(pWin, 1 / placeOdds); // equal in exact arithmetic when f = 1
        const r = noLay({
          betType: 'qualifying',
          backStake: S,
          backOdds,
          placeFraction: f,
          winProbability: pWin,
          placeProbability: pPlace,
        });
        expect(Math.abs(r.expectedProfit)).toBeLessThanOrEqual(tol(S * (backOdds + placeOdds)));
      }),
      RUNS,
    );
  });
});
