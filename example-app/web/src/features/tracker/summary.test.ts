import { layLeg, backLeg, wireBet } from '@matchkit/app-contract/testing';
import { getBrand } from '@matchkit/sdk/brands';
import { describe, expect, it } from 'vitest';
import { monthProgress, openLiability } from './summary';

describe('openLiability', () => {
  it('sums stake × (odds − 1) of the pending lays of open bets, to the penny, worked by hand', () => {
    const open = wireBet({ legs: [backLeg(), layLeg({ stake: 943, odds: 3.2 })] }); // 943 × 2.2 = 2074.6 → 2075
    const second = wireBet({ id: 'b2', legs: [backLeg(), layLeg({ stake: 500, odds: 1.5 })] }); // 250
    const settled = wireBet({
      id: 'b3',
      status: 'settled',
      settledAt: Date.UTC(2025, 7, 12),
      settledProfit: -76,
      legs: [backLeg({ result: 'lost' }), layLeg({ result: 'won' })],
    });
    expect(openLiability([open, second, settled])).toBe(2075 + 250);
    expect(openLiability([])).toBe(0);
  });
});

describe('monthProgress', () => {
  it('is null without a goal, else the sdk’s goalProgress of the month', () => {
    const brand = getBrand('primary');
    expect(monthProgress(brand, [], null, '2025-08')).toBeNull();
    const goal = brand.onboarding.goals[0]?.id ?? '';
    expect(monthProgress(brand, [], goal, '2025-08')).toMatchObject({ goal, month: '2025-08', profit: 0 });
  });
});
