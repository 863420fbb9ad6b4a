// Admin > Sales: the brand catalogue's sales (useBrand), each with its state now (upcoming, live,
// ended: state.ts, the sdk's rules), its start and end in UK time, and its links: the sale page
// (while it is live) and each plan's payment link (the sdk's salePaymentLink) with its sale price.
import { Link } from 'react-router';
import { useBrand, useNow } from '@matchkit/react';
import type { Sale } from '@matchkit/sdk/model';
import { salePaymentLink, saleYearlyPrice } from '@matchkit/sdk/sales';
import { paths } from '../../../app/paths';
import { formatPence } from '../../../components/money';
import { Badge, type BadgeTone, EmptyState, Table, Td, Th } from '../../../components/ui';
import { adminDateTimeSeconds, planLabel } from '../format';
import { saleState, type SaleState } from './state';

const STATE: Readonly<Record<SaleState, { readonly label: string; readonly tone: BadgeTone }>> = {
  upcoming: { label: 'Upcoming', tone: 'accent' },
  live: { label: 'Live', tone: 'success' },
  ended: { label: 'Ended', tone: 'neutral' },
  overlapped: { label: 'Hidden by an earlier sale', tone: 'warning' },
};

export function SalesSection() {
  const brand = useBrand();
  const now = useNow(1000);
  if (brand.sales.length === 0) return <EmptyState title="No sales" description="The brand's catalogue lists no sale." />;
  return (
    <>
      <p className="mt-0 max-w-reading text-muted">
        The sales of {brand.displayName}&apos;s catalogue. Times are UK time; a sale ends at the end of the second shown. A payment link
        sells at the sale price only while its sale is live; before and after, it shows the usual prices.
      </p>
      <Table caption="Sales" captionHidden tableClassName="min-w-4xl">
        <thead>
          <tr>
            <Th>Sale</Th>
            <Th>State</Th>
            <Th>Starts</Th>
            <Th>Ends</Th>
            <Th>Links</Th>
          </tr>
        </thead>
        <tbody>
          {brand.sales.map((sale) => (
            <SaleRow key={sale.id} sale={sale} state={saleState(brand.sales, sale, now)} />
          ))}
        </tbody>
      </Table>
    </>
  );
}

function SaleRow({ sale, state }: { readonly sale: Sale; readonly state: SaleState }) {
  const brand = useBrand();
  return (
    <tr className="align-top">
      <Th scope="row">
        {sale.salePageSections.title} <span className="block text-sm font-normal text-muted">{sale.id}</span>
      </Th>
      <Td>
        <Badge tone={STATE[state].tone}>{STATE[state].label}</Badge>
      </Td>
      <Td>{adminDateTimeSeconds(sale.startDate)}</Td>
      <Td>{adminDateTimeSeconds(sale.endDate)}</Td>
      <Td>
        <ul className="m-0 grid list-none gap-1 p-0">
          {state === 'live' ? (
            <li>
              <Link to={paths.sale}>The sale page</Link>
            </li>
          ) : null}
          {sale.plans.map((sp) => {
            const link = salePaymentLink(sale, sp.plan);
            const price = saleYearlyPrice(sale, sp.plan);
            return (
              <li key={sp.plan}>
                {planLabel(brand, sp.plan)}
                {price === undefined ? '' : ` at ${formatPence(price)} a year`}: <Link to={link}>{link}</Link>
              </li>
            );
          })}
        </ul>
      </Td>
    </tr>
  );
}
