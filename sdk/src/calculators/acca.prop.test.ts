import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accaInsuranceLockIn, accaSequentialLay, type BetType } from './index';

const odds = fc.oneof(fc.double({ min: 1.01, max: 20, noNaN: true }), fc.double({ min: 1, max: 1e6, minExcluded: true, noNaN: true }));
const commission = fc.oneof(fc.double({ min: 0, max: 0.1, noNaN: true }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }));
const money = fc.oneof(fc.double({ min: 0, max: 1000, noNaN: true }), fc.double({ min: 0, max: 1e9, noNaN: true }));
const legs = (max: number) => fc.array(fc.record({ backOdds: odds, layOdds: odds }), { minLength: 1, maxLength: max });
const tol = (money: number): number => 1e-9 * money + 1e-12;
const lay = (stake: number, layOdds: number, k: number, legWins: boolean): number => (legWins ? -stake * (layOdds - 1) : stake * (1 - k));

describe('acca laws', () => {
  it('sequential acca profits are equal on every path (within 1e-9 relative)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Exclude<BetType, 'refund'>>('qualifying', 'snr', 'sr'),
        money,
        legs(20),
        commission,
        (betType, stake, l, k) => {
          const r = accaSequentialLay({ betType, backStake: stake, legs: l, layCommission: k });
          const accaOdds = l.reduce((p, x) => p * x.backOdds, 1);
          const lost = betType === 'qualifying' ? -stake : 0;
          const won = stake * (accaOdds - 1) + (betType === 'sr' ? stake : 0);
          // Path k: legs before k won (their lays paid out), leg k lost (its lay won), nothing after.
          const paths: number[] = [];
          let paidOut = 0;
          l.forEach((leg, i) => {
            paths.push(lost + paidOut + lay(r.layStakes[i] as number, leg.layOdds, k, false));
            paidOut += lay(r.layStakes[i] as number, leg.layOdds, k, true);
          });
          paths.push(won + paidOut);
          const s = tol(stake * accaOdds + r.liabilities.reduce((a, b) => a + b, 0) + r.layStakes.reduce((a, b) => a + b, 0));
          for (const p of paths) expect(Math.abs(p - r.profit)).toBeLessThanOrEqual(s);
        },
      ),
      { numRuns: 800 },
    );
  });

  it('acca insurance lock-in profits are equal on every way the legs can land (within 1e-9 relative)', () => {
    fc.assert(
      fc.property(
        money,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        legs(6),
        commission,
        (stake, share, retention, l, k) => {
          const amount = stake * share;
          const r = accaInsuranceLockIn({ backStake: stake, legs: l, layCommission: k, refund: { amount, retention } });
          const accaOdds = l.reduce((p, x) => p * x.backOdds, 1);
          const s = tol(
            stake * accaOdds +
              r.liabilities.reduce((a, b) => a + b, 0) +
              r.layStakes.reduce((a, b) => a + b, 0) +
              r.lockInLayStakes.reduce((a, b, i) => a + b * (l[i] as { layOdds: number }).layOdds, 0),
          );
          // Every combination of leg results, played as the strategy says: the main lays while no
          // leg has lost, the lock-in lays once exactly one has, nothing once two have.
          for (let mask = 0; mask < 2 ** l.length; mask++) {
            let losses = 0;
            let total = 0;
            l.forEach((leg, i) => {
              const legWins = (mask & (1 << i)) === 0;
              if (losses === 0) total += lay(r.layStakes[i] as number, leg.layOdds, k, legWins);
              else if (losses === 1) total += lay(r.lockInLayStakes[i] as number, leg.layOdds, k, legWins);
              if (!legWins) losses += 1;
            });
            total += losses === 0 ? stake * (accaOdds - 1) : -stake;
            if (losses === 1) total += amount * retention;
            expect(Math.abs(total - r.profit)).toBeLessThanOrEqual(s);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
