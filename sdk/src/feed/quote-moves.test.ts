import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ExchangePrice } from '@matchkit/sdk/matching';
import {
  applyPatch,
  emptyPatch,
  exchangePriceKey,
  isFeedGapError,
  quoteMoveOf,
  resolveQuoteMoves,
  type FeedPatch,
  type FeedSnapshot,
} from './contract';
import { fromWire, toWire } from './wire';

const quote = fc.record({
  odds: fc.integer({ min: 101, max: 100_000 }).map((n) => n / 100),
  liquidity: fc.integer({ min: 0, max: 10_000_000 }),
});
const lockTerms = fc.record({ places: fc.integer({ min: 1, max: 8 }), placeFraction: fc.constantFrom(0.2, 0.25, 1 / 3) });
/** An exchange price, with or without a place market and a lock. */
const price = fc
  .record({
    exchange: fc.constantFrom('betfair', 'smarkets', 'matchbook'),
    selectionId: fc.stringMatching(/^[a-z0-9]{1,6}\/[a-z]{1,3}$/),
    places: fc.option(fc.integer({ min: 2, max: 6 }), { nil: undefined }),
    back: fc.option(quote, { nil: null }),
    lay: fc.option(quote, { nil: null }),
    commission: fc.constantFrom(0, 0.02, 0.05),
    lock: fc.option(fc.tuple(quote, lockTerms), { nil: undefined }),
  })
  .map(({ places, lock, ...p }): ExchangePrice => ({
    ...p,
    ...(places === undefined ? {} : { places }),
    ...(lock === undefined ? {} : { eachWayLay: { ...lock[0], ...lock[1] } }),
  }));

/** `p` with new quotes (its lock's terms kept). */
const moved = (p: ExchangePrice) =>
  fc
    .record({ back: fc.option(quote, { nil: null }), lay: fc.option(quote, { nil: null }), lock: quote })
    .map(({ back, lay, lock }): ExchangePrice => ({
      ...p,
      back,
      lay,
      ...(p.eachWayLay === undefined ? {} : { eachWayLay: { ...p.eachWayLay, ...lock } }),
    }));

/** A snapshot at seq 7 holding `prices` (one per key, in canonical order). */
function holding(prices: readonly ExchangePrice[]): FeedSnapshot {
  const byKey = new Map(prices.map((p) => [exchangePriceKey(p), p]));
  const sorted = [...byKey.keys()].sort().map((k) => byKey.get(k) as ExchangePrice);
  return { seq: 7, at: 0, simulated: true, market: { events: [], markets: [], backPrices: [], exchangePrices: sorted } };
}

const withMoves = (patch: FeedPatch, moves: FeedPatch['quoteMoves']): FeedPatch => ({ ...patch, quoteMoves: moves });
const withUpserts = (patch: FeedPatch, exchangePrices: ExchangePrice[]): FeedPatch => ({
  ...patch,
  upserts: { ...patch.upserts, exchangePrices },
});

