import type { Socket } from 'node:net';
import { execute, parse } from 'graphql';
import { createClient, type Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { fanoutStats, MAX_SHARED_EXECUTIONS_PER_EVENT, substituteSharedPayload } from './fanout';
import { createSimulatedFeed, type SimulatedFeed } from '@matchkit/app-contract/feed';
import type { OddsFilter } from './generated/resolvers';
import { indexFeed, patchView } from './modules/feed/view';
import { ODDS_TOPIC } from './modules/feed/index';
import type { FeedPart } from '@matchkit/sdk/matching';
import { feedSliceOf } from './modules/feed/access';
import { loadMemberAccess } from './modules/members/access';
import { createTestApp, memberWithPlan, testClock, type TestApp } from './test/app';

const WIDE = `subscription ($filter: OddsFilter) { oddsPatches(filter: $filter) { seq at upserts { events { id sport name startsAt } markets { id eventId runners { id name } } backPrices { key bookmaker odds bestOddsGuaranteed } exchangePrices { key exchange lay { odds liquidity } commission } betBuilders { id } } removes { events markets backPrices exchangePrices betBuilders } } }`;
const NARROW = `subscription Narrow($filter: OddsFilter) { oddsPatches(filter: $filter) { seq upserts { backPrices { key odds } } } }`;
const PLATINUM = 'platinum';
const PRO_PLUS = 'pro-plus';
const FILTERS: (OddsFilter | null)[] = [null, { sports: ['football'] }, { sports: ['golf'], bookmakers: ['bet365', 'williamhill'] }];

/** A test app over a simulated feed of `eventCount` events that the test steps (on the app's own clock). */
async function appWithFeed(seed: number, eventCount: number): Promise<{ t: TestApp; feed: SimulatedFeed }> {
  const clock = testClock('2026-03-02T10:00:00Z');
  const feed = createSimulatedFeed({ seed, clock, eventCount });
  return { t: await createTestApp({ clock, feed }), feed };
}

/** ws as a client that does not offer permessage-deflate. */
class PlainSocket extends WebSocket {
  constructor(url: string, protocols?: string | string[]) {
    super(url, protocols, { perMessageDeflate: false });
  }
}
/** ws as a client that offers permessage-deflate and asks the server for a 2^9-byte window. */
class SmallWindowSocket extends WebSocket {
  constructor(url: string, protocols?: string | string[]) {
    super(url, protocols, { perMessageDeflate: { serverMaxWindowBits: 9 } });
  }
}
const SOCKET_KINDS = [PlainSocket, WebSocket, SmallWindowSocket] as const;

interface Subscriber {
  readonly document: string;
  readonly filter: OddsFilter | null;
  readonly plan: string;
  parts: readonly FeedPart[];
  readonly received: { seq: number; data: unknown }[];
}

const EMPTY_DELTA = { events: [], markets: [], backPrices: [], exchangePrices: [], betBuilders: [] };
const EMPTY_REMOVES = { events: [], markets: [], backPrices: [], exchangePrices: [], betBuilders: [] };

describe('shared fan-out of odds patches (one execution and one serialisation per patch, slice, filter and document)', () => {
  let t: TestApp;
  let baseline = 0;
  let feed: SimulatedFeed;
  let origin = '';
  const clients: Client[] = [];
  const subscribers: Subscriber[] = [];
  beforeAll(async () => {
    ({ t, feed } = await appWithFeed(11, 12));
    // The server's own listeners (the revocations, the alert runner's topics) are subscribed once it has started.
    origin = (await t.app.start(0, '127.0.0.1')).origin;
    baseline = t.pubSub.stats().subscriptions;
    // Three sockets for each document and filter on the dearest plan, so every patch has
    // subscribers to share it, and one on the cheapest feed plan beside them (another slice).
    let n = 0;
    for (const document of [WIDE, NARROW]) {
      for (const filter of FILTERS) {
        for (const plan of [PRO_PLUS, PRO_PLUS, PRO_PLUS, PLATINUM]) {
          n += 1;
          const token = await memberWithPlan(t, `u_fan${n}`, plan);
          const access = await loadMemberAccess(t.database.db, t.app.deps.brand, `u_fan${n}`, t.clock());
          const subscriber: Subscriber = {
            document,
            filter,
            plan,
            parts: feedSliceOf(t.app.deps.brand, access as NonNullable<typeof access>) ?? [],
            received: [],
          };
          subscribers.push(subscriber);
          const client = createClient({
            url: `${origin.replace(/^http/, 'ws')}/graphql`,
            // In turn: a client that offers no compression, one that does (as browsers do), and
            // one that asks for the server's smallest window (2^9 bytes).
            webSocketImpl: SOCKET_KINDS[n % SOCKET_KINDS.length],
            connectionParams: { authorization: `Bearer ${token}` },
            retryAttempts: 0,
            keepAlive: 0,
          });
          clients.push(client);
          client.subscribe<{ oddsPatches: { seq: number } }>(
            { query: document, variables: { filter } },
            {
              next: (r) => subscriber.received.push({ seq: r.data?.oddsPatches.seq ?? -1, data: r.errors ?? r.data }),
              error: (e) => subscriber.received.push({ seq: -1, data: e }),
              complete: () => undefined,
            },
          );
        }
      }
    }
    for (let i = 0; i < 200 && t.pubSub.stats().subscriptions < baseline + subscribers.length; i++)
      await new Promise((r) => setTimeout(r, 25));
    expect(t.pubSub.stats().subscriptions).toBe(baseline + subscribers.length);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.dispose()));
    await t.stop();
  });

  it('the two plans have different slices of the feed (the cheaper one a strict part of the dearer one)', () => {
    const cheap = subscribers.find((s) => s.plan === PLATINUM)?.parts ?? [];
    const dear = subscribers.find((s) => s.plan === PRO_PLUS)?.parts ?? [];
    expect(cheap.length).toBeLessThan(dear.length);
    for (const p of cheap) expect(dear).toContain(p);
  });

  it('every subscriber receives, for each patch, exactly what the schema answers for its own slice, document and filter', async () => {
    const schema = t.app.yoga.getEnveloped().schema;
    const before = fanoutStats();
    const patches = 4;
    for (let k = 0; k < patches; k++) {
      t.clock.advance(feed.intervalMs);
      const patch = feed.tick();
      const index = indexFeed(feed.snapshot().market, patch.upserts);
      for (let i = 0; i < 200 && subscribers.some((s) => !s.received.some((r) => r.seq === patch.seq)); i++)
        await new Promise((r) => setTimeout(r, 10));
      for (const s of subscribers) {
        const expected = await execute({
          schema,
          document: parse(s.document),
          rootValue: { oddsPatches: patchView(patch, s.filter, index, s.parts) },
          variableValues: { filter: s.filter },
        });
        expect(expected.errors).toBeUndefined();
        expect(s.received.find((r) => r.seq === patch.seq)?.data).toEqual(JSON.parse(JSON.stringify(expected.data)));
      }
    }
    for (const s of subscribers)
      expect(s.received.map((r) => r.seq)).toEqual(Array.from({ length: patches }, (_, i) => feed.seq - patches + 1 + i));
    const after = fanoutStats();
    // Six (document, filter) pairs times two slices: twelve executions and serialisations per
    // patch, not twenty-four (and never one shared across slices, or the cheaper plan would get
    // the dearer one's data).
    expect(after.executions - before.executions).toBe(12 * patches);
    expect(after.serialised - before.serialised).toBe(12 * patches);
    expect(after.results - before.results).toBe(subscribers.length * patches);
    expect(after.sent - before.sent).toBe(subscribers.length * patches);
    // Each written straight to its socket (every socket here reads at once), past graphql-ws.
    expect(after.direct - before.direct).toBe(subscribers.length * patches);
    // And each handed down its subscription's iterators without a promise (sync-delivery.ts): every
    // subscription was waiting for its next patch when the patch came.
    expect(after.synchronous - before.synchronous).toBe(subscribers.length * patches);
    // Two sockets in three negotiated compression: each of their messages went out as one
    // deflated frame (and arrived equal, above); each result deflated once per window asked for.
    const kindOf = (i: number) => SOCKET_KINDS[(i + 1) % SOCKET_KINDS.length];
    const compressing = subscribers.filter((_, i) => kindOf(i) !== PlainSocket);
    expect(after.deflated - before.deflated).toBe(compressing.length * patches);
    const windows = new Set(
      subscribers.flatMap((s, i) =>
        kindOf(i) === PlainSocket
          ? []
          : [`${s.document}|${JSON.stringify(s.filter)}|${s.plan}|${kindOf(i) === SmallWindowSocket ? 9 : 15}`],
      ),
    );
    expect(after.deflations - before.deflations).toBe(windows.size * patches);
    // The deflated messages are the smaller: their bytes a message, against the plain ones'.
    const perDeflated = (after.deflatedBytes - before.deflatedBytes) / (after.deflated - before.deflated);
    const perPlain = (after.plainBytes - before.plainBytes) / (after.sent - before.sent - (after.deflated - before.deflated));
    expect(perDeflated).toBeLessThan(perPlain / 2);
    // And /metrics tells operators the same counts.
    const metrics = await (await fetch(`${origin}/metrics`)).text();
    const now = fanoutStats();
    expect(metrics).toContain(`matchkit_odds_messages_total{encoding="deflate"} ${now.deflated}`);
    expect(metrics).toContain(`matchkit_odds_messages_total{encoding="identity"} ${now.sent - now.deflated}`);
    expect(metrics).toContain(`matchkit_odds_message_bytes_total{encoding="deflate"} ${now.deflatedBytes}`);
    expect(metrics).toContain(`matchkit_odds_message_bytes_total{encoding="identity"} ${now.plainBytes}`);
  });

  it("goes down asynchronously a patch two ahead of the feed's snapshot (a follower's mirror behind), and still arrives", async () => {
    // What a follower meets when two patches come in one delivery (Redis, PostgreSQL): its mirror
    // applies the first in a subscriber of its own, after the sync path has run, so for the second
    // the snapshot a view's index is made from is two behind. That patch takes the asynchronous
    // path (by then the mirror has applied the one before). Here the sole process's own feed stays
    // at its seq while a patch two ahead is published as a leader of its term would.
    const before = fanoutStats();
    const seq = feed.seq + 2;
    const ahead = { seq, at: feed.snapshot().at + 2 * feed.intervalMs, upserts: EMPTY_DELTA, removes: EMPTY_REMOVES, term: 1 };
    await t.pubSub.publish(ODDS_TOPIC, ahead);
    for (let i = 0; i < 200 && subscribers.some((s) => !s.received.some((r) => r.seq === seq)); i++)
      await new Promise((r) => setTimeout(r, 10));
    for (const s of subscribers) expect(s.received.at(-1)?.seq).toBe(seq);
    const after = fanoutStats();
    expect(after.sent - before.sent).toBe(subscribers.length);
    expect(after.synchronous - before.synchronous).toBe(0);
  });

  it('leaves every other message as graphql-ws wrote it, even one that carries the placeholder text', () => {
    const messages = [
      '{"id":"1","type":"next","payload":{"data":{"note":"\\u0000mk-shared:1"}}}',
      '{"id":"1","type":"next","payload":{"data":null,"errors":[{"message":"\\u0000mk-shared:1"}]}}',
      '{"id":"1","type":"error","payload":[{"message":"\\u0000mk-shared:1"}]}',
      '{"type":"connection_ack"}',
    ];
    const held = new Map([[1, Buffer.from('{"data":{"x":1}}}')]]);
    for (const m of messages) expect(substituteSharedPayload(m, held)).toBe(m);
    expect(held.size).toBe(1);
  });

  it('swaps a placeholder only for the bytes this socket holds, once; a placeholder not held is never sent', () => {
    // The shared bytes end the message: the result's JSON (any text, in UTF-8) and the closing brace.
    const held = new Map([[7, Buffer.from('{"data":{"x":"Atlético £1 ⚽"}}}', 'utf8')]]);
    const message = '{"id":"a","type":"next","payload":{"data":"\\u0000mk-shared:7"}}';
    const shared = substituteSharedPayload(message, held);
    if (shared === null || typeof shared === 'string') throw new Error(`expected the shared bytes, got ${String(shared)}`);
    const whole = Buffer.concat([Buffer.from(shared.head, 'utf8'), shared.tail]).toString('utf8');
    expect(whole).toBe('{"id":"a","type":"next","payload":{"data":{"x":"Atlético £1 ⚽"}}}');
    expect(JSON.parse(whole)).toEqual({ id: 'a', type: 'next', payload: { data: { x: 'Atlético £1 ⚽' } } });
    expect(held.size).toBe(0);
    expect(substituteSharedPayload(message, held)).toBeNull();
    expect(substituteSharedPayload(message, new Map([[8, Buffer.from('{}}')]]))).toBeNull();
  });
});

