/**
 * The oddsmatcher and the finder-tool engines: a market model (events, markets, runners,
 * bookmaker and exchange prices) with valibot schemas, an incremental top-k oddsmatcher, and one
 * ranking engine per finder tool of both brands.
 *
 * @packageDocumentation
 * @module @matchkit/sdk/matching
 */
export {
  commissionFractionSchema,
  feedKeySchema,
  sportEventSchema,
  runnerSchema,
  marketSchema,
  eachWayTermsSchema,
  earlyPayoutSchema,
  backPriceSchema,
  exchangeQuoteSchema,
  exchangePriceSchema,
  marketSnapshotSchema,
  betBuilderPriceSchema,
  type BetBuilderPrice,
  type SportEvent,
  type Runner,
  type Market,
  type EachWayTerms,
  type EarlyPayout,
  type BackPrice,
  type ExchangeQuote,
  type ExchangePrice,
  type MarketSnapshot,
  type FeedPart,
} from './model';
export {
  parseMarketSnapshot,
  indexMarketSnapshot,
  indexMarketSnapshotInSteps,
  type SelectionView,
  type MarketIndex,
  type StepOptions,
} from './snapshot';
export {
  createOddsmatcher,
  oddsmatcherFiltersSchema,
  oddsmatcherOptionsSchema,
  type Oddsmatcher,
  type OddsmatcherFilters,
  type OddsmatcherOptions,
  type OddsmatchRow,
  type OddsmatcherStats,
  type PriceBatch,
} from './oddsmatcher';
export { harvillePlaceProbabilities, fitPoissonGoals, earlyPayoutProbability, bogUplift, type GoalRates } from './finders/models';
export { type FinderInput, type FinderMarketBase, type FinderResult, type FinderRowBase } from './finders/common';
export { findMatchCatches, type MatchCatcherInput, type MatchCatcherOffer, type MatchCatcherRow } from './finders/matchCatcher';
export { findEachWayCatches, type EachWayCatcherInput, type EachWayCatcherRow } from './finders/eachWayCatcher';
export {
  findExtraPlaces,
  findExtraPlacesMaster,
  type ExtraPlaceFinderInput,
  type ExtraPlaceRow,
  type ExtraPlaceHedge,
} from './finders/extraPlace';
export {
  findTwoUpMatches,
  findTwoUpValue,
  twoUpLay,
  type TwoUpInput,
  type TwoUpLay,
  type TwoUpLayInput,
  type TwoUpRow,
} from './finders/twoUp';
export { findAccas, type AccaCatcherInput, type AccaOffer, type AccaRow, type AccaLegRow } from './finders/accaCatcher';
export { findBogValue, DEFAULT_SP_VOLATILITY, type BogCatcherInput, type BogRow } from './finders/bogCatcher';
export { findPriceBoosts, type PriceBoostInput, type PriceBoostRow } from './finders/priceBoostTracker';
export { findLuckyBets, type LuckyFinderInput, type LuckyOffer, type LuckyRow } from './finders/luckyFinder';
export { findSteamers, type SteamChaserInput, type SteamerRow } from './finders/steamChaser';
export { findBetBuilderValue, type BetBuilderInput, type BetBuilderRow } from './finders/betBuilderFinder';
export { findGolfValue, type GolfMasterInput, type GolfRow } from './finders/golfMaster';
export { finderTools, type FinderTool } from './finders/registry';
export { feedParts, feedPartsFor, sliceMarketSnapshot } from './feedParts';
export {
  oddsAlertRuleSchema,
  parseOddsAlertRule,
  oddsAlertFilters,
  oddsAlertMatches,
  type OddsAlertRule,
  type OddsAlertRow,
} from './alerts';
export {
  moneyAlertRuleSchema,
  parseMoneyAlertRule,
  moneyAlertMatches,
  eachWayAlertRow,
  extraPlaceAlertRow,
  isMoneyAlertRule,
  alertThreshold,
  alertFigure,
  alertMatches,
  type MoneyAlertRule,
  type MoneyAlertRow,
  type AlertRule,
  type AlertRow,
} from './moneyAlerts';
export { oddsmatchRating, qualifyingRating } from './rating';
export { findDutches, type DutchingInput, type DutchRow, type DutchOutcome } from './finders/dutching';
