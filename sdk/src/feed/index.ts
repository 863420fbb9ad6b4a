/**
 * The odds feed's contract and its live client. The contract (the server and the browser share
 * it): a {@link FeedSnapshot} at a sequence number and {@link FeedPatch}es that each move it on by
 * one, applied with {@link applyPatch} (a gap raises {@link FeedGapError}), the records' stable keys
 * ({@link priceKey}) and {@link diffMarkets}. On the wire: the typed {@link OddsSnapshotQuery} and
 * {@link OddsPatchesSubscription} documents and `fromWire`. The client: {@link createLiveFeed},
 * a store that follows the feed (snapshot, patches in order, resync on a gap, at most one
 * notification per animation frame) over {@link graphqlFeedSource} or a source of your own.
 *
 * @packageDocumentation
 * @module @matchkit/sdk/feed
 */
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
  quoteMoveOf,
  resolveQuoteMoves,
  type FeedDelta,
  type FeedPatch,
  type FeedQuoteMove,
  type FeedRemovals,
  type FeedSnapshot,
  type Keyed,
} from './contract';
export { applyPatchToOddsmatcher } from './oddsmatcher';
export {
  fromWire,
  toWire,
  OddsSnapshotPageQuery,
  OddsSnapshotQuery,
  OddsPatchesSubscription,
  type OddsFeedFilter,
  type OddsFeedVariables,
  type OddsSnapshotQueryData,
  type OddsPatchesSubscriptionData,
  type WireExchangeQuote,
  type WireFeedBackPrice,
  type WireFeedBetBuilder,
  type WireFeedDelta,
  type WireFeedEvent,
  type WireFeedExchangePrice,
  type WireFeedMarket,
  type WireOddsPatch,
  type WireOddsSnapshot,
  type WireQuoteColumns,
} from './wire';
export {
  animationFrame,
  createLiveFeed,
  graphqlFeedSource,
  type FeedQueryTransport,
  type FeedSubscriptionTransport,
  type FrameScheduler,
  type GraphQLFeedSourceOptions,
  type LiveFeed,
  type LiveFeedOptions,
  type LiveFeedSource,
  type LiveFeedState,
  type LiveFeedStatus,
  type PatchSink,
} from './live';
export type { ReadableStore } from '../internal/store';
