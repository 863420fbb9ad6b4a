// The example app's contract: what its web app, server and tests share and the published sdk does
// not. The root holds the wire helpers both sides call; the larger parts have entry points of their
// own, so that a side imports only what it uses:
//   @matchkit/app-contract        the tracked-bet converter between the GraphQL wire and the sdk,
//                                 dates in London words (londonDate, londonDateTime), the finder
//                                 tools described for members (finderWording), the copy check's
//                                 detector of developer wording (findIdentifiers), and the feed's
//                                 keys as words (sportLabel, accountLabel, marketLabel), and the
//                                 tools an odds alert may watch (alertTools), and the feed's
//                                 providers as members see them (FeedStatusQuery, feedProviderNotice)
//   @matchkit/app-contract/seed   the starting content (offers, guides, training), its URLs
//   @matchkit/app-contract/feed   the FeedSource interface and the deterministic simulated feed
//   @matchkit/app-contract/testing  tracked-bet fixtures for tests (the sdk's form and the wire's)
//   @matchkit/app-contract/password-strength  the password strength estimate (zxcvbn-ts and its
//                                 dictionaries, about 800 KB gzipped: the web app loads it lazily)
export { betFromWire, betToWire, type WireTrackedBet, type WireTrackedLeg } from './tracked-bet';
export { londonDate, londonDateTime } from './dates';
export { finderWording, type FinderWording } from './finder-wording';
export { catalogueIdentifiers, findIdentifiers } from './identifiers';
export { accountLabel, marketLabel, sportLabel } from './names';
export {
  DEFAULT_FEED_PROVIDER_NAMES,
  FeedStatusQuery,
  feedProviderLabel,
  feedProviderNotice,
  type FeedProviderReason,
  type FeedProviderState,
  type FeedProviderStatus,
  type FeedStatus,
} from './feed-status';
export {
  alertTools,
  isAlertTool,
  moneyAlertTools,
  isMoneyAlertTool,
  moneyAlertFigure,
  type AlertTool,
  type MoneyAlertTool,
} from './alert-tools';
