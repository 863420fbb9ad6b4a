import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { applyPatch, createSimulatedFeed, type FeedPatch, type SimulatedFeed } from '../../feed/index';
import { createTestApp, memberWithPlan, testClock, type TestApp } from '../../test/app';

const SNAPSHOT = `query ($filter: OddsFilter) { oddsSnapshot(filter: $filter) { seq at simulated events { id sport } markets { id eventId } backPrices { key bookmaker selectionId odds bestOddsGuaranteed } exchangePrices { key exchange selectionId places lay { odds liquidity } commission } betBuilders { id } } }`;

/** Reads server-sent events from a subscription sent through the handler, until `count` arrived. */
async function subscribe(t: TestApp, query: string, token: string | null, count: number, onReady: () => void) {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
  if (token !== null) headers['authorization'] = `Bearer ${token}`;
  const response = await t.app.handler(new Request(`${t.config.publicOrigin}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query }) }));
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const events: unknown[] = [];
  let buffer = '';
  onReady();
  while (events.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += new TextDecoder().decode(value);
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const data = block.split('\n').find((l) => l.startsWith('data:'));
      if (data !== undefined && data.slice(5).trim() !== '') events.push(JSON.parse(data.slice(5)));
    }
  }
  await reader.cancel();
  return events as { data?: Record<string, unknown>; errors?: { extensions?: { code?: string } }[] }[];
}

describe('the odds feed over GraphQL (simulated, gated by a tool that reads it)', () => {
  let t: TestApp;
  let feed: SimulatedFeed;
  let member: string;
  let calculatorsOnly: string;
  beforeAll(async () => {
    const clock = testClock('2026-03-02T10:00:00Z');
    feed = createSimulatedFeed({ seed: 7, clock, eventCount: 12 });
    t = await createTestApp({ clock, feed });
    await t.app.start(0, '127.0.0.1');
    member = await memberWithPlan(t, 'u_feed', 'platinum');
    calculatorsOnly = await memberWithPlan(t, 'u_nofeed', null);
  });
  afterAll(() => t.stop());

  it('refuses the snapshot to a visitor (UNAUTHENTICATED) and to a member without a feed tool (FORBIDDEN)', async () => {
    const anon = await t.gql(SNAPSHOT);
    expect(anon.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const free = await t.gql(SNAPSHOT, {}, { token: calculatorsOnly });
    expect(free.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('refuses the patch subscription the same way, whatever the client sends', async () => {
    const [event] = await subscribe(t, 'subscription { oddsPatches { seq } }', calculatorsOnly, 1, () => undefined);
    expect(event?.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('gives a member the simulated snapshot with its sequence number, equal to the feed', async () => {
    const r = await t.gql<{ oddsSnapshot: { seq: number; simulated: boolean; events: unknown[]; backPrices: { key: string }[] } }>(SNAPSHOT, {}, { token: member });
    expect(r.errors).toBeUndefined();
    const s = r.data?.oddsSnapshot;
    expect(s?.simulated).toBe(true);
    expect(s?.seq).toBe(feed.snapshot().seq);
    expect(s?.events).toHaveLength(feed.snapshot().market.events.length);
    expect(s?.backPrices.length).toBe(feed.snapshot().market.backPrices.length);
  });

  it('filters the snapshot by sport', async () => {
    const r = await t.gql<{ oddsSnapshot: { events: { sport: string }[]; markets: unknown[] } }>(SNAPSHOT, { filter: { sports: ['golf'] } }, { token: member });
    const sports = new Set(r.data?.oddsSnapshot.events.map((e) => e.sport));
    expect([...sports]).toEqual(['golf']);
  });

  it('streams each patch with the next sequence number; the snapshot plus the patches is the feed at that tick', async () => {
    const before = feed.snapshot();
    const events = await subscribe(t, 'subscription { oddsPatches { seq at upserts { events { id } markets { id } backPrices { key } exchangePrices { key } betBuilders { id } } removes { events markets backPrices exchangePrices betBuilders } } }', member, 2, () => {
      // Let the subscription reach the PubSub, then move the clock two ticks.
      setTimeout(() => {
        t.clock.advance(feed.intervalMs);
        feed.tick();
        t.clock.advance(feed.intervalMs);
        feed.tick();
      }, 200);
    });
    const seqs = events.map((e) => (e.data?.['oddsPatches'] as FeedPatch).seq);
    expect(seqs).toEqual([before.seq + 1, before.seq + 2]);
    // The wire patch's keys are the feed's own: applying the feed's patches gives the feed's state.
    const replayed = applyPatch(applyPatch(before, feed.patchAt(before.seq + 1)), feed.patchAt(before.seq + 2));
    expect(replayed.market).toEqual(feed.snapshot().market);
  });

  it('oddsUpdated (1.0) sends each changed market with only the filter\'s bookmakers and exchanges', async () => {
    const [bookmaker] = feed.snapshot().market.backPrices.map((p) => p.bookmaker);
    const events = await subscribe(
      t,
      `subscription { oddsUpdated(filter: { bookmakers: ["${bookmaker}"], exchanges: ["smarkets"] }) { marketId selections { back { bookmaker } lay { exchange } } } }`,
      member,
      3,
      () => {
        setTimeout(() => {
          t.clock.advance(feed.intervalMs);
          feed.tick();
        }, 200);
      },
    );
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) {
      const u = e.data?.['oddsUpdated'] as { selections: { back: { bookmaker: string }[]; lay: { exchange: string }[] }[] };
      for (const sel of u.selections) {
        expect(sel.back.every((b) => b.bookmaker === bookmaker)).toBe(true);
        expect(sel.lay.every((l) => l.exchange === 'smarkets')).toBe(true);
      }
    }
  });
  it('ends a member\'s patch stream with FORBIDDEN once their plan has lapsed', async () => {
    const lapsing = await memberWithPlan(t, 'u_lapse', 'platinum');
    const events = await subscribe(t, 'subscription { oddsPatches { seq } }', lapsing, 1, () => {
      setTimeout(() => {
        // The plan's paid period ends 30 days after the test clock's start.
        t.clock.advance(31 * 86_400_000);
        feed.tick();
      }, 200);
    });
    expect(events[0]?.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
  it('ends a member\'s patch stream with UNAUTHENTICATED within 30 s of their signing out everywhere', async () => {
    const leaving = await memberWithPlan(t, 'u_leave', 'platinum');
    // The stream ends after its error, so reading up to 5 events stops there. A patch that other
    // tests' ticks publish before the clock moves may come first, as data.
    const events = await subscribe(t, 'subscription { oddsPatches { seq } }', leaving, 5, () => {
      setTimeout(() => {
        void t.database.db
          .update(users)
          .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
          .where(eq(users.id, 'u_leave'))
          .then(() => {
            t.clock.advance(31_000);
            feed.tick();
          });
      }, 200);
    });
    expect(events.length).toBeLessThan(5);
    expect(events.at(-1)?.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(events.slice(0, -1).every((e) => e.data?.['oddsPatches'] !== undefined)).toBe(true);
  });
});
