import type { AffiliateLedger } from '@matchkit/sdk/referrals';

/** The sdk's affiliate ledger in the schema's AffiliateEarnings shape. */
export function earningsView(ledger: AffiliateLedger) {
  return {
    commissionRate: ledger.commissionRate,
    total: ledger.total,
    earned: ledger.earned,
    reversed: ledger.reversed,
    pending: ledger.pending,
    paid: ledger.paid,
    months: ledger.months.map((m) => ({ ...m })),
  };
}
