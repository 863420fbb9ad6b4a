import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getTableName } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedTemplate, testDatabase } from '../test/app';
import type { Database, Db } from './client';
import { BACKUP_TABLES, backupDatabase, restoreDatabase } from './backup';
import * as s from './schema';

const at = new Date('2026-03-02T10:00:00.123Z');

async function seed(db: Db) {
  await db.insert(s.users).values([
    { id: 'u_a', email: 'a@example.com', username: 'a', firstName: 'Ann', lastName: 'Lee', passwordHash: 'x', referralCode: 'ANNA1', adultConfirmedAt: at, createdAt: at, quickLinks: [{ id: 'calculator', order: 0, active: true }] },
    { id: 'u_b', email: 'b@example.com', username: 'b', firstName: 'Bo', lastName: "O'Neil", passwordHash: 'y', referralCode: 'BOBO2', referredBy: 'u_a', adultConfirmedAt: at, createdAt: at, additionalCapabilities: ['PA-CAP-006'] },
  ]);
  await db.insert(s.outbox).values([{ to: 'a@example.com', subject: 'Hi', text: 'line 1\nline "2"', createdAt: at }]);
  await db.insert(s.subscriptions).values({ id: 'sub_1', userId: 'u_b', plan: 'platinum', term: 'month', startedAt: at, trial: false, createdAt: at, changes: [{ type: 'cancel', at: at.toISOString() }] });
  await db.insert(s.ledger).values({ id: 'sub_1:term-1', userId: 'u_b', subscriptionId: 'sub_1', type: 'payment', plan: 'platinum', amount: 3999, periodStart: at, periodEnd: new Date('2026-04-02T09:00:00Z'), at, providerRef: 'ch_1' });
  await db.insert(s.affiliateEntries).values({ id: 'af_1', affiliateId: 'u_a', referredId: 'u_b', paymentId: 'sub_1:term-1', kind: 'payment', amount: 3999, commission: 1599, at });
  await db.insert(s.trackedBets).values({ userId: 'u_b', id: 'b_1', source: 'manual', profitType: 'guaranteed', status: 'open', event: 'A v B', market: 'Match Odds', selection: 'A', legs: [{ role: 'qualifying', side: 'back', account: 'bet-co', odds: 2.1, stake: 1000, commission: 0, result: 'pending' }], expectedProfit: -45, placedAt: at, createdAt: at, updatedAt: at });
  await db.insert(s.offers).values({ id: 'o_1', slug: 'welcome', title: 'Welcome', category: 'reload-offers', bookmaker: 'bet-co', summary: 'S', body: 'B', expectedProfit: 500, createdAt: at, updatedAt: at });
  await db.insert(s.offerCompletions).values({ userId: 'u_b', offerId: 'o_1', completedAt: at });
}

async function everything(db: Db) {
  const out: Record<string, unknown[]> = {};
  for (const t of BACKUP_TABLES) out[getTableName(t)] = await db.select().from(t);
  return out;
}

describe('backup and restore (logical, newline-delimited JSON)', () => {
  const open: Database[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'matchkit-backup-'));
  beforeAll(() => migratedTemplate());
  afterAll(async () => {
    for (const d of open) await d.close();
  });

  it('round trip: restoring a backup into an empty database gives back every row of every table exactly', async () => {
    const source = await testDatabase();
    const target = await testDatabase();
    open.push(source, target);
    await seed(source.db);
    const file = join(dir, 'backup.ndjson');
    const made = await backupDatabase(source.db, file, at.getTime());
    expect(made.rows['users']).toBe(2);
    expect(made.rows['tracked_bets']).toBe(1);
    const restored = await restoreDatabase(target.db, file);
    expect(restored.rows).toEqual(Object.fromEntries(Object.entries(made.rows).filter(([, n]) => n > 0)));
    expect(await everything(target.db)).toEqual(await everything(source.db));
    // Serial ids continue after the restored ones.
    const [next] = await target.db.insert(s.outbox).values({ to: 'c@example.com', subject: 'x', text: 'y', createdAt: at }).returning({ id: s.outbox.id });
    expect(next?.id).toBe(2);
  });

  it('refuses to restore into a database that has rows, and writes nothing', async () => {
    const source = await testDatabase();
    const target = await testDatabase();
    open.push(source, target);
    await seed(source.db);
    const file = join(dir, 'second.ndjson');
    await backupDatabase(source.db, file, at.getTime());
    await target.db.insert(s.offers).values({ id: 'o_x', slug: 'other', title: 'T', category: 'reload-offers', bookmaker: 'b', summary: 's', body: 'b', expectedProfit: 0, createdAt: at, updatedAt: at });
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
        JSON.stringify({ t: 'offers', r: { id: 'o_1', slug: 's', title: 't', category: 'reload-offers', bookmaker: 'b', summary: 's', body: 'b', expectedProfit: 1, createdAt: at, updatedAt: at } }),
        JSON.stringify({ t: 'nope', r: {} }),
      ].join('\n'),
    );
    await expect(restoreDatabase(target.db, bad)).rejects.toThrow(/line 3: unknown table "nope"/);
    expect(await target.db.select().from(s.offers)).toEqual([]);
  });
});