describe('what a client cannot multiply: undeclared variables and many documents on one patch', () => {
  let t: TestApp;
  let baseline = 0;
  let feed: SimulatedFeed;
  const clients: Client[] = [];
  const received = new Map<string, { seq: number; data: unknown }[]>();
  let origin = '';
  beforeAll(async () => {
    ({ t, feed } = await appWithFeed(5, 10));
    // The server's own listeners (the revocations, the alert runner's topics) are subscribed once it has started.
    origin = (await t.app.start(0, '127.0.0.1')).origin;
    baseline = t.pubSub.stats().subscriptions;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.dispose()));
    await t.stop();
  });

  async function open(name: string, query: string, variables: Record<string, unknown>): Promise<void> {
    const token = await memberWithPlan(t, `u_${name}`, 'platinum');
    const got: { seq: number; data: unknown }[] = [];
    received.set(name, got);
    const client = createClient({
      url: `${origin.replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
      retryAttempts: 0,
      keepAlive: 0,
    });
    clients.push(client);
    client.subscribe<Record<string, { seq: number }>>(
      { query, variables },
      {
        next: (r) => got.push({ seq: Object.values(r.data ?? {})[0]?.seq ?? -1, data: r.errors ?? r.data }),
        error: (e) => got.push({ seq: -1, data: e }),
        complete: () => undefined,
      },
    );
  }

  it('shares one execution however many undeclared variables the subscribers add, and caps the executions an event keeps', async () => {
    for (let i = 0; i < 8; i++) await open(`junk${i}`, NARROW, { filter: null, junk: i });
    const documents = MAX_SHARED_EXECUTIONS_PER_EVENT + 4;
    for (let i = 0; i < documents; i++) await open(`doc${i}`, `subscription { a${i}: oddsPatches { seq } }`, {});
    const total = 8 + documents;
    for (let i = 0; i < 400 && t.pubSub.stats().subscriptions < baseline + total; i++) await new Promise((r) => setTimeout(r, 25));
    expect(t.pubSub.stats().subscriptions).toBe(baseline + total);

    const before = fanoutStats();
    t.clock.advance(feed.intervalMs);
    const patch = feed.tick();
    for (let i = 0; i < 400 && [...received.values()].some((got) => !got.some((r) => r.seq === patch.seq)); i++)
      await new Promise((r) => setTimeout(r, 10));
    const after = fanoutStats();
    // NARROW's 8 subscribers: one key. The aliased documents: one key each, up to the cap.
    expect(after.executions - before.executions).toBe(MAX_SHARED_EXECUTIONS_PER_EVENT);
    expect(after.unshared - before.unshared).toBe(documents + 1 - MAX_SHARED_EXECUTIONS_PER_EVENT);
    // Shared or not, everyone got the patch as their own document asks for it.
    for (let i = 0; i < documents; i++)
      expect(received.get(`doc${i}`)?.find((r) => r.seq === patch.seq)?.data).toEqual({ [`a${i}`]: { seq: patch.seq } });
    const narrow = received.get('junk0')?.find((r) => r.seq === patch.seq)?.data;
    expect(narrow).toBeDefined();
    for (let i = 1; i < 8; i++) expect(received.get(`junk${i}`)?.find((r) => r.seq === patch.seq)?.data).toEqual(narrow);
  });
});

describe('a socket that has not taken its last message', () => {
  let t: TestApp;
  let feed: SimulatedFeed;
  let client: Client | null = null;
  const serverSockets = new Set<WebSocket>();
  const socketSend = WebSocket.prototype.send;
  beforeAll(async () => {
    ({ t, feed } = await appWithFeed(7, 10));
    // The server's side of each socket, found as it sends (connection_ack): ws's class is the same on both sides.
    WebSocket.prototype.send = function (this: WebSocket, ...args: Parameters<WebSocket['send']>) {
      if ((this as unknown as { _isServer?: boolean })._isServer === true) serverSockets.add(this);
      return socketSend.apply(this, args);
    } as WebSocket['send'];
  });
  afterAll(async () => {
    WebSocket.prototype.send = socketSend;
    await client?.dispose();
    await t.stop();
  });

  it('gets its next patch through graphql-ws, which waits for the write: two messages in its buffer at most, all in order', async () => {
    const origin = (await t.app.start(0, '127.0.0.1')).origin;
    const token = await memberWithPlan(t, 'u_slow', PRO_PLUS);
    const received: number[] = [];
    client = createClient({
      url: `${origin.replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
      retryAttempts: 0,
      keepAlive: 0,
    });
    client.subscribe<{ oddsPatches: { seq: number } }>(
      { query: NARROW, variables: { filter: null } },
      { next: (r) => received.push(r.data?.oddsPatches.seq ?? -1), error: () => received.push(-1), complete: () => undefined },
    );
    const tick = async (count: number) => {
      const seqs: number[] = [];
      for (let k = 0; k < count; k++) {
        t.clock.advance(feed.intervalMs);
        seqs.push(feed.tick().seq);
        await new Promise((r) => setTimeout(r, 20));
      }
      return seqs;
    };
    // Subscribed once a patch arrives.
    for (let i = 0; i < 100 && received.length === 0; i++) await tick(1);
    expect(received.length).toBeGreaterThan(0);
    const [server] = [...serverSockets];
    const connection = (server as unknown as { _socket: Socket })._socket;

    // The server's side of the connection holds what is written to it (as a connection to a client
    // that reads nothing fills up): the first patch is written straight into that buffer; the
    // second, the buffer not empty, goes through graphql-ws, which then waits for its write; the
    // third waits in the subscription's queue.
    received.length = 0;
    connection.cork();
    const before = fanoutStats();
    const held = await tick(3);
    const during = fanoutStats();
    expect(received).toEqual([]);
    expect(during.direct - before.direct).toBe(1);
    // The first without a promise (the subscription was waiting); the second declined by the sync
    // path (the buffer not empty) and sent by graphql-ws.
    expect(during.synchronous - before.synchronous).toBe(1);
    expect(during.sent - before.sent).toBe(2);
    expect(connection.writableLength).toBeGreaterThan(0);

    // Taken: every patch arrives, in order; once the buffer is empty, straight to the socket again.
    connection.uncork();
    for (let i = 0; i < 100 && received.length < held.length; i++) await new Promise((r) => setTimeout(r, 10));
    expect(received).toEqual(held);
    const after = fanoutStats();
    expect(after.sent - before.sent).toBe(3);
    expect(after.direct - during.direct).toBe(1);
  });
});

