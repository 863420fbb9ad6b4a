// FEED_SOURCE=odds-api with two real server processes (main.ts as child processes) on one
// PostgreSQL with its LISTEN/NOTIFY PubSub, each pointed at its own local fake of The Odds API:
// only the elected leader polls (its fake alone is asked for odds, so the quota is spent once), the
// other reports the leader's provider live in /readyz, and when the leader stops the other takes
// over and polls its own (test/feed-processes.ts).
import { afterAll, beforeAll, describe, it } from 'vitest';
import { leaderAloneQueriesTheProvider } from '../test/feed-processes';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../test/postgres';
import { serverBundle } from '../test/process';

// A migrated database of its own on the test run's PostgreSQL (test/postgres.ts).
let pg: TestPostgresDatabase | null = null;
const cleanups: (() => Promise<unknown>)[] = [];
beforeAll(async () => {
  [pg] = await Promise.all([createTestPostgresDatabase({ migrated: true }), serverBundle()]);
}, 180_000);
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  await pg?.drop();
}, 60_000);

describe('FEED_SOURCE odds-api on two server processes', () => {
  it('only the leader polls; the other reports its provider and takes over when it stops', async () => {
    await leaderAloneQueriesTheProvider({
      env: { DATABASE_URL: pg?.url ?? '', PUBSUB: 'postgres' },
      signal: 'SIGTERM',
      takeOverMs: 20_000,
      cleanups,
    });
  }, 120_000);
});
