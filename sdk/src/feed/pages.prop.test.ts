// graphqlFeedSource's `pageSize`: the snapshot read in pages at one seq (OddsSnapshotPageQuery),
// against a transport that pages a wire snapshot as the schema says (its records as one list,
// `size` a page) and can move on to a newer snapshot between two pages.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isValidationError } from '../errors/errors';
import { graphqlFeedSource, type FeedQueryTransport, type FeedSubscriptionTransport } from './live';
import { applyPatch, diffMarkets, type FeedSnapshot } from './contract';
import { OddsSnapshotPageQuery, OddsSnapshotQuery, toWire, fromWire, type OddsFeedVariables, type WireOddsSnapshot } from './wire';
import type { MarketSnapshot } from '../matching/model';

const LISTS = ['events', 'markets', 'backPrices', 'exchangePrices', 'betBuilders'] as const;

/** Page `index` of `size` of a wire snapshot, as the schema describes OddsSnapshot(page:). */
function pageOf(whole: WireOddsSnapshot, index: number, size: number): WireOddsSnapshot {
  const all = LISTS.flatMap((list) => whole[list].map((record) => ({ list, record })));
  const part = all.slice(index * size, (index + 1) * size);
  const only = (list: (typeof LISTS)[number]) => part.filter((p) => p.list === list).map((p) => p.record) as never;
  return {
    seq: whole.seq,
    at: whole.at,
    simulated: whole.simulated,
    pages: Math.max(1, Math.ceil(all.length / size)),
    events: only('events'),
    markets: only('markets'),
    backPrices: only('backPrices'),
    exchangePrices: only('exchangePrices'),
    betBuilders: only('betBuilders'),
  };
}

/** A canonical snapshot of `market` at `seq`. */
function snapshotOf(market: MarketSnapshot, seq: number): FeedSnapshot {
  const empty: FeedSnapshot = {
    seq: seq - 1,
    at: 1_700_000_000_000,
    simulated: true,
    market: { events: [], markets: [], backPrices: [], exchangePrices: [], betBuilders: [] },
  };
  return applyPatch(empty, diffMarkets(empty.market, market, seq, 1_700_000_000_000 + seq * 250));
}

const sport = fc.constantFrom('football', 'golf');
const name = fc.string({ minLength: 1, maxLength: 6 });
/** A market of up to a few events, each with one market of a few runners, back and exchange prices on each runner. */
const market = fc
  .array(fc.tuple(sport, name, fc.integer({ min: 1, max: 4 }), fc.subarray(['a-bet', 'b-bet', 'c-bet'])), { maxLength: 5 })
  .map((events): MarketSnapshot => {
    const runners = (i: number, n: number) => Array.from({ length: n }, (_, r) => ({ id: `e${i}/m/r${r}`, name: `R${r}` }));
    return {
      events: events.map(([s, n], i) => ({ id: `e${i}`, sport: s, name: n, startsAt: '2026-06-01T15:00:00.000Z' })),
      markets: events.map(([, , n], i) => ({
        id: `e${i}/m`,
        eventId: `e${i}`,
        type: 'match-odds',
        name: 'Match Odds',
        runners: runners(i, n),
      })),
      backPrices: events.flatMap(([, , n, books], i) =>
        runners(i, n).flatMap((r, k) => books.map((bookmaker) => ({ bookmaker, selectionId: r.id, odds: 2 + k / 10 }))),
      ),
      exchangePrices: events.flatMap(([, , n], i) =>
        runners(i, n).map((r, k) => ({
          exchange: 'smarkets',
          selectionId: r.id,
          back: null,
          lay: { odds: 2.1 + k / 10, liquidity: 5_000 },
          commission: 0.02,
        })),
      ),
      betBuilders: events.map((_, i) => ({ id: `e${i}/bb`, bookmaker: 'a-bet', eventId: `e${i}`, odds: 5, legs: [`e${i}/m/r0`] })),
    };
  });

const noSubscriptions: FeedSubscriptionTransport = { subscribe: () => () => undefined };

/** A transport that answers from `snapshots` (the one now: `now()`), keeping seq `kept` for the pages asked at it. */
function pagingTransport(now: () => FeedSnapshot, kept: (seq: number) => FeedSnapshot | undefined) {
  const asked: OddsFeedVariables[] = [];
  const transport: FeedQueryTransport = {
    request: async (request) => {
      await Promise.resolve();
      asked.push(request.variables);
      const page = request.variables.page;
      if (page === undefined || page === null) {
        expect(request.query).toBe(OddsSnapshotQuery);
        return { data: { oddsSnapshot: JSON.parse(JSON.stringify(toWire(now()))) as WireOddsSnapshot } };
      }
      expect(request.query).toBe(OddsSnapshotPageQuery);
      const at = page.seq === undefined || page.seq === null ? now() : (kept(page.seq) ?? now());
      return { data: { oddsSnapshot: JSON.parse(JSON.stringify(pageOf(toWire(at), page.index, page.size))) as WireOddsSnapshot } };
    },
  };
  return { transport, asked };
}

