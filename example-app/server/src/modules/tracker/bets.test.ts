// The tracked-bet service on both databases it runs on: embedded PGlite and a real PostgreSQL
// server (where requests really run at once over a pool of connections).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBrand } from '@matchkit/sdk/brands';
import { settleBet } from '@matchkit/sdk/tracker';
import { openDatabase, type Database } from '../../db/client';
import { users } from '../../db/schema';
import { MIGRATIONS, testDatabase } from '../../test/app';
import type { RecordBetInput } from '../../generated/resolvers';
import { changeStoredBet, recordBet, settleStoredBet, voidStoredBet } from './bets';
import { findBet, loadBets } from './queries';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../../test/postgres';

const brand = getBrand('primary');
const now = new Date('2026-03-02T10:00:00Z');

const args = (n: number): RecordBetInput => ({
  source: 'oddsmatcher',
  profitType: 'guaranteed',
  event: `Match ${n}`,
  market: 'Match Odds',
  selection: 'Home',
  legs: [
    { role: 'qualifying', side: 'back', account: 'bet-co', odds: 3, stake: 1000, result: 'pending' },
    { role: 'qualifying', side: 'lay', account: 'smarkets', odds: 3.2, stake: 943, commission: 0.02, result: 'pending' },
  ],
  expectedProfit: -75,
  placedAt: new Date(Date.UTC(2026, 2, 1, 12, n)),
});

/** Resolves when `n` calls have arrived, or after `ms`, whichever is first. */
function meeting(n: number, ms: number) {
  let arrived = 0;
  let open: () => void = () => undefined;
  const all = new Promise<void>((r) => (open = r));
  return async () => {
    arrived += 1;
    if (arrived >= n) open();
    await Promise.race([all, new Promise((r) => setTimeout(r, ms))]);
  };
}

describe.each(['pglite', 'postgres'] as const)('tracked-bet service on %s', (kind) => {
  let database: Database;
  let pg: TestPostgresDatabase | null = null;
  const userId = 'u_service';
  beforeAll(async () => {
    if (kind === 'pglite') database = await testDatabase();
    else {
      pg = await createTestPostgresDatabase({ migrated: true });
      database = await openDatabase({ kind: 'postgres', url: pg.url, poolSize: 10 });
      await database.migrate(MIGRATIONS);
    }
    await database.db.insert(users).values({
      id: userId,
      email: 'service@example.test',
      username: 'service',
      firstName: 'S',
      lastName: 'M',
      passwordHash: 'x',
      referralCode: 'SERVICE',
      adultConfirmedAt: now,
      createdAt: now,
    });
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await pg?.drop();
  });

  it('a change of a bet waits for a concurrent change of the same bet to commit: both updates survive', async () => {
    const bet = await recordBet(database.db, brand, userId, args(0), now);
    // Each change holds on after reading until the other has read too (or 300 ms pass). Without the
    // row lock both would read the same note and the later write would drop the earlier one's mark.
    const bothRead = meeting(2, 300);
    const mark = (tag: string) => async (current: typeof bet) => {
      await bothRead();
      return { ...current, note: `${current.note ?? ''}${tag}` };
    };
    await Promise.all([
      changeStoredBet(database.db, userId, bet.id, mark('a'), now),
      changeStoredBet(database.db, userId, bet.id, mark('b'), now),
    ]);
    expect((await findBet(database.db, userId, bet.id))?.note).toMatch(/^(ab|ba)$/);
  });

  it('a settlement racing a void: the void keeps the settled results, or the settlement is refused', async () => {
    for (let n = 1; n <= 10; n += 1) {
      const bet = await recordBet(database.db, brand, userId, args(n), now);
      const [settled, voided] = await Promise.allSettled([
        settleStoredBet(database.db, userId, bet.id, { at: new Date('2026-03-01T17:00:00Z'), results: ['lost', 'won'] }, now),
        voidStoredBet(database.db, userId, bet.id, new Date('2026-03-01T18:00:00Z'), now),
      ]);
      expect(voided.status).toBe('fulfilled');
      const stored = await findBet(database.db, userId, bet.id);
      expect(stored?.status).toBe('void');
      if (settled.status === 'fulfilled') {
        expect(settled.value.settledProfit).toBe(settleBet(bet, { at: Date.UTC(2026, 2, 1, 17), results: ['lost', 'won'] }).settledProfit);
        expect(stored?.legs.map((l) => l.result)).toEqual(['lost', 'won']);
      } else {
        expect(String(settled.reason)).toMatch(/a void bet cannot be settled/);
        expect(stored?.legs.map((l) => l.result)).toEqual(['pending', 'pending']);
      }
    }
  });

  it('loses nothing under 100 concurrent recordings', async () => {
    const before = (await loadBets(database.db, userId)).length;
    const made = await Promise.all(Array.from({ length: 100 }, (_, n) => recordBet(database.db, brand, userId, args(100 + n), now)));
    const stored = await loadBets(database.db, userId);
    expect(stored.length).toBe(before + 100);
    const ids = new Set(stored.map((b) => b.id));
    expect(made.every((b) => ids.has(b.id))).toBe(true);
  });
});
