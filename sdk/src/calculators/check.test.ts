// The calculators refuse keys their input does not know (the review's inputs: a misspelled
// commission silently became 0; old names were silently ignored).
import { describe, expect, it } from 'vitest';
import { accaSequentialLay, backLay, eachWay, partLay } from './index';
import { validationError } from '../internal/testing/validation';

const issues = (run: () => unknown) => validationError(run).issues;
const qualifying = { backStake: 10, backOdds: 3, layOdds: 3.2, layCommission: 0.02 } as const;

describe('unknown keys in calculator inputs', () => {
  it('refuses a misspelled backCommission instead of reading it as 0, and suggests the field', () => {
    expect(issues(() => backLay({ ...qualifying, backComission: 0.05 } as never))).toEqual([
      { path: 'backComission', message: 'is not a field of backLay input; did you mean backCommission?' },
    ]);
  });

  it('names the 1.0 field of each old name: stake, odds, commission (lay where there is one), stakePerPart', () => {
    expect(issues(() => backLay({ stake: 10, odds: 3, layOdds: 3.2, commission: 0.02 } as never))).toEqual([
      { path: 'backStake', message: 'is required' },
      { path: 'backOdds', message: 'is required' },
      { path: 'layCommission', message: 'is required' },
      { path: 'stake', message: 'was renamed backStake in 1.0' },
      { path: 'odds', message: 'was renamed backOdds in 1.0' },
      { path: 'commission', message: 'was renamed layCommission in 1.0' },
    ]);
    const ew = { backOdds: 6, placeFraction: 0.2, winLayOdds: 6.4, placeLayOdds: 2.2, layCommission: 0.02 };
    expect(issues(() => eachWay({ ...ew, stakePerPart: 5 } as never))).toContainEqual({
      path: 'stakePerPart',
      message: 'was renamed backStake in 1.0',
    });
  });

  it("says 'cash' became 'qualifying'", () => {
    expect(issues(() => backLay({ ...qualifying, betType: 'cash' } as never))).toEqual([
      { path: 'betType', message: "'cash' was renamed 'qualifying' in 1.0" },
    ]);
  });

  it('refuses unknown keys in nested objects at their full path (legs.1.comission)', () => {
    expect(
      issues(() =>
        accaSequentialLay({
          backStake: 10,
          layCommission: 0.02,
          legs: [
            { backOdds: 2, layOdds: 2.1 },
            { backOdds: 3, layOdds: 3.1, comission: 0.02 },
          ],
        } as never),
      ),
    ).toEqual([{ path: 'legs.1.comission', message: 'is not a field of accaSequentialLay input' }]);
    expect(issues(() => backLay({ ...qualifying, betType: 'refund', refund: { amount: 5, retention: 0.8, amout: 1 } } as never))).toEqual([
      { path: 'refund.amout', message: 'is not a field of backLay input; did you mean amount?' },
    ]);
  });

  it('still accepts (and ignores) refund terms on a non-refund bet, and refuses strategy in partLay', () => {
    expect(backLay({ ...qualifying, refund: { amount: 5, retention: 1 } }).layStake).toBeCloseTo(30 / 3.18, 12);
    expect(issues(() => partLay({ ...qualifying, strategy: 'underlay' } as never))).toEqual([
      { path: 'strategy', message: 'is not a field of partLay input' },
    ]);
  });
});
