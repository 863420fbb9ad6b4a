import { describe, expect, it } from 'vitest';
import { casinoWagering, expectedValue, kellyFraction, roundForDisplay } from './index';

describe('expectedValue', () => {
  it('is zero for a qualifying bet at fair odds', () => {
    expect(expectedValue({ backStake: 10, backOdds: 4, probability: 0.25 }).expectedProfit).toBe(0);
  });

  it('works a value bet out by hand: 10 at 3.5 when the fair price is 3.2', () => {
    // Wins with chance 1/3.2 = 0.3125 for +25, loses with 0.6875 for -10: 7.8125 - 6.875 = 0.9375.
    const r = expectedValue({ backStake: 10, backOdds: 3.5, fairOdds: 3.2 });
    expect(r.probability).toBe(0.3125);
    expect(r.expectedProfit).toBeCloseTo(0.9375, 12);
    expect(r.edge).toBeCloseTo(0.09375, 12);
  });

  it('values free bets: SNR pays winnings only, SR the stake too', () => {
    // 10 at 4 with chance 1/4: SNR wins 30 a quarter of the time; SR wins 40.
    expect(expectedValue({ backStake: 10, backOdds: 4, probability: 0.25, betType: 'snr' }).expectedProfit).toBe(7.5);
    expect(expectedValue({ backStake: 10, backOdds: 4, probability: 0.25, betType: 'sr' }).expectedProfit).toBe(10);
  });

  it('takes back commission off the winnings', () => {
    // Winnings 20 less 5% = 19 half the time, -10 the other half: 9.5 - 5 = 4.5.
    expect(expectedValue({ backStake: 10, backOdds: 3, probability: 0.5, backCommission: 0.05 }).expectedProfit).toBeCloseTo(4.5, 12);
  });

  it('needs exactly one of probability and fairOdds', () => {
    expect(() => expectedValue({ backStake: 10, backOdds: 3 })).toThrow(/needs probability or fairOdds/);
    expect(() => expectedValue({ backStake: 10, backOdds: 3, probability: 0.5, fairOdds: 2 })).toThrow(
      /fairOdds: cannot be given with probability/,
    );
  });

  it('names the new fields and the allowed bet types in its messages', () => {
    expect(() => expectedValue({ betType: 'cash', backStake: -1, backOdds: 1, probability: 0.5 } as never)).toThrow(
      /backStake: must be at least 0[\s\S]*backOdds: must be greater than 1[\s\S]*betType: 'cash' was renamed 'qualifying' in 1\.0/,
    );
  });
});

describe('kellyFraction', () => {
  it('stakes the edge over the odds (even money at 60%: 0.2)', () => {
    expect(kellyFraction({ backOdds: 2, probability: 0.6 })).toBeCloseTo(0.2, 12);
  });

  it('works 3.0 at 40% out by hand: 0.4 − 0.6 / 2 = 0.1', () => {
    expect(kellyFraction({ backOdds: 3, probability: 0.4 })).toBeCloseTo(0.1, 12);
  });

  it('stakes nothing without an edge, and everything on a certainty', () => {
    expect(kellyFraction({ backOdds: 2, probability: 0.4 })).toBe(0);
    expect(kellyFraction({ backOdds: 2, probability: 0.5, backCommission: 0.02 })).toBe(0);
    expect(kellyFraction({ backOdds: 1.01, probability: 1 })).toBe(1);
  });
});

describe('casinoWagering', () => {
  it('wagers deposit and bonus together when the terms say so', () => {
    const r = casinoWagering({ deposit: 100, bonus: 100, wageringMultiple: 10, wageringBase: 'deposit+bonus', rtp: 0.95 });
    expect(r.totalWagered).toBe(2000);
    expect(r.expectedLoss).toBeCloseTo(100, 9);
    expect(r.expectedProfit).toBeCloseTo(0, 9);
  });

  it('rejects an RTP of 0 and a percentage RTP', () => {
    expect(() => casinoWagering({ deposit: 1, bonus: 1, wageringMultiple: 1, wageringBase: 'bonus', rtp: 0 })).toThrow(
      /rtp: must be greater than 0/,
    );
    expect(() => casinoWagering({ deposit: 1, bonus: 1, wageringMultiple: 1, wageringBase: 'bonus', rtp: 96 })).toThrow(
      /rtp: must be at most 1/,
    );
  });
});

describe('roundForDisplay', () => {
  it('rounds half away from zero at 2 places, as the number is written', () => {
    expect(roundForDisplay(2.675)).toBe(2.68); // binary 2.67499999...
    expect(roundForDisplay(-2.675)).toBe(-2.68);
    expect(roundForDisplay(0.005)).toBe(0.01);
    expect(roundForDisplay(-0.004)).toBe(0);
    expect(Object.is(roundForDisplay(-0.004), 0)).toBe(true);
    expect(roundForDisplay(1234567.891)).toBe(1234567.89);
  });

  it('rounds to other places and to whole numbers', () => {
    expect(roundForDisplay(2.5, 0)).toBe(3);
    expect(roundForDisplay(-2.5, 0)).toBe(-3);
    expect(roundForDisplay(0.0001235, 6)).toBe(0.000124);
    expect(roundForDisplay(1e21)).toBe(1e21);
    // Near the top of the double range: nothing to round, and no overflow from scaling.
    expect(roundForDisplay(-1.797693134862315e305, 3)).toBe(-1.797693134862315e305);
  });

  it('rejects non-finite values and bad places', () => {
    expect(() => roundForDisplay(Number.NaN)).toThrow(/value: expected a number, received NaN/);
    expect(() => roundForDisplay(1, 2.5)).toThrow(/decimals: must be an integer/);
    expect(() => roundForDisplay(1, 13)).toThrow(/decimals: must be at most 12/);
  });
});
