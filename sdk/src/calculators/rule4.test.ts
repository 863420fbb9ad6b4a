import { describe, expect, it } from 'vitest';
import { isValidationError } from '../errors/errors';
import { applyReductionFactor, applyRule4, backLay, nonRunnerImbalance, oddsFromFractional, rule4Deduction } from './index';

// The Tattersalls Rule 4(c) scale as published (bands by fractional price, longest first within
// each band as the table writes them), with the deduction in pence per pound.
const SCALE: readonly (readonly [string[], number])[] = [
  [['1/9', '1/10', '1/20'], 90],
  [['2/11', '1/6', '1/7', '2/15', '1/8', '2/17'], 85],
  [['1/4', '2/9', '1/5'], 80],
  [['3/10', '2/7'], 75],
  [['2/5', '4/11', '1/3'], 70],
  [['8/15', '1/2', '4/9'], 65],
  [['8/13', '4/7'], 60],
  [['4/5', '8/11', '4/6'], 55],
  [['20/21', '10/11', '5/6'], 50],
  [['6/5', '11/10', '21/20', '1/1'], 45],
  [['6/4', '11/8', '5/4'], 40],
  [['7/4', '13/8', '8/5'], 35],
  [['9/4', '11/5', '85/40', '2/1', '15/8', '9/5'], 30],
  [['3/1', '11/4', '13/5', '5/2', '12/5'], 25],
  [['4/1', '7/2', '10/3', '16/5'], 20],
  [['11/2', '5/1', '9/2'], 15],
  [['9/1', '17/2', '8/1', '15/2', '7/1', '13/2', '6/1'], 10],
  [['14/1', '12/1', '11/1', '10/1'], 5],
  [['16/1', '20/1', '33/1', '100/1'], 0],
];

describe('rule4Deduction', () => {
  for (const [prices, pence] of SCALE) {
    it(`deducts ${pence}p for a non-runner at ${prices.join(', ')}`, () => {
      for (const price of prices) expect(rule4Deduction([oddsFromFractional(price)]), price).toBe(pence);
    });
  }

  it('reads decimal prices to 2 places, as they are quoted (1/9 is 1.11, 8/13 is 1.62)', () => {
    expect(rule4Deduction([1.11])).toBe(90);
    expect(rule4Deduction([1.12])).toBe(85);
    expect(rule4Deduction([1.62])).toBe(60);
    expect(rule4Deduction([1.63])).toBe(55);
    expect(rule4Deduction([1.005])).toBe(90); // 1.01 as written
  });

  it('puts a decimal price between two bands in the band whose longest price it does not exceed', () => {
    expect(rule4Deduction([2.21])).toBe(40); // between 6/5 (2.20) and 5/4 (2.25)
    expect(rule4Deduction([15.01])).toBe(0); // just over 14/1
  });

  it('adds several non-runners up and caps the total at 90p', () => {
    expect(rule4Deduction([5, 6])).toBe(35); // 4/1: 20p + 5/1: 15p
    expect(rule4Deduction([1.2, 1.2])).toBe(90); // 80p + 80p
    expect(rule4Deduction([])).toBe(0);
  });

  it('rejects a bad price by its index', () => {
    try {
      rule4Deduction([4, 1, Number.NaN]);
      expect.unreachable();
    } catch (e) {
      expect(isValidationError(e)).toBe(true);
      expect((e as { issues: unknown }).issues).toEqual([
        { path: 'withdrawnOdds.1', message: 'must be greater than 1' },
        { path: 'withdrawnOdds.2', message: 'expected a number, received NaN' },
      ]);
    }
    expect(() => rule4Deduction('4' as never)).toThrow(/withdrawnOdds: expected an array, received string/);
  });
});

describe('applyRule4', () => {
  it('takes the deduction off the winnings only (8/1 with 15p: 10 returns 10 + 80 × 0.85)', () => {
    const r = applyRule4({ backStake: 10, backOdds: 9, deduction: 15 });
    expect(r.returns).toBeCloseTo(78, 12);
    expect(r.effectiveOdds).toBeCloseTo(7.8, 12);
  });

  it('rejects a deduction above the 90p cap', () => {
    expect(() => applyRule4({ backStake: 10, backOdds: 9, deduction: 95 })).toThrow(/deduction: must be at most 90/);
  });
});

describe('applyReductionFactor', () => {
  it('reduces the whole price (Betfair: 8.0 with 25% becomes 6.0; 4.0 with 9.69% becomes 3.6124)', () => {
    expect(applyReductionFactor({ odds: 8, reductionFactor: 0.25 })).toBe(6);
    expect(applyReductionFactor({ odds: 4, reductionFactor: 0.0969 })).toBeCloseTo(3.6124, 12);
  });

  it('suggests the fraction for a factor typed as a percentage', () => {
    expect(() => applyReductionFactor({ odds: 8, reductionFactor: 25 })).toThrow(
      /reduction factor 25 is not a fraction: did you mean 0.25\?/,
    );
  });
});

describe('nonRunnerImbalance', () => {
  it('sets the bookmaker’s Rule 4 deduction beside the exchange’s reduction factor', () => {
    const r = nonRunnerImbalance({ backStake: 10, backOdds: 5, layOdds: 5, layCommission: 0, deduction: 25, reductionFactor: 0.25 });
    expect(r).toEqual({
      layStake: 10,
      liabilityBefore: 40,
      profitIfWinsBefore: 0,
      effectiveBackOdds: 4,
      backReturns: 40,
      reducedLayOdds: 3.75,
      liability: 27.5,
      profitIfWins: 2.5,
      profitIfLoses: 0,
      imbalance: 2.5,
    });
  });

  it('agrees with applyRule4, applyReductionFactor and backLay', () => {
    const input = { backStake: 25, backOdds: 6.5, layOdds: 7, layCommission: 0.02, deduction: 15, reductionFactor: 0.135 };
    const r = nonRunnerImbalance(input);
    expect(r.backReturns).toBeCloseTo(applyRule4({ backStake: 25, backOdds: 6.5, deduction: 15 }).returns, 10);
    expect(r.reducedLayOdds).toBeCloseTo(applyReductionFactor({ odds: 7, reductionFactor: 0.135 }), 10);
    const laid = backLay({ backStake: 25, backOdds: 6.5, layOdds: 7, layCommission: 0.02 });
    expect(r.layStake).toBe(laid.layStake);
    expect(r.profitIfLoses).toBeCloseTo(laid.profitIfLoses, 10);
    expect(r.profitIfWinsBefore).toBeCloseTo(laid.profitIfWins, 10);
  });

  it('leaves no liability when the reduced lay price falls to 1 or below', () => {
    const r = nonRunnerImbalance({ backStake: 10, backOdds: 1.2, layOdds: 1.25, layCommission: 0, deduction: 90, reductionFactor: 0.5 });
    expect(r.liability).toBe(0);
    expect(r.reducedLayOdds).toBeCloseTo(0.625, 10);
  });

  it('lists every bad field', () => {
    let caught: unknown;
    try {
      nonRunnerImbalance({ backStake: -1, backOdds: 1, layOdds: 5, layCommission: 2, deduction: 95, reductionFactor: 25 });
    } catch (e) {
      caught = e;
    }
    expect(isValidationError(caught)).toBe(true);
    expect((caught as { issues: { path: string }[] }).issues.map((i) => i.path)).toEqual([
      'backStake',
      'backOdds',
      'layCommission',
      'deduction',
      'reductionFactor',
    ]);
  });
});
