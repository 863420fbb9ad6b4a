// A server restart mid-subscription: the real server process (embedded PGlite in a DATA_DIR) is
// stopped (SIGTERM), then killed (SIGKILL), while a member's trackedBetChanged subscription is
// live, and each time started again on the same port and DATA_DIR. The sdk's subscription client reconnects on its own and sends the
// subscription again; changes written after the restart arrive on the SAME subscription, which
// never errored nor completed; the member's token still works (the secrets are kept in DATA_DIR).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointTotals } from '@matchkit/sdk/tracker';
import {
  MeQuery,
  RecordBetMutation,
  TrackedBetChangedSubscription,
  type ConnectionState,
  type SubscriptionClient,
  type TrackedBetChangedSubscriptionData,
} from '@matchkit/sdk/transport';
import { serverBundle } from '../test/process';
import { plannedBets } from './bets';
import { buyPlan } from './checkout';
import {
  collect,
  connectionReaches,
  registerMember,
  subscriptionClient,
  waitFor,
  writeUntilDelivered,
  type Collector,
  type Member,
} from './clients';
import { startProcess, type ProcessServer } from './servers';

const bet = plannedBets(endpointTotals('primary', []))[0]?.input ?? (undefined as never);

let server: ProcessServer | null = null;
let member: Member;
let socket: SubscriptionClient | null = null;
let changes: Collector<TrackedBetChangedSubscriptionData>;
const states: ConnectionState['status'][] = [];

/** Records a bet; resolves with its id. */
async function write(): Promise<string> {
  return (await member.gql.request({ query: RecordBetMutation, variables: { input: bet } })).data.recordBet.id;
}

/** Writes until the subscription delivers one of the writes (it is live from then on); resolves with that id. */
const writeUntilSeen = () => writeUntilDelivered(changes, write, (e) => e.data?.trackedBetChanged.id);

beforeAll(async () => {
  await serverBundle();
  server = await startProcess();
  member = await registerMember(server.origin, { prefix: 'restart' });
  await buyPlan(member, 'platinum', 'month');
  socket = subscriptionClient(server.origin, member.session, { retry: { retries: 200, baseDelayMs: 100, maxDelayMs: 500 } });
  socket.connection.subscribe(() => {
    const s = socket?.connection.getSnapshot().status;
    if (s !== undefined && states[states.length - 1] !== s) states.push(s);
  });
  changes = collect(socket, { query: TrackedBetChangedSubscription });
}, 180_000);

afterAll(async () => {
  await socket?.dispose();
  await server?.stop();
}, 60_000);

describe('a server restart mid-subscription', () => {
  it('the subscription delivers changes before the restart', async () => {
    const id = await writeUntilSeen();
    const event = changes.events.find((e) => e.data?.trackedBetChanged.id === id);
    expect(event?.data?.trackedBetChanged).toMatchObject({ change: 'created', id, bet: { id, status: 'open' } });
  }, 60_000);

  it.each([
    ['SIGTERM', 'stops (a graceful restart: sockets closed with 1001)', 0],
    ['SIGKILL', 'is killed (kill -9: sockets dropped, 1006)', 'SIGKILL'],
  ] as const)(
    '%s: the process %s and starts again on the same port and DATA_DIR; the client reconnects by itself and the same subscription delivers what is written after',
    async (signal, _how, exit) => {
      const running = server;
      if (running === null || socket === null) throw new Error('no server');
      const before = changes.events.length;
      const reconnects = states.filter((s) => s === 'reconnecting').length;
      expect(await running.kill(signal)).toBe(exit);
      await waitFor(
        'the client to start reconnecting',
        () => (states.filter((s) => s === 'reconnecting').length > reconnects ? true : undefined),
        10_000,
      );
      // Written while the server is down: refused (no server), not silently lost.
      await expect(write()).rejects.toMatchObject({ kind: 'network' });

      server = await startProcess(running.env, running.port);
      await connectionReaches(socket, 'connected', 60_000);
      expect((await member.gql.request({ query: MeQuery })).data.me?.uid.global).toBe(member.id);

      const first = await writeUntilSeen();
      // Then every write arrives, in order, on the same subscription.
      const more = [await write(), await write(), await write()];
      const last = more[more.length - 1];
      await changes.next((e) => e.data?.trackedBetChanged.id === last, 15_000);
      const after = changes.events.slice(before).map((e) => e.data?.trackedBetChanged.id);
      expect(after.slice(after.indexOf(first) + 1).filter((id) => id !== undefined && more.includes(id))).toEqual(more);
      expect(changes.error).toBeNull();
      expect(changes.completed).toBe(false);
      expect(states).not.toContain('closed');
    },
    120_000,
  );
});
