// One process at a time on an embedded data folder (db/data-lock.ts): in this process, a second
// open is refused by name and the folder opens again once closed; a stale lock is taken over (its
// process gone, an earlier run under this same id, naming nothing, silent too long) and a live one
// refused (refreshed lately by another host, or by a running process of this one); a held lock is
// refreshed; and across processes, the
// maintenance commands and a second server beside a running server are refused, and a command
// runs once the server has stopped.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliBundle, runCli, startServerProcess, withMigratedDatabase } from '../test/process';
import { openDatabase } from './client';
import { DataFolderInUse, lockDataFolder, STALE_MS } from './data-lock';

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
    expect(JSON.parse(readFileSync(`${dataDir}.lock`, 'utf8'))).toEqual({ host: hostname(), pid: process.pid, token: expect.any(String) });
    expect(statSync(`${dataDir}.lock`).mode & 0o777).toBe(0o600);
    const second = await openDatabase({ kind: 'pglite', dataDir }).then(
      () => 'opened',
      (error: unknown) => error,
    );
    expect(second).toBeInstanceOf(DataFolderInUse);
    expect((second as Error).message).toContain(`is in use by process ${process.pid} on this host`);
    await first.db.execute(sql`create table kept (x int)`);
    await first.close();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
    const again = await openDatabase({ kind: 'pglite', dataDir });
    // The table made before the close is there.
    expect(await again.db.execute(sql`select count(*)::int as n from kept`)).toMatchObject({ rows: [{ n: 0 }] });
    await again.close();
  });

  /** A lock as another opening left it: naming `holder`, last refreshed `ageMs` ago. */
  function lockOf(holder: unknown, ageMs = 0): string {
    const dataDir = folder();
    mkdirSync(dirname(dataDir), { recursive: true });
    writeFileSync(`${dataDir}.lock`, typeof holder === 'string' ? holder : `${JSON.stringify(holder)}\n`);
    const at = new Date(Date.now() - ageMs);
    utimesSync(`${dataDir}.lock`, at, at);
    return dataDir;
  }
  const token = 'a1b2c3d4e5f6a1b2c3d4e5f6';
  const here = hostname();

  it('takes over a lock whose process is gone, one of an earlier run under this id, one naming nothing, one silent too long', () => {
    const stale = [
      lockOf({ host: here, pid: goneProcessId(), token }),
      lockOf({ host: here, pid: process.pid, token }),
      lockOf(''),
      lockOf('{"host": 12}'),
      // A process id since reused by another program (this test's parent runs), silent 61 s.
      lockOf({ host: here, pid: process.ppid, token }, STALE_MS + 1_000),
      // Another host (a container) that went away.
      lockOf({ host: 'another-container', pid: 1, token }, STALE_MS + 1_000),
    ];
    for (const dataDir of stale) {
      const release = lockDataFolder(dataDir);
      expect(JSON.parse(readFileSync(`${dataDir}.lock`, 'utf8'))).toMatchObject({ host: here, pid: process.pid });
      release();
      release();
      expect(existsSync(`${dataDir}.lock`)).toBe(false);
      // Nothing of the taking is left beside it.
      expect(readdirSync(dirname(dataDir))).toEqual([]);
    }
  });

  it('refuses a lock refreshed lately by another host, or by a running process of this one, naming it', () => {
    for (const [holder, named] of [
      [{ host: 'another-container', pid: 1, token }, 'is in use by process 1 on host another-container'],
      [{ host: here, pid: process.ppid, token }, `is in use by process ${process.ppid} on this host`],
    ] as const) {
      const dataDir = lockOf(holder, STALE_MS - 5_000);
      expect(() => lockDataFolder(dataDir)).toThrow(named);
      // Left as it was.
      expect(JSON.parse(readFileSync(`${dataDir}.lock`, 'utf8'))).toEqual(holder);
      expect(readdirSync(dirname(dataDir))).toEqual(['db.lock']);
    }
  });

  it('refreshes the lock while it is held, so that it never looks silent', async () => {
    const dataDir = folder();
    mkdirSync(dirname(dataDir), { recursive: true });
    const release = lockDataFolder(dataDir, { beatMs: 20 });
    const old = new Date(Date.now() - STALE_MS);
    utimesSync(`${dataDir}.lock`, old, old);
    await expect.poll(() => Date.now() - statSync(`${dataDir}.lock`).mtimeMs, { timeout: 5_000 }).toBeLessThan(1_000);
    release();
  });

  it('lets one of six processes racing for a folder take it, with no lock or with a stale one', async () => {
    // A driver bundled from this module: each waits for the same instant, then tries; the one that
    // took the folder holds it until the others have all answered (the file `done`, written here),
    // however slowly a loaded machine starts them.
    const driver = join(dir, 'race.ts');
    writeFileSync(
      driver,
      [
        "import { existsSync } from 'node:fs';",
        `import { DataFolderInUse, lockDataFolder } from ${JSON.stringify(join(import.meta.dirname, 'data-lock.ts'))};`,
        'const [dataDir, goAt, done] = process.argv.slice(2);',
        'while (Date.now() < Number(goAt));',
        'try {',
        '  const release = lockDataFolder(dataDir);',
        "  process.stdout.write('won');",
        '  const wait = setInterval(() => existsSync(done) && (clearInterval(wait), release()), 20);',
        '} catch (error) {',
        "  process.stdout.write(error instanceof DataFolderInUse ? 'refused' : `failed: ${String(error)}`);",
        '}',
      ].join('\n'),
    );
    const bundled = join(dir, 'race.mjs');
    await build({ entryPoints: [driver], outfile: bundled, bundle: true, platform: 'node', format: 'esm', logLevel: 'error' });
    const race = async (dataDir: string) => {
      const goAt = Date.now() + 2_000;
      const done = `${dataDir}.done`;
      let answered = 0;
      const over = () => writeFileSync(done, '');
      // Two winners would each wait for the others: ended after 15 s, and the outcome shows them.
      const limit = setTimeout(over, 15_000);
      const outcomes = await Promise.all(
        Array.from(
          { length: 6 },
          () =>
            new Promise<string>((finish, fail) => {
              const child = spawn(process.execPath, [bundled, dataDir, String(goAt), done], { stdio: ['ignore', 'pipe', 'inherit'] });
              let out = '';
              child.stdout.on('data', (d: Buffer) => {
                out += d.toString('utf8');
                if (out !== 'won' && ++answered === 5) over();
              });
              child.on('error', fail);
              child.on('close', () => finish(out));
            }),
        ),
      );
      clearTimeout(limit);
      rmSync(done, { force: true });
      return outcomes.sort();
    };
    const expected = ['refused', 'refused', 'refused', 'refused', 'refused', 'won'];
    const fresh = folder();
    mkdirSync(dirname(fresh), { recursive: true });
    expect(await race(fresh)).toEqual(expected);
    expect(await race(lockOf({ host: here, pid: goneProcessId(), token }))).toEqual(expected);
  }, 60_000);

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
