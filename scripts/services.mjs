// Real PostgreSQL and Redis for tests, from Debian's packages, started on loopback in throwaway temp
// folders and removed afterwards.
//
//   import { startPostgres, startRedis } from '<root>/scripts/services.mjs';
//   const pg = await startPostgres();   // { url: 'postgres://matchkit:<pw>@127.0.0.1:<port>/matchkit', stop() }
//   const redis = await startRedis();   // { url: 'redis://:<pw>@127.0.0.1:<port>', stop() }
//   afterAll(() => Promise.all([pg.stop(), redis.stop()]));
//
// Nothing is left behind: stop() ends the server and deletes its folder; a process 'exit' hook does the
// same for whatever a test forgot; and a small detached watchdog process per service does it when the
// test process dies without running its exit hook (SIGKILL, a worker killed at a timeout).
//
// As a command:
//   node scripts/services.mjs ensure postgresql redis-server chromium
//                                     installs what is missing (root) or names the command to run (not root)
//
// Chromium (Debian's build, at /usr/bin/chromium) is what the app's browser tests drive through
// playwright-core; never a browser downloaded by Playwright.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { clearTimeout, setTimeout } from 'node:timers';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const thisFile = fileURLToPath(import.meta.url);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** The one command a person runs when the services are missing and we are not root. */
export const INSTALL_COMMAND = 'sudo apt-get install -y postgresql redis-server';

const installCommand = (packages) => `sudo apt-get install -y ${packages.join(' ')}`;

/** Where Debian's chromium package puts the browser the end-to-end tests launch. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

// ---------------------------------------------------------------------------------------------
// Debian packages

/** The PostgreSQL server binaries folder: version 15 when present, else the newest installed. */
export function findPostgresBin() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v) && existsSync(join(root, v, 'bin', 'initdb')))
    .map(Number)
    .sort((a, b) => b - a);
  if (versions.length === 0) return undefined;
  const chosen = versions.includes(15) ? 15 : versions[0];
  return join(root, String(chosen), 'bin');
}

function onPath(binary) {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .some((dir) => existsSync(join(dir, binary)));
}

function dpkgInstalled(pkg) {
  const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.includes('install ok installed');
}

/** How each package we know is recognised as present: by the binary we actually run. */
const presence = {
  postgresql: () => findPostgresBin() !== undefined,
  'redis-server': () => onPath('redis-server'),
  chromium: () => existsSync(CHROMIUM_PATH),
};

/** The packages of `packages` that are not installed. */
export function missingDebianPackages(packages) {
  return packages.filter((pkg) => !(presence[pkg] ?? (() => dpkgInstalled(pkg)))());
}

/**
 * Makes sure Debian packages are installed. Present: does nothing. Missing and root: runs
 * `apt-get update` and `apt-get install -y --no-install-recommends ...` (noninteractive, waiting for
 * another apt to finish). Missing and not root: prints one line naming the command and exits 1.
 * Returns the packages it installed.
 */
