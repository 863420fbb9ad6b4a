// Test support (not a test file): a PostgreSQL database of its own for a test file, on the test
// run's one cluster (postgres-cluster.ts, the server project's globalSetup). Each is a fresh
// database: a copy of the migrated template, or empty; dropped (its connections ended) when the
// file is done. Advisory locks, LISTEN/NOTIFY channels and rows are per database, so no file sees
// another's; all files share the cluster's one role (no test creates roles).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client';

/** A database of its own on the shared cluster, and how to reach it. */
export interface TestPostgresDatabase {
  /** `postgres://<user>:<password>@127.0.0.1:<port>/<database>` */
  readonly url: string;
  readonly database: string;
  readonly user: string;
  readonly password: string;
  /** Drops the database, ending any connection still on it. Safe to call twice. */
  drop(): Promise<void>;
}

/** Runs one statement on the cluster's admin database, on a connection of its own. */
async function onAdmin(adminUrl: string, statement: (client: pg.Client) => string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query(statement(client));
  } finally {
    await client.end();
  }
}

function sharedCluster(): { adminUrl: string; template: string } {
  const shared = inject('sharedPostgres');
  if (shared === undefined) {
    throw new Error('no shared PostgreSQL: run this file in the server project (vitest.config.ts starts the cluster in its globalSetup)');
  }
  if ('error' in shared) throw new Error(shared.error);
  return shared;
}

/**
 * A fresh database on the run's cluster: `migrated` a copy of the migrated template, else empty
 * (template0). Call drop() when the file is done (the cluster's teardown drops what is left).
 */
export async function createTestPostgresDatabase(options: { migrated: boolean }): Promise<TestPostgresDatabase> {
  const { adminUrl, template } = sharedCluster();
  const name = `mk_${randomBytes(6).toString('hex')}`;
  await onAdmin(
    adminUrl,
    (c) => `create database ${c.escapeIdentifier(name)} template ${c.escapeIdentifier(options.migrated ? template : 'template0')}`,
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped: Promise<void> | null = null;
  return {
    url: url.href,
    database: name,
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    drop() {
      dropped ??= onAdmin(adminUrl, (c) => `drop database if exists ${c.escapeIdentifier(name)} with (force)`);
      return dropped;
    },
  };
}

/** Fresh migrated databases on the run's cluster (see testPostgresDatabases). */
export interface TestPostgresDatabases {
  /** A migrated database of its own, opened with a pool of 4. */
  open(): Promise<Database>;
  /** Closes what open() opened and drops its databases. */
  stop(): Promise<void>;
}

/**
 * Migrated databases for a test file, each open() a new one (as each PGlite test app gets a fresh
 * clone): `const databases = testPostgresDatabases(); afterAll(() => databases.stop());`.
 */
export function testPostgresDatabases(): TestPostgresDatabases {
  const made: { database: TestPostgresDatabase; opened: Database }[] = [];
  return {
    async open() {
      const database = await createTestPostgresDatabase({ migrated: true });
      try {
        const opened = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 4 });
        made.push({ database, opened });
        return opened;
      } catch (error) {
        await database.drop();
        throw error;
      }
    },
    async stop() {
      const all = made.splice(0);
      await Promise.allSettled(all.map(({ opened }) => opened.close()));
      const drops = await Promise.allSettled(all.map(({ database }) => database.drop()));
      const failed = drops.find((d): d is PromiseRejectedResult => d.status === 'rejected');
      if (failed !== undefined) throw failed.reason;
    },
  };
}
