// FEED_SOURCE=odds-api with two real server processes (main.ts as child processes) sharing a Redis
// (REDIS_URL, its PubSub) but no PostgreSQL: each on its own embedded database, as a deployment
// that sets REDIS_URL without DATABASE_URL. Only the process holding the lease in Redis polls (the
// quota is spent once), the other reports the leader's provider live in /readyz, and when the
// leader dies (SIGKILL: its lease is never released) the other takes over once the lease ends, and
// polls its own (test/feed-processes.ts).
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startRedis, type RunningRedis } from '../../../../scripts/services.mjs';
import { leaderAloneQueriesTheProvider } from '../test/feed-processes';
import { serverBundle } from '../test/process';

let redis: RunningRedis | null = null;
const cleanups: (() => Promise<unknown>)[] = [];
beforeAll(async () => {
  const [running] = await Promise.all([startRedis(), serverBundle()]);
  redis = running;
}, 180_000);
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  await redis?.stop();
}, 60_000);

describe('FEED_SOURCE odds-api on two server processes sharing Redis, each on its embedded database', () => {
  it('only the lease holder polls; the other reports its provider and takes over when it dies', async () => {
    // The lease lasts 10 s unrenewed, and the other tries every 2 s.
    await leaderAloneQueriesTheProvider({
      env: { REDIS_URL: redis?.url ?? '', PUBSUB: 'redis' },
      signal: 'SIGKILL',
      takeOverMs: 30_000,
      cleanups,
    });
  }, 180_000);
});