describe('graphqlFeedSource in pages', () => {
  it('law: the pages of one seq, end to end, are exactly the snapshot read in one request', async () => {
    await fc.assert(
      fc.asyncProperty(market, fc.integer({ min: 1, max: 40 }), async (m, size) => {
        const snapshot = snapshotOf(m, 12);
        const whole = fromWire(JSON.parse(JSON.stringify(toWire(snapshot))) as WireOddsSnapshot);
        const { transport, asked } = pagingTransport(
          () => snapshot,
          (seq) => (seq === snapshot.seq ? snapshot : undefined),
        );
        const read = await graphqlFeedSource({ transport, subscriptions: noSubscriptions, pageSize: size }).snapshot(
          new AbortController().signal,
        );
        expect(read).toEqual(whole);
        // The keys the pages made as they came find every record: a patch moving every price applies as to the whole.
        const moved = { ...whole.market, backPrices: whole.market.backPrices.map((p) => ({ ...p, odds: p.odds + 1 })) };
        const patch = diffMarkets(whole.market, moved, whole.seq + 1, whole.at + 250);
        expect(applyPatch(read, patch)).toEqual(applyPatch(whole, patch));
        const records = LISTS.reduce((n, list) => n + (snapshot.market[list]?.length ?? 0), 0);
        // One request a page, page 0 without a seq and the others at page 0's.
        expect(asked).toEqual(
          Array.from({ length: Math.max(1, Math.ceil(records / size)) }, (_, index) => ({
            page: index === 0 ? { size, index } : { size, index, seq: snapshot.seq },
          })),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('law: when the server moves on between pages, the pages read are all of one seq (the newer one, read again from page 0)', async () => {
    await fc.assert(
      fc.asyncProperty(market, market, fc.integer({ min: 1, max: 10 }), async (m1, m2, size) => {
        const older = snapshotOf(m1, 20);
        const newer = snapshotOf(m2, 21);
        let requests = 0;
        // The older snapshot is current for the first request only, and never kept for its pages.
        const { transport } = pagingTransport(
          () => (requests++ === 0 ? older : newer),
          (seq) => (seq === newer.seq ? newer : undefined),
        );
        const read = await graphqlFeedSource({ transport, subscriptions: noSubscriptions, pageSize: size }).snapshot(
          new AbortController().signal,
        );
        const pages = LISTS.reduce((n, list) => n + (older.market[list]?.length ?? 0), 0) > size;
        expect(read).toEqual(fromWire(JSON.parse(JSON.stringify(toWire(pages ? newer : older))) as WireOddsSnapshot));
      }),
      { numRuns: 100 },
    );
  });

  it('after three tries that each saw a newer snapshot, reads the whole snapshot in one request', async () => {
    const market: MarketSnapshot = {
      events: [{ id: 'e1', sport: 'football', name: 'A v B', startsAt: '2026-06-01T15:00:00.000Z' }],
      markets: [],
      backPrices: [],
      exchangePrices: [],
      betBuilders: [{ id: 'e1/bb', bookmaker: 'a-bet', eventId: 'e1', odds: 5, legs: [] }],
    };
    let seq = 30;
    // Every request sees a newer snapshot than the one before.
    const { transport, asked } = pagingTransport(
      () => snapshotOf(market, seq++),
      () => undefined,
    );
    const read = await graphqlFeedSource({ transport, subscriptions: noSubscriptions, pageSize: 1 }).snapshot(new AbortController().signal);
    expect(asked.map((v) => v.page?.index ?? 'whole')).toEqual([0, 1, 0, 1, 0, 1, 'whole']);
    expect(read.seq).toBe(36);
  });

  it('refuses a page size that is not a whole number from 1 to 50,000, naming the option', () => {
    for (const pageSize of [0, -1, 1.5, 50_001, Number.NaN]) {
      let thrown: unknown;
      try {
        graphqlFeedSource({ transport: { request: () => Promise.reject(new Error('unused')) }, subscriptions: noSubscriptions, pageSize });
      } catch (e) {
        thrown = e;
      }
      expect(isValidationError(thrown) && thrown.issues.map((i) => i.path)).toEqual(['pageSize']);
    }
  });
});
