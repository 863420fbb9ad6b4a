// The data folder's modes (issue 22's review: PGlite's files were 0666 and the folder was created
// without a mode, so other users could read the WAL's password hashes and change the database).
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openDatabase } from './client';
import { securePrivateFolder } from './file-modes';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});
const tmp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'matchkit-modes-'));
  made.push(dir);
  return dir;
};

/** Every path under `dir` (itself included) whose mode is not 0700 (folders) or 0600 (files), with its mode. */
function looser(dir: string): string[] {
  const out: string[] = [];
  const walk = (path: string) => {
    const stat = statSync(path);
    const mode = stat.mode & 0o777;
    if (mode !== (stat.isDirectory() ? 0o700 : 0o600)) out.push(`${mode.toString(8)} ${path.slice(dir.length)}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
  return out;
}

describe('modes under DATA_DIR', () => {
  it("keeps PGlite's folder private: 0700 folders and 0600 files (WAL included), after opening and after closing", async () => {
    const dataDir = join(tmp(), 'data');
    const dbDir = join(dataDir, 'db');
    const database = await openDatabase({ kind: 'pglite', dataDir: dbDir });
    try {
      await database.db.execute(sql`create table t (x text)`);
      await database.db.execute(sql`insert into t values ('a password hash')`);
      expect(readdirSync(join(dbDir, 'pg_wal')).length).toBeGreaterThan(0);
      expect(looser(dataDir)).toEqual([]);
    } finally {
      await database.close();
    }
    expect(looser(dataDir)).toEqual([]);
  });

  it('tightens existing files and folders, and says how many', () => {
    const dir = tmp();
    mkdirSync(join(dir, 'db', 'base'), { recursive: true });
    writeFileSync(join(dir, 'db', 'base', '1'), 'x');
    writeFileSync(join(dir, 'secrets.json'), '{}');
    chmodSync(join(dir, 'db', 'base', '1'), 0o666);
    chmodSync(join(dir, 'secrets.json'), 0o644);
    chmodSync(join(dir, 'db', 'base'), 0o777);
    chmodSync(join(dir, 'db'), 0o755);
    chmodSync(dir, 0o755);
    expect(securePrivateFolder(dir)).toEqual({ folders: 3, files: 2 });
    expect(looser(dir)).toEqual([]);
    expect(securePrivateFolder(dir)).toEqual({ folders: 0, files: 0 });
  });

  it('creates the development data folder 0700 with its secrets 0600', () => {
    const dataDir = join(tmp(), 'fresh');
    loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
    expect(readdirSync(dataDir)).toEqual(['secrets.json']);
    expect(looser(dataDir)).toEqual([]);
  });
});
