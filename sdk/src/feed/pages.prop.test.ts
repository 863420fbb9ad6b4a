// graphqlFeedSource's `pageSize`: the snapshot read in pages at one seq (OddsSnapshotPageQuery),
// against a transport that pages a wire snapshot as the schema says (its records as one list,
// `size` a page) and can move on to a newer snapshot between two pages.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isValidationError } from '../errors/errors';
import { TransportError } from '../transport/errors';
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

/** The server's refusal of a page at a seq it no longer holds, as the transport rejects with it. */
const seqGone = (seq: number) =>
  Object.assign(new Error(`page.seq: the snapshot of seq ${seq} is no longer held`), {
    kind: 'graphql',
    graphQLErrors: [{ message: 'no longer held', extensions: { code: 'NOT_FOUND', field: 'page.seq' } }],
  });

/**
 * A transport that answers from the snapshot now (`now()`), keeping seq `kept` for the pages asked
 * at it; a seq not kept is refused as the server does (NOT_FOUND naming page.seq), or, `gone:
 * 'newer'`, answered from the snapshot now (a server that moves on). `delay` stands between a
 * request and its answer (a scheduler's, to answer pages in any order).
 */
function pagingTransport(
  now: () => FeedSnapshot,
  kept: (seq: number) => FeedSnapshot | undefined,
  { gone = 'refuse', delay = (answer) => Promise.resolve(answer) }: PagingOptions = {},
) {
  const asked: OddsFeedVariables[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const transport: FeedQueryTransport = {
    request: async (request) => {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      try {
        await Promise.resolve();
        asked.push(request.variables);
        const page = request.variables.page;
        if (page === undefined || page === null) {
          expect(request.query).toBe(OddsSnapshotQuery);
          return await delay({ data: { oddsSnapshot: JSON.parse(JSON.stringify(toWire(now()))) as WireOddsSnapshot } });
        }
        expect(request.query).toBe(OddsSnapshotPageQuery);
        const held = page.seq === undefined || page.seq === null ? now() : kept(page.seq);
        if (held === undefined && gone === 'refuse') return await delay(Promise.reject(seqGone(page.seq as number)));
        const at = held ?? now();
        return await delay({
          data: { oddsSnapshot: JSON.parse(JSON.stringify(pageOf(toWire(at), page.index, page.size))) as WireOddsSnapshot },
        });
      } finally {
        inFlight -= 1;
      }
    },
  };
  return { transport, asked, mostInFlight: () => mostInFlight };
}

interface PagingOptions {
  readonly gone?: 'refuse' | 'newer';
  readonly delay?: <T>(answer: T | Promise<T>) => Promise<T>;
}

/** How many records a snapshot holds (every list). */
const recordsOf = (snapshot: FeedSnapshot) => LISTS.reduce((n, list) => n + (snapshot.market[list]?.length ?? 0), 0);

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
        // One request a page, page 0 without a seq and the others at page 0's.
        expect(asked).toEqual(
          Array.from({ length: Math.max(1, Math.ceil(recordsOf(snapshot) / size)) }, (_, index) => ({
            page: index === 0 ? { size, index } : { size, index, seq: snapshot.seq },
          })),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('law: when the server lets the seq go between pages (refused, or answered from a newer one), the snapshot is of one seq (the newer one, read whole at once)', async () => {
    await fc.assert(
      fc.asyncProperty(market, market, fc.integer({ min: 1, max: 10 }), fc.constantFrom('refuse', 'newer'), async (m1, m2, size, gone) => {
        const older = snapshotOf(m1, 20);
        const newer = snapshotOf(m2, 21);
        let requests = 0;
        // The older snapshot is current for the first request only, and never kept for its pages.
        const { transport, asked } = pagingTransport(
          () => (requests++ === 0 ? older : newer),
          (seq) => (seq === newer.seq ? newer : undefined),
          { gone },
        );
        const read = await graphqlFeedSource({ transport, subscriptions: noSubscriptions, pageSize: size }).snapshot(
          new AbortController().signal,
        );
        const pages = recordsOf(older) > size;
        expect(read).toEqual(fromWire(JSON.parse(JSON.stringify(toWire(pages ? newer : older))) as WireOddsSnapshot));
        // Page 0 once, then (when there were pages after it) the whole snapshot once, never page 0 again.
        expect(asked.filter((v) => v.page?.index === 0)).toHaveLength(1);
        expect(asked.filter((v) => v.page === undefined)).toHaveLength(pages ? 1 : 0);
      }),
      { numRuns: 100 },
    );
  });

  it('law: pages asked for at once and answered in any order make the same snapshot as one after another, at most 3 in flight', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), market, fc.integer({ min: 1, max: 12 }), async (s, m, size) => {
        const snapshot = snapshotOf(m, 12);
        const held = (seq: number) => (seq === snapshot.seq ? snapshot : undefined);
        const inOrder = await graphqlFeedSource({
          transport: pagingTransport(() => snapshot, held).transport,
          subscriptions: noSubscriptions,
          pageSize: size,
        }).snapshot(new AbortController().signal);
        const { transport, mostInFlight } = pagingTransport(() => snapshot, held, {
          delay: (answer) => s.schedule(Promise.resolve(answer)),
        });
        const read = await s.waitFor(
          graphqlFeedSource({ transport, subscriptions: noSubscriptions, pageSize: size }).snapshot(new AbortController().signal),
        );
        expect(read).toEqual(inOrder);
        const pages = Math.max(1, Math.ceil(recordsOf(snapshot) / size));
        expect(mostInFlight()).toBe(Math.min(3, Math.max(1, pages - 1)));
      }),
      { numRuns: 200 },
    );
  });

  it('a page that fails fails the whole read with its error, the pages still in flight stopped: never a part of the snapshot', async () => {
    const market: MarketSnapshot = {
      events: Array.from({ length: 10 }, (_, i) => ({
        id: `e${i}`,
        sport: 'football',
        name: `E${i}`,
        startsAt: '2026-06-01T15:00:00.000Z',
      })),
      markets: [],
      backPrices: [],
      exchangePrices: [],
      betBuilders: [],
    };
    const snapshot = snapshotOf(market, 40);
    const failure = Object.assign(new Error('the server answered 502'), { kind: 'http', status: 502 });
    const stopped: number[] = [];
    const transport: FeedQueryTransport = {
      request: (request, { signal }) => {
        const page = request.variables.page;
        if (page === undefined || page === null) return Promise.reject(new Error('not asked for whole'));
        if (page.index === 0) return Promise.resolve({ data: { oddsSnapshot: pageOf(toWire(snapshot), 0, 2) } });
        if (page.index === 2) return Promise.reject(failure);
        // Pages 1 and 3 never answer: only their signal ends them.
        return new Promise((_, reject) =>
          signal.addEventListener('abort', () => {
            stopped.push(page.index);
            reject(new Error('aborted'));
          }),
        );
      },
    };
    await expect(
      graphqlFeedSource({ transport, subscriptions: noSubscriptions, pageSize: 2 }).snapshot(new AbortController().signal),
    ).rejects.toBe(failure);
    expect(stopped.sort()).toEqual([1, 3]);
  });

  it('on the first page whose seq was let go, reads the whole snapshot in one request, never page 0 again', async () => {
    const market: MarketSnapshot = {
      events: [{ id: 'e1', sport: 'football', name: 'A v B', startsAt: '2026-06-01T15:00:00.000Z' }],
      markets: [],
      backPrices: [],
      exchangePrices: [],
      betBuilders: [{ id: 'e1/bb', bookmaker: 'a-bet', eventId: 'e1', odds: 5, legs: [] }],
    };
    let seq = 30;
    // Each page 0 (and the whole) sees a newer snapshot than the one before; page 1 finds page 0's let go.
    const { transport, asked } = pagingTransport(
      () => snapshotOf(market, seq++),
      () => undefined,
    );
    const read = await graphqlFeedSource({ transport, subscriptions: noSubscriptions, pageSize: 1 }).snapshot(new AbortController().signal);
    expect(asked.map((v) => v.page?.index ?? 'whole')).toEqual([0, 1, 'whole']);
    expect(read.seq).toBe(31);
  });

  it('a page of the same seq at another instant (another snapshot under that seq) is not joined: the whole is read once', async () => {
    const events = (prefix: string) => ({
      events: Array.from({ length: 4 }, (_, i) => ({
        id: `${prefix}${i}`,
        sport: 'football',
        name: `E${i}`,
        startsAt: '2026-06-01T15:00:00.000Z',
      })),
      markets: [],
      backPrices: [],
      exchangePrices: [],
      betBuilders: [],
    });
    const first = snapshotOf(events('a'), 50);
    // Another process's snapshot numbered 50 too (a feed restarted, or processes that disagree).
    const stranger: FeedSnapshot = { ...snapshotOf(events('b'), 50), at: first.at + 1 };
    const { transport, asked } = pagingTransport(
      () => first,
      () => stranger,
    );
    const read = await graphqlFeedSource({ transport, subscriptions: noSubscriptions, pageSize: 1 }).snapshot(new AbortController().signal);
    expect(read).toEqual(first);
    expect(asked.filter((v) => v.page === undefined || v.page === null)).toHaveLength(1);
  });

  it('behind a balancer without sticky sessions (pages reach processes that never held the seq), reads the whole once', async () => {
    const snapshot = snapshotOf(
      {
        events: Array.from({ length: 6 }, (_, i) => ({
          id: `e${i}`,
          sport: 'football',
          name: `E${i}`,
          startsAt: '2026-06-01T15:00:00.000Z',
        })),
        markets: [],
        backPrices: [],
        exchangePrices: [],
        betBuilders: [],
      },
      50,
    );
    // Two processes in turn: the one answering page 0 holds its view, the other holds none.
    let turn = 0;
    const processes = [0, 1].map(() => {
      let held = false;
      return pagingTransport(
        () => {
          held = true;
          return snapshot;
        },
        (seq) => (held && seq === snapshot.seq ? snapshot : undefined),
      );
    });
    const asked: string[] = [];
    const transport: FeedQueryTransport = {
      request: (request, options) => {
        const process = turn++ % 2;
        asked.push(`${process}:${request.variables.page?.index ?? 'whole'}`);
        return (processes[process] as (typeof processes)[number]).transport.request(request, options);
      },
    };
    const read = await graphqlFeedSource({ transport, subscriptions: noSubscriptions, pageSize: 2 }).snapshot(new AbortController().signal);
    expect(read).toEqual(fromWire(JSON.parse(JSON.stringify(toWire(snapshot))) as WireOddsSnapshot));
    // Page 0 at process 0; pages 1 to 2 asked at once, page 1 refused by process 1; then one whole read.
    expect(asked.filter((a) => a.endsWith('whole'))).toHaveLength(1);
    expect(asked.filter((a) => a.endsWith(':0'))).toEqual(['0:0']);
  });

  describe('a server that does not know pages (an older process during a rolling deploy, a third party)', () => {
    const snapshot = snapshotOf(
      {
        events: [{ id: 'e1', sport: 'football', name: 'A v B', startsAt: '2026-06-01T15:00:00.000Z' }],
        markets: [],
        backPrices: [],
        exchangePrices: [],
        betBuilders: [],
      },
      60,
    );
    /** A transport that refuses every paged request with `refusal` and answers the whole snapshot. */
    const refusing = (refusal: unknown) => {
      const asked: (number | 'whole')[] = [];
      const transport: FeedQueryTransport = {
        request: (request) => {
          asked.push(request.variables.page?.index ?? 'whole');
          if (request.variables.page !== undefined) return Promise.reject(refusal);
          expect(request.query).toBe(OddsSnapshotQuery);
          return Promise.resolve({ data: { oddsSnapshot: JSON.parse(JSON.stringify(toWire(snapshot))) as WireOddsSnapshot } });
        },
      };
      return { transport, asked };
    };
    const refusals: [string, unknown][] = [
      [
        'a GraphQL validation error (yoga, Apollo: its code)',
        new TransportError('graphql', 'Unknown argument "page" on field "Query.oddsSnapshot".', {
          status: 400,
          graphQLErrors: [
            { message: 'Unknown argument "page" on field "Query.oddsSnapshot".', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } },
          ],
        }),
      ],
      [
        'a 400 with GraphQL errors and no code (the GraphQL-over-HTTP spec)',
        new TransportError('http', 'the server answered 400', {
          status: 400,
          bodyText: '{"errors":[]}',
          graphQLErrors: [{ message: 'Cannot query field "pages" on type "OddsSnapshot".' }],
        }),
      ],
      [
        'BAD_INPUT naming page.size (smaller pages)',
        new TransportError('graphql', 'page.size: must be from 1 to 1000 records, not 5000', {
          graphQLErrors: [{ message: 'page.size: must be from 1 to 1000', extensions: { code: 'BAD_INPUT', field: 'page.size' } }],
        }),
      ],
      [
        'BAD_INPUT naming page',
        new TransportError('graphql', 'page: not taken here', {
          graphQLErrors: [{ message: 'page: not taken here', extensions: { code: 'BAD_INPUT', field: 'page' } }],
        }),
      ],
    ];
    it.each(refusals)('page 0 refused with %s: reads the whole snapshot once', async (_, refusal) => {
      const { transport, asked } = refusing(refusal);
      const read = await graphqlFeedSource({ transport, subscriptions: noSubscriptions, pageSize: 5_000 }).snapshot(
        new AbortController().signal,
      );
      expect(read).toEqual(fromWire(JSON.parse(JSON.stringify(toWire(snapshot))) as WireOddsSnapshot));
      expect(asked).toEqual([0, 'whole']);
    });

    it('page 0 refused for another reason (BAD_INPUT naming filter.sports, a 502, a field named pageX) fails the read with that error', async () => {
      for (const refusal of [
        new TransportError('graphql', 'filter.sports: unknown', {
          graphQLErrors: [{ message: 'filter.sports: unknown', extensions: { code: 'BAD_INPUT', field: 'filter.sports' } }],
        }),
        new TransportError('http', 'the server answered 502', { status: 502, bodyText: 'Bad gateway' }),
        new TransportError('graphql', 'pageX: no', {
          graphQLErrors: [{ message: 'pageX: no', extensions: { code: 'BAD_INPUT', field: 'pageX' } }],
        }),
      ]) {
        const { transport, asked } = refusing(refusal);
        await expect(
          graphqlFeedSource({ transport, subscriptions: noSubscriptions, pageSize: 5_000 }).snapshot(new AbortController().signal),
        ).rejects.toBe(refusal);
        expect(asked).toEqual([0]);
      }
    });
  });

  describe('a page 0 or a signal the read cannot go on with', () => {
    const market: MarketSnapshot = {
      events: Array.from({ length: 6 }, (_, i) => ({
        id: `e${i}`,
        sport: 'football',
        name: `E${i}`,
        startsAt: '2026-06-01T15:00:00.000Z',
      })),
      markets: [],
      backPrices: [],
      exchangePrices: [],
      betBuilders: [],
    };
    const snapshot = snapshotOf(market, 70);
    const whole = fromWire(JSON.parse(JSON.stringify(toWire(snapshot))) as WireOddsSnapshot);
    /** A transport paging `snapshot` by 2 whose page 0 says `pages` is `claimed`. */
    const claiming = (claimed: unknown) => {
      const asked: (number | 'whole')[] = [];
      const transport: FeedQueryTransport = {
        request: async (request) => {
          await Promise.resolve();
          const page = request.variables.page;
          asked.push(page?.index ?? 'whole');
          if (page === undefined || page === null) return { data: { oddsSnapshot: toWire(snapshot) } };
          const answer = pageOf(toWire(snapshot), page.index, page.size);
          return { data: { oddsSnapshot: page.index === 0 ? ({ ...answer, pages: claimed } as WireOddsSnapshot) : answer } };
        },
      };
      return { transport, asked };
    };

    it.each([[-1], [0], [1.5], [null], [undefined], ['3'], [Number.MAX_SAFE_INTEGER + 2]])(
      'page 0 claiming %s pages fails the read with a validation error naming pages, asking nothing more',
      async (claimed) => {
        const { transport, asked } = claiming(claimed);
        let thrown: unknown;
        try {
          await graphqlFeedSource({ transport, subscriptions: noSubscriptions, pageSize: 2 }).snapshot(new AbortController().signal);
        } catch (e) {
          thrown = e;
        }
        expect(isValidationError(thrown) && thrown.issues.map((i) => i.path)).toEqual(['pages']);
        expect(asked).toEqual([0]);
      },
    );

    it('stops at the first empty page: a page 0 claiming a thousand pages of a 3-page snapshot reads 3 and asks at most 3 past them', async () => {
      const { transport, asked } = claiming(1_000);
      const read = await graphqlFeedSource({ transport, subscriptions: noSubscriptions, pageSize: 2 }).snapshot(
        new AbortController().signal,
      );
      expect(read).toEqual(whole);
      expect(Math.max(...asked.map(Number))).toBeLessThanOrEqual(2 + 3);
    });

    it('a signal already aborted asks for nothing and rejects with its reason', async () => {
      const { transport, asked } = claiming(3);
      const caller = new AbortController();
      const reason = new Error('left the page');
      caller.abort(reason);
      await expect(graphqlFeedSource({ transport, subscriptions: noSubscriptions, pageSize: 2 }).snapshot(caller.signal)).rejects.toBe(
        reason,
      );
      await expect(graphqlFeedSource({ transport, subscriptions: noSubscriptions }).snapshot(caller.signal)).rejects.toBe(reason);
      expect(asked).toEqual([]);
    });

    it('a signal aborted while page 0 is read asks for no page after it', async () => {
      const caller = new AbortController();
      const reason = new Error('left the page');
      const asked: number[] = [];
      const transport: FeedQueryTransport = {
        request: async (request) => {
          await Promise.resolve();
          const page = request.variables.page as { index: number; size: number };
          asked.push(page.index);
          // The caller goes away as page 0 arrives (a transport that does not look at the signal).
          if (page.index === 0) caller.abort(reason);
          return { data: { oddsSnapshot: pageOf(toWire(snapshot), page.index, page.size) } };
        },
      };
      await expect(graphqlFeedSource({ transport, subscriptions: noSubscriptions, pageSize: 2 }).snapshot(caller.signal)).rejects.toBe(
        reason,
      );
      expect(asked).toEqual([0]);
    });
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
