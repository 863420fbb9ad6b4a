import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { isValidationError } from '@matchkit/sdk/errors';
import { exchanges } from '@matchkit/sdk/exchanges';
import { parseMarketSnapshot, type MarketSnapshot } from '@matchkit/sdk/matching';
import { createSimulatedFeed, createSteppedFeed, SIMULATED_BOOKMAKERS, SIMULATED_EXCHANGES, type SimulatedFeedOptions } from './index';
import {
  applyPatch,
  backPriceKey,
  betBuilderKey,
  diffMarkets,
  exchangePriceKey,
  FeedGapError,
  type FeedPatch,
  type FeedSnapshot,
} from '@matchkit/sdk/feed';

/** 2026-06-01T12:00:00Z: a summer instant, so race names are in BST. */
const NOON = Date.UTC(2026, 5, 1, 12);

/** A small feed whose tick 0 is `lead` ms before a whole minute, with a short horizon (events start and are replaced within seconds). */
function smallFeed(seed: number, extra: Partial<SimulatedFeedOptions> = {}, lead = 5_000) {
  const origin = NOON - lead;
  return createSimulatedFeed({ seed, clock: () => origin, origin, eventCount: 12, horizonMs: 120_000, ...extra });
}

const json = (s: FeedSnapshot | FeedPatch) => JSON.stringify(s);

function optionsError(options: unknown): string {
  try {
    createSimulatedFeed(options as SimulatedFeedOptions);
  } catch (e) {
    expect(isValidationError(e)).toBe(true);
    return (e as Error).message;
  }
  throw new Error('no error');
}

describe('options', () => {
  it('refuses intervalMs below 200 (at most five patches a second), naming intervalMs', () => {
    for (const intervalMs of [199, 100, 0, -250]) {
      expect(optionsError({ seed: 1, clock: () => NOON, intervalMs })).toMatch(/intervalMs: must be at least 200/);
    }
    expect(createSimulatedFeed({ seed: 1, clock: () => NOON, intervalMs: 200, eventCount: 10 }).intervalMs).toBe(200);
  });

  it('names every bad option at once, NaN and fractions included', () => {
    const message = optionsError({
      seed: -1,
      clock: () => NOON,
      intervalMs: Number.NaN,
      eventCount: 5,
      horizonMs: 1.5,
      origin: 'soon',
      colour: 'red',
    });
    for (const path of ['seed', 'intervalMs', 'eventCount', 'horizonMs', 'origin', 'colour']) expect(message).toContain(`${path}:`);
    expect(optionsError({ seed: 1.5, clock: () => NOON })).toMatch(/seed: must be a whole number/);
    expect(optionsError({ seed: 1 })).toMatch(/clock: must be a function/);
    expect(optionsError({ seed: 1, clock: () => Number.NaN })).toMatch(/clock: must return epoch milliseconds/);
    expect(optionsError({ seed: 1, clock: () => NOON, origin: NOON + 1 })).toMatch(/origin: must not be after the clock/);
  });

  it('starts at the tick of the clock: floor((clock − origin) / intervalMs)', () => {
    const feed = createSimulatedFeed({ seed: 3, clock: () => NOON + 1_100, origin: NOON, eventCount: 10 });
    expect(feed.seq).toBe(4);
    expect(feed.snapshot().at).toBe(NOON + 1_000);
    expect(feed.tickAt(NOON + 1_249)).toBe(4);
    expect(feed.tickAt(NOON + 1_250)).toBe(5);
    expect(feed.simulated).toBe(true);
    expect(feed.snapshot().simulated).toBe(true);
  });
});

