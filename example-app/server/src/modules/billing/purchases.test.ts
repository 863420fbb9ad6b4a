import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBrand } from '@matchkit/sdk/brands';
import { availableTools, grantedCapabilities } from '@matchkit/sdk/entitlements';
import { createTestApp, type TestApp } from '../../test/app';
import { addMember, buy, holdings, must, provider, startCheckout, tokenFor } from './testing';

const brands = ['primary', 'secondary'] as const;

describe.each(brands)('buying every plan of the %s brand through the test provider', (brandId) => {
  const brand = getBrand(brandId);
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { BRAND: brandId } });
  });
  afterAll(() => t.stop());

  const cases = brand.plans.flatMap((p) => (['month', 'year'] as const).map((term) => [p.name, term] as const));

  it.each(cases)('%s %sly: a paid checkout grants exactly the plan capabilities and its tools, nothing before', async (plan, term) => {
    const { id } = await addMember(t);
    const before = await holdings(t, id);
    expect(before.capabilities).toEqual([]);
    expect(before.tools).toEqual([]);
    expect(before.subscription).toBeNull();

    const checkout = await buy(t, id, plan, term);
    const price = must(brand.plans.find((p) => p.name === plan)).price;
    // A first subscription on a monthly term is a trial (nothing charged now); a year is charged at once.
    expect(checkout.amount).toBe(term === 'year' ? price.yearly : 0);
    expect(checkout.billingTerm).toBe(term);

    const granted = grantedCapabilities(brand, plan);
    const after = await holdings(t, id);
    expect(after.capabilities).toEqual([...granted].sort());
    expect(after.tools).toEqual(availableTools(brand, { capabilities: granted, additionalCapabilities: [] }).map((x) => x.slug));
    expect(after.subscription).toMatchObject({ billingTerm: term, isTrial: term === 'month', isLegacy: false });
    expect(after.billing?.customerId).toMatch(/^cus_test_ok_/);

    const r = await t.gql<{
      checkout: { status: string };
      myPurchases: { plan: string; amount: number; billingTerm: string; grantedCapabilities: string[] }[];
    }>(
      'query ($id: ID!) { checkout(id: $id) { status } myPurchases { plan amount billingTerm grantedCapabilities } }',
      { id: checkout.id },
      { token: await tokenFor(t, id) },
    );
    expect(r.data?.checkout.status).toBe('paid');
    expect(r.data?.myPurchases).toEqual([{ plan, amount: checkout.amount, billingTerm: term, grantedCapabilities: granted }]);
    const charged = provider(t).charges.filter((c) => c.key === checkout.id);
    expect(charged.map((c) => c.amount)).toEqual(term === 'year' ? [price.yearly] : []);
  });

  it('a declined page grants nothing and fails the checkout', async () => {
    const { id } = await addMember(t);
    const checkout = await buy(t, id, must(brand.plans[0]).name, 'year', 'decline');
    expect((await holdings(t, id)).capabilities).toEqual([]);
    const r = await t.gql<{ checkout: { status: string } }>(
      'query ($id: ID!) { checkout(id: $id) { status } }',
      { id: checkout.id },
      { token: await tokenFor(t, id) },
    );
    expect(r.data?.checkout.status).toBe('failed');
  });

  it('a second subscription while one renews is a CONFLICT; a member who had one pays the first month at once (no second trial)', async () => {
    const plan = must(brand.plans[0]);
    const { id } = await addMember(t);
    await buy(t, id, plan.name, 'month');
    const again = await startCheckout(t, id, plan.name, 'month');
    expect(again.error).toMatchObject({ code: 'CONFLICT', field: 'input.slug' });
    const cancel = await t.gql<{ cancelSubscription: { ok: boolean } }>(
      'mutation { cancelSubscription { ok } }',
      {},
      { token: await tokenFor(t, id) },
    );
    expect(cancel.data?.cancelSubscription.ok).toBe(true);
    const next = await startCheckout(t, id, plan.name, 'month');
    expect(next.error).toBeNull();
    expect(next.checkout?.amount).toBe(plan.price.firstMonth);
  });

  it('refuses an unknown slug naming the field, and signed-out checkouts', async () => {
    const { id } = await addMember(t);
    const bad = await startCheckout(t, id, 'gold');
    expect(bad.error).toMatchObject({ code: 'BAD_INPUT', field: 'input.slug' });
    const anon = await t.gql('mutation { startCheckout(input: { slug: "x" }) { ok } }');
    expect(anon.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const option = await t.gql<{ purchaseOption: unknown }>('{ purchaseOption(slug: "gold") { slug } }');
    expect(option.data?.purchaseOption).toBeNull();
  });

  it('purchaseOption prices a plan from the sdk: a visitor sees the trial, the yearly price, the renewal', async () => {
    const plan = must(brand.plans[1]);
    const r = await t.gql<{ m: Record<string, unknown>; y: Record<string, unknown> }>(
      `query ($slug: String!) {
        m: purchaseOption(slug: $slug) { slug kind plan billingTerm amountDueNow recurringAmount trialDays saleId }
        y: purchaseOption(slug: $slug, billingTerm: year) { slug kind plan billingTerm amountDueNow recurringAmount trialDays saleId }
      }`,
      { slug: plan.name },
    );
    expect(r.data?.m).toEqual({
      slug: plan.name,
      kind: 'plan',
      plan: plan.name,
      billingTerm: 'month',
      amountDueNow: 0,
      recurringAmount: plan.price.firstMonth,
      trialDays: brand.onboarding.trialDays,
      saleId: null,
    });
    expect(r.data?.y).toEqual({
      slug: plan.name,
      kind: 'plan',
      plan: plan.name,
      billingTerm: 'year',
      amountDueNow: plan.price.yearly,
      recurringAmount: plan.price.yearly,
      trialDays: 0,
      saleId: null,
    });
  });
});
