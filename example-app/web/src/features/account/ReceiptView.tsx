// One receipt as the member reads and prints it: the seller, then the receipt's facts (number,
// date, plan, period, the price before VAT, the VAT and the total, the payment reference and any
// refund), then the VAT note and the 18+ line. The figures are the server's stored pence (the VAT
// is the sdk's vatIncluded, worked out when the receipt was issued); this view only formats them.
import { formatPence } from '../../components/money';
import { FactList, FactRow } from '../../components/ui';
import { formatLondonDate } from '../plans';
import type { ReceiptData } from './api/billing';

const KIND: Readonly<Record<ReceiptData['kind'], string>> = { first: 'First payment', renewal: 'Renewal', upgrade: 'Upgrade' };

export function ReceiptView({ receipt: r }: { readonly receipt: ReceiptData }) {
  return (
    <div>
      <address className="mb-4 not-italic">
        <strong>{r.sellerName}</strong>
        <br />
        {r.sellerAddress}
        {r.vatNumber === null ? null : (
          <>
            <br />
            VAT number {r.vatNumber}
          </>
        )}
      </address>
      <FactList className="max-w-xl">
        <FactRow term="Receipt number">{r.number}</FactRow>
        <FactRow term="Date">{formatLondonDate(r.issuedAt)}</FactRow>
        <FactRow term="Plan">
          {r.planLabel}, {r.billingTerm === 'year' ? 'yearly' : 'monthly'}
        </FactRow>
        <FactRow term="Payment for">{KIND[r.kind]}</FactRow>
        <FactRow term="Period">
          {formatLondonDate(r.periodStart)} to {formatLondonDate(r.periodEnd)}
        </FactRow>
        <FactRow term="Price before VAT">{formatPence(r.amount - r.vat)}</FactRow>
        <FactRow term="VAT at 20%">{formatPence(r.vat)}</FactRow>
        <FactRow term="Total paid" strong>
          {formatPence(r.amount)}
        </FactRow>
        <FactRow term="Payment reference">{r.reference}</FactRow>
        {r.refundedAmount === null || r.refundedAt === null ? null : (
          <FactRow term="Refunded" strong>
            {formatPence(r.refundedAmount)} on {formatLondonDate(r.refundedAt)}
          </FactRow>
        )}
      </FactList>
      <p className="mt-4 mb-1 text-sm text-muted">Prices include VAT at the UK standard rate of 20%.</p>
      <p className="m-0 text-sm text-muted">18+ only. Gambling carries risk: only stake what you can afford to lose.</p>
    </div>
  );
}
