import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { MarketSnapshot } from '@matchkit/sdk/matching';
import {
  applyPatch,
  applyPatches,
  backPriceKey,
  betBuilderKey,
  compareKeys,
  diffMarkets,
  emptyPatch,
  exchangePriceKey,
  FeedGapError,
  isFeedGapError,
  mergeKeyed,
  parseBackPriceKey,
  parseExchangePriceKey,
  priceKey,
  type FeedPatch,
  type FeedSnapshot,
} from './contract';

const feedKey = fc.stringMatching(/^[a-z0-9]+(-[a-z0-9]+)*$/);
const id = fc.string({ minLength: 1, maxLength: 12 });

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** A small canonical snapshot: one match, two prices, one bet builder. */
function small(): FeedSnapshot {
  const market: MarketSnapshot = {
    events: [{ id: 'e1', sport: 'football', name: 'A v B', startsAt: '2026-06-01T15:00:00.000Z' }],
    markets: [
      {
        id: 'e1/mo',
        eventId: 'e1',
        type: 'match-odds',
        name: 'Match Odds',
        runners: [
          { id: 'e1/mo/a', name: 'A' },
          { id: 'e1/mo/b', name: 'B' },
        ],
      },
    ],
    backPrices: [
      { bookmaker: 'alder-bet', selectionId: 'e1/mo/a', odds: 2.1 },
      { bookmaker: 'alder-bet', selectionId: 'e1/mo/b', odds: 1.8 },
    ],
    exchangePrices: [
      {
        exchange: 'smarkets',
        selectionId: 'e1/mo/a',
        back: { odds: 2.08, liquidity: 5000 },
        lay: { odds: 2.12, liquidity: 7000 },
        commission: 0.02,
      },
    ],
    betBuilders: [{ id: 'e1/bb', bookmaker: 'alder-bet', eventId: 'e1', odds: 4.5, legs: ['e1/mo/a', 'e1/mo/b'] }],
  };
  return deepFreeze({ seq: 7, at: 1_000, simulated: true, market });
}

describe('price keys', () => {
  it('name a back price by bookmaker and selection, an exchange price by exchange, places and selection', () => {
    expect(backPriceKey({ bookmaker: 'alder-bet', selectionId: 'r/1' })).toBe('alder-bet:r/1');
    expect(exchangePriceKey({ exchange: 'smarkets', selectionId: 'r/1' })).toBe('smarkets:win:r/1');
    expect(exchangePriceKey({ exchange: 'smarkets', selectionId: 'r/1', places: 3 })).toBe('smarkets:3:r/1');
    expect(betBuilderKey({ id: 'bb1' })).toBe('bb1');
    expect(priceKey.back).toBe(backPriceKey);
    expect(priceKey.exchange).toBe(exchangePriceKey);
  });

  it('law: two back prices share a key exactly when bookmaker and selection are equal', () => {
    fc.assert(
      fc.property(feedKey, id, feedKey, id, (b1, s1, b2, s2) => {
        const same = backPriceKey({ bookmaker: b1, selectionId: s1 }) === backPriceKey({ bookmaker: b2, selectionId: s2 });
        return same === (b1 === b2 && s1 === s2);
      }),
    );
  });

  it('law: a key parses back to the fields it was made of', () => {
    const places = fc.option(fc.integer({ min: 1, max: 20 }), { nil: undefined });
    fc.assert(
      fc.property(feedKey, id, places, (name, selectionId, n) => {
        const back = parseBackPriceKey(backPriceKey({ bookmaker: name, selectionId }));
        const exchange = parseExchangePriceKey(exchangePriceKey({ exchange: name, selectionId, places: n }));
        return (
          back.bookmaker === name &&
          back.selectionId === selectionId &&
          exchange.exchange === name &&
          exchange.places === n &&
          exchange.selectionId === selectionId
        );
      }),
    );
    expect(() => parseBackPriceKey('nocolon')).toThrow(TypeError);
    expect(() => parseExchangePriceKey('smarkets:0:x')).toThrow(/not an exchange-price key/);
    expect(() => parseExchangePriceKey('smarkets:win:')).toThrow(TypeError);
  });

  it('law: two exchange prices share a key exactly when exchange, places and selection are equal', () => {
    const places = fc.option(fc.integer({ min: 1, max: 20 }), { nil: undefined });
    fc.assert(
      fc.property(feedKey, id, places, feedKey, id, places, (e1, s1, p1, e2, s2, p2) => {
        const same =
          exchangePriceKey({ exchange: e1, selectionId: s1, places: p1 }) ===
          exchangePriceKey({ exchange: e2, selectionId: s2, places: p2 });
        return same === (e1 === e2 && s1 === s2 && p1 === p2);
      }),
    );
  });
});

