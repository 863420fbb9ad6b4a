import { describe, expect, it } from 'vitest';
import { exchangePriceKey, quoteMoveOf } from '@matchkit/sdk/feed';
import { createSteppedFeed } from '@matchkit/app-contract/feed';
import { quoteMoves } from './moves';

const NOON = Date.UTC(2026, 5, 1, 12);

describe('quote moves of the feed', () => {
  it('names exactly the prices of each patch whose record is the one before with new quotes; a patch it did not see, or after a gap, is unknown (whole)', () => {
    let now = NOON;
    const feed = createSteppedFeed({ seed: 5, clock: () => now, eventCount: 20, intervalMs: 1_000, horizonMs: 120_000 });
    const moves = quoteMoves(feed.snapshot().seq, feed.snapshot().market);
    let total = 0;
    for (let i = 0; i < 40; i++) {
      const before = new Map(feed.snapshot().market.exchangePrices.map((p) => [exchangePriceKey(p), p]));
      now += feed.intervalMs;
      const patch = feed.tick();
      moves.observe(patch, feed.snapshot().market);
      const moved = moves.movedKeys(patch);
      const removed = new Set(patch.removes.exchangePrices);
      const expected = patch.upserts.exchangePrices
        .filter((p) => {
          const was = before.get(exchangePriceKey(p));
          return was !== undefined && !removed.has(exchangePriceKey(p)) && quoteMoveOf(was, p) !== null;
        })
        .map(exchangePriceKey);
      expect([...(moved ?? [])].sort()).toEqual(expected.sort());
      total += expected.length;
    }
    expect(total).toBeGreaterThan(0);
    // The next patch, heard before the feed stepped to it (a follower hearing its leader first):
    // answered from the prices held now, the same keys it answers once told; one further on: unknown.
    const ahead = feed.patchAt(feed.seq + 1);
    const early = moves.movedKeys(ahead);
    expect(early).not.toBeNull();
    expect(moves.movedKeys(feed.patchAt(feed.seq + 2))).toBeNull();
    now += feed.intervalMs;
    const stepped = feed.tick();
    expect(stepped).toEqual(ahead);
    const told = quoteMoves(stepped.seq - 1, feed.snapshotAt(stepped.seq - 1).market);
    told.observe(stepped, feed.snapshot().market);
    expect([...(early ?? [])].sort()).toEqual([...(told.movedKeys(stepped) ?? [])].sort());
    moves.observe(stepped, feed.snapshot().market);
    expect(moves.movedKeys(stepped)).toBe(early);
    // A patch two on from the last one told: unknown.
    expect(moves.movedKeys(feed.patchAt(feed.seq + 2))).toBeNull();
    // A gap: the patch after it is unknown, and the next one known again.
    now += 5 * feed.intervalMs;
    for (let i = 0; i < 5; i++) feed.tick();
    const afterGap = feed.snapshot().seq;
    moves.observe(feed.patchAt(afterGap), feed.snapshot().market);
    expect(moves.movedKeys(feed.patchAt(afterGap))).toBeNull();
    now += feed.intervalMs;
    const next = feed.tick();
    moves.observe(next, feed.snapshot().market);
    expect(moves.movedKeys(next)).not.toBeNull();
  });

  it('forgets its answers on a reseed and answers null for a patch of a kept seq but another time', () => {
    const price = (odds: number) => ({
      exchange: 'betfair',
      selectionId: 'r1',
      back: null,
      lay: { odds, liquidity: 100 },
      commission: 0.02,
    });
    const market = (odds: number) => ({ events: [], markets: [], backPrices: [], exchangePrices: [price(odds)] });
    const none = { events: [], markets: [], backPrices: [], exchangePrices: [], betBuilders: [] };
    const patch = (seq: number, at: number, odds: number) => ({
      seq,
      at,
      upserts: { ...none, exchangePrices: [price(odds)] },
      removes: none,
    });
    const moves = quoteMoves(0, market(2));
    const first = patch(1, 1_000, 3);
    moves.observe(first, market(3));
    expect([...(moves.movedKeys(first) ?? [])]).toEqual(['betfair:win:r1']);
    // The same seq at another time (another feed's patch): unknown.
    expect(moves.movedKeys(patch(1, 9_000, 3))).toBeNull();
    // A gap reseeds: the seq-1 answer kept from before is forgotten (seqs may be reused).
    moves.observe(patch(5, 5_000, 4), market(4));
    expect(moves.movedKeys(first)).toBeNull();
  });
});
