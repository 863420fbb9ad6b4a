// /pro, "Plans and prices": every plan of the brand from its catalogue (prices, features, a link
// to its purchase page), the comparison table, and, while a sale is active by the sdk at the
// browser's clock, a banner that leads to the sale page (/sale).
import { Link } from 'react-router';
import { useActiveSale, useBrand, useNow } from '@matchkit/react';
import { paths } from '../../app/paths';
import { formatPence } from '../../components/money';
import { Page } from '../../components/Page';
import { PlanComparison } from './PlanComparison';
import { SaleBanner } from './SaleBanner';
import './plans.css';

export function PlansPage() {
  const brand = useBrand();
  const now = useNow(1000);
  const sale = useActiveSale(now);
  return (
    <Page title="Plans and prices" lead={`Every ${brand.displayName} plan, what it includes and what it costs.`}>
      {sale === undefined ? null : (
        <section className="sale-callout card" aria-labelledby="sale-callout-heading">
          <h2 id="sale-callout-heading">{sale.salePageSections.title}</h2>
          <SaleBanner sale={sale} />
          <p>{sale.salePageSections.description}</p>
          <Link className="button-link" to={paths.sale}>
            See the sale prices
          </Link>
        </section>
      )}
      <ul className="plan-cards card-grid">
        {brand.plans.map((plan) => {
          const features = brand.features.filter((f) => plan.details[f.key] === true);
          return (
            <li key={plan.name} className="card plan-card">
              <h2>{plan.label}</h2>
              <dl className="plan-prices">
                <div>
                  <dt>Monthly</dt>
                  <dd>{formatPence(plan.price.monthly)} a month</dd>
                </div>
                <div>
                  <dt>First month</dt>
                  <dd>{formatPence(plan.price.firstMonth)}</dd>
                </div>
                <div>
                  <dt>Yearly</dt>
                  <dd>{formatPence(plan.price.yearly)} a year</dd>
                </div>
              </dl>
              <h3>Includes</h3>
              <ul className="feature-list">
                {features.map((f) => (
                  <li key={f.key}>{f.label}</li>
                ))}
              </ul>
              <Link className="button-link" to={paths.subscribe(plan.name)}>
                Choose {plan.label}
              </Link>
            </li>
          );
        })}
      </ul>
      <p className="hint">
        New members start monthly plans with a {brand.onboarding.trialDays}-day free trial. Cancel at any time from your account; access
        lasts to the end of what you paid for.
      </p>
      <PlanComparison />
    </Page>
  );
}
