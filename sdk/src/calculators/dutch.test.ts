import { describe, expect, it } from 'vitest';
import { dutch } from './index';

describe('dutch', () => {
  it('splits a budget in proportion to 1/odds (a 105% book loses 5/105 of it)', () => {
    const r = dutch({ totalStake: 105, backOdds: [2, 2.5, 10] }); // 0.5 + 0.4 + 0.1 + ... = 1.0
    expect(r.backStakes.map((s) => s * 1)).toEqual([52.5, 42, 10.5]);
    expect(r.profit).toBeCloseTo(0, 12);
    const over = dutch({ totalStake: 105, backOdds: [2, 2, 20] }); // 0.5 + 0.5 + 0.05 = 1.05
    expect(over.profit).toBeCloseTo(100 - 105, 12);
  });

  it('covers an anchor bet so every outcome returns what it returns', () => {
    const r = dutch({ anchor: { backStake: 20, backOdds: 2.5 }, backOdds: [5, 10] });
    expect(r.backStakes).toEqual([10, 5]);
    expect(r.totalStake).toBe(35);
    expect(r.profit).toBe(15);
  });

  it('counts a free-bet budget as costing nothing', () => {
    const r = dutch({ totalStake: 20, backOdds: [2, 2], betType: 'snr' });
    expect(r.backStakes).toEqual([10, 10]);
    expect(r.profit).toBe(10);
  });

  it('takes anchor or totalStake, exactly one', () => {
    expect(() => dutch({ backOdds: [2, 2] } as never)).toThrow(/\(input\): needs anchor or totalStake/);
    expect(() => dutch({ totalStake: 10, anchor: { backStake: 1, backOdds: 2 }, backOdds: [2] } as never)).toThrow(
      /totalStake: cannot be given with anchor/,
    );
  });

  it('needs two outcomes for a budget, one other outcome around an anchor', () => {
    expect(() => dutch({ totalStake: 10, backOdds: [2] })).toThrow(/backOdds: must have at least 2 items/);
    expect(dutch({ anchor: { backStake: 10, backOdds: 2 }, backOdds: [2] }).backStakes).toEqual([10]);
    expect(() => dutch({ anchor: { backStake: 10, backOdds: 2 }, backOdds: [] })).toThrow(/backOdds: must have at least 1 item$/m);
  });

  it('names a bad anchor field by its path', () => {
    expect(() => dutch({ anchor: { backStake: -1, backOdds: 2 }, backOdds: [2] })).toThrow(/anchor\.backStake: must be at least 0/);
  });
});
