// The odds feed's contract: a snapshot with a sequence number, and patches that each move the
// sequence on by exactly one. The pure part (types, applyPatch, FeedGapError, the key helpers,
// diffMarkets) lives in the sdk (`@matchkit/sdk/feed`), so the server and the browser's live feed
// apply patches with the same function; any feed (the simulated one here, a real one later)
// implements FeedSource.
import type { FeedPatch, FeedSnapshot } from '@matchkit/sdk/feed';

export {
  applyPatch,
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
  sortByKey,
  type FeedDelta,
  type FeedPatch,
  type FeedRemovals,
  type FeedSnapshot,
  type Keyed,
} from '@matchkit/sdk/feed';

/** A source of odds: the simulated feed, or a real one behind the same interface. */
export interface FeedSource {
  /** The current snapshot (the same object until the next patch). */
  snapshot(): FeedSnapshot;
  /** Calls `listener` with every patch from now on; returns the function that stops it. */
  onPatch(listener: (p: FeedPatch) => void): () => void;
  /** Starts producing patches (idempotent). */
  start(): void;
  /** Stops producing patches and releases its timer (idempotent). */
  stop(): void;
  /** True when the prices are simulated. */
  readonly simulated: boolean;
}
