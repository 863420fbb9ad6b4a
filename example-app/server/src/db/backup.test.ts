import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedTemplate, testDatabase } from '../test/app';
import type { Database } from './client';
import { backupDatabase, restoreDatabase } from './backup';
import { BIG_PENCE, canonicalSnapshot, drizzleSnapshot, seedEverything as seed, WINTER } from './backup-testing';
import * as s from './schema';

const at = WINTER;

describe('backup and restore (logical, newline-delimited JSON)', () => {
  const open: Database[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'matchkit-backup-'));
  beforeAll(() => migratedTemplate());
  afterAll(async () => {
    for (const d of open) await d.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('round trip: restoring a backup into an empty database gives back every row of every table exactly (instants to the microsecond, bigint pence, jsonb)', async () => {
    const source = await testDatabase();
    const target = await testDatabase();
    open.push(source, target);
    await seed(source.db, { extraBets: 1_100 });
    const file = join(dir, 'backup.ndjson');
    const made = await backupDatabase(source.db, file, at.getTime());
    expect(made.rows['users']).toBe(2);
    expect(made.rows['tracked_bets']).toBe(1_102);
    expect(Object.values(made.rows).every((n) => n > 0)).toBe(true);
    const restored = await restoreDatabase(target.db, file);
    expect(restored.rows).toEqual(made.rows);
    const expected = await canonicalSnapshot(source.db);
    expect(expected['users']?.[0]).toContain('"created_at": "2026-03-29T00:59:59.999999+00:00"');
    expect(expected['tracked_bets']?.join('\n')).toContain(`"expected_profit": ${BIG_PENCE}`);
    expect(await canonicalSnapshot(target.db)).toEqual(expected);
    expect(await drizzleSnapshot(target.db)).toEqual(await drizzleSnapshot(source.db));
    // Serial ids continue after the restored ones.
    const [next] = await target.db
      .insert(s.outbox)
      .values({ to: 'c@example.com', kind: 'receipt', subject: 'x', text: 'y', nextAttemptAt: at, createdAt: at })
      .returning({ id: s.outbox.id });
    expect(next?.id).toBe(3);
  });

  it('an empty backup restores to an empty database whose serial ids start at 1', async () => {
    const source = await testDatabase();
    const target = await testDatabase();
    open.push(source, target);
    const file = join(dir, 'empty.ndjson');
    expect(Object.values((await backupDatabase(source.db, file, at.getTime())).rows).every((n) => n === 0)).toBe(true);
    expect((await restoreDatabase(target.db, file)).rows).toEqual({});
    const [next] = await target.db
      .insert(s.outbox)
      .values({ to: 'c@example.com', kind: 'receipt', subject: 'x', text: 'y', nextAttemptAt: at, createdAt: at })
      .returning({ id: s.outbox.id });
    expect(next?.id).toBe(1);
  });

  it('refuses to restore into a database that has rows, and writes nothing', async () => {
    const source = await testDatabase();
    const target = await testDatabase();
    open.push(source, target);
    await seed(source.db);
    const file = join(dir, 'second.ndjson');
    await backupDatabase(source.db, file, at.getTime());
    await target.db.insert(s.offers).values({
      id: 'o_x',
      slug: 'other',
      title: 'T',
      category: 'reload-offers',
      bookmaker: 'b',
      summary: 's',
      body: 'b',
      expectedProfit: 0,
      createdAt: at,
      updatedAt: at,
    });
    await expect(restoreDatabase(target.db, file)).rejects.toThrow(/needs an empty database: table offers/);
    expect(await target.db.select().from(s.users)).toEqual([]);
  });

  it('refuses a file that is not a backup, and a file whose later line is bad, writing nothing', async () => {
    const target = await testDatabase();
    open.push(target);
    const notBackup = join(dir, 'not.ndjson');
    writeFileSync(notBackup, '{"hello":1}\n');
    await expect(restoreDatabase(target.db, notBackup)).rejects.toThrow(/line 1: not a matchkit-backup/);
    const bad = join(dir, 'bad.ndjson');
    writeFileSync(
      bad,
      [
        JSON.stringify({ format: 'matchkit-backup', version: 1 }),
        JSON.stringify({
          t: 'offers',
          r: {
            id: 'o_1',
            slug: 's',
            title: 't',
            category: 'reload-offers',
            bookmaker: 'b',
            summary: 's',
            body: 'b',
            expectedProfit: 1,
            createdAt: at,
            updatedAt: at,
          },
        }),
        JSON.stringify({ t: 'nope', r: {} }),
      ].join('\n'),
    );
    await expect(restoreDatabase(target.db, bad)).rejects.toThrow(/line 3: unknown table "nope"/);
    expect(await target.db.select().from(s.offers)).toEqual([]);
    writeFileSync(bad, [JSON.stringify({ format: 'matchkit-backup', version: 1 }), '{"t":"offers",'].join('\n'));
    await expect(restoreDatabase(target.db, bad)).rejects.toThrow(/line 2: not JSON/);
  });
});
