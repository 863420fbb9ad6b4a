// Referrals and affiliates: a member's referral summary and earnings (@matchkit/sdk/referrals), and
// the administrators' refunds and payouts. Commission rows are written by billing's ledger writes
// through commission.ts, in the transaction that records each payment or refund. Every minute, the
// commission-payable pass mails each entry that passed the refund window (commission-payable.ts).
import { unsubscribeLinks } from '../../mail/unsubscribe';
import { periodicPass } from '../../periodic';
import type { ModuleFactory, Resolvers } from '../module';
import { adminAffiliateProgramme, adminAffiliates, adminAffiliateStatement } from './admin-affiliates';
import { adminHeldCommission, adminReviewCommission } from './admin-commission';
import { adminRecordPayout } from './admin-record-payout';
import { adminRefundPayment } from './admin-refund-payment';
import { affiliateEarnings } from './affiliate-earnings';
import { runCommissionPayablePass } from './commission-payable';
import { referrals } from './referrals';
import typeDefs from './schema.graphql?raw';

/** How often the commission-payable pass runs (as often as billing's renewal pass). */
export const COMMISSION_PASS_INTERVAL_MS = 60_000;

export const affiliatesModule: ModuleFactory = (deps) => {
  const links = unsubscribeLinks(deps.config, 'commission-payable');
  const pass = periodicPass('commission-payable pass', COMMISSION_PASS_INTERVAL_MS, deps.logger, () =>
    runCommissionPayablePass(deps, deps.clock(), links),
  );
  return {
    name: 'affiliates',
    typeDefs,
    resolvers: {
      Query: { referrals, affiliateEarnings, adminHeldCommission, adminAffiliates, adminAffiliateStatement, adminAffiliateProgramme },
      Mutation: { adminRefundPayment, adminRecordPayout, adminReviewCommission },
    } satisfies Resolvers,
    start: () => pass.start(),
    stop: () => pass.stop(),
  };
};
