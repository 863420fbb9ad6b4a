// The server project's vitest globalSetup (vitest.config.ts): ONE throwaway PostgreSQL cluster for
// the whole test run, started by scripts/services.mjs (its watchdog removes the cluster even when
// this process is killed), with a migrated template database. Test files take databases of their
// own on it through postgres.ts; a file that needs a cluster of its own says why where it starts one.
// When PostgreSQL cannot start (not installed), the reason, naming the install command, is handed
// to the workers instead: every file that asks for a database fails with it, none is skipped.
import { availableParallelism } from 'node:os';
import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { startPostgres } from '../../../../scripts/services.mjs';
import { openDatabase } from '../db/client';
import { MIGRATIONS } from './migrations';

/** What the workers are given: the cluster's admin URL and template, or why there is none. */
export type SharedPostgres = { readonly adminUrl: string; readonly template: string } | { readonly error: string };

declare module 'vitest' {
  export interface ProvidedContext {
    sharedPostgres: SharedPostgres;
  }
}

/** The migrated template each `migrated` database is a copy of (nobody connects to it after setup). */
const TEMPLATE = 'mk_template';

/** How long the cluster may take to start and migrate before the run goes on without it. */
const SETUP_TIMEOUT_MS = 180_000;

/**
 * Connections: each worker's files at once hold several pools and listeners (up to about 45 for
 * the heaviest, which start three server processes), so the limit grows with the workers.
 */
const MAX_CONNECTIONS = Math.min(1000, Math.max(200, 40 + 60 * availableParallelism()));

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // In an object: set inside start(), read after it (a plain `let` would be narrowed to null here).
  const held: { cluster: Awaited<ReturnType<typeof startPostgres>> | null } = { cluster: null };
  let timedOut = false;
  const start = async (): Promise<SharedPostgres> => {
    // Not durable: nothing here needs to survive a crash, and no test crashes this cluster.
    const started = await startPostgres({ createdb: true, maxConnections: MAX_CONNECTIONS, durable: false });
    held.cluster = started;
    // Given up on meanwhile: stopped here, as the run went on without it.
    if (timedOut) throw new Error('gave up waiting');
    const admin = await openDatabase({ kind: 'postgres', url: started.url, poolSize: 1 });
    try {
      await admin.db.execute(sql.raw(`create database ${TEMPLATE}`));
    } finally {
      await admin.close();
    }
    const templateUrl = new URL(started.url);
    templateUrl.pathname = `/${TEMPLATE}`;
    // Two connections: migrate() holds one for its advisory lock while the migrator uses another.
    const template = await openDatabase({ kind: 'postgres', url: templateUrl.href, poolSize: 2 });
    try {
      await template.migrate(MIGRATIONS);
    } finally {
      await template.close();
    }
    return { adminUrl: started.url, template: TEMPLATE };
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A hung initdb, psql or migration must not hang the whole run (vitest gives a global setup no
  // timeout of its own): past the limit, the PostgreSQL files fail with the reason and the rest run.
  const giveUp = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      reject(new Error(`not ready within ${SETUP_TIMEOUT_MS / 1000} s`));
    }, SETUP_TIMEOUT_MS);
  });
  const starting = start();
  try {
    project.provide('sharedPostgres', await Promise.race([starting, giveUp]));
  } catch (error) {
    // Whatever started is stopped, now or once the start that was given up on ends.
    void starting.catch(() => undefined).finally(() => held.cluster?.stop());
    await held.cluster?.stop();
    project.provide('sharedPostgres', { error: `the test run's PostgreSQL did not start: ${(error as Error).message}` });
  } finally {
    clearTimeout(timer);
  }
  return async () => {
    await held.cluster?.stop();
  };
}
