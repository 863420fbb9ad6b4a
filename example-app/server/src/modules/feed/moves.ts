// Which exchange prices of a patch moved their quotes alone (oddsPatches(quoteColumns: true) sends
// them as columns, about a third of their bytes). Told every patch of this process's feed as it
// ticks (in seq order, before it is published), it keeps the prices before each patch; asked about a
// patch as published, it answers the keys whose record there is the one before with new quotes
// (the sdk's quoteMoveOf), or null when it does not know that patch (the patch then goes whole:
// whole records are always right, moves only save bytes). The patch after the last one told is
// known too (its prices before are the ones held): a follower hears its leader's patch before its
// own feed steps to it.
import { exchangePriceKey, quoteMoveOf, type FeedPatch } from '@matchkit/sdk/feed';
import type { ExchangePrice, MarketSnapshot } from '@matchkit/sdk/matching';

/** Patches whose prices before are kept, for subscribers that are behind. */
const KEPT_PATCHES = 64;

/** The quote-move tracker of one feed (see above). */
export interface QuoteMoves {
  /** Notes a patch of the feed, `market` being the feed after it (called on every patch, in order). */
  observe(patch: FeedPatch, market: MarketSnapshot): void;
  /** The keys of the prices of `patch` (as published) that moved their quotes alone; null when unknown. */
  movedKeys(patch: FeedPatch): ReadonlySet<string> | null;
}

/**
 * A tracker starting from the feed's market at `seq`.
 *
 * @example
 * const moves = quoteMoves(feed.snapshot().seq, feed.snapshot().market);
 * feed.onPatch((p) => moves.observe(p, feed.snapshot().market));
 */
export function quoteMoves(seq: number, market: MarketSnapshot): QuoteMoves {
  let known = new Map<string, ExchangePrice>();
  let knownSeq = seq;
  /** By seq: the patch's `at` and the prices before it of the keys it upserts (the ones that existed). */
  const before = new Map<number, { readonly at: number; readonly held: ReadonlyMap<string, ExchangePrice> }>();
  const answered = new Map<number, { readonly at: number; readonly moved: ReadonlySet<string> }>();
  const seed = (at: number, m: MarketSnapshot) => {
    known = new Map(m.exchangePrices.map((p) => [exchangePriceKey(p), p]));
    knownSeq = at;
    // A reseed may reuse seqs (a restarted feed): what was kept for them is of other patches.
    before.clear();
    answered.clear();
  };
  seed(seq, market);
  return {
    observe(patch, after) {
      if (patch.seq !== knownSeq + 1) {
        // A gap (the feed jumped): start again from the market after it; this patch goes whole.
        seed(patch.seq, after);
        return;
      }
      const removes = patch.removes.exchangePrices;
      const removed = removes.length === 0 ? null : new Set(removes);
      const held = new Map<string, ExchangePrice>();
      const upserts = patch.upserts.exchangePrices;
      // Each key made once (a patch of a large feed upserts thousands of prices).
      const keys = upserts.map(exchangePriceKey);
      for (let i = 0; i < upserts.length; i++) {
        const key = keys[i] as string;
        const was = known.get(key);
        if (was !== undefined && removed?.has(key) !== true) held.set(key, was);
      }
      for (const key of removes) known.delete(key);
      for (let i = 0; i < upserts.length; i++) known.set(keys[i] as string, upserts[i] as ExchangePrice);
      knownSeq = patch.seq;
      before.set(patch.seq, { at: patch.at, held });
      for (const s of before.keys()) if (s <= patch.seq - KEPT_PATCHES) before.delete(s);
      for (const s of answered.keys()) if (s <= patch.seq - KEPT_PATCHES) answered.delete(s);
    },
    movedKeys(patch) {
      const done = answered.get(patch.seq);
      if (done !== undefined) return done.at === patch.at ? done.moved : null;
      const kept = before.get(patch.seq);
      // The next patch, heard before this process's feed stepped to it (a follower hearing its
      // leader's patch first): the prices before it are the ones held now.
      const next = kept === undefined && patch.seq === knownSeq + 1;
      // Unknown, or another patch of the same seq (a feed since restarted): send it whole.
      if (!next && (kept === undefined || kept.at !== patch.at)) return null;
      const removed = next ? new Set(patch.removes.exchangePrices) : null;
      const moved = new Set<string>();
      for (const price of patch.upserts.exchangePrices) {
        const key = exchangePriceKey(price);
        const was = removed === null ? kept?.held.get(key) : removed.has(key) ? undefined : known.get(key);
        if (was !== undefined && quoteMoveOf(was, price) !== null) moved.add(key);
      }
      answered.set(patch.seq, { at: patch.at, moved });
      return moved;
    },
  };
}
