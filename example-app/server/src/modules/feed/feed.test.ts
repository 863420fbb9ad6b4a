import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { feedParts, type FeedPart } from '@matchkit/sdk/matching';
import { ledger, sessions, users } from '../../db/schema';
import {
  applyPatch,
  fromWire,
  OddsPatchesSubscription,
  OddsSnapshotQuery,
  priceKey,
  type FeedPatch,
  type FeedSnapshot,
  type OddsPatchesSubscriptionData,
  type OddsSnapshotQueryData,
} from '@matchkit/sdk/feed';
import { createSimulatedFeed, type SimulatedFeed } from '@matchkit/app-contract/feed';
import { loadMemberAccess } from '../members/access';
import { feedSliceOf } from './access';
import { sliceDelta, sliceRemovals } from './view';
import { createTestApp, memberWithPlan, testClock, type TestApp } from '../../test/app';
import { signInAs } from '../../auth/sessions';

const SNAPSHOT = `query ($filter: OddsFilter) { oddsSnapshot(filter: $filter) { seq at simulated events { id sport } markets { id eventId } backPrices { key bookmaker selectionId odds bestOddsGuaranteed } exchangePrices { key exchange selectionId places lay { odds liquidity } commission } betBuilders { id } } }`;

/** Reads server-sent events from a subscription sent through the handler, until `count` arrived. */
async function subscribe(
  t: TestApp,
  query: string,
  token: string | null,
  count: number,
  onReady: () => void,
  variables: Record<string, unknown> = {},
) {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
  if (token !== null) headers['authorization'] = `Bearer ${token}`;
  const response = await t.app.handler(
    new Request(`${t.config.publicOrigin}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) }),
  );
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

const sliceSnapshot = (s: FeedSnapshot, parts: readonly FeedPart[]): FeedSnapshot => ({ ...s, market: sliceDelta(s.market, parts) });
const slicePatch = (p: FeedPatch, parts: readonly FeedPart[]): FeedPatch => ({
  ...p,
  upserts: sliceDelta(p.upserts, parts),
  removes: sliceRemovals(p.removes, parts),
});

describe('slices of the feed', () => {
  it('law: applying the slice of patch n to the slice of snapshot n − 1 gives the slice of snapshot n, for every slice', () => {
    const clock = testClock('2026-03-02T10:00:00Z');
    const feed = createSimulatedFeed({ seed: 3, clock, eventCount: 16 });
    const ticks: { before: FeedSnapshot; patch: FeedPatch; after: FeedSnapshot }[] = [];
    for (let i = 0; i < 40; i++) {
      const before = feed.snapshot();
      clock.advance(feed.intervalMs);
      const patch = feed.tick();
      ticks.push({ before: { ...before }, patch, after: { ...feed.snapshot() } });
    }
    // The simulated feed carries every part, so no slice is trivially equal to the whole.
    const m = feed.snapshot().market;
    expect(
      m.exchangePrices.some((p) => p.places !== undefined) &&
        m.backPrices.some((p) => p.eachWay !== undefined) &&
        (m.betBuilders ?? []).length > 0,
    ).toBe(true);
    fc.assert(
      fc.property(fc.subarray([...feedParts]), fc.integer({ min: 0, max: ticks.length - 1 }), (parts, i) => {
        const { before, patch, after } = ticks[i] as (typeof ticks)[number];
        expect(applyPatch(sliceSnapshot(before, parts), slicePatch(patch, parts)).market).toEqual(sliceSnapshot(after, parts).market);
        // A slice's removals name only records of that slice (applyPatch ignores unknown keys, so
        // the law above alone would not see a removal leaking a part the slice does not hold).
        const held = sliceSnapshot(before, parts).market;
        const removes = slicePatch(patch, parts).removes;
        const keysOf = (rows: readonly object[]) =>
          new Set(rows.map((r) => ('key' in r ? (r as { key: string }).key : (r as { id: string }).id)));
        const heldKeys = {
          events: keysOf(held.events),
          markets: keysOf(held.markets),
          backPrices: keysOf(held.backPrices.map((p) => ({ key: priceKey.back(p) }))),
          exchangePrices: keysOf(held.exchangePrices.map((p) => ({ key: priceKey.exchange(p) }))),
          betBuilders: keysOf((held.betBuilders ?? []).map((b) => ({ key: priceKey.betBuilder(b) }))),
        };
        for (const [kind, keys] of Object.entries(removes) as [keyof typeof heldKeys, readonly string[]][]) {
          for (const key of keys) expect(heldKeys[kind].has(key), `${kind} ${key}`).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });
});

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
    const r = await t.gql<{ oddsSnapshot: { seq: number; simulated: boolean; events: unknown[]; backPrices: { key: string }[] } }>(
      SNAPSHOT,
      {},
      { token: member },
    );
    expect(r.errors).toBeUndefined();
    const s = r.data?.oddsSnapshot;
    expect(s?.simulated).toBe(true);
    expect(s?.seq).toBe(feed.snapshot().seq);
    expect(s?.events).toHaveLength(feed.snapshot().market.events.length);
    expect(s?.backPrices.length).toBe(feed.snapshot().market.backPrices.length);
  });

  it('sends each member only the parts their tools read, whatever they ask for', async () => {
    const WHOLE = `{ oddsSnapshot { backPrices { key eachWay { places } boostedFrom bestOddsGuaranteed earlyPayout { goalsAhead } } exchangePrices { key places back { odds } eachWayLay { odds } } markets { id exchangePlaces } betBuilders { id } } }`;
    interface Whole {
      oddsSnapshot: {
        backPrices: { eachWay: unknown; boostedFrom: unknown; bestOddsGuaranteed: boolean; earlyPayout: unknown }[];
        exchangePrices: { places: number | null; back: unknown; eachWayLay: unknown }[];
        markets: { exchangePlaces: number | null }[];
        betBuilders: unknown[];
      };
    }
    const present = (s: Whole['oddsSnapshot']): FeedPart[] =>
      feedParts.filter((part) => {
        switch (part) {
          case 'exchangeBacks':
            return s.exchangePrices.some((p) => p.back !== null);
          case 'placeMarkets':
            return s.exchangePrices.some((p) => p.places !== null) || s.markets.some((m) => m.exchangePlaces !== null);
          case 'eachWay':
            return s.backPrices.some((p) => p.eachWay !== null);
          case 'eachWayLay':
            return s.exchangePrices.some((p) => p.eachWayLay !== null);
          case 'boosts':
            return s.backPrices.some((p) => p.boostedFrom !== null);
          case 'bestOddsGuaranteed':
            return s.backPrices.some((p) => p.bestOddsGuaranteed);
          case 'earlyPayout':
            return s.backPrices.some((p) => p.earlyPayout !== null);
          case 'betBuilders':
            return s.betBuilders.length > 0;
        }
      });
    const received: Record<string, FeedPart[]> = {};
    for (const plan of ['platinum', 'pro-plus']) {
      const id = `u_slice_${plan}`;
      const token = await memberWithPlan(t, id, plan);
      const access = await loadMemberAccess(t.database.db, t.app.deps.brand, id, t.clock());
      const parts = feedSliceOf(t.app.deps.brand, access as NonNullable<typeof access>);
      const r = await t.gql<Whole>(WHOLE, {}, { token });
      expect(r.errors).toBeUndefined();
      // The simulated feed carries every part, so what arrives is exactly the plan's slice.
      received[plan] = present(r.data?.oddsSnapshot as Whole['oddsSnapshot']);
      expect(received[plan], plan).toEqual(parts);
    }
    expect(received['platinum']?.length).toBeLessThan(received['pro-plus']?.length ?? 0);
  });

  it('filters the snapshot by sport', async () => {
    const r = await t.gql<{ oddsSnapshot: { events: { sport: string }[]; markets: unknown[] } }>(
      SNAPSHOT,
      { filter: { sports: ['golf'] } },
      { token: member },
    );
    const sports = new Set(r.data?.oddsSnapshot.events.map((e) => e.sport));
    expect([...sports]).toEqual(['golf']);
  });

  it('streams each patch with the next sequence number; the snapshot plus the patches is the feed at that tick', async () => {
    const before = feed.snapshot();
    const events = await subscribe(
      t,
      'subscription { oddsPatches { seq at upserts { events { id } markets { id } backPrices { key } exchangePrices { key } betBuilders { id } } removes { events markets backPrices exchangePrices betBuilders } } }',
      member,
      2,
      () => {
        // Let the subscription reach the PubSub, then move the clock two ticks.
        setTimeout(() => {
          t.clock.advance(feed.intervalMs);
          feed.tick();
          t.clock.advance(feed.intervalMs);
          feed.tick();
        }, 200);
      },
    );
    const seqs = events.map((e) => (e.data?.['oddsPatches'] as FeedPatch).seq);
    expect(seqs).toEqual([before.seq + 1, before.seq + 2]);
    // The wire patch's keys are the feed's own: applying the feed's patches gives the feed's state.
    const replayed = applyPatch(applyPatch(before, feed.patchAt(before.seq + 1)), feed.patchAt(before.seq + 2));
    expect(replayed.market).toEqual(feed.snapshot().market);
  });

  it("with quoteColumns (the sdk's document), prices whose quotes alone moved come as columns; the snapshot plus the patches is the next snapshot", async () => {
    const first = await t.gql<OddsSnapshotQueryData>(OddsSnapshotQuery, {}, { token: member });
    const count = 6;
    const events = await subscribe(
      t,
      OddsPatchesSubscription,
      member,
      count,
      () => {
        setTimeout(() => {
          for (let i = 0; i < count; i++) {
            t.clock.advance(feed.intervalMs);
            feed.tick();
          }
        }, 200);
      },
      { quoteColumns: true },
    );
    const patches = events.map((e) => (e.data as unknown as OddsPatchesSubscriptionData).oddsPatches);
    expect(patches).toHaveLength(count);
    expect(patches.every((p) => (p.quotes?.keys.length ?? 0) > 0)).toBe(true);
    // No price is both moved and whole in one patch.
    for (const p of patches) {
      const whole = new Set(p.upserts.exchangePrices.map((x) => x.key));
      expect(p.quotes?.keys.some((k) => whole.has(k))).toBe(false);
    }
    let view = fromWire((first.data as OddsSnapshotQueryData).oddsSnapshot);
    for (const p of patches) view = applyPatch(view, fromWire(p));
    const next = await t.gql<OddsSnapshotQueryData>(OddsSnapshotQuery, {}, { token: member });
    expect(view).toEqual(fromWire((next.data as OddsSnapshotQueryData).oddsSnapshot));
  });

  it("oddsUpdated (1.0) sends each changed market with only the filter's bookmakers and exchanges", async () => {
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
  /** Keeps the member's sessions alive across the tests' 31-day jump (a session unused that long has ended: UNAUTHENTICATED would come first). */
  async function outliveTheJump(app: TestApp, userId: string): Promise<void> {
    await app.database.db
      .update(sessions)
      .set({ expiresAt: new Date(app.clock() + 400 * 86_400_000) })
      .where(eq(sessions.userId, userId));
  }

  it("ends a member's patch stream with FORBIDDEN once their plan has lapsed", async () => {
    const lapsing = await memberWithPlan(t, 'u_lapse', 'platinum');
    await outliveTheJump(t, 'u_lapse');
    const events = await subscribe(t, 'subscription { oddsPatches { seq } }', lapsing, 1, () => {
      setTimeout(() => {
        // The plan's paid period ends 30 days after the test clock's start.
        t.clock.advance(31 * 86_400_000);
        feed.tick();
      }, 200);
    });
    expect(events[0]?.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
  it("ends a member's patch stream with FORBIDDEN once their slice shrinks (the dearer plan lapsed, a cheaper one still runs)", async () => {
    const now = t.clock();
    const shrinking = await memberWithPlan(t, 'u_shrink', 'pro-plus');
    await outliveTheJump(t, 'u_shrink');
    await t.database.db.insert(ledger).values({
      id: 'u_shrink:platinum',
      userId: 'u_shrink',
      type: 'payment',
      plan: 'platinum',
      amount: 0,
      periodStart: new Date(now - 86_400_000),
      periodEnd: new Date(now + 400 * 86_400_000),
      at: new Date(now - 86_400_000),
    });
    const events = await subscribe(t, 'subscription { oddsPatches { seq } }', shrinking, 5, () => {
      setTimeout(() => {
        // The Pro Plus term ends 30 days after now; the platinum one runs on (a feed tool still).
        t.clock.advance(31 * 86_400_000);
        feed.tick();
      }, 200);
    });
    const access = await loadMemberAccess(t.database.db, t.app.deps.brand, 'u_shrink', t.clock());
    expect(feedSliceOf(t.app.deps.brand, access as NonNullable<typeof access>)).not.toBeNull();
    expect(events.at(-1)?.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    // Subscribing again (signed in afresh: a month has passed) gives the smaller slice.
    const again = (await signInAs(t.app.deps, 'u_shrink', t.clock())).token;
    const fresh = await t.gql<{ oddsSnapshot: { seq: number } }>('{ oddsSnapshot { seq } }', {}, { token: again });
    expect(fresh.errors).toBeUndefined();
  });
  it("ends a member's patch stream with UNAUTHENTICATED within 30 s of their signing out everywhere", async () => {
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
