import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectedValue, kellyFraction, type BetType } from './index';

const odds = fc.oneof(fc.double({ min: 1.01, max: 50, noNaN: true }), fc.double({ min: 1, max: 1e6, minExcluded: true, noNaN: true }));
const commission = fc.oneof(fc.constant(0), fc.double({ min: 0, max: 0.1, noNaN: true }));
const money = fc.oneof(fc.double({ min: 0, max: 1000, noNaN: true }), fc.double({ min: 0, max: 1e9, noNaN: true }));
const probability = fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0, 1));
const betType = fc.constantFrom<Exclude<BetType, 'refund'>>('qualifying', 'snr', 'sr');
const tol = (money: number): number => 1e-9 * money + 1e-12;

/**
 * Settles a back bet as a bookmaker does, from first principles: what the member pays in (the
 * stake, unless it is a free bet) and what comes back (the stake and the winnings less commission
 * on the winnings if it wins, where a stake-not-returned free bet keeps only the winnings; nothing
 * if it loses). Profit is what comes back less what was paid in.
 */
function settle(betType: Exclude<BetType, 'refund'>, stake: number, o: number, k: number, wins: boolean): number {
  const paidIn = betType === 'qualifying' ? stake : 0;
  const winnings = stake * o - stake; // the payout above the stake
  const payout = wins ? (betType === 'snr' ? 0 : stake) + winnings - k * winnings : 0;
  return payout - paidIn;
}

describe('value laws', () => {
  it('the expected profit is the probability-weighted sum of the two settled outcomes', () => {
    fc.assert(
      fc.property(betType, money, odds, probability, commission, (type, stake, o, p, k) => {
        const r = expectedValue({ betType: type, backStake: stake, backOdds: o, probability: p, backCommission: k });
        const expected = p * settle(type, stake, o, k, true) + (1 - p) * settle(type, stake, o, k, false);
        expect(Math.abs(r.expectedProfit - expected)).toBeLessThanOrEqual(tol(stake * o));
        expect(r.probability).toBe(p);
      }),
      { numRuns: 1000 },
    );
  });

  it('a qualifying bet at its fair odds (no commission) has zero expected profit', () => {
    fc.assert(
      fc.property(money, odds, (stake, o) => {
        const r = expectedValue({ backStake: stake, backOdds: o, fairOdds: o });
        expect(Math.abs(r.expectedProfit)).toBeLessThanOrEqual(tol(stake * o));
        expect(Math.abs(r.edge)).toBeLessThanOrEqual(1e-9);
      }),
      { numRuns: 1000 },
    );
  });

  it('the expected profit never falls as the odds rise (everything else fixed)', () => {
    fc.assert(
      fc.property(betType, money, odds, odds, probability, commission, (type, stake, a, b, p, k) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const at = (o: number) =>
          expectedValue({ betType: type, backStake: stake, backOdds: o, probability: p, backCommission: k }).expectedProfit;
        expect(at(hi)).toBeGreaterThanOrEqual(at(lo) - tol(stake * hi));
      }),
      { numRuns: 1000 },
    );
  });

  it('an SNR free bet is worth p × backStake × (backOdds − 1) without commission', () => {
    fc.assert(
      fc.property(money, odds, probability, (stake, o, p) => {
        const r = expectedValue({ betType: 'snr', backStake: stake, backOdds: o, probability: p });
        expect(Math.abs(r.expectedProfit - p * stake * (o - 1))).toBeLessThanOrEqual(tol(stake * o));
      }),
      { numRuns: 1000 },
    );
  });

  it('an SR free bet is worth exactly one stake more than the same qualifying bet, and p × stake more than SNR', () => {
    fc.assert(
      fc.property(money, odds, probability, commission, (stake, o, p, k) => {
        const ev = (type: Exclude<BetType, 'refund'>) =>
          expectedValue({ betType: type, backStake: stake, backOdds: o, probability: p, backCommission: k }).expectedProfit;
        expect(Math.abs(ev('sr') - ev('qualifying') - stake)).toBeLessThanOrEqual(tol(stake * o));
        expect(Math.abs(ev('sr') - ev('snr') - p * stake)).toBeLessThanOrEqual(tol(stake * o));
      }),
      { numRuns: 1000 },
    );
  });

  it('a chance given as fair odds is the same chance given as a probability', () => {
    fc.assert(
      fc.property(betType, money, odds, odds, (type, stake, o, fair) => {
        const a = expectedValue({ betType: type, backStake: stake, backOdds: o, fairOdds: fair });
        const b = expectedValue({ betType: type, backStake: stake, backOdds: o, probability: 1 / fair });
        expect(a).toEqual(b);
      }),
      { numRuns: 500 },
    );
  });

  it('leaving betType out is the same as a qualifying bet', () => {
    fc.assert(
      fc.property(money, odds, probability, commission, (stake, o, p, k) => {
        const bet = { backStake: stake, backOdds: o, probability: p, backCommission: k };
        expect(expectedValue(bet)).toEqual(expectedValue({ ...bet, betType: 'qualifying' }));
      }),
      { numRuns: 300 },
    );
  });

  it('the Kelly fraction maximises the expected log of the bankroll', () => {
    // Moderate odds and probabilities, so that the growth curve is well resolved in doubles.
    fc.assert(
      fc.property(
        fc.double({ min: 1.05, max: 20, noNaN: true }),
        fc.double({ min: 0.01, max: 0.99, noNaN: true }),
        commission,
        (o, p, k) => {
          const f = kellyFraction({ backOdds: o, probability: p, backCommission: k });
          const w = (o - 1) * (1 - k);
          const growth = (x: number) => p * Math.log(1 + x * w) + (1 - p) * Math.log(1 - x);
          fc.pre(f < 0.99);
          const g = growth(f);
          for (const d of [0.01, 0.001]) {
            if (f + d < 1) expect(growth(f + d)).toBeLessThanOrEqual(g + 1e-12);
            if (f - d >= 0) expect(growth(f - d)).toBeLessThanOrEqual(g + 1e-12);
          }
          // No stake when the edge is not positive.
          if (p * w - (1 - p) <= 0) expect(f).toBe(0);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
