// Test support: the real server as a child process (for restarts, kill -9 and several processes),
// and its maintenance commands (cliBundle). Each bundle is built once per test run with esbuild, the
// sdk taken from its sources (so the tests need no prior `npm run build`), into server/dist-test/
// (beside dist/, so the migrations and web paths resolve as in production). A process on embedded
// PGlite can start on a copy of a migrated database (withMigratedDatabase) instead of making one.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { PGlite } from '@electric-sql/pglite';
import { securePrivateFolder } from '../db/file-modes';
import { migratedTemplate } from './app';
import { appContractFromSource } from '../../../../scripts/app-contract-from-source.mjs';
import { graphqlText } from '../../../../scripts/graphql-text.mjs';
import { sdkFromSource } from '../../../../scripts/sdk-from-source.mjs';

const SERVER = fileURLToPath(new URL('../..', import.meta.url));
const bundles = new Map<string, Promise<string>>();

/** Builds server/dist-test/main.js once per process; resolves with its path. */
export function serverBundle(): Promise<string> {
  return bundleEntry('src/main.ts', 'main');
}

/** Builds server/dist-test/cli.js (the maintenance commands: migrate, backup, restore...) once per process. */
export function cliBundle(): Promise<string> {
  return bundleEntry('src/cli/main.ts', 'cli');
}

/**
 * Runs the bundled maintenance command (cliBundle) with `args` and only `env` (and PATH), as an
 * operator would; resolves with its exit code and everything it printed.
 */
export async function runCli(args: readonly string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const cli = await cliBundle();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], {
      env: { PATH: process.env['PATH'] ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (d: Buffer) => (output += d.toString('utf8')));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

function bundleEntry(entry: string, name: string): Promise<string> {
  let bundle = bundles.get(name);
  if (bundle === undefined) {
    bundle = (async () => {
      const outfile = `${SERVER}/dist-test/${name}.js`;
      // Several test files (workers) build at once: each writes its own file and renames it over
      // the bundle, so a process another worker is starting never reads a half-written bundle.
      const own = `${SERVER}/dist-test/${name}.${process.pid}-${Math.random().toString(36).slice(2)}.js`;
      await build({
        entryPoints: [`${SERVER}/${entry}`],
        outfile: own,
        bundle: true,
        platform: 'node',
        target: 'node20',
        format: 'esm',
        packages: 'external',
        logLevel: 'error',
        plugins: [sdkFromSource(), appContractFromSource(), graphqlText()],
      });
      renameSync(own, outfile);
      return outfile;
    })();
    bundles.set(name, bundle);
  }
  return bundle;
}

let migratedDb: Promise<string> | null = null;

/**
 * Gives the DATA_DIR `dataDir` (made if missing) an embedded database: a copy of one written out
 * once per test worker from the worker's migrated template (test/app.ts), with the modes a server
 * leaves on it (db/file-modes.ts). A process on it finds its database migrated and starts without
 * PGlite's initdb and the migrations (PGlite's initdb alone took 6 to 9 s on this busy machine; the
 * copy, tens of milliseconds). A test of the first start itself (main.test.ts) gives an empty
 * DATA_DIR instead. Resolves with `dataDir`.
 */
export async function withMigratedDatabase(dataDir: string): Promise<string> {
  migratedDb ??= (async () => {
    const home = mkdtempSync(join(tmpdir(), 'matchkit-migrated-'));
    process.once('exit', () => rmSync(home, { recursive: true, force: true }));
    const folder = join(home, 'db');
    const written = await PGlite.create({ dataDir: folder, loadDataDir: await migratedTemplate() });
    await written.close();
    securePrivateFolder(folder);
    return folder;
  })();
  const source = await migratedDb;
  mkdirSync(dataDir, { recursive: true });
  cpSync(source, join(dataDir, 'db'), { recursive: true });
  return dataDir;
}

/** A running server process. */
export interface ServerProcess {
  readonly origin: string;
  readonly child: ChildProcess;
  /** Everything it wrote (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or signal) when it ends. */
  readonly exited: Promise<number | string>;
  /** Sends a signal; resolves when it has exited. */
  kill(signal?: NodeJS.Signals): Promise<number | string>;
}

/** Starts the server with `env` on a free port (PORT=0 unless given) and waits until it listens. */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const main = await serverBundle();
  const child = spawn(process.execPath, [main], {
    env: { PATH: process.env['PATH'] ?? '', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start in ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const m = /"msg":"listening"/.test(out) ? /"origin":"(http:\/\/[^"]+)"/.exec(out) : null;
      if (m?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before listening:\n${out}`));
    });
  });
  // Keep collecting output after start.
  return {
    origin,
    child,
    output: () => out,
    exited,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
