import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nonRunnerImbalance } from './index';

const bet = fc.record({
  backStake: fc.double({ min: 0, max: 1e4, noNaN: true }),
  backOdds: fc.double({ min: 1.01, max: 100, noNaN: true }),
  layOdds: fc.double({ min: 1.01, max: 100, noNaN: true }),
  layCommission: fc.double({ min: 0, max: 0.1, noNaN: true }),
  deduction: fc.integer({ min: 0, max: 18 }).map((i) => i * 5),
  reductionFactor: fc.double({ min: 0, max: 0.9, noNaN: true }),
});
const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

describe('nonRunnerImbalance laws', () => {
  it('a non-runner never changes the profit if the selection loses', () => {
    fc.assert(
      fc.property(bet, (input) => {
        const before = nonRunnerImbalance({ ...input, deduction: 0, reductionFactor: 0 });
        expect(close(nonRunnerImbalance(input).profitIfLoses, before.profitIfLoses)).toBe(true);
      }),
    );
  });

  it('with no deduction and no reduction factor the matched bet stays balanced', () => {
    fc.assert(
      fc.property(bet, (input) => {
        const r = nonRunnerImbalance({ ...input, deduction: 0, reductionFactor: 0 });
        expect(close(r.profitIfWins, r.profitIfLoses)).toBe(true);
        expect(close(r.profitIfWins, r.profitIfWinsBefore)).toBe(true);
        expect(Math.abs(r.imbalance)).toBeLessThanOrEqual(1e-9 * Math.max(1, r.liabilityBefore));
      }),
    );
  });

  it('the imbalance is the back winnings the deduction takes against the liability the reduction factor removes', () => {
    fc.assert(
      fc.property(bet, (input) => {
        const r = nonRunnerImbalance(input);
        const deducted = input.backStake * (input.backOdds - r.effectiveBackOdds);
        const released = r.liabilityBefore - r.liability;
        expect(close(r.imbalance, r.profitIfWinsBefore - r.profitIfLoses + released - deducted)).toBe(true);
      }),
    );
  });
});
