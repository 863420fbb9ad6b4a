// Test support: FEED_SOURCE=odds-api on two real server processes (main.ts as child processes)
// that share a PubSub across processes, each pointed at its own local fake of The Odds API. Only
// the elected leader polls (its fake alone is asked for odds, so the quota is spent once), the
// other reports the leader's provider live in /readyz, and when the leader is stopped (`signal`)
// the other takes over and polls its own. The caller gives what the processes share (`env`).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { waitFor } from '../e2e/clients';
import { startOddsApiFake, type OddsApiFake } from '../feed/odds-api/fake';
import { withMigratedDatabase, startServerProcess, type ServerProcess } from './process';

const KEY = 'process-test-key-0123456789';

const oddsAsked = (fake: OddsApiFake) => fake.requests.filter((r) => r.path.endsWith('/odds')).length;

type Readiness = { ok: boolean; feed?: { state: string; providers: { provider: string; state: string }[] } };
const readiness = async (origin: string) => (await (await fetch(`${origin}/readyz`)).json()) as Readiness;

/** Runs the scenario of the file's header; `cleanups` gets what the caller's afterAll must undo. */
export async function leaderAloneQueriesTheProvider(options: {
  readonly env: Readonly<Record<string, string>>;
  /** How the leader is stopped: SIGTERM (it lets go) or SIGKILL (it dies holding the lead). */
  readonly signal: NodeJS.Signals;
  /** How long the other may take to poll once the leader is stopped, ms. */
  readonly takeOverMs: number;
  readonly cleanups: (() => Promise<unknown>)[];
}): Promise<void> {
  const { env, cleanups } = options;
  const serverOn = async (fake: OddsApiFake): Promise<ServerProcess> => {
    const dataDir = mkdtempSync(join(tmpdir(), 'matchkit-feed-'));
    // On embedded PGlite, a migrated database to start on (test/process.ts).
    if (env['DATABASE_URL'] === undefined) await withMigratedDatabase(dataDir);
    const child = await startServerProcess({
      DATA_DIR: dataDir,
      JWT_SECRET: 'feed-processes-jwt-secret-0123456789abcdefghijklmn',
      FEED_SOURCE: 'odds-api',
      ODDS_API_KEY: KEY,
      ODDS_API_SPORTS: 'soccer_epl',
      ODDS_API_BASE_URL: fake.url,
      // With a shared database the pace is kept for every process: a new leader polls a sport only
      // once the pace since the old leader's poll has passed (docs/feed.md), 5 s here.
      ODDS_API_INTERVAL_MS: '5000',
      ...env,
    });
    cleanups.push(async () => {
      await child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    });
    return child;
  };
  const fakes = [
    await startOddsApiFake({ apiKey: KEY, at: Date.now(), credits: 10_000_000 }),
    await startOddsApiFake({ apiKey: KEY, at: Date.now(), credits: 10_000_000 }),
  ] as const;
  for (const f of fakes) cleanups.push(() => f.close());
  const processes = [await serverOn(fakes[0]), await serverOn(fakes[1])] as const;
  const leaderAt = await waitFor(
    'one process to poll',
    () => (oddsAsked(fakes[0]) > 0 ? 0 : oddsAsked(fakes[1]) > 0 ? 1 : undefined),
    20_000,
    50,
  );
  const followerAt = 1 - leaderAt;
  const follower = processes[followerAt] as ServerProcess;
  const followerFake = fakes[followerAt] as OddsApiFake;
  // The follower reports the leader's provider (mirrored), without asking its own fake for odds.
  await waitFor(
    'the follower to report the provider live',
    async () => ((await readiness(follower.origin)).feed?.providers[0]?.state === 'live' ? true : undefined),
    20_000,
    100,
  );
  expect(await readiness(follower.origin)).toEqual({
    ok: true,
    feed: { state: 'live', simulated: false, providers: [{ provider: 'odds-api', state: 'live', reason: null, detail: null }] },
  });
  expect(oddsAsked(followerFake)).toBe(0);

  await (processes[leaderAt] as ServerProcess).kill(options.signal);
  await waitFor('the other process to take over and poll', () => (oddsAsked(followerFake) > 0 ? true : undefined), options.takeOverMs, 50);
  await waitFor(
    'the new leader to report its provider live',
    async () => ((await readiness(follower.origin)).feed?.state === 'live' ? true : undefined),
    20_000,
    100,
  );
}
