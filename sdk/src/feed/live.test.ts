import { describe, expect, it } from 'vitest';
import { buildSchema, parse, validate } from 'graphql';
import WebSocket from 'ws';
import { createGraphQLClient, createSubscriptionClient } from '@matchkit/sdk/transport';
import { platformSchemaSDL } from '../transport/test-servers';
import {
  createLiveFeed,
  emptyPatch,
  fromWire,
  graphqlFeedSource,
  OddsPatchesSubscription,
  OddsSnapshotQuery,
  toWire,
  type FeedQueryTransport,
  type FeedSubscriptionTransport,
  type LiveFeedState,
  type OddsFeedVariables,
} from '@matchkit/sdk/feed';
import { fakeServer, manualFrames, matchMarket, settle, snapshotOf } from './testing';

function follow(feed: { subscribe(l: () => void): () => void; getSnapshot(): LiveFeedState }) {
  const seen: LiveFeedState[] = [];
  feed.subscribe(() => seen.push(feed.getSnapshot()));
  return seen;
}

describe('createLiveFeed', () => {
  it('subscribes first, buffers patches until the snapshot, drops those it holds, applies the rest in order', async () => {
    const server = fakeServer(snapshotOf(matchMarket(2)));
    const frames = manualFrames();
    const feed = createLiveFeed({ source: server.source, scheduleFrame: frames.schedule, now: () => 5 });
    const seen = follow(feed);
    feed.start();
    expect(server.subscribers).toBe(1);
    expect(server.requests).toHaveLength(1);
    server.tick(matchMarket(2.1)); // before the snapshot is taken: dropped when the snapshot holds it
    server.requests[0]?.answer();
    server.tick(matchMarket(2.2)); // after: applied
    server.tick(matchMarket(2.3));
    await settle();
    expect(frames.run()).toBe(true);
    expect(frames.pending).toBe(0);
    const last = feed.getSnapshot();
    expect(last.status).toBe('live');
    expect(last.snapshot).toEqual(server.state);
    expect(last.reset).toBe(true);
    expect(last.receivedAt).toBe(5);
    expect(seen.map((s) => s.status)).toEqual(['live']);
  });

  it('applies patches and notifies at most once per frame, however many patches came', async () => {
    const server = fakeServer(snapshotOf(matchMarket(2)));
    const frames = manualFrames();
    const feed = createLiveFeed({ source: server.source, scheduleFrame: frames.schedule });
    feed.start();
    server.requests[0]?.answer();
    await settle();
    frames.run();
    const seen = follow(feed);
    const before = feed.getSnapshot();
    for (let i = 1; i <= 20; i++) server.tick(matchMarket(2 + i / 100));
    expect(feed.getSnapshot()).toBe(before); // nothing applied between frames
    expect(frames.pending).toBe(1);
    frames.run();
    expect(seen).toHaveLength(1);
    const state = feed.getSnapshot();
    expect(state.reset).toBe(false);
    expect(state.applied.map((p) => p.seq)).toEqual(Array.from({ length: 20 }, (_, i) => (before.snapshot?.seq ?? 0) + 1 + i));
    expect(state.snapshot).toEqual(server.state);
    expect(frames.run()).toBe(false); // no frame asked for when nothing changed
  });

  it('a gap drops the buffer and resyncs from a new snapshot, the old one shown meanwhile', async () => {
    const server = fakeServer(snapshotOf(matchMarket(2)));
    const frames = manualFrames();
    const feed = createLiveFeed({ source: server.source, scheduleFrame: frames.schedule });
    feed.start();
    server.requests[0]?.answer();
    await settle();
    frames.run();
    const shown = feed.getSnapshot().snapshot;
    server.tick(matchMarket(2.5), { drop: true });
    server.tick(matchMarket(2.6));
    frames.run();
    expect(feed.getSnapshot()).toMatchObject({ status: 'resyncing', resyncs: 1, snapshot: shown });
    expect(server.requests).toHaveLength(2);
    server.tick(matchMarket(2.7)); // during the resync: kept if the new snapshot lacks it
    server.requests[1]?.answerWith(snapshotOf(matchMarket(2.6), server.state.seq - 1));
    await settle();
    frames.run();
    expect(feed.getSnapshot()).toMatchObject({ status: 'live', resyncs: 1 });
    expect(feed.getSnapshot().snapshot).toEqual(server.state);
  });

  it('a repeated patch is a gap too', async () => {
    const server = fakeServer(snapshotOf(matchMarket(2)));
    const frames = manualFrames();
    const feed = createLiveFeed({ source: server.source, scheduleFrame: frames.schedule });
    feed.start();
    server.requests[0]?.answer();
    await settle();
    frames.run();
    server.tick(matchMarket(2.2), { twice: true });
    frames.run();
    expect(feed.getSnapshot()).toMatchObject({ status: 'resyncing', resyncs: 1 });
  });

  it('a patch whose seq goes backwards (a new leader behind the server) is a gap: a fresh snapshot, never dropped silently', async () => {
    const server = fakeServer(snapshotOf(matchMarket(2)));
    const frames = manualFrames();
    const feed = createLiveFeed({ source: server.source, scheduleFrame: frames.schedule });
    feed.start();
    server.requests[0]?.answer();
    await settle();
    frames.run();
    server.tick(matchMarket(2.2));
    server.tick(matchMarket(2.4));
    frames.run();
    const at = server.state.seq;
    server.send(emptyPatch(at - 5, server.state.at + 250));
    frames.run();
    expect(feed.getSnapshot()).toMatchObject({ status: 'resyncing', resyncs: 1 });
    expect(server.requests).toHaveLength(2);
  });

  it('a stream the server ends is subscribed again, with a new snapshot', async () => {
    const server = fakeServer(snapshotOf(matchMarket(2)));
    const frames = manualFrames();
    const feed = createLiveFeed({ source: server.source, scheduleFrame: frames.schedule });
    feed.start();
    server.requests[0]?.answer();
    await settle();
    frames.run();
    server.complete();
    expect(server.subscribes).toBe(2);
    expect(server.subscribers).toBe(1);
    expect(server.requests).toHaveLength(2);
    server.tick(matchMarket(3));
    server.requests[1]?.answer();
    await settle();
    frames.run();
    expect(feed.getSnapshot()).toMatchObject({ status: 'live', resyncs: 1, snapshot: server.state });
  });

  it('a failed stream or snapshot is an error; start() tries again', async () => {
    const server = fakeServer(snapshotOf(matchMarket(2)));
    const frames = manualFrames();
    const feed = createLiveFeed({ source: server.source, scheduleFrame: frames.schedule });
    feed.start();
    server.requests[0]?.fail(new Error('offline'));
    await settle();
    frames.run();
    expect(feed.getSnapshot().status).toBe('error');
    expect((feed.getSnapshot().error as Error).message).toBe('offline');
    expect(server.subscribers).toBe(0);
    feed.start();
    server.requests[1]?.answer();
    await settle();
    frames.run();
    expect(feed.getSnapshot()).toMatchObject({ status: 'live', error: null });
    server.fail(new Error('forbidden'));
    frames.run();
    expect(feed.getSnapshot().status).toBe('error');
  });

  it('stop() ends the stream, aborts the fetch, cancels the frame and goes idle; resync() fetches again', async () => {
    const server = fakeServer(snapshotOf(matchMarket(2)));
    const frames = manualFrames();
    const feed = createLiveFeed({ source: server.source, scheduleFrame: frames.schedule });
    feed.resync(); // not started: nothing
    expect(server.requests).toHaveLength(0);
    feed.start();
    feed.start(); // idempotent
    expect(server.subscribes).toBe(1);
    const request = server.requests[0];
    feed.stop();
    expect(request?.signal.aborted).toBe(true);
    expect(server.subscribers).toBe(0);
    expect(frames.pending).toBe(0);
    expect(feed.getSnapshot().status).toBe('idle');
    feed.start();
    server.requests[1]?.answer();
    await settle();
    frames.run();
    feed.resync();
    expect(server.requests).toHaveLength(3);
    expect(feed.getSnapshot().resyncs).toBe(0); // told at the next frame
    frames.run();
    expect(feed.getSnapshot()).toMatchObject({ status: 'resyncing', resyncs: 1 });
  });

  it('keeps at most maxBuffered patches; dropping the oldest ends in a resync', async () => {
    const server = fakeServer(snapshotOf(matchMarket(2)));
    const frames = manualFrames();
    const feed = createLiveFeed({ source: server.source, scheduleFrame: frames.schedule, maxBuffered: 2 });
    feed.start();
    server.requests[0]?.answer();
    await settle();
    for (let i = 1; i <= 4; i++) server.tick(matchMarket(2 + i / 10));
    frames.run();
    expect(feed.getSnapshot()).toMatchObject({ status: 'resyncing', resyncs: 1 });
    server.requests[1]?.answer();
    await settle();
    frames.run();
    expect(feed.getSnapshot().snapshot).toEqual(server.state);
  });
});

