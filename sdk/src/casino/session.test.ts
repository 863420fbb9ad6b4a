import { describe, expect, it } from 'vitest';
import { createPrng, playSlotSpin, referenceSlot, slotSessionBet, spin, startSlotSession, type SlotSession } from '../casino';
import { parseBet, settleBet, trackerTotals } from '../tracker';
import { validationError } from '../internal/testing/validation';

const play = (session: SlotSession, stakes: readonly number[]) => stakes.reduce(playSlotSpin, session);

describe('startSlotSession', () => {
  it('resolves the slot and starts with the balance and no spins', () => {
    const session = startSlotSession({ slot: 'medium', balancePence: 10_000, seed: 7 });
    expect(session).toMatchObject({
      seed: 7,
      startBalancePence: 10_000,
      balancePence: 10_000,
      spins: 0,
      stakedPence: 0,
      returnedPence: 0,
      lastSpin: null,
    });
    expect(session.slot).toEqual(referenceSlot('medium'));
    expect(Object.isFrozen(session)).toBe(true);
  });

  it('names every bad field at once', () => {
    const error = validationError(() => startSlotSession({ slot: 'huge' as 'low', balancePence: 10.5, seed: -1 }));
    expect(error.issues.map((i) => i.path)).toEqual(['slot', 'balancePence', 'seed']);
  });

  it('takes a design or a paytable as its slot', () => {
    expect(startSlotSession({ slot: { rtp: 0.9, volatility: 3 }, balancePence: 100, seed: 0 }).slot.rtp).toBeCloseTo(0.9, 12);
    const coin = {
      outcomes: [
        { multiplier: 0, probability: 0.5 },
        { multiplier: 2, probability: 0.5 },
      ],
    };
    expect(startSlotSession({ slot: coin, balancePence: 100, seed: 0 }).slot.hitRate).toBe(0.5);
  });
});

describe('playSlotSpin', () => {
  it('spin n draws from stream n of the seed, the way spin picks an outcome', () => {
    const session = play(startSlotSession({ slot: 'high', balancePence: 100_000, seed: 42 }), [100, 100, 100, 100, 100]);
    const slot = referenceSlot('high');
    const expected = [0, 1, 2, 3, 4].map((n) => spin(slot, createPrng(42, n)));
    expect(session.lastSpin?.outcome).toEqual(expected[4]);
    const returned = expected.reduce((sum, o) => sum + Math.floor(100 * o.multiplier), 0);
    expect(session).toMatchObject({ spins: 5, stakedPence: 500, returnedPence: returned, balancePence: 100_000 - 500 + returned });
  });

  it('keeps the balance equal to start − staked + returned and never negative', () => {
    let session = startSlotSession({ slot: 'high', balancePence: 1000, seed: 3 });
    while (session.balancePence >= 50 && session.spins < 500) {
      session = playSlotSpin(session, 50);
      expect(session.balancePence).toBe(session.startBalancePence - session.stakedPence + session.returnedPence);
      expect(session.balancePence).toBeGreaterThanOrEqual(0);
    }
  });

  it('is reproducible and leaves the session given unchanged', () => {
    const start = startSlotSession({ slot: 'low', balancePence: 5000, seed: 9 });
    const a = play(start, [20, 50, 100]);
    const b = play(start, [20, 50, 100]);
    expect(a).toEqual(b);
    expect(start.spins).toBe(0);
  });

  it('pays stake × multiplier rounded down to the penny, without float noise', () => {
    const half = startSlotSession({ slot: { outcomes: [{ multiplier: 0.5, probability: 1 }] }, balancePence: 100, seed: 1 });
    expect(playSlotSpin(half, 25).lastSpin?.returnedPence).toBe(12);
    // 0.57 × 100 is 56.99999999999999 in floats: the return is 57p, not 56p.
    const odd = startSlotSession({ slot: { outcomes: [{ multiplier: 0.57, probability: 1 }] }, balancePence: 1000, seed: 1 });
    expect(playSlotSpin(odd, 100).lastSpin?.returnedPence).toBe(57);
  });

  it('accepts a session restored from JSON with the slot given by name', () => {
    const start = startSlotSession({ slot: 'medium', balancePence: 2000, seed: 5 });
    const restored = { ...(JSON.parse(JSON.stringify(start)) as SlotSession), slot: 'medium' as unknown as SlotSession['slot'] };
    expect(playSlotSpin(restored, 100)).toEqual(playSlotSpin(start, 100));
  });

  it('refuses a stake above the balance or not in whole pence', () => {
    const session = startSlotSession({ slot: 'low', balancePence: 100, seed: 1 });
    expect(validationError(() => playSlotSpin(session, 101)).issues).toEqual([
      { path: 'stakePence', message: 'must be at most the balance (£1.00)' },
    ]);
    expect(validationError(() => playSlotSpin(session, 0.5)).issues.map((i) => i.path)).toEqual(['stakePence']);
    expect(validationError(() => playSlotSpin(session, 0)).issues.map((i) => i.path)).toEqual(['stakePence']);
  });

  // Issue 20, defect 8: the simulator put "Must be whole pence, from 1 penny to £1bn" beside its
  // balance field. The messages say amounts in pounds, as a member reads them.
  it('says the amounts it refuses in pounds, never in pence', () => {
    const session = startSlotSession({ slot: 'low', balancePence: 10_000, seed: 1 });
    expect(validationError(() => startSlotSession({ slot: 'low', balancePence: 0, seed: 1 })).issues).toEqual([
      { path: 'balancePence', message: 'must be an amount from £0.01 to £1,000,000,000.00, to the penny' },
    ]);
    expect(validationError(() => playSlotSpin(session, 0.5)).issues).toEqual([
      { path: 'stakePence', message: 'must be an amount of at least £0.01, to the penny' },
    ]);
    expect(validationError(() => playSlotSpin(session, 12_345_678)).issues).toEqual([
      { path: 'stakePence', message: 'must be at most the balance (£100.00)' },
    ]);
  });
});