describe('an operation the client completed', () => {
  let t: TestApp;
  let feed: SimulatedFeed;
  beforeAll(async () => {
    ({ t, feed } = await appWithFeed(3, 10));
  });
  afterAll(async () => {
    await t.stop();
  });

  it('gets no patch once the server has its complete, while the feed goes on and the socket stays open', async () => {
    const origin = (await t.app.start(0, '127.0.0.1')).origin;
    const token = await memberWithPlan(t, 'u_done', PRO_PLUS);
    const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
    const messages: { id?: string; type: string }[] = [];
    socket.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString('utf8')) as { id?: string; type: string }));
    await new Promise((resolve) => socket.once('open', resolve));
    const send = (message: unknown) => socket.send(JSON.stringify(message));
    const settle = () => new Promise((r) => setTimeout(r, 50));
    const tick = async () => {
      t.clock.advance(feed.intervalMs);
      feed.tick();
      await settle();
    };
    send({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } });
    for (let i = 0; i < 100 && !messages.some((m) => m.type === 'connection_ack'); i++) await settle();
    send({ id: 'a', type: 'subscribe', payload: { query: NARROW, variables: { filter: null } } });
    send({ id: 'b', type: 'subscribe', payload: { query: NARROW, variables: { filter: null } } });
    const nexts = (id: string) => messages.filter((m) => m.id === id && m.type === 'next').length;
    for (let i = 0; i < 100 && (nexts('a') === 0 || nexts('b') === 0); i++) await tick();
    const before = fanoutStats();

    send({ id: 'a', type: 'complete' });
    await settle();
    const aAtComplete = nexts('a');
    const bAtComplete = nexts('b');
    for (let k = 0; k < 3; k++) await tick();
    // The other operation on the same socket goes on, straight to the socket; this one sends nothing.
    expect(nexts('b')).toBe(bAtComplete + 3);
    expect(nexts('a')).toBe(aAtComplete);
    expect(fanoutStats().direct - before.direct).toBeGreaterThanOrEqual(3);
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.close();
  });
});
