// The half-penny window of money alerts (money-source.ts): a profit scaled from another stake's row
// decides an alert alone only away from a half penny, where it cannot differ from the finder's at
// the stake; the window grows with stake × odds, so it holds at the sdk's largest stakes and odds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_MONEY, MAX_ODDS } from '@matchkit/sdk/calculators';
import { alertThreshold, eachWayAlertRow, extraPlaceAlertRow, findEachWayCatches, findExtraPlaces } from '@matchkit/sdk/matching';
import { scaledFigure, type MoneyWatchedRow } from './money-source';

/**
 * The win lays to try about a half penny found between `lo` and `hi`: on it, where the window
 * defers to the finder, and moved off it by a little and by more, where the scaled figure decides.
 */
const probes = (lo: number, hi: number) => [lo, hi, lo * (1 - 1e-7), hi * (1 + 1e-7), lo * (1 - 1e-4), hi * (1 + 1e-4)];

/** One race, one runner: an each-way price at `backOdds` and its win and place lays at one exchange. */
function race(backOdds: number, winLay: number, placeLay: number, commission: number) {
  return {
    events: [{ id: 'e', sport: 'horse-racing', name: '14:30 Ascot', startsAt: '2030-06-01T14:30:00Z' }],
    markets: [{ id: 'e/win', eventId: 'e', type: 'win', name: 'Win', runners: [{ id: 'e/1', name: 'Horse' }], exchangePlaces: 3 }],
    backPrices: [{ bookmaker: 'bet-a', selectionId: 'e/1', odds: backOdds, eachWay: { places: 3, placeFraction: 0.2 } }],
    exchangePrices: [
      { exchange: 'smarkets', selectionId: 'e/1', back: null, lay: { odds: winLay, liquidity: 50_000 }, commission },
      { exchange: 'smarkets', selectionId: 'e/1', back: null, lay: { odds: placeLay, liquidity: 50_000 }, commission, places: 3 },
    ],
  };
}

/** The each-way catcher's row at `stake`, as a money alert reads it (undefined: the finder has none). */
function rowAt(backOdds: number, winLay: number, placeLay: number, commission: number, stake: number): MoneyWatchedRow | undefined {
  const r = findEachWayCatches({ market: race(backOdds, winLay, placeLay, commission), stake, limit: 10 }).rows[0];
  return r === undefined ? undefined : { ...eachWayAlertRow(r, stake), layOdds: r.winLayOdds };
}

describe('the half-penny window of money alerts', () => {
  it('no miss: for random stakes up to the sdk’s max stake and odds up to its max odds, the windowed decision equals the finder’s at the stake', () => {
    /** Cases where the profit scaled alone would have decided otherwise than the finder at the stake. */
    let scaledWrong = 0;
    let windowed = 0;
    let decided = 0;
    let cases = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_MONEY }),
        fc.integer({ min: 1, max: MAX_MONEY }),
        fc.double({ min: 1.5, max: MAX_ODDS / 2, noNaN: true }),
        fc.double({ min: 0.995, max: 1.005, noNaN: true }),
        fc.constantFrom(0, 0, 0.02),
        fc.integer({ min: -3, max: 3 }),
        (stake, baseStake, backOdds, placeRatio, commission, penny) => {
          // A profit near nothing on a large stake × odds (where the rounding is largest against
          // it): the place lay at about the place odds, the win lay moved, by bisection, until the
          // profit at `stake` sits on the half penny `half`, to the last bit.
          const placeLay = Math.max(1.01, (1 + (backOdds - 1) * 0.2) * placeRatio);
          const half = penny - 0.5;
          const profitAt = (winLay: number) => rowAt(backOdds, winLay, placeLay, commission, stake)?.profitOnStake;
          let lo = Math.max(1.01, backOdds * 0.9);
          let hi = Math.min(MAX_ODDS, backOdds * 1.1);
          const pLo = profitAt(lo);
          const pHi = profitAt(hi);
          if (pLo === undefined || pHi === undefined || pLo < half === pHi < half) return;
          const below = pLo < half;
          for (let i = 0; i < 200; i++) {
            const mid = (lo + hi) / 2;
            if (mid === lo || mid === hi) break;
            const p = profitAt(mid);
            if (p === undefined) return;
            if (p < half === below) lo = mid;
            else hi = mid;
          }
          for (const winLay of probes(lo, hi)) {
            const exact = rowAt(backOdds, winLay, placeLay, commission, stake);
            const base = rowAt(backOdds, winLay, placeLay, commission, baseStake);
            if (exact === undefined || base === undefined) continue;
            cases++;
            // The alert whose whole-pence threshold is that half penny, and those either side.
            for (const minProfit of [penny - 1, penny, penny + 1]) {
              const threshold = alertThreshold({ minProfit, stake });
              const wanted = Math.round(exact.profitOnStake) >= minProfit;
              const scaled = scaledFigure(base, stake);
              if (base.profitOnStake / base.stake >= threshold !== wanted) scaledWrong++;
              // Within the window the finder at the stake decides: the same, by definition.
              if (scaled === undefined) windowed++;
              else {
                decided++;
                expect(scaled >= threshold).toBe(wanted);
              }
            }
          }
        },
      ),
      { numRuns: 300, seed: 3 },
    );
    expect(cases).toBeGreaterThan(200);
    // The edge was reached: the scaled profit alone was wrong there, and the window caught it.
    expect(scaledWrong).toBeGreaterThan(0);
    expect(windowed).toBeGreaterThanOrEqual(scaledWrong);
    // And away from the half penny the scaled figure decided, as the finder would have.
    expect(decided).toBeGreaterThan(0);
  });
});

