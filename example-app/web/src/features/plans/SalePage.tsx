// /sale: the sale page while a sale is active by the sdk (activeSale at the browser's clock, which
// the browser tests fix); plain pricing when no sale is on.
import { Link } from 'react-router';
import { useActiveSale, useNow } from '@matchkit/react';
import { paths } from '../../app/paths';
import { Page } from '../../components/Page';
import { PlanComparison } from './PlanComparison';
import { SaleContent } from './SaleContent';

export function SalePage() {
  const now = useNow(1000);
  const sale = useActiveSale(now);
  if (sale === undefined) {
    return (
      // Neutral: before a brand's first sale, between sales and on a brand with no sales alike.
      <Page title="No sale on at the moment" lead="These are the usual prices.">
        <PlanComparison />
        <p>
          <Link to={paths.pro}>See every plan</Link>
        </p>
      </Page>
    );
  }
  return (
    <Page title={sale.salePageSections.title} lead={sale.salePageSections.description}>
      <SaleContent sale={sale} now={now} />
    </Page>
  );
}
