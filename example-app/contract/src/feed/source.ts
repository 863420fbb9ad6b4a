// The odds feed's source: any feed (the simulated one here, a real one later) implements
// FeedSource. The contract it speaks (a snapshot with a sequence number, patches that each move it
// on by exactly one, applyPatch, FeedGapError, the key helpers, diffMarkets) is the sdk's
// (`@matchkit/sdk/feed`), imported from there, so the server and the browser's live feed apply
// patches with the same function.
import type { FeedPatch, FeedSnapshot } from '@matchkit/sdk/feed';

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
