// A subscription's timeline, one concern a file: types.ts (the public types), prices.ts (term
// prices, upgrades and downgrades, the trial's end), parse.ts (reading a subscription), fold.ts (applying its
// charges and changes in time order) and api.ts (its events, status and upgrade quotes).
export { downgradeOptions, findUpgrade, termPrice, trialEnd, yearlySaving } from './prices';
export { quoteUpgrade, subscriptionEvents, subscriptionStatus } from './api';
export type {
  BillingEvent,
  BillingTermPeriod,
  CancelChange,
  CancelDowngradeChange,
  DowngradeChange,
  PaymentFailedChange,
  PaymentRetriedChange,
  PendingDowngrade,
  Charge,
  SubscriptionChange,
  SubscriptionInput,
  SubscriptionStatus,
  TermPriceOptions,
  TrialGrant,
  PlanUpgrade,
  UpgradeChange,
  UpgradeQuote,
  UpgradeRequest,
} from './types';
