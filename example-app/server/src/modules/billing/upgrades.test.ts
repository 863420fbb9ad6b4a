import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prorate, subscriptionStatus } from '@matchkit/sdk/billing';
import { getBrand } from '@matchkit/sdk/brands';
import { availableTools, grantedCapabilities, planTier } from '@matchkit/sdk/entitlements';
import { ledger, subscriptions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { grantPlanForDemo } from './demo';
import { runRenewalPass } from './renewals';
import { toSubscriptionInput } from './subscriptions';
import { addMember, buy, holdings, must, provider, startCheckout, submitPage, tokenFor } from './testing';

const brand = getBrand('primary');
const sorted = (plan: string) => [...grantedCapabilities(brand, plan)].sort();
/**
 * What the sdk's capabilitiesAt holds while a term bought on one plan and its upgrade are both in
 * force: the union of the two plans (the old plan's own tier code included) until that term ends.
 */
const both = (from: string, to: string) => [...new Set([...grantedCapabilities(brand, from), ...grantedCapabilities(brand, to)])].sort();
const toolsOf = (plan: string) =>
  availableTools(brand, { capabilities: grantedCapabilities(brand, plan), additionalCapabilities: [] }).map((x) => x.slug);
const price = (plan: string) => must(brand.plans.find((p) => p.name === plan)).price;

const OPTION = `query ($slug: String!) { purchaseOption(slug: $slug) { slug kind plan billingTerm amountDueNow recurringAmount trialDays saleId } }`;

describe('upgrades (primary brand): prorated by the sdk, paid on the provider page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.stop());

  const ledgerOf = async (userId: string) =>
    (await t.database.db.select().from(ledger).where(eq(ledger.userId, userId))).sort(
      (a, b) => a.at.getTime() - b.at.getTime() || (a.id < b.id ? -1 : 1),
    );

  it.each(brand.upgrades.map((u) => [u.slug, u.from, u.to] as const))(
    '%s (%s to %s) ten days into a monthly term: the prorated difference, then the new plan and its price at renewal',
    async (slug, from, to) => {
      t.clock.set('2026-03-02T10:00:00Z');
      const { id } = await addMember(t);
      const subId = await grantPlanForDemo(t.database.db, brand, id, from, 'month', t.clock());
      t.clock.set('2026-03-12T10:00:00Z');
      // The first term runs from 2 March 10:00 GMT to 2 April 10:00 BST; the rest of it from now, at the difference of the two first-month prices.
      const term = { start: Date.parse('2026-03-02T10:00:00Z'), end: Date.parse('2026-04-02T09:00:00Z') };
      const expected = prorate(price(to).firstMonth - price(from).firstMonth, term, { start: t.clock(), end: term.end });
      expect(expected).toBeGreaterThan(0);

      const option = await t.gql<{ purchaseOption: Record<string, unknown> }>(OPTION, { slug }, { token: await tokenFor(t, id) });
      expect(option.data?.purchaseOption).toEqual({
        slug,
        kind: 'upgrade',
        plan: to,
        billingTerm: 'month',
        amountDueNow: expected,
        recurringAmount: price(to).monthly,
        trialDays: 0,
        saleId: null,
      });

      const checkout = await buy(t, id, slug);
      expect(checkout.amount).toBe(expected);
      expect(checkout.plan).toBe(to);
      const upgraded = await holdings(t, id);
      expect(upgraded.capabilities).toEqual(both(from, to));
      expect(planTier(brand, { capabilities: upgraded.capabilities, additionalCapabilities: [] })).toBe(to);
      expect(upgraded.tools).toEqual(toolsOf(to));
      const rows = await ledgerOf(id);
      const upgradeRow = must(rows.find((r) => r.id === `${subId}:upgrade-0-term-1`));
      expect(upgradeRow).toMatchObject({ plan: to, amount: expected, basePaymentId: `${subId}:term-1`, periodEnd: new Date(term.end) });
      expect(upgradeRow.providerRef).toBe(must(provider(t).charges.find((c) => c.key === checkout.id)).chargeId);

      // The renewal is the new plan's monthly price.
      t.clock.set('2026-03-26T09:00:00Z');
      const pass = await runRenewalPass(t.app.deps, t.clock());
      expect(pass.charged).toContain(`${subId}:term-2`);
      const renewal = must((await ledgerOf(id)).find((r) => r.id === `${subId}:term-2`));
      expect([renewal.plan, renewal.amount]).toEqual([to, price(to).monthly]);
      // From the second term on, only the new plan is held.
      t.clock.set(term.end);
      expect((await holdings(t, id)).capabilities).toEqual(sorted(to));
    },
  );

  it('an upgrade inside the no-charge window pays for the rest of this term and the whole difference of the next, as two ledger rows of one charge', async () => {
    t.clock.set('2026-03-02T10:00:00Z');
    const { id } = await addMember(t);
    const subId = await grantPlanForDemo(t.database.db, brand, id, 'platinum', 'month', t.clock());
    t.clock.set('2026-03-26T09:00:00Z');
    await runRenewalPass(t.app.deps, t.clock());
    t.clock.set('2026-03-30T09:00:00Z');
    const thisTerm = prorate(
      price('diamond').firstMonth - price('platinum').firstMonth,
      { start: Date.parse('2026-03-02T10:00:00Z'), end: Date.parse('2026-04-02T09:00:00Z') },
      { start: t.clock(), end: Date.parse('2026-04-02T09:00:00Z') },
    );
    const nextTerm = price('diamond').monthly - price('platinum').monthly;
    const checkout = await buy(t, id, 'platinum-upgrade');
    expect(checkout.amount).toBe(thisTerm + nextTerm);
    const chargeId = must(provider(t).charges.find((c) => c.key === checkout.id)).chargeId;
    const rows = (await ledgerOf(id)).filter((r) => r.id.includes(':upgrade-'));
    expect(rows.map((r) => [r.id, r.amount, r.basePaymentId, r.providerRef])).toEqual([
      [`${subId}:upgrade-0-term-1`, thisTerm, `${subId}:term-1`, chargeId],
      [`${subId}:upgrade-0-term-2`, nextTerm, `${subId}:term-2`, `${chargeId}#2`],
    ]);
    t.clock.set('2026-04-10T09:00:00Z');
    expect((await holdings(t, id)).capabilities).toEqual(both('platinum', 'diamond'));
    expect((await holdings(t, id)).tools).toEqual(toolsOf('diamond'));
  });

  it('an upgrade in the trial charges nothing and moves the rest of the trial to the new plan', async () => {
    t.clock.set('2026-03-02T10:00:00Z');
    const { id } = await addMember(t);
    await buy(t, id, 'diamond', 'month');
    const [sub] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, id));
    t.clock.set('2026-03-04T10:00:00Z');
    const checkout = await buy(t, id, 'diamond-upgrade');
    expect(checkout.amount).toBe(0);
    expect((await holdings(t, id)).capabilities).toEqual(sorted('pro'));
    const rows = await ledgerOf(id);
    expect(rows.map((r) => [r.id, r.plan, r.periodEnd.toISOString()])).toEqual([
      [`${must(sub).id}:trial`, 'diamond', '2026-03-04T10:00:00.000Z'],
      [`${must(sub).id}:trial-upgrade-0`, 'pro', '2026-03-09T10:00:00.000Z'],
    ]);
    // The first charge at the trial's end is the new plan's.
    t.clock.set('2026-03-09T10:00:00Z');
    await runRenewalPass(t.app.deps, t.clock());
    expect(must((await ledgerOf(id)).find((r) => r.id === `${must(sub).id}:term-1`)).amount).toBe(price('pro').firstMonth);
  });

  it('refuses an upgrade of a plan the member does not hold (CONFLICT), and one of a cancelled subscription', async () => {
    t.clock.set('2026-03-02T10:00:00Z');
    const { id } = await addMember(t);
    const none = await startCheckout(t, id, 'pro-upgrade');
    expect(none.error).toMatchObject({ code: 'CONFLICT', field: 'input.slug' });
    await grantPlanForDemo(t.database.db, brand, id, 'platinum', 'month', t.clock());
    const wrong = await startCheckout(t, id, 'pro-upgrade');
    // Issue 20, defect 8: the plans by their display names, no slug or plan id.
    expect(wrong.error?.message).toBe('This upgrade moves Pro to Pro Plus, and you have Platinum.');
    const term = await startCheckout(t, id, 'platinum-upgrade', 'year');
    expect(term.error).toMatchObject({ code: 'BAD_INPUT', field: 'input.billingTerm' });
    await t.gql('mutation { cancelSubscription { ok } }', {}, { token: await tokenFor(t, id) });
    const cancelled = await startCheckout(t, id, 'platinum-upgrade');
    expect(cancelled.error?.code).toBe('CONFLICT');
  });

  it('an upgrade quoted before a change the member made elsewhere is not granted: the checkout fails and the charge is refunded', async () => {
    t.clock.set('2026-03-02T10:00:00Z');
    const { id } = await addMember(t);
    await grantPlanForDemo(t.database.db, brand, id, 'platinum', 'month', t.clock());
    t.clock.set('2026-03-10T10:00:00Z');
    const started = must((await startCheckout(t, id, 'platinum-upgrade')).checkout);
    t.clock.advance(60_000);
    await t.gql('mutation { cancelSubscription { ok } }', {}, { token: await tokenFor(t, id) });
    t.clock.advance(60_000);
    await submitPage(t, started, 'pay');
    const r = await t.gql<{ checkout: { status: string } }>(
      'query ($id: ID!) { checkout(id: $id) { status } }',
      { id: started.id },
      { token: await tokenFor(t, id) },
    );
    expect(r.data?.checkout.status).toBe('failed');
    expect((await holdings(t, id)).capabilities).toEqual(sorted('platinum'));
    const charge = must(provider(t).charges.find((c) => c.key === started.id));
    expect(
      provider(t)
        .refunds.filter((x) => x.chargeId === charge.chargeId)
        .map((x) => x.amount),
    ).toEqual([started.amount]);
  });

  it("a visitor's upgrade quote is the whole first term's difference (the most it costs)", async () => {
    t.clock.set('2026-03-02T10:00:00Z');
    const r = await t.gql<{ purchaseOption: { amountDueNow: number; plan: string } }>(OPTION, { slug: 'pro-upgrade' });
    expect(r.data?.purchaseOption).toMatchObject({
      plan: 'pro-plus',
      amountDueNow: price('pro-plus').firstMonth - price('pro').firstMonth,
    });
  });

  it('the sdk status after an upgrade names the new plan for User.subscription and the next charge', async () => {
    t.clock.set('2026-03-02T10:00:00Z');
    const { id } = await addMember(t);
    await grantPlanForDemo(t.database.db, brand, id, 'pro', 'year', t.clock());
    t.clock.set('2026-06-01T09:00:00Z');
    await buy(t, id, 'pro-upgrade');
    const [sub] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, id));
    const status = subscriptionStatus(brand, toSubscriptionInput(must(sub)), t.clock());
    expect(status.plan).toBe('pro-plus');
    const h = await holdings(t, id);
    expect(h.subscription?.billingTerm).toBe('year');
    expect(h.billing?.nextChargeAt).toBe(new Date(must(status.nextCharge).at).toISOString());
    expect(must(status.nextCharge).amount).toBe(price('pro-plus').yearly);
  });
});
