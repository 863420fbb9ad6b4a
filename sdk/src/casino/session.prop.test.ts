import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { playSlotSpin, slotSessionBet, startSlotSession, type ReferenceSlotProfile } from '../casino';
import { parseBet, settleBet } from '../tracker';

const session = fc.record({
  slot: fc.constantFrom<ReferenceSlotProfile>('low', 'medium', 'high'),
  balancePence: fc.integer({ min: 1, max: 100_000 }),
  seed: fc.nat({ max: 0xffffffff }),
  stakes: fc.array(fc.integer({ min: 1, max: 5000 }), { minLength: 1, maxLength: 40 }),
});

describe('slot session laws', () => {
  it('conservation: the balance is always start − staked + returned, never negative', () => {
    fc.assert(
      fc.property(session, ({ slot, balancePence, seed, stakes }) => {
        let s = startSlotSession({ slot, balancePence, seed });
        for (const stake of stakes) {
          if (stake > s.balancePence) break;
          s = playSlotSpin(s, stake);
          expect(s.balancePence).toBe(s.startBalancePence - s.stakedPence + s.returnedPence);
          expect(s.balancePence).toBeGreaterThanOrEqual(0);
          expect(Number.isInteger(s.returnedPence)).toBe(true);
        }
      }),
    );
  });

  it('the recorded training bet settles to the session profit and stakes what the session staked', () => {
    fc.assert(
      fc.property(session, ({ slot, balancePence, seed, stakes }) => {
        let s = startSlotSession({ slot, balancePence, seed });
        for (const stake of stakes) if (stake <= s.balancePence) s = playSlotSpin(s, stake);
        fc.pre(s.spins > 0);
        const bet = slotSessionBet(s, { placedAt: 0 });
        const settled = settleBet(parseBet('secondary', { ...bet, id: 'b', status: 'open', placedAt: 0 }), { at: 1 });
        expect(settled.settledProfit).toBe(s.balancePence - s.startBalancePence);
        expect(bet.expectedProfit).toBe(settled.settledProfit);
        expect(settled.legs.reduce((sum, l) => sum + (l.side === 'back' ? l.stake : 0), 0)).toBe(s.stakedPence);
      }),
    );
  });
});
