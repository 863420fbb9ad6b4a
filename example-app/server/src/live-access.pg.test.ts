// Revocation across processes: two app instances on one PostgreSQL (as two processes behind one
// load balancer: one JWT secret, each with its own PubSub connection), once with Redis fan-out and
// once with PostgreSQL LISTEN/NOTIFY. The member's socket and event stream are on B; the sign-out
// or the refund happens on A; B's streams end within a second.
import { TrackedBetChangedSubscription, type SubscriptionClient } from '@matchkit/sdk/transport';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type RunningRedis } from '../../../scripts/services.mjs';
import type { App } from './app';
import { revokeLiveAccess } from './auth/revocation';
import { openDatabase } from './db/client';
import { users } from './db/schema';
import { collect, registerMember, subscriptionClient, waitFor, type Member } from './e2e/clients';
import { createPostgresPubSub, createRedisPubSub, type PubSub } from './pubsub/index';
import { buildTestApp, MIGRATIONS } from './test/app';
import { createTestPostgresDatabase, type TestPostgresDatabase } from './test/postgres';
import { eventStream, post } from './test/live-streams';

const TRACKER = 'subscription { trackedBetChanged { id } }';

// A database of its own on the test run's PostgreSQL (test/postgres.ts); a Redis of its own.
let pg: TestPostgresDatabase | null = null;
let redis: RunningRedis | null = null;
beforeAll(async () => {
  [pg, redis] = await Promise.all([createTestPostgresDatabase({ migrated: true }), startRedis()]);
}, 120_000);
afterAll(async () => {
  await Promise.allSettled([pg?.drop(), redis?.stop()]);
}, 60_000);

describe.each([
  { fanOut: 'Redis', pubSub: (): Promise<PubSub> => Promise.resolve(createRedisPubSub({ url: redis?.url ?? '' })) },
  {
    fanOut: 'PostgreSQL LISTEN/NOTIFY',
    pubSub: (): Promise<PubSub> => Promise.resolve(createPostgresPubSub({ connectionString: pg?.url ?? '' })),
  },
])('two app instances on one PostgreSQL, fan-out over $fanOut', ({ pubSub }) => {
  const apps: App[] = [];
  const origins: string[] = [];
  const clients: SubscriptionClient[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ kind: 'postgres', url: pg?.url ?? '', poolSize: 4 });
      await database.migrate(MIGRATIONS);
      const app = await buildTestApp({ database, pubSub: await pubSub() });
      apps.push(app);
      origins.push((await app.start(0, '127.0.0.1')).origin);
    }
  }, 120_000);
  afterAll(async () => {
    await Promise.allSettled(clients.map((c) => c.dispose()));
    for (const app of apps) await app.stop();
  }, 60_000);

  /** A member registered through A, holding the profit tracker, with a socket (the sdk's client) and an event stream on B. */
  async function streamingOnB() {
    const [a, b] = origins as [string, string];
    const member: Member = await registerMember(a, { prefix: 'xproc' });
    await (apps[0] as App).deps.db
      .update(users)
      .set({ additionalCapabilities: ['MK-CAP-PROFIT-TRACKER'] })
      .where(eq(users.id, member.id));
    const client = subscriptionClient(b, member.session, { pageOrigin: (apps[1] as App).deps.config.publicOrigin, retry: false });
    clients.push(client);
    const changes = collect(client, { query: TrackedBetChangedSubscription });
    const stream = await eventStream(b, member.session.token as string, TRACKER);
    await waitFor('the streams to be live on B', () => ((apps[1] as App).liveAccess.size(member.id) >= 3 ? true : undefined), 10_000, 10);
    return { member, changes, stream };
  }

  it('logout on A closes the socket on B with 4403 and ends its event stream, within a second', async () => {
    const { member, changes, stream } = await streamingOnB();
    expect(await post(origins[0] as string, 'mutation { logout }', {}, member.session.token as string)).toEqual({ data: { logout: true } });
    const done = Date.now();
    await waitFor('the socket on B to close', () => (changes.error === null ? undefined : true), 1000, 5);
    expect(changes.error).toMatchObject({ kind: 'network', closeCode: 4403 });
    expect((await stream.ended) - done).toBeLessThan(1000);
    expect(stream.events.at(-1)?.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('a capability taken away on A ends the subscription on B that needed it, within a second; the socket stays', async () => {
    const { member, changes, stream } = await streamingOnB();
    const db = (apps[0] as App).deps.db;
    // The tracker taken away on A: the write, then the revocation, as adminSetAdditionalCapabilities does.
    await db.update(users).set({ additionalCapabilities: [] }).where(eq(users.id, member.id));
    await revokeLiveAccess((apps[0] as App).deps, { userId: member.id, reason: 'access-changed' });
    const done = Date.now();
    const last = await changes.next((e) => e.errors !== undefined, 1000);
    expect(last.errors?.[0]?.extensions?.['code']).toBe('FORBIDDEN');
    expect((await stream.ended) - done).toBeLessThan(1000);
    expect(stream.events.at(-1)?.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(changes.error).toBeNull();
  });
});
