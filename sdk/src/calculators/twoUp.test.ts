import { describe, expect, it } from 'vitest';
import { twoUpExpectedValue, twoUpLockIn } from './index';

const bet = { backStake: 10, backOdds: 3, layOdds: 3, layCommission: 0 } as const;

describe('twoUpLockIn', () => {
  it('locks in the early payout less the cost of the hedge (fair prices: 10 at 3.0, backed at 1.5 in play)', () => {
    const r = twoUpLockIn({ ...bet, inPlayBackOdds: 1.5 });
    expect(r.layStake).toBe(10);
    expect(r.inPlayBackStake).toBe(20); // 10 × 3 / 1.5
    // Team wins: +20 (bookmaker), −20 (lay), +10 (back) = 10. Team fails: +20, +10, −20 = 10.
    expect(r.lockedProfit).toBe(10);
    expect(r.qualifyingLoss).toBe(0);
  });

  it('charges commission on the netted market only when the net is a gain', () => {
    // The price drifted to 4.0: the in-play back is smaller than the lay, net +2.5, less 5%.
    const r = twoUpLockIn({ ...bet, layCommission: 0.05, inPlayBackOdds: 4 });
    const layStake = 30 / 2.95;
    expect(r.layStake).toBeCloseTo(layStake, 12);
    expect(r.lockedProfit).toBeCloseTo(20 + (layStake - (layStake * 3) / 4) * 0.95, 12);
  });
});

describe('twoUpExpectedValue', () => {
  it('adds the back stake × odds gained when the team goes two up and fails to win', () => {
    const r = twoUpExpectedValue({ ...bet, earlyPayoutProbability: 0.1 });
    expect(r.qualifyingLoss).toBe(0);
    expect(r.profitIfPaidEarly).toBe(30);
    expect(r.expectedProfit).toBeCloseTo(3, 12);
  });
});
