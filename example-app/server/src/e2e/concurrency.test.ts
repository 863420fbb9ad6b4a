// Writes under pressure against the real server process (embedded PGlite in a DATA_DIR): 100
// recordBet mutations sent at once over HTTP are all stored; then `kill -9` in the middle of a
// stream of writes, a restart on the same DATA_DIR, and every write the client saw acknowledged
// is there (by id), with no more stored than were sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointTotals } from '@matchkit/sdk/tracker';
import { RecordBetMutation, TrackedBetsQuery, type GraphQLClient } from '@matchkit/sdk/transport';
import { serverBundle } from '../test/process';
import { plannedBets, type BetInput } from './bets';
import { buyPlan } from './checkout';
import { graphqlClient, registerMember, type Member } from './clients';
import { startProcess, type ProcessServer } from './servers';

const bet: BetInput = plannedBets(endpointTotals('primary', []))[0]?.input ?? (undefined as never);

let server: ProcessServer | null = null;
let member: Member;

/** Every bet id of the member, page by page. */
async function allBetIds(gql: GraphQLClient): Promise<string[]> {
  const ids: string[] = [];
  let after: string | null = null;
  for (;;) {
    const page: { nodes: readonly { id: string }[]; pageInfo: { endCursor: string | null; hasNextPage: boolean }; totalCount: number } = (
      await gql.request({ query: TrackedBetsQuery, variables: { first: 100, after } })
    ).data.trackedBets;
    ids.push(...page.nodes.map((b) => b.id));
    if (!page.pageInfo.hasNextPage) return ids;
    after = page.pageInfo.endCursor;
  }
}

beforeAll(async () => {
  await serverBundle();
  server = await startProcess();
  member = await registerMember(server.origin, { prefix: 'writer' });
  await buyPlan(member, 'platinum', 'year');
}, 180_000);

afterAll(async () => {
  await server?.stop();
}, 60_000);

describe('concurrent writes', () => {
  it('100 recordBet mutations at once over HTTP: every one answered with its own id, all 100 stored', async () => {
    const notes = Array.from({ length: 100 }, (_, i) => `concurrent ${i}`);
    const recorded = await Promise.all(
      notes.map((note) => member.gql.request({ query: RecordBetMutation, variables: { input: { ...bet, note } } })),
    );
    const ids = recorded.map((r) => r.data.recordBet.id);
    expect(new Set(ids).size).toBe(100);
    expect(recorded.map((r) => r.data.recordBet.note)).toEqual(notes);
    const stored = await allBetIds(member.gql);
    expect(stored).toHaveLength(100);
    expect(new Set(stored)).toEqual(new Set(ids));
  }, 60_000);

  it('kill -9 during a stream of writes, then a restart on the same DATA_DIR: every acknowledged write is there', async () => {
    const running = server;
    if (running === null) throw new Error('no server');
    const before = new Set(await allBetIds(member.gql));
    const acknowledged: string[] = [];
    let sent = 0;
    let killed = false;
    // Four writers, each sending its next bet as soon as the last was answered, until the server dies.
    const writer = async (w: number) => {
      for (let n = 0; ; n += 1) {
        sent += 1;
        try {
          const { data } = await member.gql.request({
            query: RecordBetMutation,
            variables: { input: { ...bet, note: `stream ${w}.${n}` } },
          });
          acknowledged.push(data.recordBet.id);
        } catch (error) {
          if (!killed) throw error;
          return;
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 5));
    killed = true;
    expect(await running.kill('SIGKILL')).toBe('SIGKILL');
    await Promise.all(writers);
    const seen = acknowledged.length;
    expect(seen).toBeGreaterThanOrEqual(40);

    server = await startProcess(running.env, running.port);
    const after = await allBetIds(graphqlClient(server.origin, member.session));
    const added = after.filter((id) => !before.has(id));
    // Every acknowledged write survived; the only others are writes in flight when the process died.
    for (const id of acknowledged) expect(added).toContain(id);
    expect(added.length).toBeGreaterThanOrEqual(seen);
    expect(added.length).toBeLessThanOrEqual(sent);
    expect(after.filter((id) => before.has(id))).toHaveLength(before.size);
  }, 180_000);
});