describe('slotSessionBet', () => {
  const placedAt = '2025-08-16T12:00:00Z';

  it('records a session as a training bet whose settlement is the session profit', () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const session = play(
        startSlotSession({ slot: 'high', balancePence: 10_000, seed }),
        Array.from({ length: 30 }, () => 100),
      );
      const bet = slotSessionBet(session, { placedAt });
      const profit = session.returnedPence - session.stakedPence;
      expect(bet).toMatchObject({ source: 'casino', profitType: 'training', expectedProfit: profit, placedAt: '2025-08-16T12:00:00.000Z' });
      expect(bet.selection).toBe(`30 spins, £30.00 staked, £${(session.returnedPence / 100).toFixed(2)} returned`);
      const tracked = parseBet('primary', { ...bet, id: `b${seed}`, status: 'open', placedAt: Date.parse(bet.placedAt) });
      const settled = settleBet(tracked, { at: Date.parse('2025-08-16T13:00:00Z') });
      expect(settled.settledProfit).toBe(profit);
    }
  });

  it('records its real stake and return, not a bet at evens sized by the result', () => {
    // The defect report's session: £11 staked, £50 back (£39 up), recorded as a £39 bet at odds 2.
    const up: SlotSession = {
      ...startSlotSession({ slot: 'medium', balancePence: 10_000, seed: 7 }),
      spins: 11,
      stakedPence: 1100,
      returnedPence: 5000,
    };
    const down: SlotSession = { ...up, returnedPence: 300 };
    const level: SlotSession = { ...up, returnedPence: 1100 };
    for (const [session, profit] of [
      [up, 3900],
      [down, -800],
      [level, 0],
    ] as const) {
      const bet = slotSessionBet(session, { placedAt });
      expect(bet.legs.every((l) => l.side === 'back' && l.result !== 'pending')).toBe(true);
      expect(bet.legs.reduce((s, l) => s + l.stake, 0)).toBe(1100);
      expect(bet.selection).toBe(`11 spins, £11.00 staked, £${(session.returnedPence / 100).toFixed(2)} returned`);
      const tracked = parseBet('primary', { ...bet, id: 'b', status: 'open', placedAt: Date.parse(bet.placedAt) });
      const settled = settleBet(tracked, { at: Date.parse(bet.placedAt) });
      expect([settled.status, settled.profitType, settled.settledProfit]).toEqual(['settled', 'training', profit]);
      expect(trackerTotals([settled])).toMatchObject({ staked: 1100, profit, training: profit, pendingProfit: 0 });
    }
  });

  it('takes a source, an account and a note', () => {
    const session = playSlotSpin(startSlotSession({ slot: 'low', balancePence: 500, seed: 1 }), 100);
    const bet = slotSessionBet(session, { placedAt: 0, source: 'manual', account: 'my-casino', note: 'practice' });
    expect(bet).toMatchObject({
      source: 'manual',
      note: 'practice',
      placedAt: '1970-01-01T00:00:00.000Z',
      selection: `1 spin, £1.00 staked, £${(session.returnedPence / 100).toFixed(2)} returned`,
    });
    expect(bet.legs[0]?.account).toBe('my-casino');
  });

  it('refuses a session without spins and a bad instant', () => {
    const session = startSlotSession({ slot: 'low', balancePence: 500, seed: 1 });
    expect(validationError(() => slotSessionBet(session, { placedAt: 'yesterday' })).issues.map((i) => i.path)).toEqual([
      'session',
      'placedAt',
    ]);
  });
});
