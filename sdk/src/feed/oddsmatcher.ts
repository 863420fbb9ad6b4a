// A feed patch applied to the sdk's oddsmatcher: what every holder of a live oddsmatcher does
// with each patch (the oddsmatcher page, the server's odds alerts), in one place.
import type { Oddsmatcher } from '../matching/oddsmatcher/types';
import { parseBackPriceKey, parseExchangePriceKey, type FeedPatch } from './contract';

/**
 * Applies one feed patch to an oddsmatcher, in the order the patch means: events and markets
 * first, then the removed prices, then every upserted price in one batch (one re-rank), then the
 * removed markets and events. Place-market exchange prices are left out (the oddsmatcher lays in
 * the win market). The caller keeps the order of the patches: apply patch `n + 1` only after `n`
 * (on a gap, `load` a snapshot instead). A patch with quote moves ({@link FeedPatch.quoteMoves}, as
 * the feed's documents ask for) is refused: turn them into upserts first with
 * `resolveQuoteMoves(view, patch)` against the snapshot the patch follows.
 *
 * @param matcher - an oddsmatcher holding the feed as of the patch's previous sequence number
 * @param patch - the feed's next patch, without quote moves
 * @throws TypeError naming `quoteMoves` when the patch carries quote moves (nothing is applied);
 * MatchkitValidationError (from the oddsmatcher) when a record in the patch is invalid
 *
 * @example
 * ```ts
 * import { applyPatchToOddsmatcher, emptyPatch } from '@matchkit/sdk/feed';
 * import { createOddsmatcher } from '@matchkit/sdk/matching';
 * const matcher = createOddsmatcher({ limit: 100 });
 * matcher.load({ events: [], markets: [], backPrices: [], exchangePrices: [] });
 * applyPatchToOddsmatcher(matcher, emptyPatch(1, Date.now()));
 * matcher.getSnapshot(); // the rows after the patch
 * ```
 */
export function applyPatchToOddsmatcher(matcher: Oddsmatcher, patch: FeedPatch): void {
  if ((patch.quoteMoves?.length ?? 0) > 0) throw new TypeError('quoteMoves: resolve them first with resolveQuoteMoves(view, patch)');
  const u = patch.upserts;
  for (const e of u.events) matcher.upsertEvent(e);
  for (const m of u.markets) matcher.upsertMarket(m);
  for (const k of patch.removes.backPrices) {
    const { bookmaker, selectionId } = parseBackPriceKey(k);
    matcher.removeBackPrice(bookmaker, selectionId);
  }
  for (const k of patch.removes.exchangePrices) {
    const { exchange, places, selectionId } = parseExchangePriceKey(k);
    if (places === undefined) matcher.removeExchangePrice(exchange, selectionId);
  }
  matcher.applyPrices({ backPrices: u.backPrices, exchangePrices: u.exchangePrices.filter((x) => x.places === undefined) });
  for (const id of patch.removes.markets) matcher.removeMarket(id);
  for (const id of patch.removes.events) matcher.removeEvent(id);
}