describe('quote moves', () => {
  it('law: applying the quote moves of changed prices gives the snapshot that applying the whole records gives', () => {
    fc.assert(
      fc.property(
        fc
          .uniqueArray(price, { minLength: 1, maxLength: 12, selector: exchangePriceKey })
          .chain((held) =>
            fc.tuple(
              fc.constant(held),
              fc.tuple(...held.map(moved)),
              fc.array(fc.boolean(), { minLength: held.length, maxLength: held.length }),
            ),
          ),
        ([held, after, pick]) => {
          const snapshot = holding(held);
          const changed = after.filter((_, i) => pick[i] === true);
          const moves = changed.map((p, i) => quoteMoveOf(held[after.indexOf(p)] as ExchangePrice, p) ?? i);
          expect(moves.every((m) => typeof m === 'object')).toBe(true);
          const whole = applyPatch(snapshot, withUpserts(emptyPatch(8, 1), changed));
          const compact = withMoves(emptyPatch(8, 1), moves as FeedPatch['quoteMoves']);
          expect(applyPatch(snapshot, compact)).toEqual(whole);
          // resolveQuoteMoves gives the whole records, and no moves are left.
          const resolved = resolveQuoteMoves(snapshot, compact);
          expect(resolved.quoteMoves).toBeUndefined();
          expect(applyPatch(snapshot, resolved)).toEqual(whole);
          // On the wire and back, the same moves.
          expect(fromWire(toWire(compact)).quoteMoves ?? []).toEqual(compact.quoteMoves);
        },
      ),
    );
  });

  it('law: a change of anything but the quotes is no quote move (the record goes whole)', () => {
    fc.assert(
      fc.property(price, lockTerms, quote, (p, terms, q) => {
        expect(quoteMoveOf(p, { ...p, commission: p.commission + 0.01 })).toBeNull();
        expect(quoteMoveOf(p, { ...p, exchange: `${p.exchange}x` })).toBeNull();
        expect(quoteMoveOf(p, { ...p, source: 'betfair' })).toBeNull();
        if (p.eachWayLay === undefined) expect(quoteMoveOf(p, { ...p, eachWayLay: { ...q, ...terms } })).toBeNull();
        else {
          const { eachWayLay: _lock, ...noLock } = p;
          expect(quoteMoveOf(p, noLock)).toBeNull();
          const other = { ...p.eachWayLay, places: p.eachWayLay.places + 1 };
          expect(quoteMoveOf(p, { ...p, eachWayLay: other })).toBeNull();
        }
      }),
    );
  });

  it('a move of a price the snapshot does not hold, or of another seq, is a gap (the client resyncs)', () => {
    const held: ExchangePrice = { exchange: 'betfair', selectionId: 'r1', back: null, lay: { odds: 3, liquidity: 100 }, commission: 0.02 };
    const snapshot = holding([held]);
    const move = { key: 'betfair:win:r2', back: null, lay: { odds: 3.1, liquidity: 100 }, eachWayLay: null };
    const error = (() => {
      try {
        applyPatch(snapshot, withMoves(emptyPatch(8, 1), [move]));
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(isFeedGapError(error)).toBe(true);
    expect((error as Error).message).toMatch(/betfair:win:r2/);
    // A lock where the held price has none is not a move of it either.
    const lockMove = { key: 'betfair:win:r1', back: null, lay: null, eachWayLay: { odds: 4, liquidity: 1 } };
    expect(() => applyPatch(snapshot, withMoves(emptyPatch(8, 1), [lockMove]))).toThrow(/betfair:win:r1/);
    expect(() => resolveQuoteMoves(snapshot, withMoves(emptyPatch(9, 1), [move]))).toThrow(/expected 8/);
  });

  it('fromWire refuses quote columns that do not line up, naming the column', () => {
    const wire = toWire(emptyPatch(8, 0));
    const quotes = {
      keys: ['betfair:win:r1'],
      backOdds: [null],
      backLiquidity: [null],
      layOdds: [3],
      layLiquidity: [],
      eachWayLayOdds: [null],
      eachWayLayLiquidity: [null],
    };
    expect(() => fromWire({ ...wire, quotes })).toThrow(/quotes\.layLiquidity must have one entry per key/);
    expect(() => fromWire({ ...wire, quotes: { ...quotes, layLiquidity: [null] } })).toThrow(
      /quotes\.layLiquidity\[0\] must be null exactly when quotes\.layOdds\[0\] is/,
    );
    expect(fromWire({ ...wire, quotes: { ...quotes, layLiquidity: [250] } }).quoteMoves).toEqual([
      { key: 'betfair:win:r1', back: null, lay: { odds: 3, liquidity: 250 }, eachWayLay: null },
    ]);
    expect(fromWire({ ...wire, quotes: null }).quoteMoves).toBeUndefined();
  });
});
