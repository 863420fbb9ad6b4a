import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUpgrade, quoteUpgrade, subscriptionStatus } from '@matchkit/sdk/billing';
import { getBrand } from '@matchkit/sdk/brands';
import { planTier } from '@matchkit/sdk/entitlements';
import { createTestApp, type TestApp } from '../../test/app';
import { grantPlanForDemo } from './demo';
import { addMember, buy, holdings, must, tokenFor } from './testing';

// The secondary brand's upgrades through GraphQL (issue 20, defect 1): a member on Starter or
// Advanced moves up for the rest of the term at the price the sdk's quoteUpgrade gives, yearly
// as monthly, and then holds the higher plan.

const brand = getBrand('secondary');
const OPTION = `query ($slug: String!) { purchaseOption(slug: $slug) { slug kind plan billingTerm amountDueNow recurringAmount trialDays } }`;

describe('upgrades (secondary brand): every plan up to every higher one, prorated by the sdk', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { BRAND: 'secondary' } });
  });
  afterAll(() => t.stop());

  // Named, not read from the catalogue: a catalogue without them fails here instead of running no case.
  const cases = ['starter-upgrade', 'starter-pro-upgrade', 'advanced-upgrade'].flatMap((slug) =>
    (['month', 'year'] as const).map((term) => [slug, term] as const),
  );

  it.each(cases)('%s, %sly, some days in: the sdk’s quote, then the higher plan', async (slug, term) => {
    const { from, to } = findUpgrade(brand, slug);
    t.clock.set('2026-12-01T10:00:00Z');
    const { id } = await addMember(t);
    const subId = await grantPlanForDemo(t.database.db, brand, id, from, term, t.clock());
    t.clock.set(term === 'month' ? '2026-12-11T10:00:00Z' : '2027-01-30T10:00:00Z');
    const input = { id: subId, plan: from, term, startedAt: Date.parse('2026-12-01T10:00:00Z') };
    const quote = quoteUpgrade(brand, input, { slug, at: t.clock() });
    expect(quote.amount).toBeGreaterThan(0);
    const after = must(
      subscriptionStatus(brand, { ...input, changes: [{ type: 'upgrade', slug, at: t.clock() }] }, t.clock()).nextCharge,
      'a next charge',
    );

    const option = await t.gql<{ purchaseOption: Record<string, unknown> }>(OPTION, { slug }, { token: await tokenFor(t, id) });
    expect(option.errors).toBeUndefined();
    expect(option.data?.purchaseOption).toEqual({
      slug,
      kind: 'upgrade',
      plan: to,
      billingTerm: term,
      amountDueNow: quote.amount,
      recurringAmount: after.amount,
      trialDays: 0,
    });

    const checkout = await buy(t, id, slug);
    expect([checkout.plan, checkout.amount, checkout.billingTerm]).toEqual([to, quote.amount, term]);
    const upgraded = await holdings(t, id);
    expect(planTier(brand, { capabilities: upgraded.capabilities, additionalCapabilities: [] })).toBe(to);
    expect(upgraded.billing?.nextChargeAt).toBe(new Date(after.at).toISOString());
  });
});
