// Test support (not a test file): a throwaway PostgreSQL 15 server from Debian's packages in a temp
// folder, on a free loopback port, stopped and removed by stop(). PostgreSQL refuses to run as
// root, so as root the binaries run as the `postgres` user. Fails loudly, naming the command to
// run, when PostgreSQL is not installed (no test is skipped for a missing service).
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../db/client';
import { MIGRATIONS } from '../../test/app';

const BIN = '/usr/lib/postgresql/15/bin';

/** A running throwaway server. */
export interface TestPostgres {
  readonly url: string;
  stop(): void;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

function uidOf(user: string): number {
  return Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
}

/** Starts a fresh PostgreSQL server with a superuser `mk` (trust auth, loopback only, no fsync). */
export async function startTestPostgres(): Promise<TestPostgres> {
  if (!existsSync(`${BIN}/initdb`)) {
    throw new Error('PostgreSQL 15 is not installed: run `apt-get install -y --no-install-recommends postgresql`');
  }
  const dir = mkdtempSync(join(tmpdir(), 'matchkit-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (args: string[]) => {
    if (asRoot)
      execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', args.map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ')], {
        stdio: 'pipe',
      });
    else execFileSync(args[0] as string, args.slice(1), { stdio: 'pipe' });
  };
  if (asRoot) {
    const uid = uidOf('postgres');
    chownSync(dir, uid, uid);
    chmodSync(dir, 0o700);
  }
  const port = await freePort();
  const data = join(dir, 'data');
  run([`${BIN}/initdb`, '-D', data, '-A', 'trust', '-U', 'mk', '--no-sync', '-E', 'UTF8']);
  run([
    `${BIN}/pg_ctl`,
    '-D',
    data,
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    '-l',
    join(dir, 'log'),
    '-w',
    'start',
  ]);
  let stopped = false;
  return {
    url: `postgres://mk@127.0.0.1:${port}/postgres`,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run([`${BIN}/pg_ctl`, '-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Fresh migrated databases on one throwaway PostgreSQL server (see testPostgresDatabases). */
export interface TestPostgresDatabases {
  /** A database of its own, migrated, on the server the first call starts. */
  open(): Promise<Database>;
  /** Stops the server, if one was started. */
  stop(): Promise<void>;
}

/**
 * One PostgreSQL server per test file, started by the first open(): each open() is a fresh copy
 * of a migrated template database (as each PGlite test app gets a fresh clone), so a suite that
 * builds several apps needs no server of its own per app.
 */
export function testPostgresDatabases(): TestPostgresDatabases {
  let running: TestPostgres | null = null;
  let admin: pg.Pool | null = null;
  let ready: Promise<void> | null = null;
  let made = 0;
  const urlOf = (server: TestPostgres, name: string) => server.url.replace(/\/postgres$/, `/${name}`);
  return {
    async open() {
      ready ??= (async () => {
        running = await startTestPostgres();
        admin = new pg.Pool({ connectionString: running.url, max: 1 });
        admin.on('error', () => undefined);
        await admin.query('create database mk_template');
        // Two connections: migrate() holds one for its advisory lock while the migrator uses another.
        const template = await openDatabase({ kind: 'postgres', url: urlOf(running, 'mk_template'), poolSize: 2 });
        await template.migrate(MIGRATIONS);
        await template.close();
      })();
      await ready;
      const name = `mk_${++made}`;
      await (admin as pg.Pool).query(`create database ${name} template mk_template`);
      return openDatabase({ kind: 'postgres', url: urlOf(running as TestPostgres, name), poolSize: 4 });
    },
    async stop() {
      try {
        await admin?.end();
      } finally {
        running?.stop();
      }
    },
  };
}
