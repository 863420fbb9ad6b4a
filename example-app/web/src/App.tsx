import { useEffect, useMemo, useState } from 'react';
import { getBrand, type BrandId } from '@matchkit/sdk/brands';
import { grantedCapabilities } from '@matchkit/sdk/entitlements';
import type { EntitledUser } from '@matchkit/sdk/model';
import {
  BrandProvider,
  useActiveSale,
  useAvailableTools,
  useBrand,
  useNow,
  usePlanTier,
  useSaleCountdown,
} from '@matchkit/react';
import { formatPence } from './money';

const BRAND_IDS: readonly BrandId[] = ['primary', 'secondary'];

/** A minimal product page for both brands; later work replaces it with the full app. */
export function App() {
  const [brandId, setBrandId] = useState<BrandId>('primary');
  return (
    <BrandProvider brand={brandId}>
      <Header brandId={brandId} onBrandChange={setBrandId} />
      <main>
        <SaleBanner />
        <Plans />
        {/* keyed by brand: the demo member's plan belongs to one brand's catalogue */}
        <DemoMember key={brandId} />
      </main>
    </BrandProvider>
  );
}

function Header({ brandId, onBrandChange }: { brandId: BrandId; onBrandChange: (id: BrandId) => void }) {
  const brand = useBrand();
  useEffect(() => {
    document.title = `${brand.displayName} · matchkit example`;
  }, [brand.displayName]);
  const quickLinks = brand.quickLinks.filter((q) => q.active).sort((a, b) => a.order - b.order);
  return (
    <header>
      <div className="bar">
        <h1>{brand.displayName}</h1>
        <label>
          Brand{' '}
          <select value={brandId} onChange={(e) => onBrandChange(e.target.value as BrandId)}>
            {BRAND_IDS.map((id) => (
              <option key={id} value={id}>
                {getBrand(id).displayName}
              </option>
            ))}
          </select>
        </label>
      </div>
      <nav aria-label="Quick links">
        <ul className="quick-links">
          {quickLinks.map((q) => (
            <li key={q.id}>
              <a href={q.href}>{q.label}</a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

function Plans() {
  const brand = useBrand();
  return (
    <section aria-labelledby="plans-heading">
      <h2 id="plans-heading">Plans</h2>
      <ul className="plans">
        {brand.plans.map((plan) => (
          <li key={plan.name} className="plan">
            <h3>{plan.label}</h3>
            <p className="price">
              {formatPence(plan.price.monthly)} <span>a month</span>
            </p>
            {plan.price.firstMonth !== plan.price.monthly && <p>First month {formatPence(plan.price.firstMonth)}</p>}
            <p>or {formatPence(plan.price.yearly)} a year</p>
            <ul className="features">
              {brand.features
                .filter((f) => plan.details[f.key] === true)
                .map((f) => (
                  <li key={f.key}>{f.label}</li>
                ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SaleBanner() {
  const now = useNow(1000);
  const sale = useActiveSale(now);
  const left = useSaleCountdown(sale, now);
  if (sale === undefined || left === undefined) return null;
  return (
    <aside className="sale" aria-label="Sale">
      <strong>{sale.salePageSections.title}</strong>: ends in {left.days}d {left.hours}h {left.minutes}m{' '}
      {left.seconds}s
    </aside>
  );
}

function DemoMember() {
  const brand = useBrand();
  const [plan, setPlan] = useState<string>('');
  // What the member holds after buying `plan`: exactly what the server would grant.
  const user = useMemo<EntitledUser>(
    () => ({ capabilities: plan === '' ? [] : grantedCapabilities(brand, plan), additionalCapabilities: [] }),
    [plan, brand],
  );
  const tier = usePlanTier(user);
  const tools = useAvailableTools(user);
  return (
    <section aria-labelledby="member-heading">
      <h2 id="member-heading">Demo member</h2>
      <label>
        Subscribed to{' '}
        <select value={plan} onChange={(e) => setPlan(e.target.value)}>
          <option value="">no plan</option>
          {brand.plans.map((p) => (
            <option key={p.name} value={p.name}>
              {p.label}
            </option>
          ))}
        </select>
      </label>
      <dl>
        <dt>Plan tier</dt>
        <dd data-testid="tier">{tier}</dd>
        <dt>Available tools ({tools.length})</dt>
        <dd>
          {tools.length === 0 ? (
            'none'
          ) : (
            <ul className="tools">
              {tools.map((t) => (
                <li key={t.key}>{t.title}</li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
    </section>
  );
}
