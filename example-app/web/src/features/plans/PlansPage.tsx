// /pro, "Plans and prices": every plan of the brand from its catalogue (PlanCards: prices, the
// yearly saving, features, a link to its purchase page, the recommended plan highlighted), the
// comparison table, and, while a sale is active by the sdk at the
// browser's clock, a banner that leads to the sale page (/sale).
import { useActiveSale, useBrand, useNow } from '@matchkit/react';
import { paths } from '../../app/paths';
import { Page } from '../../components/Page';
import { ButtonLink, Card } from '../../components/ui';
import { PlanCards } from './PlanCards';
import { PlanComparison } from './PlanComparison';
import { SaleBanner } from './SaleBanner';

export function PlansPage() {
  const brand = useBrand();
  const now = useNow(1000);
  const sale = useActiveSale(now);
  return (
    <Page title="Plans and prices" lead={`Every ${brand.displayName} plan, what it includes and what it costs.`}>
      {sale === undefined ? null : (
        <Card as="section" tone="highlighted" className="my-4" aria-labelledby="sale-callout-heading">
          <h2 id="sale-callout-heading">{sale.salePageSections.title}</h2>
          <SaleBanner sale={sale} />
          <p>{sale.salePageSections.description}</p>
          <ButtonLink to={paths.sale}>See the sale prices</ButtonLink>
        </Card>
      )}
      <PlanCards at={now} />
      <p className="mt-4 mb-0 text-sm text-muted">
        New members start monthly plans with a {brand.onboarding.trialDays}-day free trial. Cancel at any time from your account; access
        lasts to the end of what you paid for.
      </p>
      <PlanComparison />
    </Page>
  );
}