describe('applyPatch', () => {
  it('law: applyPatch refuses a gap (any seq other than snapshot.seq + 1) with a FeedGapError', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: -5, max: 2 ** 31 }), (seq, next) => {
        fc.pre(next !== seq + 1);
        const snapshot = { ...small(), seq };
        try {
          applyPatch(snapshot, emptyPatch(next, 0));
          return false;
        } catch (e) {
          return e instanceof FeedGapError && isFeedGapError(e) && e.code === 'FEED_GAP' && e.expected === seq + 1 && e.received === next;
        }
      }),
    );
  });

  it('says what to do in its message', () => {
    expect(() => applyPatch(small(), emptyPatch(9, 0))).toThrow(/seq 9 does not follow snapshot seq 7.*resync/);
    expect(isFeedGapError(new Error('x'))).toBe(false);
  });

  it('replaces changed records, inserts new ones in key order, drops removed ones, and leaves its inputs alone', () => {
    const before = small();
    const copy = JSON.stringify(before);
    const patch: FeedPatch = deepFreeze({
      seq: 8,
      at: 1_250,
      upserts: {
        events: [],
        markets: [],
        backPrices: [
          { bookmaker: 'alder-bet', selectionId: 'e1/mo/a', odds: 2.2 },
          { bookmaker: 'aaa-bet', selectionId: 'e1/mo/a', odds: 2.0 },
        ],
        exchangePrices: [],
        betBuilders: [],
      },
      removes: {
        events: [],
        markets: [],
        backPrices: ['alder-bet:e1/mo/b'],
        exchangePrices: ['smarkets:win:e1/mo/a'],
        betBuilders: ['e1/bb'],
      },
    });
    const after = applyPatch(before, patch);
    expect(JSON.stringify(before)).toBe(copy);
    expect(after.seq).toBe(8);
    expect(after.at).toBe(1_250);
    expect(after.simulated).toBe(true);
    expect(after.market.backPrices).toEqual([
      { bookmaker: 'aaa-bet', selectionId: 'e1/mo/a', odds: 2.0 },
      { bookmaker: 'alder-bet', selectionId: 'e1/mo/a', odds: 2.2 },
    ]);
    expect(after.market.exchangePrices).toEqual([]);
    expect(after.market.betBuilders).toEqual([]);
    expect(after.market.events).toEqual(before.market.events);
  });
});

