// Every path a member may not take, tried against the running server on loopback with the sdk's
// own clients, as an anonymous visitor and as another member: the profit tracker (GraphQL, the
// REST totals and export, its live changes over graphql-ws), another member's bet ids, the odds
// feed (snapshot and patches over graphql-ws), administration, and the integrations REST calls.
// Then tokens: tampered, revoked (after logout) and expired (the app's clock moved past their
// expiry), each over HTTP and over graphql-ws. Each refusal has an allowed counterpart beside it,
// so that a path refused to everybody cannot pass for a guarded one.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { Kind, parse } from 'graphql';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointTotals } from '@matchkit/sdk/tracker';
import {
  BalanceSheetQuery,
  checkIntegrations,
  DeleteBetMutation,
  getTrackerTotals,
  LogoutMutation,
  MeQuery,
  RecordBetMutation,
  SettleBetMutation,
  TrackedBetChangedSubscription,
  TrackedBetsQuery,
  TrackerTotalsQuery,
  VoidBetMutation,
  logoutIntegration,
  type GraphQLClient,
  type SubscriptionClient,
  type TrackerTotalsEndpoint,
  type TransportOptions,
} from '@matchkit/sdk/transport';
import { TOKEN_TTL_MS } from '../auth/tokens';
import { createSimulatedFeed, type SimulatedFeed } from '@matchkit/app-contract/feed';
import { testClock } from '../test/app';
import { addMember } from '../test/fixture-members';
import { plannedBets, type BetInput } from './bets';
import { buyPlan } from './checkout';
import {
  collect,
  graphqlClient,
  refusalCode,
  registerMember,
  restStatus,
  subscriptionClient,
  subscriptionOutcome,
  transportOptions,
  type Member,
  type Session,
} from './clients';
import { ADMIN_OPERATIONS, OddsPatchesSubscription, OddsSnapshotQuery } from './documents';
import { startInProcess, type InProcessServer } from './servers';

const clock = testClock('2026-03-02T10:00:00Z');
let feed: SimulatedFeed;
let server: InProcessServer;
let origin: string;
/** Signed in, no plan: no tracker, no feed, no administration. */
let free: Member;
/** Paid members (platinum, yearly, bought through the checkout). */
let alice: Member;
let bob: Member;
let admin: { session: Session; gql: GraphQLClient };
const anonymous: Session = { token: null };
let anon: GraphQLClient;
let aliceBetId: string;
const sockets: SubscriptionClient[] = [];

const bet: BetInput = plannedBets(endpointTotals('primary', []))[0]?.input ?? (undefined as never);
const ENDPOINTS = endpointTotals('primary', []);

/** A subscription client for `session`, disposed after the file. */
function ws(session: Session): SubscriptionClient {
  const client = subscriptionClient(origin, session, { retry: false });
  sockets.push(client);
  return client;
}

/** Makes the feed publish one patch (the clock moves one interval). */
function tick(): void {
  clock.advance(feed.intervalMs);
  feed.tick();
}

beforeAll(async () => {
  feed = createSimulatedFeed({ seed: 11, clock, eventCount: 12 });
  server = await startInProcess({ clock, feed });
  origin = server.origin;
  anon = graphqlClient(origin, anonymous);
  [free, alice, bob] = await Promise.all([
    registerMember(origin, { prefix: 'free' }),
    registerMember(origin, { prefix: 'alice' }),
    registerMember(origin, { prefix: 'bob' }),
  ]);
  await buyPlan(alice, 'platinum', 'year');
  await buyPlan(bob, 'platinum', 'year');
  const a = await addMember(server.t, { username: 'the_admin', additionalCapabilities: ['PA-CAP-028'] });
  const adminSession: Session = { token: a.token };
  admin = { session: adminSession, gql: graphqlClient(origin, adminSession) };
  aliceBetId = (await alice.gql.request({ query: RecordBetMutation, variables: { input: bet } })).data.recordBet.id;
}, 120_000);

afterAll(async () => {
  await Promise.all(sockets.map((s) => s.dispose()));
  await server?.stop();
});

