// FEED_SOURCE=odds-api with two real server processes (main.ts as child processes) sharing a Redis
// (REDIS_URL, its PubSub) but no PostgreSQL: each on its own embedded database, as a deployment
// that sets REDIS_URL without DATABASE_URL. Each is pointed at its own local fake of The Odds API:
// only the process holding the lease in Redis polls (the quota is spent once), the other reports
// the leader's provider live in /readyz, and when the leader dies (SIGKILL: its lease is never
// released) the other takes over once the lease ends, and polls its own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type RunningRedis } from '../../../../scripts/services.mjs';
import { waitFor } from '../e2e/clients';
import { serverBundle, startServerProcess, type ServerProcess } from '../test/process';
import { startOddsApiFake, type OddsApiFake } from './odds-api/fake';

const KEY = 'process-test-key-0123456789';

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

async function serverOn(fake: OddsApiFake): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'matchkit-feed-'));
  const child = await startServerProcess({
    DATA_DIR: dataDir,
    REDIS_URL: redis?.url ?? '',
    PUBSUB: 'redis',
    JWT_SECRET: 'feed-processes-jwt-secret-0123456789abcdefghijklmn',
    FEED_SOURCE: 'odds-api',
    ODDS_API_KEY: KEY,
    ODDS_API_SPORTS: 'soccer_epl',
    ODDS_API_BASE_URL: fake.url,
    ODDS_API_INTERVAL_MS: '5000',
  });
  cleanups.push(async () => {
    await child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });
  return child;
}

const oddsAsked = (fake: OddsApiFake) => fake.requests.filter((r) => r.path.endsWith('/odds')).length;

type Readiness = { ok: boolean; feed?: { state: string; providers: { provider: string; state: string }[] } };
const readiness = async (origin: string) => (await (await fetch(`${origin}/readyz`)).json()) as Readiness;

describe('FEED_SOURCE odds-api on two server processes sharing Redis, each on its embedded database', () => {
  it('only the lease holder polls; the other reports its provider and takes over when it dies', async () => {
    const fakes = [
      await startOddsApiFake({ apiKey: KEY, at: Date.now(), credits: 10_000_000 }),
      await startOddsApiFake({ apiKey: KEY, at: Date.now(), credits: 10_000_000 }),
    ] as const;
    for (const f of fakes) cleanups.push(() => f.close());
    const first = await serverOn(fakes[0]);
    const second = await serverOn(fakes[1]);
    const processes = [first, second] as const;
    const leaderAt = await waitFor(
      'one process to poll',
      () => (oddsAsked(fakes[0]) > 0 ? 0 : oddsAsked(fakes[1]) > 0 ? 1 : undefined),
      20_000,
      50,
    );
    const followerAt = 1 - leaderAt;
    const follower = processes[followerAt] as ServerProcess;
    const leader = processes[leaderAt] as ServerProcess;
    // The follower reports the leader's provider (mirrored), without asking its own fake for odds.
    await waitFor(
      'the follower to report the provider live',
      async () => ((await readiness(follower.origin)).feed?.providers[0]?.state === 'live' ? true : undefined),
      20_000,
      100,
    );
    expect(await readiness(follower.origin)).toEqual({
      ok: true,
      feed: { state: 'live', simulated: false, providers: [{ provider: 'odds-api', state: 'live', detail: null }] },
    });
    expect(oddsAsked(fakes[followerAt] as OddsApiFake)).toBe(0);

    await leader.kill('SIGKILL');
    await waitFor(
      'the other process to take over and poll',
      () => (oddsAsked(fakes[followerAt] as OddsApiFake) > 0 ? true : undefined),
      30_000,
      50,
    );
    await waitFor(
      'the new leader to report its provider live',
      async () => ((await readiness(follower.origin)).feed?.state === 'live' ? true : undefined),
      20_000,
      100,
    );
  }, 120_000);
});
