// Alerts across processes: two apps on one database (as two processes behind one load balancer),
// once sharing the in-process PubSub and once each with its own Redis connection. A member saves,
// pauses, resumes and deletes an alert through A; B's runner applies each change at once, without
// a restart, and pushes B's matches of an alert it never read at start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatedFeed, type SimulatedFeed } from '@matchkit/app-contract/feed';
import { startRedis, type RunningRedis } from '../../../../../scripts/services.mjs';
import { waitFor } from '../../e2e/clients';
import { createMemoryPubSub, createRedisPubSub, type PubSub } from '../../pubsub/index';
import { createTestApp, memberWithPlan, testClock, testDatabase, type TestApp } from '../../test/app';
import { createAlertRunner, type AlertPush, type AlertRunner } from './runner';

const SAVE = `mutation($input: OddsAlertInput!) { saveOddsAlert(input: $input) { ok alert { id } } }`;
const PAUSE = `mutation($id: ID!, $paused: Boolean!) { setOddsAlertPaused(id: $id, paused: $paused) { ok } }`;
const DELETE = `mutation($id: ID!) { deleteOddsAlert(id: $id) { ok } }`;

let redis: RunningRedis | null = null;
beforeAll(async () => {
  redis = await startRedis();
}, 60_000);
afterAll(async () => {
  await redis?.stop();
});

describe.each([
  {
    fanOut: 'the in-process PubSub',
    pubSubs: (): Promise<readonly [PubSub, PubSub]> => {
      const shared = createMemoryPubSub();
      return Promise.resolve([shared, shared] as const);
    },
  },
  {
    fanOut: 'Redis',
    pubSubs: (): Promise<readonly [PubSub, PubSub]> =>
      Promise.all([createRedisPubSub({ url: redis?.url ?? '' }), createRedisPubSub({ url: redis?.url ?? '' })]),
  },
])('alerts changed through A are applied by B at once, fan-out over $fanOut', ({ pubSubs }) => {
  let a: TestApp;
  let b: TestApp;
  let feed: SimulatedFeed;
  let runner: AlertRunner;
  let token: string;
  const pushes: AlertPush[] = [];

  beforeAll(async () => {
    const clock = testClock('2026-03-02T10:00:00Z');
    feed = createSimulatedFeed({ seed: 5, clock, eventCount: 12 });
    const database = await testDatabase();
    const [pa, pb] = await pubSubs();
    a = await createTestApp({ clock, feed, database, pubSub: pa });
    b = await createTestApp({ clock, feed, database, pubSub: pb });
    token = await memberWithPlan(a, 'u_xalerts', 'platinum');
    // B's runner reads the saved alerts (none) and listens before the member saves any.
    runner = createAlertRunner(b.app.deps, async (_userId, payload) => {
      pushes.push(payload);
    });
    await runner.start();
  }, 60_000);
  afterAll(async () => {
    await runner?.stop();
    await a?.stop();
    await b?.stop();
  });

  const tick = async () => {
    a.clock.advance(feed.intervalMs);
    feed.tick();
    await runner.idle();
  };
  const held = (n: number) => waitFor(`B to hold ${n} alerts`, () => (runner.size === n ? true : undefined), 5_000, 10);

  it('saved, paused, resumed and deleted on A: B evaluates exactly the live alerts', async () => {
    const saved = await a.gql<{ saveOddsAlert: { ok: boolean; alert: { id: string } } }>(
      SAVE,
      { input: { tool: 'oddsmatcher', name: 'Anything', minRating: 0 } },
      { token },
    );
    const id = saved.data?.saveOddsAlert.alert.id as string;
    await held(1);
    await tick();
    expect(pushes.map((p) => p.tag)).toEqual([`odds-alert-${id}`]);

    await a.gql(PAUSE, { id, paused: true }, { token });
    await held(0);
    await a.gql(PAUSE, { id, paused: false }, { token });
    await held(1);
    await a.gql(DELETE, { id }, { token });
    await held(0);
  });
});
