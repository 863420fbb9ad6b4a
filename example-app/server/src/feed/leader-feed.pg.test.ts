// Real prices with two app instances on one PostgreSQL (as two processes behind one load balancer,
// each with its own database pool and PostgreSQL LISTEN/NOTIFY PubSub): the feed module's advisory
// lock elects one leader, only its provider runs, the other instance mirrors its snapshot and
// patches; when the leader stops, the other takes over and starts its own provider.
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type RunningPostgres } from '../../../../scripts/services.mjs';
import type { App } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { waitFor } from '../e2e/clients';
import { createLogger } from '../logger';
import { createPostgresPubSub } from '../pubsub/index';
import { buildTestApp, MIGRATIONS, testEnv } from '../test/app';
import { createFeed } from './index';
import { footballMatch, manualProvider, type ManualProvider } from './testing';

const KICK_OFF = Date.now() + 3 * 3_600_000;

let pg: RunningPostgres | null = null;
beforeAll(async () => {
  pg = await startPostgres();
}, 120_000);
afterAll(async () => {
  await pg?.stop();
}, 60_000);

describe('real prices on two app instances sharing PostgreSQL', () => {
  const apps: App[] = [];
  const providers: ManualProvider[] = [];
  beforeAll(async () => {
    const env = {
      DATABASE_URL: pg?.url ?? '',
      FEED_SOURCE: 'odds-api',
      ODDS_API_KEY: 'test-key-0123456789',
      ODDS_API_SPORTS: 'soccer_epl',
      FEED_INTERVAL_MS: '200',
    };
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ kind: 'postgres', url: pg?.url ?? '', poolSize: 4 });
      await database.migrate(MIGRATIONS);
      const pubSub = await createPostgresPubSub({ connectionString: pg?.url ?? '' });
      const provider = manualProvider('odds-api');
      providers.push(provider);
      const feed = createFeed(
        loadConfig(testEnv(env)),
        { clock: Date.now, logger: createLogger('silent'), pubSub },
        { 'odds-api': () => provider },
      );
      const app = await buildTestApp({ env, database, pubSub, feed, clock: Object.assign(() => Date.now(), { set() {}, advance() {} }) });
      apps.push(app);
      await app.start(0, '127.0.0.1');
    }
  }, 120_000);
  afterAll(async () => {
    for (const app of apps) await app.stop();
  }, 60_000);

  it('one instance runs the provider, the other mirrors its feed; the other takes over when it stops', async () => {
    const leaderAt = await waitFor(
      'one instance to lead',
      () => {
        const running = providers.map((p) => p.running);
        return running.filter(Boolean).length === 1 ? running.indexOf(true) : undefined;
      },
      10_000,
      20,
    );
    const [leader, follower] = leaderAt === 0 ? [apps[0] as App, apps[1] as App] : [apps[1] as App, apps[0] as App];
    const leaderProvider = providers[leaderAt] as ManualProvider;
    const followerProvider = providers[1 - leaderAt] as ManualProvider;
    leaderProvider.send([footballMatch('a1', 'Arsenal', 'Chelsea', KICK_OFF, Date.now())]);
    leaderProvider.setHealth({ state: 'live', lastBookAt: Date.now(), requests: 7 });
    const feedOf = (app: App) => app.deps.feed as NonNullable<App['deps']['feed']>;
    await waitFor(
      'the follower to mirror the leader',
      () => {
        const a = feedOf(leader).snapshot();
        const b = feedOf(follower).snapshot();
        // Equal records (PostgreSQL's jsonb hands them over with their keys in its own order).
        return a.market.events.length === 1 && isDeepStrictEqual(a, b) ? true : undefined;
      },
      10_000,
      20,
    );
    expect(
      feedOf(follower)
        .snapshot()
        .market.events.map((e) => e.id)[0],
    ).toMatch(/^football\/\d{4}-\d{2}-\d{2}\/arsenal-v-chelsea$/);
    expect(followerProvider.running).toBe(false);
    // The follower reports the leader's providers' health (its own provider never ran), published every 5 s.
    await waitFor(
      'the follower to report the leader’s provider live',
      () => {
        const h = feedOf(follower).health()[0];
        return h?.state === 'live' && h.requests === 7 ? true : undefined;
      },
      10_000,
      50,
    );

    await leader.stop();
    apps.splice(apps.indexOf(leader), 1);
    await waitFor('the follower to take over', () => (followerProvider.running ? true : undefined), 15_000, 50);
    followerProvider.send([footballMatch('b1', 'Leeds', 'Hull', KICK_OFF, Date.now())]);
    await waitFor(
      'the new leader to publish its own book',
      () => {
        const ids = feedOf(follower)
          .snapshot()
          .market.events.map((e) => e.id);
        return ids.length === 1 && ids[0]?.endsWith('/leeds-v-hull') ? true : undefined;
      },
      10_000,
      20,
    );
  }, 60_000);
});
