import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dutch } from './index';

const odds = fc.oneof(fc.double({ min: 1.01, max: 50, noNaN: true }), fc.double({ min: 1, max: 1e6, minExcluded: true, noNaN: true }));
const money = fc.oneof(fc.double({ min: 0, max: 1000, noNaN: true }), fc.double({ min: 0, max: 1e9, noNaN: true }));
const tol = (money: number): number => 1e-9 * money + 1e-12;
const RUNS = { numRuns: 800 };

describe('dutch laws', () => {
  it('dutch profits are equal on every outcome: budget form, qualifying (cash)', () => {
    fc.assert(
      fc.property(money, fc.array(odds, { minLength: 2, maxLength: 30 }), (totalStake, o) => {
        const r = dutch({ totalStake, backOdds: o });
        // Outcome i: bet i returns stake × odds; every stake was paid.
        const profits = o.map((x, i) => (r.backStakes[i] as number) * x - r.totalStake);
        const s = tol(totalStake + Math.max(...profits.map(Math.abs)));
        for (const p of profits) expect(Math.abs(p - r.profit)).toBeLessThanOrEqual(s);
        expect(Math.abs(r.totalStake - totalStake)).toBeLessThanOrEqual(s);
      }),
      RUNS,
    );
  });

  it('dutch profits are equal on every outcome: budget form, SNR free bets (returns exclude the stake)', () => {
    fc.assert(
      fc.property(money, fc.array(odds, { minLength: 2, maxLength: 30 }), (totalStake, o) => {
        const r = dutch({ totalStake, backOdds: o, betType: 'snr' });
        // Outcome i: free bet i pays its winnings; the free stakes cost nothing.
        const profits = o.map((x, i) => (r.backStakes[i] as number) * (x - 1));
        const s = tol(totalStake + Math.max(...profits));
        for (const p of profits) expect(Math.abs(p - r.profit)).toBeLessThanOrEqual(s);
      }),
      RUNS,
    );
  });

  it('dutch profits are equal on every outcome: anchor form, a qualifying (cash) anchor and an SNR anchor', () => {
    fc.assert(
      fc.property(money, odds, fc.array(odds, { minLength: 1, maxLength: 30 }), fc.boolean(), (stake, anchorOdds, o, snr) => {
        const r = dutch({ anchor: { backStake: stake, backOdds: anchorOdds }, backOdds: o, betType: snr ? 'snr' : 'qualifying' });
        const covers = r.backStakes.reduce((a, b) => a + b, 0);
        const anchorCost = snr ? 0 : stake;
        // Anchor wins: its profit, less the covers. Outcome i: cash bet i returns stake × odds.
        const anchorWins = stake * (anchorOdds - (snr ? 1 : 0)) - anchorCost - covers;
        const profits = [anchorWins, ...o.map((x, i) => (r.backStakes[i] as number) * x - anchorCost - covers)];
        const s = tol(stake * anchorOdds + covers + Math.max(...profits.map(Math.abs)));
        for (const p of profits) expect(Math.abs(p - r.profit)).toBeLessThanOrEqual(s);
        expect(Math.abs(r.totalStake - stake - covers)).toBeLessThanOrEqual(s);
      }),
      RUNS,
    );
  });
});
