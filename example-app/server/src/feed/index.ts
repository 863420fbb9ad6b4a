// The odds feed: the FeedSource interface and the simulated implementation (the contract itself is
// the sdk's `@matchkit/sdk/feed`).
export type { FeedSource } from './source';
export {
  createSimulatedFeed,
  steamBaseline,
  DEFAULT_EVENT_COUNT,
  DEFAULT_HORIZON_MS,
  DEFAULT_INTERVAL_MS,
  DEFAULT_ORIGIN_MS,
  MAX_CATCH_UP,
  MIN_INTERVAL_MS,
  SIMULATED_BOOKMAKERS,
  SIMULATED_EXCHANGES,
  type SimulatedFeed,
  type SimulatedFeedOptions,
} from './simulated';
