// The live feed's laws, on random feeds and random deliveries: patches lost, repeated, answered
// snapshots of any age, frames at any moment.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { MarketSnapshot } from '../matching/model';
import { createLiveFeed, fromWire, toWire, type FeedPatch } from '@matchkit/sdk/feed';
import { fakeServer, manualFrames, settle, snapshotOf } from './testing';

const SELECTIONS = ['e1/mo/home', 'e1/mo/draw', 'e1/mo/away'];
const BOOKMAKERS = ['alder-bet', 'bet-co', 'elm-bet'];

/** A price's provenance: none (simulated), or a provider and the instant it last changed the price. */
const provenance = fc.option(
  fc.record({
    source: fc.constantFrom('odds-api', 'betfair'),
    updatedAt: fc.integer({ min: Date.UTC(2026, 4, 1), max: Date.UTC(2026, 5, 1) }).map((ms) => new Date(ms).toISOString()),
  }),
  { nil: undefined },
);

/** A market of one match with a random subset of back and lay prices, some with their provenance. */
const market: fc.Arbitrary<MarketSnapshot> = fc
  .record({
    backs: fc.array(
      fc.record({
        b: fc.constantFrom(...BOOKMAKERS),
        s: fc.constantFrom(...SELECTIONS),
        odds: fc.integer({ min: 101, max: 2000 }),
        from: provenance,
      }),
      { maxLength: 9 },
    ),
    lays: fc.array(
      fc.record({ s: fc.constantFrom(...SELECTIONS), odds: fc.integer({ min: 101, max: 2000 }), liq: fc.nat(100_000), from: provenance }),
      { maxLength: 3 },
    ),
    bog: fc.boolean(),
  })
  .map(({ backs, lays, bog }) => ({
    events: [{ id: 'e1', sport: 'football', competition: 'League', name: 'A v B', startsAt: '2026-06-01T15:00:00.000Z' }],
    markets: [{ id: 'e1/mo', eventId: 'e1', type: 'match-odds', name: 'Match Odds', runners: SELECTIONS.map((id) => ({ id, name: id })) }],
    backPrices: backs.map((p) => ({
      bookmaker: p.b,
      selectionId: p.s,
      odds: p.odds / 100,
      ...(bog ? { bestOddsGuaranteed: true as const } : {}),
      ...p.from,
    })),
    exchangePrices: lays.map((p) => ({
      exchange: 'smarkets',
      selectionId: p.s,
      back: null,
      lay: { odds: p.odds / 100, liquidity: p.liq },
      commission: 0.02,
      ...p.from,
    })),
    betBuilders: [],
  }));

/** One thing that happens: the server ticks (its patch delivered, lost or repeated), a snapshot request is answered, a frame runs. */
const step = fc.oneof(
  fc.record({ kind: fc.constant('tick' as const), market, fate: fc.constantFrom('sent', 'sent', 'sent', 'lost', 'repeated') }),
  fc.record({ kind: fc.constant('answer' as const) }),
  fc.record({ kind: fc.constant('frame' as const) }),
);

describe('createLiveFeed laws', () => {
  it('law: applying patches in order equals the server state; a gap always ends in a resync', async () => {
    await fc.assert(
      fc.asyncProperty(market, fc.array(step, { maxLength: 40 }), async (first, steps) => {
        const server = fakeServer(snapshotOf(first));
        const frames = manualFrames();
        // Through the wire and back, as the browser receives it.
        const source = server.source;
        const wired = {
          snapshot: async (signal: AbortSignal) => fromWire(toWire(await source.snapshot(signal))),
          patches: (sink: Parameters<typeof source.patches>[0]) =>
            source.patches({
              ...sink,
              next: (p: FeedPatch) => sink.next(fromWire(JSON.parse(JSON.stringify(toWire(p))) as ReturnType<typeof toWire>)),
            }),
        };
        const feed = createLiveFeed({ source: wired, scheduleFrame: frames.schedule });
        feed.start();
        let gaps = 0;
        let answered = 0;
        for (const s of steps) {
          if (s.kind === 'tick') {
            const lost = s.fate === 'lost';
            server.tick(s.market, { drop: lost, twice: s.fate === 'repeated' });
            if (s.fate !== 'sent') gaps += 1;
          } else if (s.kind === 'answer') {
            // Answer every open request with the state now (older requests are aborted already).
            for (const r of server.requests.slice(answered)) if (!r.signal.aborted) r.answer();
            answered = server.requests.length;
            await settle();
          } else {
            frames.run();
          }
        }
        // Then the stream goes on without loss until the feed has caught up.
        for (let round = 0; round < 6; round++) {
          server.tick(server.state.market);
          for (const r of server.requests.slice(answered)) if (!r.signal.aborted) r.answer();
          answered = server.requests.length;
          await settle();
          while (frames.run());
        }
        const end = feed.getSnapshot();
        expect(end.status).toBe('live');
        expect(end.snapshot).toEqual(server.state);
        // Every lost or repeated patch that reached a live feed made it resync.
        if (gaps === 0) expect(end.resyncs).toBe(0);
        feed.stop();
      }),
      { numRuns: 150 },
    );
  });

  it('law: a gap seen while live always ends in a resync', async () => {
    await fc.assert(
      fc.asyncProperty(market, fc.array(market, { minLength: 2, maxLength: 6 }), fc.nat(), async (first, next, at) => {
        const server = fakeServer(snapshotOf(first));
        const frames = manualFrames();
        const feed = createLiveFeed({ source: server.source, scheduleFrame: frames.schedule });
        feed.start();
        server.requests[0]?.answer();
        await settle();
        frames.run();
        const lose = at % next.length;
        next.forEach((m, i) => server.tick(m, { drop: i === lose }));
        while (frames.run());
        const changed = next.slice(lose + 1).length > 0;
        if (changed) expect(feed.getSnapshot()).toMatchObject({ status: 'resyncing', resyncs: 1 });
        server.requests.at(-1)?.answer();
        await settle();
        while (frames.run());
        if (changed) expect(feed.getSnapshot().snapshot).toEqual(server.state);
      }),
      { numRuns: 100 },
    );
  });
});
