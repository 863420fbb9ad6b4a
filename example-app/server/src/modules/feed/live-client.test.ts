// The browser's live feed against this server: the sdk's createLiveFeed over its typed
// OddsSnapshotQuery and OddsPatchesSubscription documents (graphqlFeedSource, fromWire), the
// subscription over server-sent events through the app's handler. Law: after any ticks, patches
// lost or not, the client's snapshot equals the server's feed, cut to the member's slice, as the
// wire carries it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLiveFeed,
  fromWire,
  graphqlFeedSource,
  toWire,
  type FeedQueryTransport,
  type FeedSnapshot,
  type FeedSubscriptionTransport,
  type OddsSnapshotQueryData,
  type WireOddsSnapshot,
} from '@matchkit/sdk/feed';
import { createSimulatedFeed, createSteppedFeed, type SimulatedFeed } from '@matchkit/app-contract/feed';
import { loadMemberAccess } from '../members/access';
import { feedSliceOf } from './access';
import { sliceDelta } from './view';
import { createTestApp, memberWithPlan, testClock, type TestApp } from '../../test/app';

describe('the sdk live feed against the server', () => {
  let t: TestApp;
  let feed: SimulatedFeed;
  let token: string;
  let slice: (s: FeedSnapshot) => FeedSnapshot;
  beforeAll(async () => {
    const clock = testClock('2026-03-02T10:00:00Z');
    feed = createSimulatedFeed({ seed: 11, clock, eventCount: 12 });
    t = await createTestApp({ clock, feed });
    await t.app.start(0, '127.0.0.1');
    token = await memberWithPlan(t, 'u_live', 'platinum');
    const access = await loadMemberAccess(t.database.db, t.app.deps.brand, 'u_live', t.clock());
    const parts = feedSliceOf(t.app.deps.brand, access as NonNullable<typeof access>);
    if (parts === null) throw new Error('a platinum member reads the feed');
    // The server's state as this member receives it: their slice, through the wire and back.
    slice = (s) => fromWire(JSON.parse(JSON.stringify(toWire({ ...s, market: sliceDelta(s.market, parts) }))) as WireOddsSnapshot);
  });
  afterAll(() => t.stop());

  /** The two transports over the app's handler: the query as JSON, the subscription as server-sent events. */
  function transports(): {
    transport: FeedQueryTransport;
    subscriptions: FeedSubscriptionTransport;
    ready: Promise<void>;
    dropNext: () => void;
  } {
    let drop = 0;
    let opened!: () => void;
    const ready = new Promise<void>((resolve) => (opened = resolve));
    const transport: FeedQueryTransport = {
      async request(request) {
        const r = await t.gql<OddsSnapshotQueryData>(request.query, { ...request.variables }, { token });
        // As the sdk's transport rejects: the GraphQL errors kept (graphQLErrors), so a refusal's code reads.
        if (r.errors !== undefined || r.data === null)
          throw Object.assign(new Error(JSON.stringify(r.errors)), { kind: 'graphql', graphQLErrors: r.errors ?? [] });
        return { data: r.data };
      },
    };
    const subscriptions: FeedSubscriptionTransport = {
      subscribe(request, sink) {
        const stop = new AbortController();
        void (async () => {
          const response = await t.app.handler(
            new Request(`${t.config.publicOrigin}/graphql`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${token}` },
              body: JSON.stringify({ query: request.query, variables: request.variables }),
              signal: stop.signal,
            }),
          );
          const reader = (response.body as ReadableStream<Uint8Array>).getReader();
          stop.signal.addEventListener('abort', () => void reader.cancel());
          opened();
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
            if (done) return;
            buffer += new TextDecoder().decode(value);
            let cut: number;
            while ((cut = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, cut);
              buffer = buffer.slice(cut + 2);
              const data = block.split('\n').find((l) => l.startsWith('data:'));
              if (data === undefined || data.slice(5).trim() === '') continue;
              if (drop > 0) drop -= 1;
              else sink.next(JSON.parse(data.slice(5)) as Parameters<typeof sink.next>[0]);
            }
          }
        })();
        return () => stop.abort();
      },
    };
    return { transport, subscriptions, ready, dropNext: () => (drop += 1) };
  }

  it('law: the snapshot, then the patches in order, equal the server state; a lost patch ends in a resync to it', async () => {
    const { transport, subscriptions, ready, dropNext } = transports();
    const frames: (() => void)[] = [];
    const live = createLiveFeed({
      source: graphqlFeedSource({ transport, subscriptions }),
      scheduleFrame: (cb) => {
        frames.push(cb);
        return () => undefined;
      },
    });
    const settle = async () => {
      for (let i = 0; i < 40 && (live.getSnapshot().status !== 'live' || frames.length > 0); i++) {
        await new Promise((r) => setTimeout(r, 20));
        while (frames.length > 0) frames.shift()?.();
      }
    };
    live.start();
    await ready;
    await new Promise((r) => setTimeout(r, 200)); // the subscription reaches the PubSub
    await settle();
    expect(live.getSnapshot().snapshot).toEqual(slice(feed.snapshot()));

    for (let i = 0; i < 3; i++) {
      t.clock.advance(feed.intervalMs);
      feed.tick();
    }
    await new Promise((r) => setTimeout(r, 200));
    await settle();
    expect(live.getSnapshot()).toMatchObject({ status: 'live', resyncs: 0 });
    expect(live.getSnapshot().snapshot).toEqual(slice(feed.snapshot()));

    // A patch lost on the way, then one that arrives: a gap, so a resync, to the server's state.
    dropNext();
    for (let i = 0; i < 2; i++) {
      t.clock.advance(feed.intervalMs);
      feed.tick();
    }
    await new Promise((r) => setTimeout(r, 200));
    await settle();
    expect(live.getSnapshot()).toMatchObject({ status: 'live', resyncs: 1 });
    expect(live.getSnapshot().snapshot).toEqual(slice(feed.snapshot()));
    live.stop();
  });

  it('reads the snapshot in pages at one seq (pageSize) as the whole of it, even when the feed ticks between pages', async () => {
    const { transport, subscriptions } = transports();
    let pagesAsked = 0;
    let tickAfter = -1;
    // Ticks the feed once, after the page numbered `tickAfter` was answered.
    const ticking: FeedQueryTransport = {
      async request(request, options) {
        const answer = await transport.request(request, options);
        if (request.variables.page !== undefined && request.variables.page !== null && pagesAsked++ === tickAfter) {
          t.clock.advance(feed.intervalMs);
          feed.tick();
        }
        return answer;
      },
    };
    const signal = new AbortController().signal;
    for (const size of [1_000, 97, 7]) {
      const read = await graphqlFeedSource({ transport: ticking, subscriptions, pageSize: size }).snapshot(signal);
      expect(read).toEqual(slice(feed.snapshot()));
    }
    expect(pagesAsked).toBeGreaterThan(20);
    // The feed moves on after page 0: the pages still make one seq's snapshot (the one it held).
    pagesAsked = 0;
    tickAfter = 0;
    const before = slice(feed.snapshot());
    const read = await graphqlFeedSource({ transport: ticking, subscriptions, pageSize: 50 }).snapshot(signal);
    expect(read).toEqual(before);
    expect(read.seq).toBe(feed.snapshot().seq - 1);
  });

  it('reads the pages of a seq from another process than page 0 (no sticky sessions): one it held lately, or reaches soon', async () => {
    // A second process: its own database, the same simulated feed (seed, clock, interval), so the
    // same seqs; stepped, so that it moves only when told (its own timer never ticks it first).
    const other = createSteppedFeed({ seed: 11, clock: t.clock, eventCount: 12, intervalMs: feed.intervalMs });
    const u = await createTestApp({ clock: t.clock, feed: other });
    try {
      await u.app.start(0, '127.0.0.1');
      const otherToken = await memberWithPlan(u, 'u_live', 'platinum');
      expect(other.snapshot().seq).toBe(feed.snapshot().seq);
      const { transport, subscriptions } = transports();
      const asked: string[] = [];
      // Page 0 from this process; every other page from the second, after both feeds ticked.
      const balanced: FeedQueryTransport = {
        async request(request, options) {
          const page = request.variables.page;
          if (page === undefined || page === null || page.index === 0) {
            const answer = await transport.request(request, options);
            asked.push(page === undefined || page === null ? 'whole' : 'first');
            t.clock.advance(feed.intervalMs);
            feed.tick();
            other.tick();
            return answer;
          }
          asked.push('other');
          const r = await u.gql<OddsSnapshotQueryData>(request.query, { ...request.variables }, { token: otherToken });
          if (r.errors !== undefined || r.data === null)
            throw Object.assign(new Error(JSON.stringify(r.errors)), { kind: 'graphql', graphQLErrors: r.errors ?? [] });
          return { data: r.data };
        },
      };
      const before = slice(feed.snapshot());
      const read = await graphqlFeedSource({ transport: balanced, subscriptions, pageSize: 40 }).snapshot(new AbortController().signal);
      expect(read).toEqual(before);
      expect(asked[0]).toBe('first');
      expect(asked.filter((a) => a === 'other').length).toBeGreaterThan(3);
      expect(asked).not.toContain('whole');

      // The second process a patch behind: its page waits for the seq, then answers it.
      const seq = feed.snapshot().seq;
      t.clock.advance(feed.intervalMs);
      feed.tick();
      const ahead = u.gql<{ oddsSnapshot: { seq: number } }>(
        'query ($page: OddsSnapshotPage) { oddsSnapshot(page: $page) { seq } }',
        { page: { size: 40, index: 1, seq: seq + 1 } },
        { token: otherToken },
      );
      setTimeout(() => other.tick(), 50);
      const asking = Date.now();
      const answered = await ahead;
      // Answered when it reached the seq, well before the 2 s the wait lasts at most.
      expect(Date.now() - asking).toBeLessThan(1_500);
      expect(answered.errors).toBeUndefined();
      expect(answered.data?.oddsSnapshot.seq).toBe(seq + 1);
    } finally {
      await u.stop();
    }
  });

  it('refuses a page at a seq let go (30 s after its last page) as NOT_FOUND naming page.seq; the client reads the whole snapshot', async () => {
    const { transport, subscriptions } = transports();
    const asked: number[] = [];
    // After page 0 the reader is away 31 s and the feed ticks twice, 11 s apart: the seq page 0 was
    // of is let go (its view 30 s after page 0, its snapshot 10 s after the feed moved past it).
    const away: FeedQueryTransport = {
      async request(request, options) {
        const answer = await transport.request(request, options);
        asked.push(request.variables.page?.index ?? -1);
        if (asked.length === 1) {
          t.clock.advance(20_000);
          feed.tick();
          t.clock.advance(11_000);
          feed.tick();
        }
        return answer;
      },
    };
    const read = await graphqlFeedSource({ transport: away, subscriptions, pageSize: 40 }).snapshot(new AbortController().signal);
    expect(read).toEqual(slice(feed.snapshot()));
    // Page 0 once, then (the seq let go) the whole snapshot in one request.
    expect(asked.filter((index) => index === 0)).toHaveLength(1);
    expect(asked.filter((index) => index === -1)).toHaveLength(1);
    // Asked directly: the refusal names the field.
    const seq = feed.snapshot().seq;
    await graphqlFeedSource({ transport, subscriptions, pageSize: 40 }).snapshot(new AbortController().signal);
    t.clock.advance(20_000);
    feed.tick();
    t.clock.advance(11_000);
    feed.tick();
    const r = await t.gql(
      'query ($page: OddsSnapshotPage) { oddsSnapshot(page: $page) { seq } }',
      { page: { size: 40, index: 1, seq } },
      { token },
    );
    expect(r.errors?.map((e) => [e.extensions?.code, (e.extensions as { field?: string } | undefined)?.field])).toEqual([
      ['NOT_FOUND', 'page.seq'],
    ]);
  });

  it('refuses a page of no records, or too many, or before page 0, as BAD_INPUT naming the field', async () => {
    for (const [page, field] of [
      [{ size: 0, index: 0 }, 'page.size'],
      [{ size: 50_001, index: 0 }, 'page.size'],
      [{ size: 10, index: -1 }, 'page.index'],
      [{ size: 50_000, index: 1 }, 'page.index'],
      [{ size: 50_000, index: 7 }, 'page.index'],
    ] as const) {
      const r = await t.gql('query ($page: OddsSnapshotPage) { oddsSnapshot(page: $page) { seq } }', { page }, { token });
      expect(r.errors?.map((e) => [e.extensions?.code, (e.extensions as { field?: string } | undefined)?.field])).toEqual([
        ['BAD_INPUT', field],
      ]);
    }
  });

  it('refuses an index at or past pages without keeping the view: page 0 is always answered, the last page is', async () => {
    const first = await t.gql<{ oddsSnapshot: { seq: number; pages: number } }>(
      'query ($page: OddsSnapshotPage) { oddsSnapshot(page: $page) { seq pages } }',
      { page: { size: 40, index: 0 } },
      { token },
    );
    const { seq, pages } = (first.data as { oddsSnapshot: { seq: number; pages: number } }).oddsSnapshot;
    expect(pages).toBeGreaterThan(1);
    feed.tick();
    const ask = (index: number) =>
      t.gql('query ($page: OddsSnapshotPage) { oddsSnapshot(page: $page) { seq } }', { page: { size: 40, index, seq } }, { token });
    const past = await ask(pages);
    expect(past.errors?.map((e) => [e.extensions?.code, (e.extensions as { field?: string } | undefined)?.field])).toEqual([
      ['BAD_INPUT', 'page.index'],
    ]);
    expect((await ask(pages - 1)).errors).toBeUndefined();
    // A refused index does not refresh the view: 31 s after the last page answered it is let go.
    t.clock.advance(20_000);
    await ask(pages + 3);
    t.clock.advance(11_000);
    expect((await ask(pages - 1)).errors?.map((e) => e.extensions?.code)).toEqual(['NOT_FOUND']);
  });

  it("one member's many filters do not evict another member's view; a member's third view evicts their own oldest", async () => {
    const other = await memberWithPlan(t, 'u_live_other', 'platinum');
    const PAGE = 'query ($filter: OddsFilter, $page: OddsSnapshotPage) { oddsSnapshot(filter: $filter, page: $page) { seq pages } }';
    const first = await t.gql<{ oddsSnapshot: { seq: number; pages: number } }>(PAGE, { page: { size: 40, index: 0 } }, { token });
    const { seq } = (first.data as { oddsSnapshot: { seq: number } }).oddsSnapshot;
    // The other member reads page 0 of a view for each event, more than the process kept before (8).
    const events = feed.snapshot().market.events.map((e) => e.id);
    expect(events.length).toBeGreaterThan(8);
    for (const id of events) {
      const r = await t.gql(PAGE, { filter: { eventIds: [id] }, page: { size: 2, index: 0 } }, { token: other });
      expect(r.errors).toBeUndefined();
    }
    // The feed moves on, and on again past the 10 s a process keeps a snapshot it no longer holds:
    // a page at page 0's seq is answered only from a view kept (30 s).
    feed.tick();
    t.clock.advance(11_000);
    feed.tick();
    const mine = await t.gql(PAGE, { page: { size: 40, index: 1, seq } }, { token });
    expect(mine.errors).toBeUndefined();
    const code = async (id: string) =>
      (await t.gql(PAGE, { filter: { eventIds: [id] }, page: { size: 2, index: 0, seq } }, { token: other })).errors?.map(
        (e) => e.extensions?.code,
      );
    // The other member keeps their last two views, and not the first.
    expect(await code(events.at(-1) as string)).toBeUndefined();
    expect(await code(events.at(-2) as string)).toBeUndefined();
    expect(await code(events[0] as string)).toEqual(['NOT_FOUND']);
  });
});