describe('applyPatch and mergeKeyed against a merge by hand', () => {
  // Back prices keyed by bookmaker and selection, drawn from a small alphabet so that upserts and
  // removes often meet the snapshot's keys, each other's, and the ends of the snapshot.
  const bookmaker = fc.constantFrom('a-bet', 'b-bet', 'c-bet');
  const selection = fc.constantFrom('s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8');
  const price = fc.record({ bookmaker, selectionId: selection, odds: fc.integer({ min: 101, max: 1000 }).map((n) => n / 100) });

  /** The merge by hand: the removes dropped, then the upserts set (the last of a repeated key wins), sorted by key. */
  function reference<T>(current: readonly T[], upserts: readonly T[], removes: readonly string[], key: (r: T) => string): T[] {
    const byKey = new Map(current.map((r) => [key(r), r]));
    for (const k of removes) byKey.delete(k);
    for (const r of upserts) byKey.set(key(r), r);
    return [...byKey].sort(([a], [b]) => compareKeys(a, b)).map(([, r]) => r);
  }

  it('law: the same records in the same order as the merge by hand, for any snapshot, upserts (repeats too) and removes', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(price, { selector: backPriceKey, maxLength: 24 }),
        fc.array(price, { maxLength: 12 }),
        fc.array(
          fc.tuple(bookmaker, selection).map(([b, sel]) => `${b}:${sel}`),
          { maxLength: 8 },
        ),
        (prices, upserts, removes) => {
          const backPrices = [...prices].sort((x, y) => compareKeys(backPriceKey(x), backPriceKey(y)));
          const snapshot: FeedSnapshot = {
            seq: 1,
            at: 0,
            simulated: true,
            market: { events: [], markets: [], backPrices, exchangePrices: [] },
          };
          const patch: FeedPatch = {
            seq: 2,
            at: 1,
            upserts: { events: [], markets: [], backPrices: upserts, exchangePrices: [], betBuilders: [] },
            removes: { events: [], markets: [], backPrices: removes, exchangePrices: [], betBuilders: [] },
          };
          const after = applyPatch(snapshot, patch).market.backPrices;
          const expected = reference(backPrices, upserts, removes, backPriceKey);
          expect(after).toEqual(expected);
          // The very records, not copies.
          after.forEach((r, i) => expect(r).toBe(expected[i]));
          // mergeKeyed, given the upserts in key order with no key repeated, merges the same.
          const last = new Map(upserts.map((r) => [backPriceKey(r), r]));
          const keys = [...last.keys()].sort(compareKeys);
          const merged = mergeKeyed(
            { keys: backPrices.map(backPriceKey), records: backPrices },
            { keys, records: keys.map((k) => last.get(k) as (typeof upserts)[number]) },
            new Set(removes),
          );
          expect(merged.records).toEqual(expected);
          expect(merged.keys).toEqual(expected.map(backPriceKey));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('applyPatch, patch after patch (copy on write)', () => {
  const bookmaker = fc.constantFrom('a-bet', 'b-bet', 'c-bet');
  const selection = fc.constantFrom('s1', 's2', 's3', 's4', 's5', 's6');
  const price = fc.record({ bookmaker, selectionId: selection, odds: fc.integer({ min: 101, max: 1000 }).map((n) => n / 100) });
  // Half the patches only replace prices the snapshot holds (the feed's usual tick), the others
  // may insert and remove too.
  const step = fc.record({
    upserts: fc.array(price, { maxLength: 6 }),
    removes: fc.array(
      fc.tuple(bookmaker, selection).map(([b, sel]) => `${b}:${sel}`),
      { maxLength: 3 },
    ),
    replaceOnly: fc.boolean(),
  });

  it('law: each snapshot of a chain of patches holds what the merge by hand does, no earlier snapshot changes, and the chain as one batch ends the same', () => {
    fc.assert(
      fc.property(fc.uniqueArray(price, { selector: backPriceKey, maxLength: 18 }), fc.array(step, { maxLength: 8 }), (prices, steps) => {
        const sorted = [...prices].sort((x, y) => compareKeys(backPriceKey(x), backPriceKey(y)));
        let snapshot: FeedSnapshot = {
          seq: 1,
          at: 0,
          simulated: true,
          market: { events: [], markets: [], backPrices: sorted, exchangePrices: [] },
        };
        const byKey = new Map(sorted.map((p) => [backPriceKey(p), p]));
        const seen: { snapshot: FeedSnapshot; json: string }[] = [];
        const patches: FeedPatch[] = [];
        for (const s of steps) {
          const upserts = s.replaceOnly ? s.upserts.filter((p) => byKey.has(backPriceKey(p))) : s.upserts;
          const removes = s.replaceOnly ? [] : s.removes;
          seen.push({ snapshot, json: JSON.stringify(snapshot) });
          const patch: FeedPatch = {
            seq: snapshot.seq + 1,
            at: snapshot.seq,
            upserts: { events: [], markets: [], backPrices: upserts, exchangePrices: [], betBuilders: [] },
            removes: { events: [], markets: [], backPrices: removes, exchangePrices: [], betBuilders: [] },
          };
          patches.push(patch);
          const next = applyPatch(snapshot, patch);
          for (const k of removes) byKey.delete(k);
          for (const p of upserts) byKey.set(backPriceKey(p), p);
          const expected = [...byKey].sort(([a], [b]) => compareKeys(a, b)).map(([, r]) => r);
          expect(next.market.backPrices).toEqual(expected);
          next.market.backPrices.forEach((r, i) => expect(r).toBe(expected[i]));
          // A list the patch does not touch is the very array; a touched one is a new array.
          expect(next.market.events).toBe(snapshot.market.events);
          if (upserts.length > 0 || removes.length > 0) expect(next.market.backPrices).not.toBe(snapshot.market.backPrices);
          snapshot = next;
        }
        for (const { snapshot: earlier, json } of seen) expect(JSON.stringify(earlier)).toBe(json);
        // The same patches as one batch (the live feed's frame): the same last snapshot, the first unchanged.
        const first = seen[0]?.snapshot;
        if (first !== undefined) {
          const told: number[] = [];
          let last: FeedSnapshot = first;
          applyPatches(first, patches, (resolved, next) => {
            told.push(resolved.seq);
            last = next;
          });
          expect(last).toEqual(snapshot);
          expect(told).toEqual(patches.map((p) => p.seq));
          expect(JSON.stringify(first)).toBe(seen[0]?.json);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('diffMarkets', () => {
  it('carries a changed record whole and an unchanged one never', () => {
    const a = small().market;
    const b: MarketSnapshot = {
      ...a,
      backPrices: [a.backPrices[0] as never, { bookmaker: 'alder-bet', selectionId: 'e1/mo/b', odds: 1.85 }],
      exchangePrices: [{ ...(a.exchangePrices[0] as object), lay: { odds: 2.12, liquidity: 9000 } } as never],
      betBuilders: [],
    };
    const p = diffMarkets(a, b, 8, 2);
    expect(p.upserts.backPrices).toEqual([{ bookmaker: 'alder-bet', selectionId: 'e1/mo/b', odds: 1.85 }]);
    expect(p.upserts.exchangePrices).toHaveLength(1);
    expect(p.upserts.events).toEqual([]);
    expect(p.upserts.markets).toEqual([]);
    expect(p.removes.betBuilders).toEqual(['e1/bb']);
    expect(applyPatch(small(), p).market).toEqual({ ...b, betBuilders: [] });
  });

  it('finds nothing between equal snapshots, even as copies', () => {
    const a = small().market;
    const p = diffMarkets(a, JSON.parse(JSON.stringify(a)) as MarketSnapshot, 8, 0);
    expect(p).toEqual({ ...emptyPatch(8, 0) });
  });
});