/** Every profit-tracker operation with variables that are valid for the member who owns `betId`. */
function trackerOperations(betId: string) {
  return [
    { name: 'trackedBets', run: (c: GraphQLClient) => c.request({ query: TrackedBetsQuery, variables: {} }) },
    { name: 'trackerTotals', run: (c: GraphQLClient) => c.request({ query: TrackerTotalsQuery, variables: {} }) },
    { name: 'balanceSheet', run: (c: GraphQLClient) => c.request({ query: BalanceSheetQuery, variables: {} }) },
    { name: 'recordBet', run: (c: GraphQLClient) => c.request({ query: RecordBetMutation, variables: { input: bet } }) },
    {
      name: 'settleBet',
      run: (c: GraphQLClient) =>
        c.request({
          query: SettleBetMutation,
          variables: { input: { id: betId, results: ['lost', 'won'], settledAt: '2026-03-01T12:00:00Z' } },
        }),
    },
    {
      name: 'voidBet',
      run: (c: GraphQLClient) =>
        c.request({ query: VoidBetMutation, variables: { input: { id: betId, voidedAt: '2026-03-01T12:00:00Z' } } }),
    },
    { name: 'deleteBet', run: (c: GraphQLClient) => c.request({ query: DeleteBetMutation, variables: { id: betId } }) },
    {
      name: 'setAccount',
      run: (c: GraphQLClient) => c.request({ query: 'mutation { setAccount(input: { account: "bet-co", kind: bookmaker }) { account } }' }),
    },
    {
      name: 'setAccountRestricted',
      run: (c: GraphQLClient) =>
        c.request({ query: 'mutation { setAccountRestricted(account: "bet-co", restricted: true) { restricted } }' }),
    },
    {
      name: 'importBets',
      run: (c: GraphQLClient) =>
        c.request({ query: 'mutation ($csv: String!) { importBets(csv: $csv) { imported } }', variables: { csv: '' } }),
    },
    {
      name: 'addBalanceEntry',
      run: (c: GraphQLClient) =>
        c.request({
          query:
            'mutation { addBalanceEntry(input: { account: "bet-co", kind: deposit, amount: 1000, at: "2026-03-01T09:00:00Z" }) { id } }',
        }),
    },
  ];
}

/** Alice's one bet, as she sees it. */
async function alicesBet() {
  const { data } = await alice.gql.request({ query: TrackedBetsQuery, variables: {} });
  return data.trackedBets.nodes.find((b) => b.id === aliceBetId) ?? null;
}

