// One process at a time on an embedded data folder (db/data-lock.ts): in this process, a second
// open is refused by name and the folder opens again once closed; a lock left by a process that is
// gone, or by an earlier run under this same process id, is taken over; and across processes, the
// maintenance commands and a second server beside a running server are refused, and a command
// runs once the server has stopped.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliBundle, runCli, startServerProcess, withMigratedDatabase } from '../test/process';
import { openDatabase } from './client';
import { DataFolderInUse, lockDataFolder } from './data-lock';

const dir = mkdtempSync(join(tmpdir(), 'matchkit-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const folder = () => join(dir, `data${++n}`, 'db');

/** A process id no process has: one that has just exited. */
function goneProcessId(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('the embedded data folder, one process at a time', () => {
  beforeAll(() => cliBundle(), 120_000);

  it('refuses a second open in this process by name, and opens again once closed', async () => {
    const dataDir = folder();
    const first = await openDatabase({ kind: 'pglite', dataDir });
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(`${process.pid}\n`);
    const second = await openDatabase({ kind: 'pglite', dataDir }).then(
      () => 'opened',
      (error: unknown) => error,
    );
    expect(second).toBeInstanceOf(DataFolderInUse);
    expect((second as Error).message).toContain(`is in use by process ${process.pid}`);
    await first.db.execute(sql`create table kept (x int)`);
    await first.close();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
    const again = await openDatabase({ kind: 'pglite', dataDir });
    // The table made before the close is there.
    expect(await again.db.execute(sql`select count(*)::int as n from kept`)).toMatchObject({ rows: [{ n: 0 }] });
    await again.close();
  });

  it('takes over a lock whose process is gone, one of an earlier run under this process id, and one naming none', () => {
    for (const pid of [goneProcessId(), process.pid, '']) {
      const dataDir = folder();
      mkdirSync(dirname(dataDir), { recursive: true });
      writeFileSync(`${dataDir}.lock`, `${pid}\n`);
      const release = lockDataFolder(dataDir);
      expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(`${process.pid}\n`);
      release();
      release();
      expect(existsSync(`${dataDir}.lock`)).toBe(false);
      // Nothing of the taking is left beside it.
      expect(readdirSync(dirname(dataDir))).toEqual([]);
    }
  });

  it('refuses a maintenance command beside a running server, naming the process; runs it once the server has stopped', async () => {
    const dataDir = join(dir, 'served');
    await withMigratedDatabase(dataDir);
    const server = await startServerProcess({ DATA_DIR: dataDir, FEED_EVENTS: '10' });
    const demo = () => runCli(['demo-members'], { DATA_DIR: dataDir });
    try {
      const refused = await demo();
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(`the database folder ${join(dataDir, 'db')} is in use by process `);
      expect(refused.output).toContain('stop it first');
      expect(refused.output).not.toContain('password:');
      // A second server on the same folder: refused the same way, before it listens.
      const second = await startServerProcess({ DATA_DIR: dataDir, FEED_EVENTS: '10' }).then(
        () => 'listening',
        (error: unknown) => (error as Error).message,
      );
      expect(second).toMatch(/exited \(1\) before listening/);
      expect(second).toContain('is in use by process');
    } finally {
      await server.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
    const done = await demo();
    expect(done, done.output).toMatchObject({ code: 0 });
    expect(done.output).toContain('password:');
  }, 120_000);
});
