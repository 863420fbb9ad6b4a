import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { twoUpExpectedValue, twoUpLockIn } from './index';

const odds = fc.oneof(fc.double({ min: 1.01, max: 50, noNaN: true }), fc.double({ min: 1, max: 1e6, minExcluded: true, noNaN: true }));
const commission = fc.oneof(fc.double({ min: 0, max: 0.1, noNaN: true }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }));
const money = fc.oneof(fc.double({ min: 0, max: 1000, noNaN: true }), fc.double({ min: 0, max: 1e9, noNaN: true }));
const tol = (money: number): number => 1e-9 * money + 1e-12;

describe('2UP laws', () => {
  it('the lock-in makes the profit the same whether the team wins or not, netted before commission (within 1e-9 relative)', () => {
    fc.assert(
      fc.property(money, odds, odds, commission, odds, (backStake, backOdds, layOdds, k, inPlay) => {
        const r = twoUpLockIn({ backStake, backOdds, layOdds, layCommission: k, inPlayBackOdds: inPlay });
        // The bookmaker has paid the back as a winner. The exchange market holds the lay and the
        // in-play back; its net result is charged commission only if it is a gain.
        const market = (teamWins: boolean) => {
          const net = teamWins ? -r.layStake * (layOdds - 1) + r.inPlayBackStake * (inPlay - 1) : r.layStake - r.inPlayBackStake;
          return net > 0 ? net * (1 - k) : net;
        };
        const paid = backStake * (backOdds - 1);
        const s = tol(backStake * backOdds + r.layStake * layOdds + r.inPlayBackStake * inPlay);
        expect(Math.abs(paid + market(true) - r.lockedProfit)).toBeLessThanOrEqual(s);
        expect(Math.abs(paid + market(false) - r.lockedProfit)).toBeLessThanOrEqual(s);
        // Without the early payout the qualifying bet is a normal lay: the same loss either way.
        const wins = backStake * (backOdds - 1) - r.layStake * (layOdds - 1);
        expect(Math.abs(wins - r.qualifyingLoss)).toBeLessThanOrEqual(s);
      }),
      { numRuns: 1000 },
    );
  });

  it('the 2UP expected value rises in a straight line with the early-payout chance, by the back stake × odds', () => {
    fc.assert(
      fc.property(money, odds, odds, commission, fc.double({ min: 0, max: 1, noNaN: true }), (backStake, backOdds, layOdds, k, p) => {
        const at = (q: number) => twoUpExpectedValue({ backStake, backOdds, layOdds, layCommission: k, earlyPayoutProbability: q });
        const r = at(p);
        expect(Math.abs(r.expectedProfit - at(0).expectedProfit - p * backStake * backOdds)).toBeLessThanOrEqual(
          tol(backStake * backOdds + r.layStake * layOdds),
        );
      }),
      { numRuns: 500 },
    );
  });
});
