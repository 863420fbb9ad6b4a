// On a real PostgreSQL server (an empty database of this file's own on the test run's cluster,
// test/postgres.ts): the same member's journey as journey.test.ts, each brand served by the real
// server process with DATABASE_URL; then two server processes on one PostgreSQL (distinct ports, one public origin
// and one set of secrets, as behind a load balancer), where a graphql-ws subscriber on one process
// receives what is published through the other: tracked-bet changes written through the other
// process, and the odds feed's patches, which only the process holding the feed's advisory lock
// publishes. Once with Redis fan-out (REDIS_URL) and once with PostgreSQL LISTEN/NOTIFY.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointTotals } from '@matchkit/sdk/tracker';
import {
  DeleteBetMutation,
  RecordBetMutation,
  SettleBetMutation,
  TrackedBetChangedSubscription,
  type SubscriptionClient,
  type TrackedBetChangedSubscriptionData,
} from '@matchkit/sdk/transport';
import { freePort, startRedis, type RunningRedis } from '../../../../scripts/services.mjs';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../test/postgres';
import { serverBundle } from '../test/process';
import { plannedBets } from './bets';
import { buyPlan } from './checkout';
import { collect, graphqlClient, registerMember, subscriptionClient, waitFor, writeUntilDelivered, type Member } from './clients';
import { OddsPatchesSubscription } from './documents';
import { describeJourney } from './journey';
import { SHARED_SECRETS, startProcess, stopAll, type ProcessServer } from './servers';

let pg: TestPostgresDatabase | null = null;
let redis: RunningRedis | null = null;

beforeAll(async () => {
  const [p, r] = await Promise.all([createTestPostgresDatabase({ migrated: false }), startRedis(), serverBundle()]);
  pg = p;
  redis = r;
}, 120_000);

afterAll(async () => {
  await Promise.allSettled([pg?.drop(), redis?.stop()]);
}, 60_000);

const databaseUrl = () => {
  if (pg === null) throw new Error('PostgreSQL did not start');
  return pg.url;
};

describeJourney('PostgreSQL', (brand) => startProcess({ DATABASE_URL: databaseUrl(), BRAND: brand }));

const bet = plannedBets(endpointTotals('primary', []))[0]?.input ?? (undefined as never);

describe.each([
  { fanOut: 'Redis', pubsub: 'redis', env: (): Record<string, string> => ({ PUBSUB: 'redis', REDIS_URL: redis?.url ?? '' }) },
  { fanOut: 'PostgreSQL LISTEN/NOTIFY', pubsub: 'postgres', env: (): Record<string, string> => ({ PUBSUB: 'postgres' }) },
])('two server processes on one PostgreSQL, fan-out over $fanOut', ({ pubsub, env }) => {
  const started: ProcessServer[] = [];
  const sockets: SubscriptionClient[] = [];
  let a: ProcessServer;
  let b: ProcessServer;
  let member: Member;
  /** The same member's clients on process B (same token: one public origin, one JWT secret). */
  let onB: Member;

  beforeAll(async () => {
    const portA = await freePort();
    const common = {
      DATABASE_URL: databaseUrl(),
      BRAND: 'primary',
      PUBLIC_ORIGIN: `http://127.0.0.1:${portA}`,
      ...SHARED_SECRETS,
      ...env(),
    };
    a = await startProcess(common, portA);
    started.push(a);
    // A takes the feed's advisory lock first: it alone publishes the odds patches.
    await waitFor('process A to lead the odds feed', () => (a.process.output().includes('"leader":true') ? true : undefined), 30_000);
    b = await startProcess(common);
    started.push(b);
    member = await registerMember(a.origin, { prefix: `two_${pubsub}` });
    await buyPlan(member, 'platinum', 'year');
    onB = { ...member, gql: graphqlClient(b.origin, member.session) };
  }, 180_000);

  afterAll(async () => {
    await Promise.allSettled(sockets.map((s) => s.dispose()));
    await stopAll(started);
  }, 60_000);

  const ws = (server: ProcessServer) => {
    // The page is on the public origin (A's), whichever process the socket reaches.
    const client = subscriptionClient(server.origin, member.session, { pageOrigin: a.origin, retry: false });
    sockets.push(client);
    return client;
  };

  it(`both processes run the ${pubsub} fan-out on the one database`, () => {
    for (const p of [a, b]) expect(p.process.output()).toMatch(new RegExp(`"database":"postgres","pubsub":"${pubsub}"`));
  });

  it.each([
    ['B', 'A'],
    ['A', 'B'],
  ] as const)(
    'trackedBetChanged: a subscriber on %s receives the changes of a bet written, settled and deleted through %s',
    async (subscriberOn, writerOn) => {
      const [subscriber, writer] = subscriberOn === 'B' ? [b, member] : [a, onB];
      const changes = collect<TrackedBetChangedSubscriptionData, Record<string, never>>(ws(subscriber), {
        query: TrackedBetChangedSubscription,
      });
      const idOf = (e: { data?: TrackedBetChangedSubscriptionData | null }) => e.data?.trackedBetChanged.id;
      await writeUntilDelivered(
        changes,
        async () => (await writer.gql.request({ query: RecordBetMutation, variables: { input: bet } })).data.recordBet.id,
        idOf,
      );

      const id = (await writer.gql.request({ query: RecordBetMutation, variables: { input: { ...bet, note: `through ${writerOn}` } } }))
        .data.recordBet.id;
      const created = await changes.next((e) => idOf(e) === id && e.data?.trackedBetChanged.change === 'created');
      expect(created.data?.trackedBetChanged.bet).toMatchObject({ id, status: 'open', note: `through ${writerOn}` });

      await writer.gql.request({
        query: SettleBetMutation,
        variables: { input: { id, results: ['lost', 'won'], settledAt: '2026-02-10T21:00:00Z' } },
      });
      const updated = await changes.next((e) => idOf(e) === id && e.data?.trackedBetChanged.change === 'updated');
      expect(updated.data?.trackedBetChanged.bet).toMatchObject({ id, status: 'settled' });

      await writer.gql.request({ query: DeleteBetMutation, variables: { id } });
      const deleted = await changes.next((e) => idOf(e) === id && e.data?.trackedBetChanged.change === 'deleted');
      expect(deleted.data?.trackedBetChanged).toEqual({ change: 'deleted', id, bet: null });
      expect(changes.error).toBeNull();
      changes.stop();
    },
    60_000,
  );

  it("oddsPatches: a subscriber on B receives the patches that A (the feed's leader) publishes, in sequence", async () => {
    const patches = collect(ws(b), { query: OddsPatchesSubscription });
    await waitFor('three odds patches on B', () => (patches.events.length >= 3 ? true : undefined), 30_000);
    patches.stop();
    expect(patches.error).toBeNull();
    const seqs = patches.events.map((e) => e.data?.oddsPatches.seq ?? -1);
    expect(seqs.slice(0, 3)).toEqual([seqs[0], (seqs[0] ?? 0) + 1, (seqs[0] ?? 0) + 2]);
    // B never published: what it delivered came from A through the fan-out.
    expect(b.process.output()).not.toContain('"leader":true');
    expect(a.process.output()).toContain('"leader":true');
  }, 60_000);
});
