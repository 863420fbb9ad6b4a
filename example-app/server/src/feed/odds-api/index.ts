// The Odds API v4 behind the feed: the provider's factory and its options (the combiner wires it),
// and the local fake the tests run it against.
export { createOddsApiProvider, inWords, sportsToPoll } from './provider';
export { OddsApiOptionsError, REGIONS, type OddsApiMarket, type OddsApiProviderOptions } from './options';
export { DEFAULT_BOOKMAKER_KEYS, DEFAULT_EXCHANGES, SPORT_GROUPS, feedBookmakerKey, feedSport, type OddsApiExchange } from './mapping';
export { nextReset, pacedInterval, requestCost } from './quota';
export { systemTimers, type Timers } from './timers';