/**
 * A race of five for the extra place catcher: the bookmaker pays four places each way on runner 1 at
 * `backOdds`, the exchange's place market settles on three; every runner has win prices (the chance
 * of an extra place reads the whole field) and a three-place lay.
 */
function extraPlaceRace(backOdds: number, winLay: number, placeLay: number, commission: number) {
  const runners = [1, 2, 3, 4, 5].map((n) => ({ id: `e/${n}`, name: `Horse ${n}` }));
  const others = [3.2, 4.5, 6.5, 9.0];
  const lay = (selectionId: string, odds: number, places?: number) => ({
    exchange: 'smarkets',
    selectionId,
    back: { odds: Math.max(1.01, Math.round((odds - 0.04) * 100) / 100), liquidity: 50_000 },
    lay: { odds, liquidity: 50_000 },
    commission,
    ...(places === undefined ? {} : { places }),
  });
  return {
    events: [{ id: 'e', sport: 'horse-racing', name: '15:05 York', startsAt: '2030-06-01T15:05:00Z' }],
    markets: [{ id: 'e/win', eventId: 'e', type: 'win', name: 'Win', runners, exchangePlaces: 3 }],
    backPrices: [{ bookmaker: 'bet-a', selectionId: 'e/1', odds: backOdds, eachWay: { places: 4, placeFraction: 0.2 } }],
    exchangePrices: [
      lay('e/1', winLay),
      lay('e/1', placeLay, 3),
      ...others.flatMap((odds, i) => [lay(`e/${i + 2}`, odds), lay(`e/${i + 2}`, Math.max(1.05, 1 + (odds - 1) / 3), 3)]),
    ],
  };
}

/** The extra place catcher's row at `stake`, as its alert source reads it (undefined: none). */
function extraPlaceRowAt(
  backOdds: number,
  winLay: number,
  placeLay: number,
  commission: number,
  stake: number,
): MoneyWatchedRow | undefined {
  const r = findExtraPlaces({ market: extraPlaceRace(backOdds, winLay, placeLay, commission), stake, limit: 10 }).rows.find(
    (row) => row.selectionId === 'e/1' && row.winLayOdds !== undefined,
  );
  return r === undefined || r.winLayOdds === undefined ? undefined : { ...extraPlaceAlertRow(r, stake), layOdds: r.winLayOdds };
}

describe('the half-penny window of extra place alerts', () => {
  it('no miss: for random stakes and odds, the windowed decision on the expected profit equals the finder’s at the stake', () => {
    let cases = 0;
    let scaledWrong = 0;
    let windowed = 0;
    let decided = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_MONEY }),
        fc.integer({ min: 1, max: MAX_MONEY }),
        fc.double({ min: 2, max: 60, noNaN: true }),
        fc.constantFrom(0, 0.02),
        fc.integer({ min: -3, max: 3 }),
        (stake, baseStake, backOdds, commission, penny) => {
          // The win lay moved, by bisection, until the expected profit at `stake` sits on a half penny.
          const placeLay = Math.max(1.02, 1 + (backOdds - 1) * 0.22);
          const half = penny - 0.5;
          const profitAt = (winLay: number) => extraPlaceRowAt(backOdds, winLay, placeLay, commission, stake)?.profitOnStake;
          let lo = Math.max(1.02, backOdds * 0.8);
          let hi = Math.min(MAX_ODDS, backOdds * 1.4);
          const pLo = profitAt(lo);
          const pHi = profitAt(hi);
          if (pLo === undefined || pHi === undefined || pLo < half === pHi < half) return;
          const below = pLo < half;
          for (let i = 0; i < 200; i++) {
            const mid = (lo + hi) / 2;
            if (mid === lo || mid === hi) break;
            const p = profitAt(mid);
            if (p === undefined) return;
            if (p < half === below) lo = mid;
            else hi = mid;
          }
          for (const winLay of probes(lo, hi)) {
            const exact = extraPlaceRowAt(backOdds, winLay, placeLay, commission, stake);
            const base = extraPlaceRowAt(backOdds, winLay, placeLay, commission, baseStake);
            if (exact === undefined || base === undefined) continue;
            cases++;
            for (const minProfit of [penny - 1, penny, penny + 1]) {
              const threshold = alertThreshold({ minProfit, stake });
              const wanted = Math.round(exact.profitOnStake) >= minProfit;
              const scaled = scaledFigure(base, stake);
              if (base.profitOnStake / base.stake >= threshold !== wanted) scaledWrong++;
              if (scaled === undefined) windowed++;
              else {
                decided++;
                expect(scaled >= threshold).toBe(wanted);
              }
            }
          }
        },
      ),
      { numRuns: 200, seed: 5 },
    );
    expect(cases).toBeGreaterThan(100);
    expect(scaledWrong).toBeGreaterThan(0);
    expect(windowed).toBeGreaterThan(0);
    expect(decided).toBeGreaterThan(0);
  });
});