describe('the profit tracker', () => {
  it.each(trackerOperations('').map((op) => [op.name]))(
    '%s: UNAUTHENTICATED for a visitor, FORBIDDEN for a member without a plan',
    async (name) => {
      const op = trackerOperations(aliceBetId).find((o) => o.name === name);
      if (op === undefined) throw new Error(name);
      expect(await refusalCode(op.run(anon))).toBe('UNAUTHENTICATED');
      expect(await refusalCode(op.run(free.gql))).toBe('FORBIDDEN');
    },
  );

  it('the reading operations answer a paying member; nothing the refused writes named has changed', async () => {
    for (const name of ['trackedBets', 'trackerTotals', 'balanceSheet']) {
      const op = trackerOperations(aliceBetId).find((o) => o.name === name);
      expect(await refusalCode(op?.run(alice.gql) ?? Promise.reject(new Error(name)))).toBe('allowed');
    }
    expect(await alicesBet()).toMatchObject({ id: aliceBetId, status: 'open', settledProfit: null });
  });

  it('another member cannot settle, void or delete a bet by its id (NOT_FOUND), nor see it; its owner can', async () => {
    const ops = trackerOperations(aliceBetId);
    for (const name of ['settleBet', 'voidBet', 'deleteBet']) {
      const op = ops.find((o) => o.name === name);
      expect(await refusalCode(op?.run(bob.gql) ?? Promise.reject(new Error(name))), name).toBe('NOT_FOUND');
    }
    const bobs = (await bob.gql.request({ query: TrackedBetsQuery, variables: {} })).data.trackedBets;
    expect(bobs.nodes.map((b) => b.id)).not.toContain(aliceBetId);
    expect((await bob.gql.request({ query: TrackerTotalsQuery, variables: {} })).data.trackerTotals.betCount).toBe(0);
    expect(await alicesBet()).toMatchObject({ id: aliceBetId, status: 'open' });
    // The same id works for its owner (so the refusals above were about whose bet it is).
    const settled = await alice.gql.request({
      query: SettleBetMutation,
      variables: { input: { id: aliceBetId, results: ['lost', 'won'], settledAt: '2026-03-01T12:00:00Z' } },
    });
    expect(settled.data.settleBet.status).toBe('settled');
  });

  it.each(ENDPOINTS.map((e) => [e.endpoint, e.params] as const))(
    "REST totals %s %j: 401 for a visitor, 403 without a plan, only the member's own bets for another member",
    async (endpoint, params) => {
      const call = (options: TransportOptions) => getTrackerTotals(options, endpoint as TrackerTotalsEndpoint, { params: { ...params } });
      expect(await restStatus(call(transportOptions(origin, anonymous)))).toBe(401);
      expect(await restStatus(call(free.rest))).toBe(403);
      expect((await call(bob.rest)).data.betCount).toBe(0);
      const alices = (await call(alice.rest)).data.betCount;
      const counted = endpointTotals('primary', [])
        .find((e) => e.endpoint === endpoint && JSON.stringify(e.params) === JSON.stringify(params))
        ?.sources.includes(bet.source);
      expect(alices).toBe(counted === true ? 1 : 0);
    },
  );

  it("the CSV export: 401 for a visitor, 403 without a plan; another member's export has none of her bets", async () => {
    const url = `${origin}/api/user/profit-tracker/export.csv`;
    const get = (token: string | null) => fetch(url, token === null ? {} : { headers: { authorization: `Bearer ${token}` } });
    expect((await get(null)).status).toBe(401);
    expect((await get(free.session.token)).status).toBe(403);
    const bobs = await get(bob.session.token);
    expect(bobs.status).toBe(200);
    expect(await bobs.text()).not.toContain(aliceBetId);
    expect(await (await get(alice.session.token)).text()).toContain(aliceBetId);
  });

  it("trackedBetChanged over graphql-ws: refused to a visitor and to a member without a plan; another member's changes never reach a member", async () => {
    expect(await subscriptionOutcome(ws(anonymous), { query: TrackedBetChangedSubscription })).toMatchObject({ refused: true });
    expect(await subscriptionOutcome(ws(free.session), { query: TrackedBetChangedSubscription })).toEqual({
      refused: true,
      code: 'FORBIDDEN',
    });

    const bobWatch = collect(ws(bob.session), { query: TrackedBetChangedSubscription });
    // Bob's own writes until one arrives: from then on his subscription is live.
    const bobIds: string[] = [];
    await expect
      .poll(
        async () => {
          bobIds.push((await bob.gql.request({ query: RecordBetMutation, variables: { input: bet } })).data.recordBet.id);
          return bobWatch.events.length;
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBeGreaterThan(0);
    const aliceIds: string[] = [];
    for (let i = 0; i < 3; i += 1)
      aliceIds.push((await alice.gql.request({ query: RecordBetMutation, variables: { input: bet } })).data.recordBet.id);
    await alice.gql.request({ query: DeleteBetMutation, variables: { id: aliceIds[0] ?? '' } });
    const last = (await bob.gql.request({ query: RecordBetMutation, variables: { input: bet } })).data.recordBet.id;
    await bobWatch.next((e) => e.data?.trackedBetChanged.id === last);
    const seen = bobWatch.events.map((e) => e.data?.trackedBetChanged.id);
    expect(seen.every((id) => id !== undefined && [...bobIds, last].includes(id))).toBe(true);
    for (const id of aliceIds) expect(seen).not.toContain(id);
    bobWatch.stop();
  });
});

describe('the odds feed', () => {
  it('oddsSnapshot: UNAUTHENTICATED for a visitor, FORBIDDEN for a member without a tool that reads the feed; a paying member gets the simulated snapshot', async () => {
    expect(await refusalCode(anon.request({ query: OddsSnapshotQuery }))).toBe('UNAUTHENTICATED');
    expect(await refusalCode(free.gql.request({ query: OddsSnapshotQuery }))).toBe('FORBIDDEN');
    const { data } = await alice.gql.request({ query: OddsSnapshotQuery });
    expect(data.oddsSnapshot).toMatchObject({ simulated: true, seq: feed.snapshot().seq });
    expect(data.oddsSnapshot.events.length).toBeGreaterThan(0);
  });

  it('oddsPatches over graphql-ws: refused to a visitor and to a member without a feed tool; a paying member receives the next patch', async () => {
    expect(await subscriptionOutcome(ws(anonymous), { query: OddsPatchesSubscription }, tick)).toMatchObject({ refused: true });
    expect(await subscriptionOutcome(ws(free.session), { query: OddsPatchesSubscription }, tick)).toEqual({
      refused: true,
      code: 'FORBIDDEN',
    });
    const allowed = await subscriptionOutcome(ws(alice.session), { query: OddsPatchesSubscription }, tick);
    expect(allowed.refused).toBe(false);
    if (!allowed.refused) expect(allowed.data.oddsPatches.seq).toBeGreaterThan(0);
  });
});

describe('administration', () => {
  it('lists every administrator operation of the schema', () => {
    const modules = new URL('../modules/', import.meta.url);
    const declared = readdirSync(modules, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(new URL(`${d.name}/schema.graphql`, modules)))
      // The operations: fields of Query and Mutation (an object type's own adminEmail is not one).
      .flatMap((d) =>
        parse(readFileSync(new URL(`${d.name}/schema.graphql`, modules), 'utf8')).definitions.flatMap((def) =>
          (def.kind === Kind.OBJECT_TYPE_EXTENSION || def.kind === Kind.OBJECT_TYPE_DEFINITION) &&
          (def.name.value === 'Query' || def.name.value === 'Mutation')
            ? (def.fields ?? []).map((f) => f.name.value).filter((name) => /^(admin\w+|memberSegments|memberFilterTypes)$/.test(name))
            : [],
        ),
      )
      .sort();
    expect(ADMIN_OPERATIONS.map((o) => o.name).sort()).toEqual(declared);
  });

  it.each(ADMIN_OPERATIONS.map((op) => [op.name, op] as const))(
    '%s: UNAUTHENTICATED for a visitor, FORBIDDEN for a paying member who is not an administrator',
    async (_name, op) => {
      expect(await refusalCode(anon.request({ query: op.query, variables: op.variables }))).toBe('UNAUTHENTICATED');
      expect(await refusalCode(alice.gql.request({ query: op.query, variables: op.variables }))).toBe('FORBIDDEN');
      expect(await refusalCode(free.gql.request({ query: op.query, variables: op.variables }))).toBe('FORBIDDEN');
    },
  );

  it('an administrator may: the member list, a member page, segments and filter types answer', async () => {
    for (const name of ['adminMembers', 'adminMember', 'memberSegments', 'memberFilterTypes']) {
      const op = ADMIN_OPERATIONS.find((o) => o.name === name);
      expect(await refusalCode(admin.gql.request({ query: op?.query ?? '', variables: op?.variables ?? {} })), name).toBe('allowed');
    }
    const { data } = await admin.gql.request<{ adminMembers: { totalCount: number } }>({
      query: 'query { adminMembers(first: 5) { totalCount } }',
    });
    expect(data.adminMembers.totalCount).toBeGreaterThanOrEqual(4);
  });
});

describe('integrations (REST)', () => {
  it("check and logout: 401 for a visitor; one member's connection is neither seen nor changed by another", async () => {
    expect(await restStatus(checkIntegrations(transportOptions(origin, anonymous)))).toBe(401);
    expect(await restStatus(logoutIntegration(transportOptions(origin, anonymous), 'matchbook'))).toBe(401);
    const connect = await fetch(`${origin}/api/user/integrations/external/simulated/connect?integration=matchbook`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.session.token}` },
    });
    expect(connect.status).toBe(200);
    expect((await checkIntegrations(alice.rest)).data?.['matchbook']).toBe('connected');
    expect((await checkIntegrations(bob.rest)).data?.['matchbook']).toBe('disconnected');
    expect((await logoutIntegration(bob.rest, 'matchbook')).data?.['matchbook']).toBe('disconnected');
    expect((await checkIntegrations(alice.rest)).data?.['matchbook']).toBe('connected');
  });
});

/** What a token gets: `me`, a tracker query, a REST totals call and a graphql-ws subscription. */
async function whatTokenGets(token: string) {
  const session: Session = { token };
  const gql = graphqlClient(origin, session);
  const first = ENDPOINTS[0];
  if (first === undefined) throw new Error('no totals endpoint');
  return {
    me: (await gql.request({ query: MeQuery })).data.me?.uid.global ?? null,
    tracker: await refusalCode(gql.request({ query: TrackedBetsQuery, variables: {} })),
    rest: await restStatus(
      getTrackerTotals(transportOptions(origin, session), first.endpoint as TrackerTotalsEndpoint, { params: { ...first.params } }),
    ),
    ws: await subscriptionOutcome(ws(session), { query: OddsPatchesSubscription }, tick),
  };
}

/** Refused everywhere: signed out over HTTP, 401 over REST, and the socket refuses (4403 at onConnect, or the subscription UNAUTHENTICATED). */
function expectRefusedEverywhere(got: Awaited<ReturnType<typeof whatTokenGets>>): void {
  expect(got.me).toBeNull();
  expect(got.tracker).toBe('UNAUTHENTICATED');
  expect(got.rest).toBe(401);
  expect(got.ws.refused).toBe(true);
  if (got.ws.refused) expect([4403, 'UNAUTHENTICATED']).toContain(got.ws.code);
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const parts = (token: string) => {
  const [header = '', payload = '', signature = ''] = token.split('.');
  return { header, payload, signature, claims: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown> };
};

describe('tokens (this block moves the app clock: it runs last)', () => {
  it('a valid token gets everything (the control for what follows)', async () => {
    const got = await whatTokenGets(alice.session.token ?? '');
    expect(got).toMatchObject({ me: alice.id, tracker: 'allowed', rest: 'allowed', ws: { refused: false } });
  });

  it("tampered tokens are refused over HTTP and graphql-ws: another member's id under her signature, a changed signature, alg none, a key not the server's", async () => {
    const { header, payload, signature, claims } = parts(alice.session.token ?? '');
    const flipped = signature.slice(0, 10) + (signature[10] === 'A' ? 'B' : 'A') + signature.slice(11);
    const wrongKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('not-the-server-secret-0123456789abcdefghijklmnop'));
    const forged = {
      'sub swapped': `${header}.${b64({ ...claims, sub: bob.id })}.${signature}`,
      'signature changed': `${header}.${payload}.${flipped}`,
      'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      'wrong key': wrongKey,
    };
    for (const [what, token] of Object.entries(forged)) {
      const got = await whatTokenGets(token);
      expect(got.me, what).toBeNull();
      expectRefusedEverywhere(got);
    }
  });

  it('a token of a member who signed out (every session revoked) is refused over HTTP and graphql-ws', async () => {
    const carol = await registerMember(origin, { prefix: 'carol' });
    await buyPlan(carol, 'platinum', 'month');
    const token = carol.session.token ?? '';
    expect(await whatTokenGets(token)).toMatchObject({ me: carol.id, tracker: 'allowed', rest: 'allowed', ws: { refused: false } });
    expect((await carol.gql.request({ query: LogoutMutation })).data.logout).toBe(true);
    expectRefusedEverywhere(await whatTokenGets(token));
  });

  it('an expired token (the server clock past its 15 minutes) is refused over HTTP and graphql-ws; signing in again works', async () => {
    const token = alice.session.token ?? '';
    clock.advance(TOKEN_TTL_MS + 1000);
    expectRefusedEverywhere(await whatTokenGets(token));
    const again = await graphqlClient(origin, { token: null }).request({
      query: 'mutation ($input: LoginInput!) { login(input: $input) { token } }',
      variables: { input: { login: alice.email, password: alice.password } },
    });
    const fresh = (again.data as { login: { token: string } }).login.token;
    expect(await whatTokenGets(fresh)).toMatchObject({ me: alice.id, tracker: 'allowed', rest: 'allowed', ws: { refused: false } });
  });
});
