import { describe, expect, it } from 'vitest';
import { backLay, betAndGet, fixabet, matchRating, partLay } from './index';
import { validationError } from '../internal/testing/validation';

/** The issues of the validation error `run` throws (fails the test if it throws anything else). */
const issues = (run: () => unknown) => validationError(run).issues;

const qualifying = { betType: 'qualifying', backStake: 10, backOdds: 3, layOdds: 3.2, layCommission: 0.02 } as const;

describe('backLay', () => {
  it('lays a qualifying bet at S·b/(l − c): 10 at 3.0 laid at 3.2 with 2% is 30 / 3.18', () => {
    const r = backLay(qualifying);
    expect(r.layStake).toBeCloseTo(30 / 3.18, 12);
    // Settled by hand: back wins 20, lay pays 2.2 × L; lay wins L less 2%, back loses 10.
    expect(r.profitIfWins).toBeCloseTo(20 - 2.2 * (30 / 3.18), 12);
    expect(r.profitIfLoses).toBeCloseTo(-10 + 0.98 * (30 / 3.18), 12);
  });

  it('matches at equal odds with no commission lose nothing either way', () => {
    const r = backLay({ betType: 'qualifying', backStake: 25, backOdds: 2, layOdds: 2, layCommission: 0 });
    expect(r.layStake).toBe(25);
    expect(r.profitIfWins).toBe(0);
    expect(r.profitIfLoses).toBe(0);
  });

  it('charges back commission on the winnings only', () => {
    // A back at an exchange with 5%: winnings 20 become 19; the returned stake is not charged.
    const r = backLay({ ...qualifying, backCommission: 0.05 });
    expect(r.layStake).toBeCloseTo((19 + 10) / 3.18, 12);
    const sr = backLay({ ...qualifying, betType: 'sr', backCommission: 0.05 });
    expect(sr.layStake).toBeCloseTo((19 + 10) / 3.18, 12);
  });

  it('gives an SNR underlay of exactly 0 (not -0)', () => {
    const r = backLay({ ...qualifying, betType: 'snr', strategy: 'underlay' });
    expect(Object.is(r.layStake, 0)).toBe(true);
    expect(r.profitIfWins).toBe(20);
  });

  it('ignores refund terms unless the bet is a refund', () => {
    expect(backLay({ ...qualifying, refund: { amount: 99, retention: 7 } })).toEqual(backLay(qualifying));
  });

  it('lists every bad field of the input in one error', () => {
    expect(issues(() => backLay({ betType: 'snr', backStake: Number.NaN, backOdds: Infinity, layOdds: 0.5, layCommission: -0.1 }))).toEqual(
      [
        { path: 'backStake', message: 'expected a number, received NaN' },
        { path: 'backOdds', message: 'must be a finite number' },
        { path: 'layOdds', message: 'must be greater than 1' },
        { path: 'layCommission', message: 'must be at least 0' },
      ],
    );
  });

  it('suggests the fraction for a commission typed as a percentage', () => {
    expect(issues(() => backLay({ ...qualifying, layCommission: 5 }))).toEqual([
      { path: 'layCommission', message: 'commission 5 is not a fraction: did you mean 0.05?' },
    ]);
    expect(issues(() => backLay({ ...qualifying, backCommission: 2.5 }))).toEqual([
      { path: 'backCommission', message: 'commission 2.5 is not a fraction: did you mean 0.025?' },
    ]);
    expect(issues(() => backLay({ ...qualifying, layCommission: 1 }))[0]?.message).toBe(
      'commission 1 is not a fraction: did you mean 0.01?',
    );
    expect(issues(() => backLay({ ...qualifying, layCommission: 150 }))[0]?.message).toBe('must be less than 1');
  });

  it('requires refund terms for a refund bet, within the stake', () => {
    expect(issues(() => backLay({ ...qualifying, betType: 'refund' }))).toEqual([{ path: 'refund', message: 'is required' }]);
    expect(issues(() => backLay({ ...qualifying, betType: 'refund', refund: { amount: 11, retention: 1.2 } }))).toEqual([
      { path: 'refund.retention', message: 'must be at most 1' },
      { path: 'refund.amount', message: 'must not exceed backStake (a refund pays back at most the stake)' },
    ]);
  });

  it('rejects a missing field, a wrong strategy and a non-object input', () => {
    expect(issues(() => backLay({ betType: 'qualifying', backStake: 10, backOdds: 3, layOdds: 3.2 } as never))).toEqual([
      { path: 'layCommission', message: 'is required' },
    ]);
    expect(issues(() => backLay({ ...qualifying, strategy: 'half' } as never))).toEqual([
      { path: 'strategy', message: "must be one of 'normal', 'underlay', 'overlay'" },
    ]);
    expect(issues(() => backLay(null as never))).toEqual([{ path: '', message: 'expected an object, received null' }]);
    expect(issues(() => backLay([] as never))).toEqual([{ path: '', message: 'expected an object, received an array' }]);
  });

  it('names the validated subject in the message', () => {
    expect(() => backLay({ ...qualifying, backOdds: 1 })).toThrow(/Invalid backLay input:\n {2}- backOdds: must be greater than 1/);
  });
});

