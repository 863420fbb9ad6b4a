// Test support (not a test file): a throwaway PostgreSQL 15 server from Debian's packages in a temp
// folder, on a free loopback port, stopped and removed by stop(). PostgreSQL refuses to run as
// root, so as root the binaries run as the `postgres` user. Fails loudly, naming the command to
// run, when PostgreSQL is not installed (no test is skipped for a missing service).
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
