// FEED_SOURCE=odds-api with two real server processes (main.ts as child processes) on one
// PostgreSQL with its LISTEN/NOTIFY PubSub, each pointed at its own local fake of The Odds API:
// only the elected leader polls (its fake alone is asked for odds, so the quota is spent once), the
// other reports the leader's provider live in /readyz, and when the leader stops the other takes
// over and polls its own (test/feed-processes.ts).
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startPostgres, type RunningPostgres } from '../../../../scripts/services.mjs';
import { openDatabase } from '../db/client';
import { MIGRATIONS } from '../test/app';
import { leaderAloneQueriesTheProvider } from '../test/feed-processes';
import { serverBundle } from '../test/process';

let pg: RunningPostgres | null = null;
const cleanups: (() => Promise<unknown>)[] = [];
beforeAll(async () => {
  const [running] = await Promise.all([startPostgres(), serverBundle()]);
  pg = running;
  const database = await openDatabase({ kind: 'postgres', url: running.url, poolSize: 2 });
  await database.migrate(MIGRATIONS);
  await database.close();
}, 180_000);
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  await pg?.stop();
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