describe('partLay', () => {
  it('lays the whole normal stake by default', () => {
    const { coveredFraction, ...rest } = partLay(qualifying);
    expect(coveredFraction).toBe(1);
    expect(rest).toEqual(backLay(qualifying));
  });

  it('lays the given share of the normal stake', () => {
    expect(partLay({ ...qualifying, layFraction: 0.5 }).layStake).toBeCloseTo(15 / 3.18, 12);
  });

  it('stops at the liability limit when it binds, and at the share when that is smaller', () => {
    expect(partLay({ ...qualifying, maxLiability: 11 }).layStake).toBeCloseTo(5, 12); // 11 / 2.2
    expect(partLay({ ...qualifying, maxLiability: 11, layFraction: 0.1 }).layStake).toBeCloseTo(3 / 3.18, 12);
  });

  it('reports full cover for a zero stake instead of 0/0', () => {
    expect(partLay({ ...qualifying, backStake: 0, layFraction: 0.3 }).coveredFraction).toBe(1);
  });
});

describe('matchRating', () => {
  it('is 100 for equal odds without commission, for qualifying and SR bets', () => {
    expect(matchRating({ betType: 'qualifying', backOdds: 4, layOdds: 4, layCommission: 0 })).toBe(100);
    expect(matchRating({ betType: 'sr', backOdds: 4, layOdds: 4, layCommission: 0 })).toBe(100);
  });

  it('is the SNR retention (b − 1)/b at equal odds without commission', () => {
    expect(matchRating({ betType: 'snr', backOdds: 4, layOdds: 4, layCommission: 0 })).toBe(75);
  });
});

describe('fixabet', () => {
  it('places the largest stake within the loss limit', () => {
    const r = fixabet({ maxStake: 100, maxLoss: 1, backOdds: 2, layOdds: 2.06, layCommission: 0.02 });
    expect(r.backStake).toBeCloseTo(25.5, 9); // 1 / (1 − 1.96 / 2.04)
    expect(r.profit).toBeCloseTo(-1, 9);
  });

  it('places maxStake when the loss limit does not bind, or the match loses nothing', () => {
    expect(fixabet({ maxStake: 10, maxLoss: 1, backOdds: 2, layOdds: 2.06, layCommission: 0.02 }).backStake).toBe(10);
    expect(fixabet({ maxStake: 10, maxLoss: 0, backOdds: 2.2, layOdds: 2, layCommission: 0 }).backStake).toBe(10);
  });

  it('rounds the stake down to whole steps', () => {
    expect(fixabet({ maxStake: 100, maxLoss: 1, backOdds: 2, layOdds: 2.06, layCommission: 0.02, stakeStep: 2 }).backStake).toBe(24);
    expect(fixabet({ maxStake: 3, maxLoss: 1, backOdds: 2, layOdds: 2.06, layCommission: 0.02, stakeStep: 5 }).backStake).toBe(0);
    // A step below the stake's resolution in doubles changes nothing (rather than overflowing).
    expect(fixabet({ maxStake: 1e9, maxLoss: 0, backOdds: 1.01, layOdds: 1.0001, layCommission: 0, stakeStep: 5e-324 }).backStake).toBe(
      1e9,
    );
  });
});

describe('betAndGet', () => {
  it('adds the free bets at their retention to the qualifying result', () => {
    const r = betAndGet({ backStake: 20, backOdds: 2, layOdds: 2, layCommission: 0, freeBetAmount: 10, freeBetRetention: 0.75 });
    expect(r).toEqual({ layStake: 20, qualifyingProfit: 0, freeBetValue: 7.5, estimatedProfit: 7.5 });
  });
});
