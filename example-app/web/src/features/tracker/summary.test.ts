import { layLeg, backLeg, wireBet } from '@matchkit/app-contract/testing';
import { getBrand } from '@matchkit/sdk/brands';
import { describe, expect, it } from 'vitest';
import { liabilityOf, monthProgress } from './summary';

describe('liabilityOf', () => {
  it('is the sdk’s openLiability of the wire bets, worked by hand', () => {
    const open = wireBet({ legs: [backLeg(), layLeg({ stake: 943, odds: 3.2 })] }); // 943 × 2.2 = 2074.6 → 2075
    const second = wireBet({ id: 'b2', legs: [backLeg(), layLeg({ stake: 500, odds: 1.5 })] }); // 250
    const settled = wireBet({
      id: 'b3',
      status: 'settled',
      settledAt: Date.UTC(2025, 7, 12),
      settledProfit: -76,
      legs: [backLeg({ result: 'lost' }), layLeg({ result: 'won' })],
    });
    expect(liabilityOf([open, second, settled])).toBe(2075 + 250);
    expect(liabilityOf([])).toBe(0);
  });

  it('is null, not a made-up figure, when the sdk refuses a bet', () => {
    expect(liabilityOf([wireBet({ legs: [backLeg(), layLeg({ odds: 0.5 })] })])).toBeNull();
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
