// Running servers for the end-to-end tests, listening on loopback: the app in this process (on a
// cloned in-memory PGlite, with the test clock) or the real server as a child process (main.ts,
// embedded PGlite in a DATA_DIR or PostgreSQL by DATABASE_URL). Each answers at `origin`, which is
// also its PUBLIC_ORIGIN (so the payment page links and token issuer are the ones a member sees).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { freePort } from '../../../../scripts/services.mjs';
import type { FeedSource } from '@matchkit/app-contract/feed';
import { createTestApp, type TestApp, type TestClock } from '../test/app';
import { startServerProcess, withMigratedDatabase, type ServerProcess } from '../test/process';

/** A server the tests reach over loopback. */
export interface RunningServer {
  readonly origin: string;
  stop(): Promise<void>;
}

/** The app in this process, listening on a free loopback port. */
export interface InProcessServer extends RunningServer {
  readonly t: TestApp;
}

/**
 * Starts the app in this process on a cloned in-memory database, listening on 127.0.0.1; with
 * `webRoot` (example-app/dist/web), serving the built web app too (a browser test whose server
 * needs a feed of its own).
 */
export async function startInProcess(
  options: { brand?: 'primary' | 'secondary'; clock?: TestClock; feed?: FeedSource; webRoot?: string } = {},
): Promise<InProcessServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const t = await createTestApp({
    env: { BRAND: options.brand ?? 'primary', PUBLIC_ORIGIN: origin },
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    ...(options.feed === undefined ? {} : { feed: options.feed }),
    ...(options.webRoot === undefined ? {} : { webRoot: options.webRoot }),
  });
  try {
    await t.app.start(port, '127.0.0.1');
  } catch (error) {
    await t.stop();
    throw error;
  }
  return { origin, t, stop: () => t.stop() };
}

/** Secrets shared by processes that must accept each other's tokens (as processes behind one load balancer do). */
export const SHARED_SECRETS: Readonly<Record<string, string>> = {
  JWT_SECRET: 'e2e-jwt-secret-0123456789abcdefghijklmnopqrstuvwxyz',
  PAYMENT_WEBHOOK_SECRET: 'e2e-webhook-secret-0123456789abcdefghijklmnopqrstuv',
  AUTH_SERVICE_API_KEY: 'e2e-auth-service-key-0123456789abcdefghijklmnopqrst',
  TWO_FACTOR_KEY: 'e2e-two-factor-key-0123456789abcdefghijklmnopqrstuvwx',
  ANALYTICS_KEY: 'e2e-analytics-key-0123456789abcdefghijklmnopqrstuvwxy',
};

/** A server process, restartable on the same port and DATA_DIR. */
export interface ProcessServer extends RunningServer {
  readonly port: number;
  readonly env: Readonly<Record<string, string>>;
  readonly process: ServerProcess;
  /** Sends `signal` and waits for the exit (SIGKILL after 15 s when SIGTERM is not enough). */
  kill(signal?: NodeJS.Signals): Promise<number | string>;
}

const DATA_DIR_PREFIX = 'matchkit-e2e-';

/** A fresh DATA_DIR; on embedded PGlite (no DATABASE_URL), holding a migrated database. */
async function newDataDir(env: Record<string, string>): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), DATA_DIR_PREFIX));
  return env['DATABASE_URL'] === undefined ? withMigratedDatabase(dataDir) : dataDir;
}

/**
 * Starts the real server (test bundle of main.ts) on `port` (a free one by default) with a fresh
 * DATA_DIR unless `env` names one (on embedded PGlite, its database a copy of a migrated one:
 * test/process.ts withMigratedDatabase); NODE_ENV=test (fast password hashing), PUBLIC_ORIGIN is its own
 * origin unless `env` says otherwise. `stop()` ends it and deletes a DATA_DIR this module made
 * (a restart passes the same env: stopping the last process on a folder deletes it).
 */
export async function startProcess(env: Record<string, string> = {}, port?: number): Promise<ProcessServer> {
  const p = port ?? (await freePort());
  const full: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    PORT: String(p),
    PUBLIC_ORIGIN: `http://127.0.0.1:${p}`,
    ...env,
    DATA_DIR: env['DATA_DIR'] ?? (await newDataDir(env)),
  };
  const proc = await startServerProcess(full, 120_000);
  const kill = async (signal: NodeJS.Signals = 'SIGTERM') => {
    const timer = signal === 'SIGKILL' ? undefined : setTimeout(() => proc.child.kill('SIGKILL'), 15_000);
    try {
      return await proc.kill(signal);
    } finally {
      clearTimeout(timer);
    }
  };
  const dataDir = full['DATA_DIR'] ?? '';
  const stop = async () => {
    await kill('SIGTERM');
    if (dirname(dataDir) === tmpdir() && basename(dataDir).startsWith(DATA_DIR_PREFIX)) rmSync(dataDir, { recursive: true, force: true });
  };
  return { origin: `http://127.0.0.1:${p}`, port: p, env: full, process: proc, kill, stop };
}

/** Stops everything in `list` (latest first), each even when another fails; rethrows the first failure. */
export async function stopAll(list: { stop(): Promise<void> }[]): Promise<void> {
  let first: unknown = null;
  for (const item of list.splice(0).reverse()) {
    try {
      await item.stop();
    } catch (error) {
      first ??= error;
    }
  }
  if (first !== null) throw first;
}
