// Opens the database: embedded PGlite (a folder, or in memory) by default, a PostgreSQL server when
// a postgres:// URL is given. Both are driven through drizzle-orm with one schema, so every query
// module takes a `Db` and runs unchanged on either.
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataFolder } from './data-lock';
import { securePrivateFolder } from './file-modes';
import { MEMBER_CHANGED_CHANNEL, postgresMemberChanges, type MemberChanges } from './member-changes';
import * as schema from './schema';

/** The database every query module takes: a drizzle database or a transaction on one. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Where the data lives. */
export type DatabaseTarget =
  | { readonly kind: 'pglite'; readonly dataDir: string }
  | { readonly kind: 'pglite-memory'; readonly loadDataDir?: Blob | File }
  | { readonly kind: 'postgres'; readonly url: string; readonly poolSize?: number };

/** An open database. */
export interface Database {
  readonly db: Db;
  readonly kind: DatabaseTarget['kind'];
  /** Applies the migrations in `migrationsFolder` (idempotent; serialised across processes on PostgreSQL). */
  migrate(migrationsFolder: string): Promise<void>;
  /** True when a trivial query answers. */
  ping(): Promise<boolean>;
  /** For PGlite: the data directory as a tarball (tests clone a migrated template with it). */
  dump(): Promise<Blob>;
  /**
   * A member's id (or '*' after a TRUNCATE) after every committed change to their users row,
   * ledger, refunds or sessions (migrations 0002 and 0008's triggers, and this process's LISTEN).
   * PGlite delivers it before the writing query's promise resolves; on PostgreSQL, where another
   * process may have written, `sync()` waits until every change committed before it was heard
   * (db/member-changes.ts).
   */
  readonly memberChanges: MemberChanges;
  /** The connection string, for PostgreSQL (LISTEN/NOTIFY needs its own connection). */
  readonly url: string | null;
  /**
   * Calls `listener` on each NOTIFY on `channel` once its transaction commits (PGlite's own LISTEN;
   * on PostgreSQL one connection of its own, not reopened if it drops: use it to wake what also
   * polls). Resolves with the stop.
   */
  listen(channel: string, listener: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export { MEMBER_CHANGED_CHANNEL, type MemberChanges } from './member-changes';

/** Opens the database named by `target`. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') return openPostgres(target.url, target.poolSize ?? 10);
  let client: PGlite;
  let unlock = (): void => {};
  if (target.kind === 'pglite') {
    // Private to the server's user (db/file-modes.ts): before, and after PGlite unpacks its files.
    securePrivateFolder(target.dataDir);
    // One process at a time on the folder (db/data-lock.ts): a second one is refused by name.
    unlock = lockDataFolder(target.dataDir);
    let opened: PGlite | undefined;
    try {
      opened = await PGlite.create({ dataDir: target.dataDir });
      securePrivateFolder(target.dataDir);
    } catch (error) {
      await opened?.close().catch(() => undefined);
      unlock();
      throw error;
    }
    client = opened;
  } else {
    client = await PGlite.create(target.loadDataDir === undefined ? {} : { loadDataDir: target.loadDataDir });
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const memberListeners = new Set<(userId: string) => void>();
  await client.listen(MEMBER_CHANGED_CHANNEL, (userId) => {
    for (const listener of memberListeners) listener(userId);
  });
  let closed = false;
  return {
    db,
    kind: target.kind,
    url: null,
    memberChanges: {
      subscribe(listener) {
        memberListeners.add(listener);
        return () => memberListeners.delete(listener);
      },
      sync: () => true,
    },
    async migrate(folder) {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: folder });
    },
    async listen(channel, listener) {
      const stop = await client.listen(channel, () => listener());
      return async () => {
        if (!closed) await stop();
      };
    },
    ping: () => ping(db),
    dump: () => client.dumpDataDir('none'),
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        unlock();
      }
      if (target.kind === 'pglite') securePrivateFolder(target.dataDir);
    },
  };
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client's error (the server restarting) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const memberChanges = postgresMemberChanges(url);
  let closed = false;
  return {
    db,
    kind: 'postgres',
    url,
    memberChanges,
    async migrate(folder) {
      // Several processes may start at once: one migrates, the others wait on the lock, then find nothing to do.
      const lock = await pool.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(pool, { schema }), { migrationsFolder: folder });
      } finally {
        await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        lock.release();
      }
    },
    async listen(channel, listener) {
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => undefined);
      client.on('notification', (n) => {
        if (n.channel === channel) listener();
      });
      await client.connect();
      await client.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
      return () => client.end().catch(() => undefined);
    },
    ping: () => ping(db),
    dump: () => Promise.reject(new Error('dump() is for PGlite; use the backup command for PostgreSQL')),
    async close() {
      if (closed) return;
      closed = true;
      await memberChanges.close();
      await pool.end();
    },
  };
}

/** The advisory-lock key the migrations hold (any fixed 64-bit number, this one spells "mkmig"). */
const MIGRATION_LOCK = 0x6d6b6d6967;

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
