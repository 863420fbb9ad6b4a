// The body of a sale page while its sale is active, block by block as the sale's
// salePageSections asks: banner, countdown, the plans with their sale prices, testimonials and
// trust reviews. Prices and instants come from the catalogue and the sdk, never from here.
import { Link } from 'react-router';
import type { Sale } from '@matchkit/sdk/model';
import { paths } from '../../app/paths';
import { PlanComparison } from './PlanComparison';
import { SaleBanner } from './SaleBanner';
import { SaleCountdown } from './SaleCountdown';
import { Testimonials } from './Testimonials';
import { TrustReviews } from './TrustReviews';

/** A sale's yearly prices by plan name. */
export function salePricesOf(sale: Sale): Record<string, number> {
  return Object.fromEntries(sale.plans.map((p) => [p.plan, p.yearly]));
}

export function SaleContent({ sale, now }: { readonly sale: Sale; readonly now: number }) {
  const sections = sale.salePageSections;
  const links = new Map(sale.plans.map((p) => [p.plan, p.paymentLink]));
  return (
    <div className="sale-content">
      <SaleBanner sale={sale} />
      {sections.countdown ? <SaleCountdown sale={sale} now={now} /> : null}
      {sections.plansComparison ? (
        <PlanComparison
          caption="The plans at their sale prices (billed yearly)"
          salePrices={salePricesOf(sale)}
          choosePath={(plan) => links.get(plan) ?? paths.subscribe(plan)}
        />
      ) : null}
      <p className="m-0 text-sm text-muted">
        Sale prices are for a year&apos;s membership, paid once, and renew at the plan&apos;s usual yearly price. 18+ only.{' '}
        <Link to={sale.termsAndConditionsUrl}>The sale&apos;s terms</Link>
      </p>
      {sections.testimonials ? <Testimonials /> : null}
      {sections.trustpilot ? <TrustReviews /> : null}
    </div>
  );
}