describe('graphqlFeedSource', () => {
  it('fetches oddsSnapshot and follows oddsPatches with the filter, converting each with fromWire', async () => {
    const initial = snapshotOf(matchMarket(2));
    const asked: OddsFeedVariables[] = [];
    type Sink = Parameters<FeedSubscriptionTransport['subscribe']>[1];
    const sinks: Sink[] = [];
    let stopped = 0;
    const transport: FeedQueryTransport = {
      request: async (request) => {
        expect(request.query).toBe(OddsSnapshotQuery);
        asked.push(request.variables);
        return { data: { oddsSnapshot: toWire(initial) } };
      },
    };
    const subscriptions: FeedSubscriptionTransport = {
      subscribe(request, s) {
        expect(request.query).toBe(OddsPatchesSubscription);
        asked.push(request.variables);
        sinks.push(s);
        return () => (stopped += 1);
      },
    };
    const frames = manualFrames();
    const feed = createLiveFeed({
      source: graphqlFeedSource({ transport, subscriptions, filter: { sports: ['football'] } }),
      scheduleFrame: frames.schedule,
    });
    feed.start();
    await settle();
    frames.run();
    // The subscription (asking for quote columns) is opened before the snapshot is fetched.
    expect(asked).toEqual([{ filter: { sports: ['football'] }, quoteColumns: true }, { filter: { sports: ['football'] } }]);
    expect(feed.getSnapshot().snapshot).toEqual(initial);
    const patch = emptyPatch(initial.seq + 1, initial.at + 250);
    sinks[0]?.next({ data: { oddsPatches: toWire(patch) } });
    frames.run();
    expect(feed.getSnapshot().snapshot?.seq).toBe(initial.seq + 1);
    sinks[0]?.next({ data: null, errors: [{ message: 'FORBIDDEN' }] });
    frames.run();
    expect(feed.getSnapshot().status).toBe('error');
    expect(String(feed.getSnapshot().error)).toContain('FORBIDDEN');
    expect(stopped).toBe(1);
  });

  it('takes the sdk transport clients as they are', () => {
    const source = graphqlFeedSource({
      transport: createGraphQLClient({ url: 'https://api.example.com/graphql' }),
      subscriptions: createSubscriptionClient({ url: 'wss://api.example.com/graphql', webSocketImpl: WebSocket }),
    });
    expect(typeof source.snapshot).toBe('function');
  });
});

