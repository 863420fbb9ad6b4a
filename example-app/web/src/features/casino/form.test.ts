import { designSlot, playSlotSpin, referenceSlot, startSlotSession } from '@matchkit/sdk/casino';
import { describe, expect, it } from 'vitest';
import { fieldErrors, readNumber, slotFor } from './form';

describe('the casino forms', () => {
  it('read a plain number', () => {
    expect(readNumber(' 35 ')).toBe(35);
    expect(readNumber('1,000,000')).toBe(1_000_000);
    expect(readNumber('96.5')).toBe(96.5);
    for (const bad of ['', 'x', '-3', '1e6']) expect(readNumber(bad)).toBeNaN();
  });

  it('use the reference paytable at its own RTP, and the profile’s volatility and hit rate at another', () => {
    expect(slotFor('high', 0.96)).toBe('high');
    const reference = referenceSlot('medium');
    const designed = designSlot(slotFor('medium', 0.9) as { rtp: number; volatility: number; hitRate: number });
    expect(designed.rtp).toBeCloseTo(0.9, 12);
    expect(designed.volatility).toBeCloseTo(reference.volatility, 9);
    expect(designed.hitRate).toBeCloseTo(reference.hitRate, 12);
  });

  it('say an amount in pounds, never in pence (a stake above the balance)', () => {
    const session = startSlotSession({ slot: 'low', balancePence: 10_000, seed: 1 });
    let error: unknown;
    try {
      playSlotSpin(session, 10_001);
    } catch (e) {
      error = e;
    }
    expect(fieldErrors(error, (path) => (path === 'stakePence' ? 'stake' : undefined))).toEqual({
      stake: 'Must be at most the balance (£100.00)',
    });
  });

  it('put the sdk’s messages beside the fields they name, as sentences', () => {
    let error: unknown;
    try {
      startSlotSession({ slot: 'low', balancePence: 0, seed: 1 });
    } catch (e) {
      error = e;
    }
    expect(fieldErrors(error, (path) => (path === 'balancePence' ? 'balance' : undefined))).toEqual({
      balance: 'Must be an amount from £0.01 to £1,000,000,000.00, to the penny.',
    });
    expect(() => fieldErrors(new Error('boom'), () => undefined)).toThrow('boom');
  });
});
