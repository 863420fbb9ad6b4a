// Betfair's exchange as an odds provider (betfair.ts); the rest of this folder is its parts.
export { createBetfairProvider, type BetfairProviderOptions } from './betfair';