describe('determinism', () => {
  it('two feeds with one seed agree at every tick, snapshot and patch, and with the pure snapshotAt and patchAt', () => {
    const a = smallFeed(42);
    const b = smallFeed(42);
    const c = smallFeed(42);
    expect(json(a.snapshot())).toBe(json(b.snapshot()));
    for (let i = 0; i < 30; i++) {
      const pa = a.tick();
      const pb = b.tick();
      expect(json(pa)).toBe(json(pb));
      expect(json(a.snapshot())).toBe(json(b.snapshot()));
      expect(json(c.snapshotAt(a.seq))).toBe(json(a.snapshot()));
      expect(json(c.patchAt(a.seq))).toBe(json(pa));
    }
  });

  it('law: different seeds give different feeds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: 0, max: 0xffffffff }), (x, y) => {
        fc.pre(x !== y);
        return json(smallFeed(x).snapshot()) !== json(smallFeed(y).snapshot());
      }),
      { numRuns: 25 },
    );
  });

  it('gives byte-identical snapshots on any process: a digest recorded once is the digest now', () => {
    // The state is computed with whole numbers and correctly rounded IEEE operations only (+ − × ÷ √), so these bytes are the
    // same on every machine and Node version. The digest was recorded by a separate plain Node
    // process (the module bundled with esbuild); any change to the simulation changes it.
    const feed = createSimulatedFeed({ seed: 2026, clock: () => NOON, origin: Date.UTC(2026, 0, 1), eventCount: 10 });
    const digest = createHash('sha256')
      .update(json(feed.snapshotAt(123_456)))
      .digest('hex');
    expect(digest).toBe('9613ec924668914af1b8ec35abe6762ed74037e3a5143ebecf58c90b113695cd');
  });
});

describe('patches', () => {
  it('law: applying patches 1..n to snapshot 0 equals snapshot n', () => {
    // lead: how long before a whole minute tick 0 is; under 10 s, the run sees events replaced.
    const leads = fc.oneof(fc.integer({ min: 0, max: 9_999 }), fc.integer({ min: 0, max: 59_999 }));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: 1, max: 40 }), leads, (seed, n, lead) => {
        const feed = smallFeed(seed, {}, lead);
        let view = feed.snapshot();
        for (let i = 0; i < n; i++) view = applyPatch(view, feed.tick());
        const fresh = smallFeed(seed, {}, lead).snapshotAt(n);
        return json(view) === json(fresh) && json(view) === json(feed.snapshot());
      }),
      { numRuns: 20 },
    );
  });

  it('law: a patch never carries an unchanged price, and is exactly the diff of its two snapshots', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: 0, max: 59_999 }), (seed, lead) => {
        const feed = smallFeed(seed, {}, lead);
        for (let i = 0; i < 25; i++) {
          const before = feed.snapshot().market;
          const patch = feed.tick();
          const after = feed.snapshot().market;
          const old = {
            backPrices: new Map(before.backPrices.map((p) => [backPriceKey(p), JSON.stringify(p)])),
            exchangePrices: new Map(before.exchangePrices.map((p) => [exchangePriceKey(p), JSON.stringify(p)])),
            betBuilders: new Map((before.betBuilders ?? []).map((b) => [betBuilderKey(b), JSON.stringify(b)])),
          };
          for (const p of patch.upserts.backPrices) if (old.backPrices.get(backPriceKey(p)) === JSON.stringify(p)) return false;
          for (const p of patch.upserts.exchangePrices) if (old.exchangePrices.get(exchangePriceKey(p)) === JSON.stringify(p)) return false;
          for (const b of patch.upserts.betBuilders) if (old.betBuilders.get(betBuilderKey(b)) === JSON.stringify(b)) return false;
          for (const k of patch.removes.exchangePrices) if (!old.exchangePrices.has(k)) return false;
          if (json(patch) !== json(diffMarkets(before, after, patch.seq, patch.at))) return false;
        }
        return true;
      }),
      { numRuns: 10 },
    );
  });

  it('law: the step equals pricing from nothing at every tick, over minutes of ticks and any interval', () => {
    // The step re-prices only what can have changed (a bookmaker at its refresh, an exchange price
    // when its index or one of its 30 s and 60 s rounds moves); snapshotAt prices every record from
    // nothing: the straightforward reference, with no record of the tick before.
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.constantFrom(200, 250, 1_000, 2_500),
        (seed, start, intervalMs) => {
          const origin = NOON - start;
          const options = { seed, clock: () => origin, origin, eventCount: 12, horizonMs: 600_000, intervalMs };
          const feed = createSimulatedFeed(options);
          const reference = createSimulatedFeed(options);
          for (let i = 0; i < 100; i++) {
            const before = feed.snapshot().market;
            const patch = feed.tick();
            const fresh = reference.snapshotAt(feed.seq);
            if (json(feed.snapshot()) !== json(fresh)) return false;
            if (json(patch) !== json(diffMarkets(before, fresh.market, patch.seq, patch.at))) return false;
          }
          return true;
        },
      ),
      { numRuns: 6 },
    );
  }, 60_000);

  it('refuses a gap: a client that missed a patch resyncs from a new snapshot', () => {
    const feed = smallFeed(9);
    const view = feed.snapshot();
    feed.tick();
    const second = feed.tick();
    expect(() => applyPatch(view, second)).toThrow(FeedGapError);
    const resynced = feed.snapshot();
    expect(json(applyPatch(resynced, feed.tick()))).toBe(json(feed.snapshot()));
  });

  it('replaces events once they start (removes and upserts in one patch); every listed event starts after the tick', () => {
    const feed = smallFeed(5, {}, 2_000);
    let replaced = 0;
    for (let i = 0; i < 400; i++) {
      const before = feed.snapshot();
      const patch = feed.tick();
      const now = feed.snapshot();
      for (const e of now.market.events) expect(Date.parse(e.startsAt)).toBeGreaterThan(now.at);
      expect(now.market.events).toHaveLength(12);
      if (patch.removes.events.length > 0) {
        replaced += patch.removes.events.length;
        expect(patch.upserts.events).toHaveLength(patch.removes.events.length);
        for (const id of patch.removes.events) {
          const gone = before.market.events.find((e) => e.id === id);
          expect(Date.parse(gone?.startsAt ?? '')).toBeLessThanOrEqual(now.at);
          // Explicit removals: its markets and prices go with it.
          const markets = before.market.markets.filter((m) => m.eventId === id).map((m) => m.id);
          expect(patch.removes.markets).toEqual(expect.arrayContaining(markets));
          const runners = new Set(before.market.markets.filter((m) => m.eventId === id).flatMap((m) => m.runners.map((r) => r.id)));
          const prices = before.market.exchangePrices.filter((p) => runners.has(p.selectionId)).map(exchangePriceKey);
          expect(patch.removes.exchangePrices).toEqual(expect.arrayContaining(prices));
        }
        parseMarketSnapshot(now.market);
      }
    }
    expect(replaced).toBeGreaterThan(5);
  });

  it('moves prices a little each tick: most ticks change something, no tick changes most prices', () => {
    const feed = createSimulatedFeed({ seed: 11, clock: () => NOON, eventCount: 60 });
    const total = feed.snapshot().market.backPrices.length + feed.snapshot().market.exchangePrices.length;
    const sizes: number[] = [];
    for (let i = 0; i < 40; i++) {
      const p = feed.tick();
      sizes.push(p.upserts.backPrices.length + p.upserts.exchangePrices.length);
    }
    expect(sizes.filter((s) => s > 0).length).toBeGreaterThan(30);
    expect(Math.max(...sizes)).toBeLessThan(total / 4);
  });
});

