// /subscribe/{slug}: a plan of the brand, an upgrade the brand sells, or a sale payment link
// (sale-{plan}-aug-2025-{code}). What is sold and its price come from the server's purchaseOption
// (the sdk's billing on the server); whether a sale link's sale is on comes from the sdk at the
// browser's clock. An unknown slug gets a "not sold" page that leads to the plans. A member whose
// plan renews and who opens a higher plan's page (the onboarding's "Try Advanced instead") is
// taken to the upgrade from their plan to it: a second subscription is not what they want.
import { Navigate, useParams } from 'react-router';
import { Link } from 'react-router';
import { useActiveSale, useBrand, useNow, usePlanTier } from '@matchkit/react';
import type { Brand } from '@matchkit/sdk/brands';
import type { Sale } from '@matchkit/sdk/model';
import { salePaymentLink, saleWindow } from '@matchkit/sdk/sales';
import { paths } from '../../app/paths';
import { Page } from '../../components/Page';
import { ButtonLink } from '../../components/ui';
import { PlanComparison, SaleContent } from '../plans';
import { useSession } from '../session';
import { PurchasePanel } from './PurchasePanel';

type Target =
  | { readonly kind: 'plan'; readonly plan: string; readonly label: string }
  | { readonly kind: 'upgrade'; readonly from: string; readonly plan: string; readonly label: string }
  | { readonly kind: 'sale'; readonly sale: Sale; readonly plan: string; readonly label: string }
  | { readonly kind: 'unknown' };

function labelOf(brand: Brand, plan: string): string {
  return brand.plans.find((p) => p.name === plan)?.label ?? brand.tiers.find((t) => t.id === plan)?.label ?? plan;
}

/** What `slug` names on this brand, from the catalogue (the sdk builds the sale links). */
export function resolveSlug(brand: Brand, slug: string): Target {
  const plan = brand.plans.find((p) => p.name === slug);
  if (plan !== undefined) return { kind: 'plan', plan: plan.name, label: plan.label };
  const upgrade = brand.upgrades.find((u) => u.slug === slug);
  if (upgrade !== undefined) return { kind: 'upgrade', from: upgrade.from, plan: upgrade.to, label: labelOf(brand, upgrade.to) };
  for (const sale of brand.sales) {
    for (const sp of sale.plans) {
      if (salePaymentLink(sale, sp.plan) === paths.subscribe(slug))
        return { kind: 'sale', sale, plan: sp.plan, label: labelOf(brand, sp.plan) };
    }
  }
  return { kind: 'unknown' };
}

export function SubscribePage() {
  const { slug = '' } = useParams();
  const brand = useBrand();
  const target = resolveSlug(brand, slug);
  switch (target.kind) {
    case 'plan':
      return <PlanPage slug={slug} plan={target.plan} label={target.label} />;
    case 'upgrade':
      return (
        <Page
          title={`Upgrade to ${target.label}`}
          lead={`From ${labelOf(brand, target.from)} to ${target.label}: you pay the difference for the rest of your current term, and your billing term stays the same.`}
        >
          <PurchasePanel key={slug} slug={slug} label={target.label} terms="subscription" upgradeFrom={target.from} />
          <p>
            <Link to={paths.account}>Back to your account</Link>
          </p>
        </Page>
      );
    case 'sale':
      return <SaleLink slug={slug} sale={target.sale} plan={target.plan} label={target.label} />;
    case 'unknown':
      return <NotSold slug={slug} />;
  }
}

function SaleLink({
  slug,
  sale,
  plan,
  label,
}: {
  readonly slug: string;
  readonly sale: Sale;
  readonly plan: string;
  readonly label: string;
}) {
  const now = useNow(1000);
  const active = useActiveSale(now);
  if (active?.id !== sale.id) {
    const notYet = now < saleWindow(sale).start;
    return (
      <Page
        title={notYet ? 'This sale has not started yet' : 'This sale has ended'}
        lead={
          notYet
            ? 'This sale link opens when the sale starts. Until then, these are the usual prices.'
            : 'The sale prices are no longer available. These are the usual prices.'
        }
      >
        <p>
          <ButtonLink to={paths.subscribe(plan)} className="text-center whitespace-normal!">
            Subscribe to {label} at the usual price
          </ButtonLink>
        </p>
        <PlanComparison />
      </Page>
    );
  }
  return (
    <Page title={sale.salePageSections.title} lead={sale.salePageSections.description}>
      <PurchasePanel key={slug} slug={slug} label={label} terms="year" at={now} />
      <SaleContent sale={sale} now={now} />
    </Page>
  );
}

function NotSold({ slug }: { readonly slug: string }) {
  const brand = useBrand();
  return (
    <Page title="We do not sell that plan" lead={`“${slug}” is not a plan, upgrade or sale link that we sell.`}>
      <p>These are the plans you can choose from:</p>
      <ul>
        {brand.plans.map((p) => (
          <li key={p.name}>
            <Link to={paths.subscribe(p.name)}>{p.label}</Link>
          </li>
        ))}
      </ul>
      <p>
        <ButtonLink to={paths.pro}>See plans and prices</ButtonLink>
      </p>
    </Page>
  );
}

/** A plan's page, or, for a member whose plan renews and has an upgrade to this one, that upgrade's page. */
function PlanPage({ slug, plan, label }: { readonly slug: string; readonly plan: string; readonly label: string }) {
  const brand = useBrand();
  const { user, entitled } = useSession();
  const tier = usePlanTier(entitled);
  const renews = user?.subscription !== null && user?.subscription !== undefined && (user.billing?.nextChargeAt ?? null) !== null;
  const upgrade = renews ? brand.upgrades.find((u) => u.from === tier && u.to === plan) : undefined;
  if (upgrade !== undefined) return <Navigate replace to={paths.subscribe(upgrade.slug)} />;
  return (
    <Page title={`Subscribe: ${label}`} lead={`Choose how to pay for ${label}, then continue to the secure payment page.`}>
      <PurchasePanel key={slug} slug={slug} label={label} terms="choose" />
      <p>
        <Link to={paths.pro}>Compare every plan</Link>
      </p>
    </Page>
  );
}
