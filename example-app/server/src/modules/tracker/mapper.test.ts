import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backLeg, layLeg, trackedBet } from '@matchkit/app-contract/testing';
import { parseBet, type TrackedBet } from '@matchkit/sdk/tracker';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { testDatabase } from '../../test/app';
import { betArb } from '../../../../../sdk/src/tracker/testing/arbitraries';
import { betToRow, rowToBet, type TrackedBetRow } from './mapper';
import { findBet, insertBet } from './queries';

const now = new Date('2026-03-02T10:00:00Z');

const example: TrackedBet = parseBet(
  'primary',
  trackedBet({
    id: 'b1',
    status: 'settled',
    legs: [backLeg({ result: 'lost' }), layLeg({ result: 'won', market: 'match-odds' })],
    expectedProfit: -75,
    settledAt: Date.UTC(2025, 7, 11, 17),
    note: 'first qualifier',
  }),
);

describe('the tracked-bet mapper', () => {
  it('writes every field of the sdk bet into its column, with the owner and bookkeeping instants', () => {
    const row = betToRow('u1', example, now);
    expect(row).toEqual({
      userId: 'u1',
      id: 'b1',
      source: 'oddsmatcher',
      profitType: 'guaranteed',
      status: 'settled',
      event: 'Arsenal v Spurs',
      market: 'Match Odds',
      selection: 'Arsenal',
      legs: example.legs,
      expectedProfit: -75,
      settledProfit: -76,
      placedAt: new Date('2025-08-11T12:00:00Z'),
      settledAt: new Date('2025-08-11T17:00:00Z'),
      note: 'first qualifier',
      createdAt: now,
      updatedAt: now,
    });
  });

  it('reads a row back to exactly the sdk bet (no owner, no bookkeeping fields)', () => {
    const row = { ...betToRow('u1', example, now), createdAt: now, updatedAt: now } as TrackedBetRow;
    expect(rowToBet(row)).toEqual(example);
    expect(Object.keys(rowToBet(row)).sort()).toEqual(Object.keys(example).sort());
  });
});

describe('the tracked-bet mapper through the database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
    await database.db.insert(users).values({
      id: 'u1',
      email: 'u1@example.test',
      username: 'u1',
      firstName: 'U',
      lastName: 'One',
      passwordHash: 'x',
      referralCode: 'U1',
      adultConfirmedAt: now,
      createdAt: now,
    });
  });
  afterAll(() => database.close());

  it('stores and loads any valid bet unchanged (odds, commission, pence, instants, nulls)', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer().chain(() => betArb(`rt-${(n += 1)}`)),
        async (input) => {
          const bet = parseBet('primary', input);
          await insertBet(database.db, 'u1', bet, now);
          expect(await findBet(database.db, 'u1', bet.id)).toEqual(bet);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('keeps pence beyond 32 bits (the sdk allows 1e11 per value)', async () => {
    const big = parseBet('primary', {
      ...example,
      id: 'big',
      status: 'open',
      settledAt: null,
      settledProfit: null,
      legs: [{ role: 'qualifying', side: 'back', account: 'bet-co', odds: 2, stake: 100_000_000_000, result: 'pending' }],
      expectedProfit: -100_000_000_000,
    });
    await insertBet(database.db, 'u1', big, now);
    expect(await findBet(database.db, 'u1', 'big')).toEqual(big);
  });
});