describe('the market it models', () => {
  const feed = createSimulatedFeed({ seed: 1, clock: () => NOON });
  const market: MarketSnapshot = feed.snapshot().market;

  it('passes the sdk parseMarketSnapshot, at the default size (40 to 80 events)', () => {
    expect(() => parseMarketSnapshot(market)).not.toThrow();
    expect(market.events.length).toBeGreaterThanOrEqual(40);
    expect(market.events.length).toBeLessThanOrEqual(80);
    expect(new Set(market.events.map((e) => e.sport))).toEqual(new Set(['football', 'horse-racing', 'golf']));
  });

  it('law: every snapshot passes parseMarketSnapshot and keeps lay above back on every exchange price', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed, seq) => {
        const snapshot = createSimulatedFeed({ seed, clock: () => 0, origin: 0, eventCount: 16 }).snapshotAt(seq);
        expect(snapshot.seq).toBe(seq);
        parseMarketSnapshot(snapshot.market);
        for (const p of snapshot.market.exchangePrices) {
          if (p.back !== null && p.lay !== null && !(p.lay.odds > p.back.odds)) return false;
        }
        return snapshot.market.events.every((e) => Date.parse(e.startsAt) > snapshot.at);
      }),
      { numRuns: 25 },
    );
  });

  it('uses fictional bookmakers and the sdk exchange keys, with each exchange at one commission', () => {
    const sdkExchanges = new Set(exchanges.map((e) => e.name));
    for (const e of SIMULATED_EXCHANGES) expect(sdkExchanges.has(e)).toBe(true);
    expect(new Set(market.backPrices.map((p) => p.bookmaker))).toEqual(new Set(SIMULATED_BOOKMAKERS));
    expect(new Set(market.exchangePrices.map((p) => p.exchange))).toEqual(new Set(SIMULATED_EXCHANGES));
    const commissions = new Map<string, Set<number>>();
    for (const p of market.exchangePrices) commissions.set(p.exchange, (commissions.get(p.exchange) ?? new Set()).add(p.commission));
    for (const set of commissions.values()) expect(set.size).toBe(1);
    for (const p of market.exchangePrices) {
      for (const q of [p.back, p.lay]) if (q !== null) expect(Number.isInteger(q.liquidity) && q.liquidity > 0).toBe(true);
    }
  });

  it('models each-way terms, extra places, BOG, boosts, 2UP, lock bets and bet builders where they belong', () => {
    const marketOf = new Map(market.markets.flatMap((m) => m.runners.map((r) => [r.id, m] as const)));
    const sportOf = new Map(market.events.map((e) => [e.id, e.sport]));
    const sport = (selectionId: string) => sportOf.get(marketOf.get(selectionId)?.eventId ?? '');
    const extra = market.backPrices.filter(
      (p) => p.eachWay !== undefined && p.eachWay.places > (marketOf.get(p.selectionId)?.exchangePlaces ?? 99),
    );
    expect(new Set(extra.map((p) => sport(p.selectionId)))).toEqual(new Set(['horse-racing', 'golf']));
    expect(market.backPrices.filter((p) => p.eachWay !== undefined).every((p) => sport(p.selectionId) !== 'football')).toBe(true);
    for (const m of market.markets) expect(m.exchangePlaces === undefined).toBe(sportOf.get(m.eventId) === 'football');
    const twoUp = market.backPrices.filter((p) => p.earlyPayout !== undefined);
    expect(twoUp.length).toBeGreaterThan(0);
    expect(
      twoUp.every(
        (p) =>
          sport(p.selectionId) === 'football' && marketOf.get(p.selectionId)?.type === 'match-odds' && !p.selectionId.endsWith('/draw'),
      ),
    ).toBe(true);
    const bog = market.backPrices.filter((p) => p.bestOddsGuaranteed === true);
    expect(bog.length).toBeGreaterThan(0);
    expect(bog.every((p) => sport(p.selectionId) === 'horse-racing')).toBe(true);
    const boosts = market.backPrices.filter((p) => p.boostedFrom !== undefined);
    expect(boosts.length).toBeGreaterThan(0);
    expect(boosts.every((p) => p.odds > (p.boostedFrom as number))).toBe(true);
    const locks = market.exchangePrices.filter((p) => p.eachWayLay !== undefined);
    expect(locks.length).toBeGreaterThan(0);
    expect(locks.every((p) => p.exchange === 'betconnect' && p.places === undefined && sport(p.selectionId) === 'horse-racing')).toBe(true);
    expect(market.betBuilders?.length).toBeGreaterThan(0);
    // Place markets of races and golf settle on exchangePlaces, and on each count a bookmaker pays.
    for (const p of extra) {
      const places = (p.eachWay as { places: number }).places;
      expect(market.exchangePrices.some((q) => q.selectionId === p.selectionId && q.places === places)).toBe(true);
    }
  });

  it('names races by their UK start time', () => {
    for (const e of market.events.filter((x) => x.sport === 'horse-racing')) {
      const start = new Date(Date.parse(e.startsAt) + 3_600_000); // BST in June
      const hhmm = `${String(start.getUTCHours()).padStart(2, '0')}:${String(start.getUTCMinutes()).padStart(2, '0')}`;
      expect(e.name.startsWith(hhmm)).toBe(true);
    }
  });
});

