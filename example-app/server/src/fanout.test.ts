import { execute, parse } from 'graphql';
import { createClient, type Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { fanoutStats, substituteSharedPayload } from './fanout';
import { createSimulatedFeed, type SimulatedFeed } from './feed/index';
import { indexFeed, patchView, type OddsFilterInput } from './modules/feed/view';
import type { FeedPart } from '@matchkit/sdk/matching';
import { feedSliceOf } from './modules/feed/access';
import { loadMemberAccess } from './modules/members/access';
import { createTestApp, memberWithPlan, testClock, type TestApp } from './test/app';

const WIDE = `subscription ($filter: OddsFilter) { oddsPatches(filter: $filter) { seq at upserts { events { id sport name startsAt } markets { id eventId runners { id name } } backPrices { key bookmaker odds bestOddsGuaranteed } exchangePrices { key exchange lay { odds liquidity } commission } betBuilders { id } } removes { events markets backPrices exchangePrices betBuilders } } }`;
const NARROW = `subscription Narrow($filter: OddsFilter) { oddsPatches(filter: $filter) { seq upserts { backPrices { key odds } } } }`;
const PLATINUM = 'platinum';
const PRO_PLUS = 'pro-plus';
const FILTERS: (OddsFilterInput | null)[] = [null, { sports: ['football'] }, { sports: ['golf'], bookmakers: ['bet365', 'williamhill'] }];

interface Subscriber {
  readonly document: string;
  readonly filter: OddsFilterInput | null;
  readonly plan: string;
  parts: readonly FeedPart[];
  readonly received: { seq: number; data: unknown }[];
}

describe('shared fan-out of odds patches (one execution and one serialisation per patch, slice, filter and document)', () => {
  let t: TestApp;
  let feed: SimulatedFeed;
  const clients: Client[] = [];
  const subscribers: Subscriber[] = [];
  beforeAll(async () => {
    const clock = testClock('2026-03-02T10:00:00Z');
    feed = createSimulatedFeed({ seed: 11, clock, eventCount: 12 });
    t = await createTestApp({ clock, feed });
    const { origin } = await t.app.start(0, '127.0.0.1');
    // Three sockets for each document and filter on the dearest plan, so every patch has
    // subscribers to share it, and one on the cheapest feed plan beside them (another slice).
    let n = 0;
    for (const document of [WIDE, NARROW]) {
      for (const filter of FILTERS) {
        for (const plan of [PRO_PLUS, PRO_PLUS, PRO_PLUS, PLATINUM]) {
          n += 1;
          const token = await memberWithPlan(t, `u_fan${n}`, plan);
          const access = await loadMemberAccess(t.database.db, t.app.deps.brand, `u_fan${n}`, t.clock());
          const subscriber: Subscriber = { document, filter, plan, parts: feedSliceOf(t.app.deps.brand, access as NonNullable<typeof access>) ?? [], received: [] };
          subscribers.push(subscriber);
          const client = createClient({ url: `${origin.replace(/^http/, 'ws')}/graphql`, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${token}` }, retryAttempts: 0, keepAlive: 0 });
          clients.push(client);
          client.subscribe<{ oddsPatches: { seq: number } }>(
            { query: document, variables: { filter } },
            { next: (r) => subscriber.received.push({ seq: r.data?.oddsPatches.seq ?? -1, data: r.errors ?? r.data }), error: (e) => subscriber.received.push({ seq: -1, data: e }), complete: () => undefined },
          );
        }
      }
    }
    for (let i = 0; i < 200 && t.pubSub.stats().subscriptions < subscribers.length; i++) await new Promise((r) => setTimeout(r, 25));
    expect(t.pubSub.stats().subscriptions).toBe(subscribers.length);
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
      for (let i = 0; i < 200 && subscribers.some((s) => !s.received.some((r) => r.seq === patch.seq)); i++) await new Promise((r) => setTimeout(r, 10));
      for (const s of subscribers) {
        const expected = await execute({ schema, document: parse(s.document), rootValue: { oddsPatches: patchView(patch, s.filter, index, s.parts) }, variableValues: { filter: s.filter } });
        expect(expected.errors).toBeUndefined();
        expect(s.received.find((r) => r.seq === patch.seq)?.data).toEqual(JSON.parse(JSON.stringify(expected.data)));
      }
    }
    for (const s of subscribers) expect(s.received.map((r) => r.seq)).toEqual(Array.from({ length: patches }, (_, i) => feed.seq - patches + 1 + i));
    const after = fanoutStats();
    // Six (document, filter) pairs times two slices: twelve executions and serialisations per
    // patch, not twenty-four (and never one shared across slices, or the cheaper plan would get
    // the dearer one's data).
    expect(after.executions - before.executions).toBe(12 * patches);
    expect(after.serialised - before.serialised).toBe(12 * patches);
    expect(after.results - before.results).toBe(subscribers.length * patches);
    expect(after.sent - before.sent).toBe(subscribers.length * patches);
  });

  it('leaves every other message as graphql-ws wrote it, even one that carries the placeholder text', () => {
    const messages = [
      '{"id":"1","type":"next","payload":{"data":{"note":"\\u0000mk-shared:1"}}}',
      '{"id":"1","type":"next","payload":{"data":null,"errors":[{"message":"\\u0000mk-shared:1"}]}}',
      '{"id":"1","type":"error","payload":[{"message":"\\u0000mk-shared:1"}]}',
      '{"type":"connection_ack"}',
    ];
    for (const m of messages) expect(substituteSharedPayload(m)).toBe(m);
  });
});
