import type { AffiliateLedger, CommissionState, CommissionStatement } from '@matchkit/sdk/referrals';

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

const STATE = {
  pending: 'PENDING',
  held: 'UNDER_REVIEW',
  payable: 'PAYABLE',
  rejected: 'NOT_PAYABLE',
  reversed: 'NOT_PAYABLE',
} as const satisfies Record<CommissionState, string>;

/**
 * The sdk's commission statement in the schema's CommissionStatement shape, for the affiliate: held
 * commission is "under review" and a rejected one "not payable", never why; payment ids become
 * opaque (`opaque`), payouts carry their reference.
 */
export function statementView(
  statement: CommissionStatement,
  opaque: (paymentId: string) => string,
  references: ReadonlyMap<string, string | null>,
) {
  return {
    total: statement.total,
    pending: statement.pending,
    underReview: statement.held,
    payable: statement.payable,
    paid: statement.paid,
    entries: statement.entries.map((e) => ({
      id: opaque(e.paymentId),
      paidAt: new Date(e.at),
      amount: e.amount,
      commission: e.commission,
      state: STATE[e.state],
      payableFrom: new Date(e.payableFrom),
    })),
    payouts: statement.payouts.map((p) => ({ paidAt: new Date(p.at), amount: p.amount, reference: references.get(p.id) ?? null })),
  };
}
