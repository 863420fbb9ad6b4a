// The backup and restore commands (`npm run server -- backup|restore <file>`, the bundled cli) on real
// PostgreSQL (two empty databases of this file's own on the test run's cluster, test/postgres.ts,
// dropped in afterAll) and across engines: PostgreSQL → PostgreSQL, and embedded PGlite → PostgreSQL
// → PGlite. Each database is compared table by table as the database itself renders it (instants to
// the microsecond, bigint pence, jsonb, text[]), and as drizzle reads it. The two databases' sessions
// run in different time zones (+05:30 and -02:30 in summer), so an instant that leaned on a session's
// zone would move.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../test/app';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../test/postgres';
import { cliBundle, runCli, withMigratedDatabase } from '../test/process';
import { canonicalSnapshot, drizzleSnapshot, seedEverything } from './backup-testing';
import { openDatabase, type Database } from './client';
import * as s from './schema';

let a: TestPostgresDatabase | null = null;
let b: TestPostgresDatabase | null = null;
const dir = mkdtempSync(join(tmpdir(), 'matchkit-backup-pg-'));
const open: Database[] = [];

async function connect(url: string): Promise<Database> {
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  open.push(database);
  return database;
}

beforeAll(async () => {
  // The command's bundle built here, with the hook's time: runCli reuses it.
  const [pa, pb] = await Promise.all([
    createTestPostgresDatabase({ migrated: false }),
    createTestPostgresDatabase({ migrated: false }),
    cliBundle(),
  ]);
  a = pa;
  b = pb;
  for (const [server, zone] of [
    [pa, 'Asia/Kolkata'],
    [pb, 'America/St_Johns'],
  ] as const) {
    const admin = await openDatabase({ kind: 'postgres', url: server.url, poolSize: 1 });
    await admin.db.execute(sql.raw(`alter database ${server.database} set timezone to '${zone}'`));
    await admin.close();
  }
}, 120_000);

afterAll(async () => {
  await Promise.allSettled(open.map((d) => d.close()));
  await Promise.allSettled([a?.drop(), b?.drop()]);
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

const urlOf = (server: TestPostgresDatabase | null) => {
  if (server === null) throw new Error('PostgreSQL did not start');
  return server.url;
};

/** The environment of a command run against `target`: a PostgreSQL URL, or an embedded PGlite in a data folder. */
const envFor = (target: { url: string } | { dataDir: string }): Record<string, string> =>
  'url' in target ? { DATABASE_URL: target.url, DATA_DIR: mkdtempSync(join(dir, 'secrets-')) } : { DATA_DIR: target.dataDir };

/** The row lines of a backup file (its header carries the time it was made). */
const rowLines = (file: string) => readFileSync(file, 'utf8').trimEnd().split('\n').slice(1);

/** Drops everything in a PostgreSQL database, so it is as new (the next command migrates it again). */
async function wipe(url: string) {
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  try {
    await database.db.execute(sql`drop schema if exists drizzle cascade`);
    await database.db.execute(sql`drop schema public cascade`);
    await database.db.execute(sql`create schema public`);
  } finally {
    await database.close();
  }
}

describe('backup and restore commands on PostgreSQL', () => {
  it('PostgreSQL → PostgreSQL: the restored server holds every row of every table, value for value (1,200+ bets page through the backup)', async () => {
    const source = await connect(urlOf(a));
    await source.migrate(MIGRATIONS);
    await seedEverything(source.db, { extraBets: 1_205 });
    const expected = await canonicalSnapshot(source.db);
    expect(expected['tracked_bets']).toHaveLength(1_207);
    expect(expected['users']?.[0]).toContain('"created_at": "2026-03-29T00:59:59.999999+00:00"');

    const file = join(dir, 'pg.ndjson');
    const backup = await runCli(['backup', file], envFor({ url: urlOf(a) }));
    expect(backup, backup.output).toMatchObject({ code: 0 });
    expect(backup.output).toMatch(
      /backed up 1232 rows \(users 2, password_resets 1, outbox 2, .*tracked_bets 1207.*\) from the PostgreSQL database/,
    );

    const restore = await runCli(['restore', file], envFor({ url: urlOf(b) }));
    expect(restore, restore.output).toMatchObject({ code: 0 });
    expect(restore.output).toMatch(/restored 1232 rows/);

    const target = await connect(urlOf(b));
    expect(await canonicalSnapshot(target.db)).toEqual(expected);
    expect(await drizzleSnapshot(target.db)).toEqual(await drizzleSnapshot(source.db));
    // Serial ids continue after the restored ones.
    const [next] = await target.db
      .insert(s.outbox)
      .values({ to: 'c@example.com', kind: 'receipt', subject: 'x', text: 'y', nextAttemptAt: new Date(), createdAt: new Date() })
      .returning({ id: s.outbox.id });
    expect(next?.id).toBe(3);

    // A second restore into the now non-empty server is refused, and changes nothing.
    const again = await runCli(['restore', file], envFor({ url: urlOf(b) }));
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/restore needs an empty database: table users has rows/);
    expect((await canonicalSnapshot(target.db))['tracked_bets']).toEqual(expected['tracked_bets']);
  }, 120_000);

  it("PGlite → PostgreSQL → PGlite: each engine restores the other engine's backup exactly, and both backups hold the same rows", async () => {
    const first = join(dir, 'pglite-first');
    // The embedded database as a server's first start leaves it (migrated), copied (test/process.ts).
    const pglite = await openDatabase({ kind: 'pglite', dataDir: join(await withMigratedDatabase(first), 'db') });
    await pglite.migrate(MIGRATIONS);
    await seedEverything(pglite.db, { extraBets: 20 });
    const expected = await canonicalSnapshot(pglite.db);
    const expectedRows = await drizzleSnapshot(pglite.db);
    await pglite.close(); // one process owns an embedded data folder: the commands need it closed

    const fromPglite = join(dir, 'from-pglite.ndjson');
    const backup = await runCli(['backup', fromPglite], envFor({ dataDir: first }));
    expect(backup, backup.output).toMatchObject({ code: 0 });

    await wipe(urlOf(b));
    const intoPg = await runCli(['restore', fromPglite], envFor({ url: urlOf(b) }));
    expect(intoPg, intoPg.output).toMatchObject({ code: 0 });
    const pg = await connect(urlOf(b));
    expect(await canonicalSnapshot(pg.db)).toEqual(expected);
    expect(await drizzleSnapshot(pg.db)).toEqual(expectedRows);

    const fromPg = join(dir, 'from-pg.ndjson');
    const backupPg = await runCli(['backup', fromPg], envFor({ url: urlOf(b) }));
    expect(backupPg, backupPg.output).toMatchObject({ code: 0 });
    expect(rowLines(fromPg)).toEqual(rowLines(fromPglite));

    const second = join(dir, 'pglite-second');
    const intoPglite = await runCli(['restore', fromPg], envFor({ dataDir: second }));
    expect(intoPglite, intoPglite.output).toMatchObject({ code: 0 });
    const back = await openDatabase({ kind: 'pglite', dataDir: join(second, 'db') });
    open.push(back);
    expect(await canonicalSnapshot(back.db)).toEqual(expected);
    expect(await drizzleSnapshot(back.db)).toEqual(expectedRows);
  }, 120_000);
});
