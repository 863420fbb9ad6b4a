// Referrals and affiliates: a member's referral summary and earnings (@matchkit/sdk/referrals), and
// the administrators' refunds and payouts. Commission rows are written by billing's ledger writes
// through commission.ts, in the transaction that records each payment or refund.
import type { ModuleFactory, Resolvers } from '../module';
import { adminHeldCommission, adminReviewCommission } from './admin-commission';
import { adminRecordPayout } from './admin-record-payout';
import { adminRefundPayment } from './admin-refund-payment';
import { affiliateEarnings } from './affiliate-earnings';
import { referrals } from './referrals';
import typeDefs from './schema.graphql?raw';

export const affiliatesModule: ModuleFactory = () => ({
  name: 'affiliates',
  typeDefs,
  resolvers: {
    Query: { referrals, affiliateEarnings, adminHeldCommission },
    Mutation: { adminRefundPayment, adminRecordPayout, adminReviewCommission },
  } satisfies Resolvers,
});
