/**
 * Referrals and affiliates: the referral code format, a generator taking your random source,
 * referral links built from the brand's landing path and code parameter and read back as a typed
 * result (never a throw in a page), the affiliate commission (the brand's rate of every payment,
 * in whole pence, with no penny lost across payments), what a refund takes back, the ledger
 * fold that gives an affiliate's balance and monthly summary, and the commission statement that
 * says what is pending, held for review, payable and paid at an instant (the refund window).
 *
 * Money is integer pence; instants are `Date`s or epoch milliseconds; months are UK
 * (Europe/London) calendar months.
 *
 * @packageDocumentation
 * @module @matchkit/sdk/referrals
 */
export { REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH, REFERRAL_CODE_PATTERN } from './code';
export {
  generateReferralCode,
  parseReferralCode,
  parseReferralLink,
  referralLink,
  type GenerateReferralCodeOptions,
  type ReferralCodeResult,
  type ReferralLinkOptions,
} from './links';
export { affiliateCommission, commissionReversal, type AffiliateCommissionOptions, type CommissionReversalOptions } from './commission';
export {
  affiliateLedger,
  type AffiliateEvent,
  type AffiliateLedger,
  type AffiliateLedgerEntry,
  type AffiliateLedgerMonth,
  type AffiliatePaymentEvent,
  type AffiliatePayoutEvent,
  type AffiliateRefundEvent,
} from './ledger';
export {
  REFUND_WINDOW_DAYS,
  commissionStatement,
  type CommissionEntry,
  type CommissionEvent,
  type CommissionPaymentEvent,
  type CommissionPayout,
  type CommissionReviewEvent,
  type CommissionState,
  type CommissionStatement,
  type CommissionStatementOptions,
} from './states';
