// The server project's vitest globalSetup (vitest.config.ts): ONE throwaway PostgreSQL cluster for
// the whole test run, started by scripts/services.mjs (its watchdog removes the cluster even when
// this process is killed), with a migrated template database. Test files take databases of their
// own on it through postgres.ts; a file that needs a cluster of its own says why where it starts one.
// When PostgreSQL cannot start (not installed), the reason, naming the install command, is handed
// to the workers instead: every file that asks for a database fails with it, none is skipped.
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

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let cluster: Awaited<ReturnType<typeof startPostgres>> | null = null;
  try {
    // Not durable: nothing here needs to survive a crash, and no test crashes this cluster.
    // 200 connections: two workers' files at once, each with several pools and listeners.
    cluster = await startPostgres({ createdb: true, maxConnections: 200, durable: false });
    const admin = await openDatabase({ kind: 'postgres', url: cluster.url, poolSize: 1 });
    try {
      await admin.db.execute(sql.raw(`create database ${TEMPLATE}`));
    } finally {
      await admin.close();
    }
    const templateUrl = new URL(cluster.url);
    templateUrl.pathname = `/${TEMPLATE}`;
    // Two connections: migrate() holds one for its advisory lock while the migrator uses another.
    const template = await openDatabase({ kind: 'postgres', url: templateUrl.href, poolSize: 2 });
    try {
      await template.migrate(MIGRATIONS);
    } finally {
      await template.close();
    }
    project.provide('sharedPostgres', { adminUrl: cluster.url, template: TEMPLATE });
  } catch (error) {
    await cluster?.stop();
    cluster = null;
    project.provide('sharedPostgres', { error: `the test run's PostgreSQL did not start: ${(error as Error).message}` });
  }
  return async () => {
    await cluster?.stop();
  };
}