describe('start and stop', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('emits one patch per interval on real time, at most 1000 / intervalMs a second, and stop leaves no timer', () => {
    vi.useFakeTimers({ now: NOON });
    const feed = createSimulatedFeed({ seed: 4, clock: () => Date.now(), origin: NOON, eventCount: 10 });
    const seen: FeedPatch[] = [];
    feed.onPatch((p) => seen.push(p));
    expect(vi.getTimerCount()).toBe(0);
    feed.start();
    feed.start();
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(10_000);
    expect(seen.length).toBe(40);
    expect(seen.map((p) => p.seq)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    feed.stop();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(seen.length).toBe(40);
    feed.stop();
  });

  it("a stepped feed starts no timer, moves only by tick(), and gives the timed feed's market at the same instants", () => {
    vi.useFakeTimers({ now: NOON });
    let now = NOON;
    const stepped = createSteppedFeed({ seed: 4, clock: () => now, origin: NOON, eventCount: 10, intervalMs: 100 });
    stepped.start();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(stepped.seq).toBe(0);
    for (let i = 0; i < 30; i++) {
      now += stepped.intervalMs;
      stepped.tick();
    }
    expect(stepped.seq).toBe(30);
    expect(stepped.snapshot().at).toBe(NOON + 3_000);
    // 30 ticks of 100 ms are 3 s of market, as 15 ticks of the timed feed's 200 ms.
    const timed = createSimulatedFeed({ seed: 4, clock: () => NOON, origin: NOON, eventCount: 10, intervalMs: 200 });
    expect(json(stepped.snapshot()).replace('"seq":30', '')).toBe(json(timed.snapshotAt(15)).replace('"seq":15', ''));
  });

  it('a stepped feed refuses intervalMs below 10, naming it; the timed feed keeps its floor of 200', () => {
    for (const intervalMs of [9, 0, -100, 1.5])
      expect(() => createSteppedFeed({ seed: 1, clock: () => NOON, intervalMs })).toThrow(/intervalMs: must be/);
    expect(createSteppedFeed({ seed: 1, clock: () => NOON, intervalMs: 10, eventCount: 10 }).intervalMs).toBe(10);
    expect(optionsError({ seed: 1, clock: () => NOON, intervalMs: 100 })).toMatch(/intervalMs: must be at least 200/);
  });

  /** A feed started at NOON whose clock then moves `ms` on before its timer fires: its patches. */
  function jumped(ms: number) {
    vi.useFakeTimers({ now: NOON });
    const feed = createSimulatedFeed({ seed: 4, clock: () => Date.now(), origin: NOON, eventCount: 10 });
    const view = feed.snapshot();
    const seen: FeedPatch[] = [];
    feed.onPatch((p) => seen.push(p));
    feed.start();
    vi.setSystemTime(NOON + ms);
    vi.advanceTimersByTime(250);
    feed.stop();
    return { feed, view, seen };
  }

  it('jumps when it falls behind the clock: one patch at the clock tick, which a client behind sees as a gap', () => {
    const { feed, view, seen } = jumped(10_000);
    expect(seen.map((p) => p.seq)).toEqual([41]);
    expect(feed.seq).toBe(41);
    expect(() => applyPatch(view, seen[0] as FeedPatch)).toThrow(FeedGapError);
    expect(json(feed.snapshot())).toBe(json(feed.snapshotAt(41)));
    expect(json(seen[0] as FeedPatch)).toBe(json(feed.patchAt(41)));
  });

  it('jumps a short way by stepping without patches: the same patch and snapshot as from nothing', () => {
    const { feed, seen } = jumped(4_000);
    expect(seen.map((p) => p.seq)).toEqual([17]);
    expect(json(seen[0] as FeedPatch)).toBe(json(feed.patchAt(17)));
    expect(json(feed.snapshot())).toBe(json(feed.snapshotAt(17)));
  });

  it('catches up a tick or two one by one when the timer fires late: no gap', () => {
    vi.useFakeTimers({ now: NOON });
    let lag = 0;
    const feed = createSimulatedFeed({ seed: 4, clock: () => Date.now() + lag, origin: NOON, eventCount: 10 });
    let view = feed.snapshot();
    feed.onPatch((p) => {
      view = applyPatch(view, p);
    });
    feed.start();
    vi.advanceTimersByTime(1_000);
    lag = 2 * 250; // the clock runs two ticks ahead of the timer
    vi.advanceTimersByTime(250);
    feed.stop();
    expect(feed.seq).toBe(7);
    expect(view.seq).toBe(7);
    expect(json(view)).toBe(json(feed.snapshot()));
  });

  it('keeps calling the other listeners when one throws, and stops calling a listener that unsubscribed', () => {
    const errors: unknown[] = [];
    const feed = createSimulatedFeed({ seed: 4, clock: () => NOON, eventCount: 10, onListenerError: (e) => errors.push(e) });
    const calls: number[] = [];
    feed.onPatch(() => {
      throw new Error('boom');
    });
    const off = feed.onPatch((p) => calls.push(p.seq));
    const first = feed.tick();
    off();
    feed.tick();
    expect(calls).toEqual([first.seq]);
    expect(errors).toHaveLength(2);
  });

  it('hands out the same snapshot until the next tick', () => {
    const feed = smallFeed(8);
    const s = feed.snapshot();
    expect(feed.snapshot()).toBe(s);
    feed.tick();
    expect(feed.snapshot()).not.toBe(s);
    expect(Object.isFrozen(feed.snapshot().market.backPrices)).toBe(true);
  });
});
