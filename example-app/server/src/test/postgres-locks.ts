// Races on real PostgreSQL made deterministic: two processes' connection pools on one database, a
// transaction held open at a chosen point, and a wait until the database reports statements
// waiting on a lock (pg_stat_activity), never a sleep.
import { sql } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import { openDatabase, type Database, type Db } from '../db/client';
import { createTestPostgresDatabase } from './postgres';

/** Two pools on one fresh migrated database of the run's cluster, as two server processes have. */
export interface TwoPools {
  readonly a: Database;
  readonly b: Database;
  /** Closes both pools and drops the database. */
  close(): Promise<void>;
}

/** Opens {@link TwoPools} (four connections each). */
export async function openTwoPools(): Promise<TwoPools> {
  const pg = await createTestPostgresDatabase({ migrated: true });
  const a = await openDatabase({ kind: 'postgres', url: pg.url, poolSize: 4 });
  const b = await openDatabase({ kind: 'postgres', url: pg.url, poolSize: 4 });
  return {
    a,
    b,
    async close() {
      await a.close();
      await b.close();
      await pg.drop();
    },
  };
}

/** Runs `write` in a transaction on `db` and holds it open until the returned commit() is called. */
export async function heldTransaction(db: Database, write: (tx: Db) => Promise<unknown>): Promise<{ commit(): Promise<void> }> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let written: () => void = () => {};
  const ready = new Promise<void>((resolve) => (written = resolve));
  const done = db.db.transaction(async (tx) => {
    await write(tx);
    written();
    await held;
  });
  // A write that fails ends the wait too (and its commit() rethrows).
  await Promise.race([ready, done]);
  return {
    async commit() {
      release();
      await done;
    },
  };
}

/** Waits until `count` statements of `db`'s database that start with `prefix` wait on a lock. */
export async function waitForLockWaits(db: Db, prefix: string, count = 1): Promise<void> {
  await vi.waitFor(
    async () => {
      const { rows } = (await db.execute(
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and query ilike ${`${prefix}%`}`,
      )) as unknown as { rows: { n: number }[] };
      expect(rows[0]?.n).toBe(count);
    },
    { timeout: 20_000, interval: 20 },
  );
}