export function ensureDebianPackages(packages) {
  const missing = missingDebianPackages(packages);
  if (missing.length === 0) return [];
  if (!isRoot) {
    console.error(`Missing Debian packages for the tests (${missing.join(', ')}): run \`${installCommand(packages)}\` and try again.`);
    process.exit(1);
  }
  console.log(`Installing from Debian: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const lockWait = ['-o', 'DPkg::Lock::Timeout=300'];
  for (const args of [
    [...lockWait, 'update', '-qq'],
    [...lockWait, 'install', '-y', '-qq', '--no-install-recommends', ...missing],
  ]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (r.status !== 0) {
      console.error(
        `apt-get ${args.filter((a) => !a.startsWith('-') && !a.includes('::')).join(' ')} failed (exit ${r.status ?? r.signal}).`,
      );
      process.exit(1);
    }
  }
  const still = missingDebianPackages(packages);
  if (still.length > 0) {
    console.error(`apt-get finished but these are still missing: ${still.join(', ')}.`);
    process.exit(1);
  }
  return missing;
}

// ---------------------------------------------------------------------------------------------
// Shared plumbing

/** A free TCP port on 127.0.0.1 (the kernel picks it; a caller that loses the race retries). */
export async function freePort() {
  const server = createServer();
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('could not read a free port');
  return address.port;
}

function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    child.on('error', (error) => resolve({ status: -1, output: `${output}${error.message}` }));
    child.on('close', (status) => resolve({ status, output }));
  });
}

function tail(file, lines = 20) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

function postgresUser() {
  const r = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const g = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (r.status !== 0 || g.status !== 0) {
    throw new Error('the postgres system user does not exist (it comes with the postgresql package)');
  }
  return { uid: Number(r.stdout.trim()), gid: Number(g.stdout.trim()) };
}

/** PostgreSQL refuses to run as root: as root, its programs run as the postgres user. */
function asPostgres(command, args) {
  return isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

// Cleanup plans of the live services, run synchronously at process exit.
const live = new Map();
let exitHookInstalled = false;

function registerCleanup(id, plan) {
  live.set(id, plan);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => {
      for (const p of live.values()) cleanupSync(p);
      live.clear();
    });
  }
}

function cleanupSync(plan) {
  if (plan.kind === 'postgres') {
    const pidFile = join(plan.dataDir, 'postmaster.pid');
    if (existsSync(pidFile)) {
      const [cmd, args] = asPostgres(join(plan.bin, 'pg_ctl'), ['-D', plan.dataDir, '-m', 'immediate', '-w', '-t', '10', 'stop']);
      spawnSync(cmd, args, { stdio: 'ignore', cwd: plan.dir });
    }
  } else if (plan.kind === 'process') {
    try {
      process.kill(plan.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  rmSync(plan.dir, { recursive: true, force: true });
}

/**
 * A detached process that cleans up after this one if it dies without cleaning up itself: it holds
 * the read end of a pipe, and when the pipe closes without a "done" line it runs the plan.
 */
function startWatchdog(plan) {
  const child = spawn(process.execPath, [thisFile, 'watchdog', JSON.stringify(plan)], {
    stdio: ['pipe', 'ignore', 'ignore'],
    detached: true,
  });
  child.unref();
  child.stdin.on('error', () => {});
  child.stdin.unref?.();
  return {
    dismiss() {
      if (child.stdin.writable) child.stdin.end('done\n');
    },
  };
}

function runWatchdog(planJson) {
  const plan = JSON.parse(planJson);
  let dismissed = false;
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk) => {
    if (chunk.includes('done')) dismissed = true;
  });
  const finish = () => {
    if (!dismissed) cleanupSync(plan);
    process.exit(0);
  };
  process.stdin.on('end', finish);
  process.stdin.on('error', finish);
}

/**
 * Guards a child process the caller started (and its temp folder): if this process exits, or dies
 * without running its exit hooks, the child is killed with SIGKILL and the folder deleted. Call
 * release() once the caller has stopped the child and removed the folder itself.
 */
export function guardProcess(pid, dir) {
  const plan = { kind: 'process', pid, dir };
  const id = `process:${pid}:${dir}`;
  registerCleanup(id, plan);
  const watchdog = startWatchdog(plan);
  return {
    release() {
      live.delete(id);
      watchdog.dismiss();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

/**
 * Starts a throwaway PostgreSQL cluster (15 when installed) in a temp folder on a free loopback port,
 * with a database and a password user that owns it. Small (shared_buffers 16MB, 40 connections) and
 * durable (fsync on; only initdb's own writes skip fsync, since a lost cluster is re-created anyway).
 * Options: `createdb` lets the user create (and so drop) databases of its own; `maxConnections`
 * raises the 40; `durable: false` turns fsync and synchronous commits off (for a cluster that is
 * never crashed on purpose, such as the test run's shared one, where nothing needs to survive).
 */
export async function startPostgres(options = {}) {
  const bin = findPostgresBin();
  if (bin === undefined) {
    throw new Error(`PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): run \`${INSTALL_COMMAND}\``);
  }
  const database = options.database ?? 'matchkit';
  const user = options.user ?? 'matchkit';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(database) || !/^[a-z_][a-z0-9_]{0,62}$/.test(user)) {
    throw new Error('startPostgres: database and user must be lower-case identifiers');
  }
  const maxConnections = options.maxConnections ?? 40;
  if (!Number.isInteger(maxConnections) || maxConnections < 10 || maxConnections > 1000) {
    throw new Error(`startPostgres: maxConnections must be an integer from 10 to 1000, not ${maxConnections}`);
  }
  const durable = options.durable ?? true;
  const password = randomBytes(12).toString('hex');
  const dir = mkdtempSync(join(tmpdir(), 'matchkit-pg-'));
  const dataDir = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  const plan = { kind: 'postgres', bin, dir, dataDir };
  const id = `pg:${dir}`;
  registerCleanup(id, plan);
  const watchdog = startWatchdog(plan);
  let stopped = false;

  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (existsSync(join(dataDir, 'postmaster.pid'))) {
      const [cmd, args] = asPostgres(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', '-t', '20', 'stop']);
      const r = await run(cmd, args, { cwd: dir });
      if (r.status !== 0) cleanupSync(plan);
    }
    rmSync(dir, { recursive: true, force: true });
    live.delete(id);
    watchdog.dismiss();
  };

  try {
    if (isRoot) {
      const { uid, gid } = postgresUser();
      chownSync(dir, uid, gid);
    }
    const init = asPostgres(join(bin, 'initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '-E',
      'UTF8',
      '--locale=C',
      '--auth-local=trust',
      '--auth-host=scram-sha-256',
      '--no-sync',
      '--no-instructions',
    ]);
    const initResult = await run(init[0], init[1], { cwd: dir });
    if (initResult.status !== 0) throw new Error(`initdb failed:\n${initResult.output.trim()}`);

    for (let attempt = 1; ; attempt += 1) {
      const port = await freePort();
      // Settings in the cluster's own file (the file keeps the postgres user as its owner).
      appendFileSync(
        join(dataDir, 'postgresql.conf'),
        [
          '',
          '# matchkit test cluster',
          `port = ${port}`,
          "listen_addresses = '127.0.0.1'",
          `unix_socket_directories = '${dir}'`,
          'shared_buffers = 16MB',
          `max_connections = ${maxConnections}`,
          `fsync = ${durable ? 'on' : 'off'}`,
          `synchronous_commit = ${durable ? 'on' : 'off'}`,
          `full_page_writes = ${durable ? 'on' : 'off'}`,
          'wal_level = minimal',
          'max_wal_senders = 0',
          'max_wal_size = 64MB',
          'min_wal_size = 32MB',
          'huge_pages = off',
          "log_min_messages = 'warning'",
          '',
        ].join('\n'),
      );
      const start = asPostgres(join(bin, 'pg_ctl'), ['-D', dataDir, '-l', logFile, '-w', '-t', '60', 'start']);
      const startResult = await run(start[0], start[1], { cwd: dir });
      if (startResult.status === 0) {
        const psql = [
          join(bin, 'psql'),
          [
            '-X',
            '-q',
            '-v',
            'ON_ERROR_STOP=1',
            '-h',
            dir,
            '-p',
            String(port),
            '-U',
            'postgres',
            '-d',
            'postgres',
            '-c',
            `create role ${user} login${options.createdb === true ? ' createdb' : ''} password '${password}'`,
            '-c',
            `create database ${database} owner ${user}`,
          ],
        ];
        const made = await run(psql[0], psql[1], { cwd: dir });
        if (made.status !== 0) throw new Error(`creating the database failed:\n${made.output.trim()}`);
        const url = `postgres://${user}:${password}@127.0.0.1:${port}/${database}`;
        return { url, host: '127.0.0.1', port, database, user, password, dataDir, stop };
      }
      const log = tail(logFile);
      if (attempt < 3 && /could not bind|address already in use/i.test(log)) continue;
      throw new Error(`pg_ctl start failed:\n${startResult.output.trim()}\n${log}`);
    }
  } catch (error) {
    await stop();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Redis

/** Answers true once a Redis on `port` replies to AUTH + PING. */
function redisAnswers(port, password) {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let reply = '';
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write(`AUTH ${password}\r\nPING\r\n`));
    socket.on('data', (d) => {
      reply += d;
      if (reply.includes('+PONG')) done(true);
      else if (reply.startsWith('-')) done(false);
    });
  });
}

