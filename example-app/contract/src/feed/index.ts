// The example app's odds feed: the FeedSource interface the server serves from, and the
// deterministic simulated feed behind it (the wire contract itself, patches, keys and applyPatch, is
// the sdk's `@matchkit/sdk/feed`). Imported as `@matchkit/app-contract/feed` by the server, the web
// app's tests and the contract's own tests.
export type { FeedProviderHealth, FeedProviderHealthReason, FeedSource } from './source';
export { SIMULATED_BOOKMAKERS, SIMULATED_EXCHANGES } from './catalogue';
export {
  DEFAULT_EVENT_COUNT,
  DEFAULT_HORIZON_MS,
  DEFAULT_INTERVAL_MS,
  DEFAULT_ORIGIN_MS,
  MAX_CATCH_UP,
  MIN_INTERVAL_MS,
  type SimulatedFeedOptions,
} from './options';
export { createSimulatedFeed, createSteppedFeed, MIN_STEPPED_INTERVAL_MS, steamBaseline, type SimulatedFeed } from './simulated';