describe('the wire', () => {
  const schema = buildSchema(platformSchemaSDL);
  it.each([
    ['OddsSnapshotQuery', OddsSnapshotQuery],
    ['OddsPatchesSubscription', OddsPatchesSubscription],
  ])('%s is valid against the platform schema', (_name, doc) => {
    expect(validate(schema, parse(doc)).map((e) => e.message)).toEqual([]);
  });

  it('fromWire undoes toWire (nulls for absent fields, instants as ISO strings, keys added)', () => {
    const s = snapshotOf({
      ...matchMarket(2),
      backPrices: [
        {
          bookmaker: 'bet-co',
          selectionId: 'e1/mo/home',
          odds: 2,
          eachWay: { places: 3, placeFraction: 0.2 },
          bestOddsGuaranteed: true,
          boostedFrom: 1.9,
          maxStake: 2500,
          earlyPayout: { goalsAhead: 2 },
        },
        { bookmaker: 'bet-two', selectionId: 'e1/mo/home', odds: 2.1, source: 'odds-api', updatedAt: '2026-06-01T14:59:20.000Z' },
      ],
      exchangePrices: [
        {
          exchange: 'betfair',
          selectionId: 'e1/mo/home',
          back: { odds: 2.08, liquidity: 5000 },
          lay: { odds: 2.1, liquidity: 12000 },
          commission: 0.05,
          source: 'betfair',
          updatedAt: '2026-06-01T14:59:58.250Z',
        },
        { exchange: 'smarkets', selectionId: 'e1/mo/home', back: null, lay: { odds: 2.12, liquidity: 800 }, commission: 0.02 },
      ],
    });
    const wire = toWire(s);
    expect(wire.backPrices.map((p) => p.maxStake)).toEqual([2500, null]);
    // Provenance: null where the price has none (simulated), the provider's key and instant where it has.
    expect(wire.backPrices.map((p) => [p.source, p.updatedAt])).toEqual([
      [null, null],
      ['odds-api', '2026-06-01T14:59:20.000Z'],
    ]);
    expect(wire.exchangePrices.map((p) => [p.source, p.updatedAt])).toEqual([
      ['betfair', '2026-06-01T14:59:58.250Z'],
      [null, null],
    ]);
    expect(wire.at).toBe(new Date(s.at).toISOString());
    expect(wire.events[0]?.competition).toBeNull();
    expect(wire.backPrices[0]?.key).toBe('bet-co:e1/mo/home');
    expect(wire.exchangePrices[1]).toMatchObject({ key: 'smarkets:win:e1/mo/home', places: null, eachWayLay: null });
    expect(fromWire(JSON.parse(JSON.stringify(wire)) as typeof wire)).toEqual(s);
    const patch = { ...emptyPatch(11, s.at + 250), removes: { ...emptyPatch(11, 0).removes, backPrices: ['bet-co:e1/mo/home'] } };
    expect(fromWire(toWire(patch))).toEqual(patch);
  });

  it('refuses an at that is not an instant', () => {
    expect(() => fromWire({ ...toWire(emptyPatch(1, 0)), at: 'soon' })).toThrow(/patch at is not an instant/);
  });

  it("refuses a price's updatedAt that is not an instant, naming the price", () => {
    const wire = toWire(snapshotOf(matchMarket(2)));
    const [first, ...rest] = wire.exchangePrices;
    const bad = { ...wire, exchangePrices: [{ ...(first as NonNullable<typeof first>), updatedAt: 'a minute ago' }, ...rest] };
    expect(() => fromWire(bad)).toThrow(/price smarkets:win:e1\/mo\/home updatedAt is not an instant/);
  });

  it('reads a server that sends no provenance (absent fields) as prices without it', () => {
    const wire = toWire(snapshotOf(matchMarket(2)));
    const older = {
      ...wire,
      backPrices: wire.backPrices.map(({ source: _s, updatedAt: _u, ...p }) => p),
      exchangePrices: wire.exchangePrices.map(({ source: _s, updatedAt: _u, ...p }) => p),
    };
    expect(fromWire(older)).toEqual(fromWire(wire));
  });
});
