/**
 * Billing: a subscription's timeline over instants (trial, first charge, monthly and yearly
 * terms, renewals, cancellation, failed and retried charges), the no-charge window before a term's end, prorated upgrades,
 * downgrades at renewal, the VAT a receipt shows, the capabilities a ledger of payments, trials and refunds grants at an instant, and the monthly recurring revenue it is worth. Dates are
 * UK (Europe/London) calendar dates; money is integer pence; instants are taken as a `Date` or
 * epoch milliseconds and returned as epoch milliseconds.
 *
 * @packageDocumentation
 * @module @matchkit/sdk/billing
 */
export { addLondonDays, addLondonMonths, londonClockTime } from './calendar';
export { prorate, type BillingPeriod } from './prorate';
export {
  downgradeOptions,
  findUpgrade,
  quoteUpgrade,
  subscriptionEvents,
  subscriptionStatus,
  termPrice,
  trialEnd,
  yearlySaving,
  type BillingEvent,
  type BillingTermPeriod,
  type CancelChange,
  type CancelDowngradeChange,
  type DowngradeChange,
  type PaymentFailedChange,
  type PaymentRetriedChange,
  type PendingDowngrade,
  type Charge,
  type SubscriptionChange,
  type SubscriptionInput,
  type SubscriptionStatus,
  type TermPriceOptions,
  type TrialGrant,
  type PlanUpgrade,
  type UpgradeChange,
  type UpgradeQuote,
  type UpgradeRequest,
} from './timeline';
export { vatIncluded, type VatBreakdown } from './vat';
export { capabilitiesAt, type HeldAccess, type LedgerEvent, type LedgerGrant, type LedgerRefund } from './grants';
export {
  classifyRevenueChange,
  monthlyRevenueAt,
  revenueChanges,
  revenueMovements,
  type RevenueChange,
  type RevenueMovement,
  type RevenueMovements,
} from './revenue';