/**
 * Starts `redis-server` as a child process on a free loopback port (no persistence, a random
 * password), in a temp folder for its log.
 */
export async function startRedis() {
  if (!onPath('redis-server')) {
    throw new Error(`Redis is not installed (no redis-server on PATH): run \`${INSTALL_COMMAND}\``);
  }
  const password = randomBytes(12).toString('hex');
  for (let attempt = 1; ; attempt += 1) {
    const dir = mkdtempSync(join(tmpdir(), 'matchkit-redis-'));
    const logFile = join(dir, 'redis.log');
    const port = await freePort();
    const child = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--daemonize',
        'no',
        '--dir',
        dir,
        '--logfile',
        logFile,
        '--requirepass',
        password,
      ],
      { stdio: 'ignore', cwd: dir },
    );
    child.unref();
    let exited = false;
    child.on('exit', () => (exited = true));
    const plan = { kind: 'process', pid: child.pid, dir };
    const id = `redis:${dir}`;
    registerCleanup(id, plan);
    const watchdog = startWatchdog(plan);
    let stopped = false;
    const stop = async () => {
      if (stopped) return;
      stopped = true;
      if (!exited) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
        await gone;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
      live.delete(id);
      watchdog.dismiss();
    };

    const deadline = Date.now() + 10_000;
    while (!exited && Date.now() < deadline) {
      if (await redisAnswers(port, password)) {
        return { url: `redis://:${password}@127.0.0.1:${port}`, host: '127.0.0.1', port, password, stop };
      }
      await sleep(50);
    }
    const log = tail(logFile);
    await stop();
    if (attempt < 3 && /address already in use/i.test(log)) continue;
    throw new Error(`redis-server did not start on 127.0.0.1:${port}:\n${log}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Command line

if (process.argv[1] === thisFile) {
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'watchdog' && rest[0] !== undefined) {
    runWatchdog(rest[0]);
  } else if (command === 'ensure') {
    ensureDebianPackages(rest.length > 0 ? rest : ['postgresql', 'redis-server']);
  } else {
    console.error('usage: node scripts/services.mjs ensure [debian-package ...]');
    process.exit(2);
  }
}
