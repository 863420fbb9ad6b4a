// Real prices with three app instances on one PostgreSQL (as three processes behind one load
// balancer, each with its own database pool and PostgreSQL LISTEN/NOTIFY PubSub): the feed module's
// advisory lock elects one leader, only its provider runs, the others mirror its snapshot and
// patches; when the leader stops, another takes over with its own provider, and the third, which
// never led, ends on the new leader's prices.
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { waitFor } from '../e2e/clients';
import { createLogger } from '../logger';
import { createPostgresPubSub } from '../pubsub/index';
import { buildTestApp, MIGRATIONS, testEnv } from '../test/app';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../test/postgres';
import { createFeed } from './index';
import { footballMatch, manualProvider, type ManualProvider } from './testing';

const KICK_OFF = Date.now() + 3 * 3_600_000;

// A database of its own on the test run's PostgreSQL (test/postgres.ts): its advisory locks and
// LISTEN/NOTIFY channels are this file's alone.
let pg: TestPostgresDatabase | null = null;
beforeAll(async () => {
  pg = await createTestPostgresDatabase({ migrated: true });
}, 120_000);
afterAll(async () => {
  await pg?.drop();
}, 60_000);

describe('real prices on three app instances sharing PostgreSQL', () => {
  const apps: App[] = [];
  // The provider each instance built last (a new one each time it leads).
  const providers: ManualProvider[] = [];
  beforeAll(async () => {
    const env = {
      DATABASE_URL: pg?.url ?? '',
      FEED_SOURCE: 'odds-api',
      ODDS_API_KEY: 'test-key-0123456789',
      ODDS_API_SPORTS: 'soccer_epl',
      FEED_INTERVAL_MS: '200',
    };
    for (let i = 0; i < 3; i++) {
      const database = await openDatabase({ kind: 'postgres', url: pg?.url ?? '', poolSize: 4 });
      await database.migrate(MIGRATIONS);
      const pubSub = await createPostgresPubSub({ connectionString: pg?.url ?? '' });
      const feed = createFeed(
        loadConfig(testEnv(env)),
        { clock: Date.now, logger: createLogger('silent'), pubSub },
        { 'odds-api': () => (providers[i] = manualProvider('odds-api')) },
      );
      const app = await buildTestApp({ env, database, pubSub, feed, clock: Object.assign(() => Date.now(), { set() {}, advance() {} }) });
      apps.push(app);
      await app.start(0, '127.0.0.1');
    }
  }, 120_000);
  afterAll(async () => {
    for (const app of apps) await app.stop();
  }, 60_000);

  const feedOf = (app: App) => app.deps.feed as NonNullable<App['deps']['feed']>;
  /** The index of the one running instance whose provider runs, once exactly one does. */
  const oneLeader = (label: string, among: readonly number[]) =>
    waitFor(
      label,
      () => {
        const running = among.filter((i) => providers[i]?.running === true);
        return running.length === 1 ? running[0] : undefined;
      },
      15_000,
      20,
    );
  /** Waits until `follower` mirrors `leader`'s one event named `name`. */
  const mirrors = (follower: App, leader: App, name: string) =>
    waitFor(
      `the follower to mirror the leader's ${name}`,
      () => {
        const a = feedOf(leader).snapshot();
        const b = feedOf(follower).snapshot();
        const ids = b.market.events.map((e) => e.id);
        // Equal records (PostgreSQL's jsonb hands them over with their keys in its own order).
        return ids.length === 1 && ids[0]?.endsWith(`/${name}`) && isDeepStrictEqual(a, b) ? true : undefined;
      },
      10_000,
      20,
    );

  it('one instance runs the provider, the others mirror it; when it stops, another leads and the third follows it', async () => {
    const first = await oneLeader('one instance to lead', [0, 1, 2]);
    const leader = apps[first] as App;
    const others = [0, 1, 2].filter((i) => i !== first);
    (providers[first] as ManualProvider).send([footballMatch('a1', 'Arsenal', 'Chelsea', KICK_OFF, Date.now())]);
    (providers[first] as ManualProvider).setHealth({ state: 'live', lastBookAt: Date.now(), requests: 7 });
    for (const i of others) await mirrors(apps[i] as App, leader, 'arsenal-v-chelsea');
    expect(others.map((i) => providers[i]?.running)).toEqual([false, false]);
    // The followers report the leader's providers' health (their own providers never ran), published every 5 s.
    await waitFor(
      'the followers to report the leader’s provider live',
      () => {
        const h = others.map((i) => feedOf(apps[i] as App).health()[0]);
        return h.every((x) => x?.state === 'live' && x.requests === 7) ? true : undefined;
      },
      10_000,
      50,
    );

    await leader.stop();
    const second = await oneLeader('another instance to take over', others);
    const third = others.find((i) => i !== second) as number;
    (providers[second] as ManualProvider).send([footballMatch('b1', 'Leeds', 'Hull', KICK_OFF, Date.now())]);
    (providers[second] as ManualProvider).setHealth({ state: 'live', lastBookAt: Date.now(), requests: 1 });
    // The instance that never led follows the new leader: its own mirror is what is checked.
    await mirrors(apps[third] as App, apps[second] as App, 'leeds-v-hull');
    await waitFor(
      'the follower to report the new leader’s provider',
      () => (feedOf(apps[third] as App).health()[0]?.requests === 1 ? true : undefined),
      10_000,
      50,
    );
    apps.splice(apps.indexOf(leader), 1);
  }, 90_000);
});
