import { describe, expect, it } from 'vitest';
import { accaInsuranceLockIn, accaSequentialLay, backLay } from './index';

describe('accaSequentialLay', () => {
  it('lays a fair treble at its own prices for no profit and no loss', () => {
    const r = accaSequentialLay({
      betType: 'qualifying',
      backStake: 10,
      layCommission: 0,
      legs: [
        { backOdds: 2, layOdds: 2 },
        { backOdds: 2, layOdds: 2 },
        { backOdds: 2, layOdds: 2 },
      ],
    });
    // The last lay, 40 at 2.0, wins the acca's whole return of 80 if leg 3 loses; each earlier
    // lay wins what the next one would have risked.
    expect(r.layStakes).toEqual([10, 20, 40]);
    expect(r.liabilities).toEqual([10, 20, 40]);
    expect(r.profit).toBe(0);
  });

  it('is backLay for a single leg', () => {
    const single = accaSequentialLay({ betType: 'snr', backStake: 10, layCommission: 0.02, legs: [{ backOdds: 5, layOdds: 5.2 }] });
    const lay = backLay({ betType: 'snr', backStake: 10, backOdds: 5, layOdds: 5.2, layCommission: 0.02 });
    expect(single.layStakes[0]).toBeCloseTo(lay.layStake, 12);
    expect(single.profit).toBeCloseTo(lay.profitIfLoses, 12);
  });

  it('names a bad leg by its index', () => {
    expect(() =>
      accaSequentialLay({
        betType: 'qualifying',
        backStake: 10,
        layCommission: 0,
        legs: [{ backOdds: 2, layOdds: 2 }, { backOdds: 2 } as never],
      }),
    ).toThrow(/legs\.1\.layOdds: is required/);
    expect(() =>
      accaSequentialLay({ betType: 'qualifying', backStake: 10, layCommission: 0, legs: Array(21).fill({ backOdds: 2, layOdds: 2 }) }),
    ).toThrow(/legs: must have at most 20 items/);
  });
});

describe('accaInsuranceLockIn', () => {
  it('is backLay with a refund for a single leg', () => {
    const single = accaInsuranceLockIn({
      backStake: 10,
      layCommission: 0.02,
      refund: { amount: 10, retention: 0.8 },
      legs: [{ backOdds: 4, layOdds: 4.2 }],
    });
    const lay = backLay({
      betType: 'refund',
      backStake: 10,
      backOdds: 4,
      layOdds: 4.2,
      layCommission: 0.02,
      refund: { amount: 10, retention: 0.8 },
    });
    expect(single.layStakes[0]).toBeCloseTo(lay.layStake, 12);
    expect(single.profit).toBeCloseTo(lay.profitIfLoses, 12);
    expect(single.lockInLayStakes).toEqual([0]);
  });

  it('with no refund value is the plain sequential lay', () => {
    const legs = [
      { backOdds: 2, layOdds: 2.1 },
      { backOdds: 3, layOdds: 3.2 },
    ];
    const insured = accaInsuranceLockIn({ backStake: 10, layCommission: 0.02, refund: { amount: 10, retention: 0 }, legs });
    const plain = accaSequentialLay({ betType: 'qualifying', backStake: 10, layCommission: 0.02, legs });
    insured.layStakes.forEach((s, i) => expect(s).toBeCloseTo(plain.layStakes[i] as number, 12));
    expect(insured.profit).toBeCloseTo(plain.profit, 12);
  });

  it('rejects a refund above the stake', () => {
    expect(() =>
      accaInsuranceLockIn({ backStake: 10, layCommission: 0, refund: { amount: 20, retention: 1 }, legs: [{ backOdds: 2, layOdds: 2 }] }),
    ).toThrow(/refund\.amount: must not exceed backStake/);
  });
});
