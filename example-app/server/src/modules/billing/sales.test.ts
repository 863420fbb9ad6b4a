import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBrand } from '@matchkit/sdk/brands';
import { grantedCapabilities } from '@matchkit/sdk/entitlements';
import { salePaymentLink, saleWindow, saleYearlyPrice } from '@matchkit/sdk/sales';
import { ledger } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { addMember, holdings, must, startCheckout, submitPage } from './testing';

const brand = getBrand('primary');
const week = must(brand.sales.find((s) => s.id === 'aug-2025'));
const lastDay = must(brand.sales.find((s) => s.id === 'aug-2025-last-day'));
const slugOf = (link: string) => link.replace(/^\/subscribe\//, '');
const OPTION = `query ($slug: String!, $at: DateTime, $term: BillingTerm) { purchaseOption(slug: $slug, at: $at, billingTerm: $term) { slug kind plan billingTerm amountDueNow recurringAmount trialDays saleId } }`;

describe('sale payment links: valid only while their sale is active (half-open window)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.stop());

  const option = async (slug: string, at: number, term?: 'month' | 'year') =>
    (
      await t.gql<{ purchaseOption: Record<string, unknown> | null }>(OPTION, {
        slug,
        at: new Date(at).toISOString(),
        ...(term === undefined ? {} : { term }),
      })
    ).data?.purchaseOption;

  it('the links are the sdk salePaymentLink slugs, and a link is sold from its start, to 1 ms before its end, not at its end', async () => {
    const w = saleWindow(week);
    expect(w.start).toBe(Date.parse('2025-08-11T09:00:00+01:00'));
    expect(w.endExclusive).toBe(Date.parse('2025-08-18T00:00:00+01:00'));
    const slug = slugOf(salePaymentLink(week, 'diamond'));
    expect(slug).toBe('sale-diamond-aug-2025-week');
    const sold = {
      slug,
      kind: 'sale',
      plan: 'diamond',
      billingTerm: 'year',
      amountDueNow: saleYearlyPrice(week, 'diamond'),
      recurringAmount: 45_000,
      trialDays: 0,
      saleId: 'aug-2025',
    };
    expect(sold.amountDueNow).toBe(29_700);
    expect(await option(slug, w.start - 1)).toBeNull();
    expect(await option(slug, w.start)).toEqual(sold);
    expect(await option(slug, Date.parse('2025-08-14T12:00:00+01:00'))).toEqual(sold);
    expect(await option(slug, w.endExclusive - 1)).toEqual(sold);
    expect(await option(slug, w.endExclusive)).toBeNull();
    // The last-day sale's link takes over at that instant; a sale link is always a year.
    expect(await option(slugOf(salePaymentLink(lastDay, 'diamond')), w.endExclusive, 'month')).toMatchObject({
      saleId: 'aug-2025-last-day',
      billingTerm: 'year',
      amountDueNow: 29_700,
    });
    expect(await option('sale-gold-aug-2025-week', w.start)).toBeNull();
  });

  it('buying through a link inside the window charges the sale price and grants the plan', async () => {
    t.clock.set('2025-08-14T12:00:00+01:00');
    const { id } = await addMember(t);
    const started = await startCheckout(t, id, 'sale-pro-plus-aug-2025-week');
    const checkout = must(started.checkout);
    expect([checkout.amount, checkout.billingTerm, checkout.saleId, checkout.plan]).toEqual([89_500, 'year', 'aug-2025', 'pro-plus']);
    await submitPage(t, checkout, 'pay');
    expect((await holdings(t, id)).capabilities).toEqual([...grantedCapabilities(brand, 'pro-plus')].sort());
    const rows = await t.database.db.select().from(ledger).where(eq(ledger.userId, id));
    expect(rows.map((r) => [r.amount, r.saleId])).toEqual([[89_500, 'aug-2025']]);
  });

  it('a checkout started 1 ms before the end is priced at the sale and keeps that price when paid after the end', async () => {
    const end = saleWindow(week).endExclusive;
    t.clock.set(end - 1);
    const { id } = await addMember(t);
    const checkout = must((await startCheckout(t, id, 'sale-platinum-aug-2025-week')).checkout);
    expect(checkout.amount).toBe(24_700);
    t.clock.set(end + 60_000);
    await submitPage(t, checkout, 'pay');
    const rows = await t.database.db.select().from(ledger).where(eq(ledger.userId, id));
    expect(rows.map((r) => [r.amount, r.saleId, r.at.getTime()])).toEqual([[24_700, 'aug-2025', end - 1]]);
  });

  it('refuses the link at the end of its window, before its start, and for a monthly term, naming the field', async () => {
    const w = saleWindow(week);
    const { id } = await addMember(t);
    t.clock.set(w.endExclusive);
    const ended = await startCheckout(t, id, 'sale-diamond-aug-2025-week');
    expect(ended.error).toMatchObject({ code: 'BAD_INPUT', field: 'input.slug' });
    // Issue 20, defect 8: the date in London words, not an ISO instant.
    expect(ended.error?.message).toBe('This sale link is not active: the sale ended on Sunday, 17 August 2025 at 23:59:59');
    t.clock.set(w.start - 1);
    expect((await startCheckout(t, id, 'sale-diamond-aug-2025-week')).error?.message).toBe(
      'This sale link is not active: the sale starts on Monday, 11 August 2025 at 09:00:00',
    );
    t.clock.set(w.start);
    expect((await startCheckout(t, id, 'sale-diamond-aug-2025-week', 'month')).error).toMatchObject({
      code: 'BAD_INPUT',
      field: 'input.billingTerm',
    });
  });

  it('a plain yearly plan bought during a sale is charged the sale price too (the sdk termPrice rule)', async () => {
    t.clock.set('2025-08-12T12:00:00+01:00');
    const r = await option('diamond', t.clock(), 'year');
    expect(r).toMatchObject({ kind: 'plan', amountDueNow: 29_700, saleId: 'aug-2025' });
  });
});

describe('the secondary brand sells none of the primary brand’s sale links and upgrades', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { BRAND: 'secondary' } });
  });
  afterAll(() => t.stop());

  it('answers null for the primary brand links and upgrade slugs, and refuses them at checkout', async () => {
    t.clock.set('2025-08-14T12:00:00+01:00');
    for (const slug of ['sale-pro-aug-2025-week', 'platinum-upgrade', 'pro-upgrade']) {
      const r = await t.gql<{ purchaseOption: unknown }>('query ($slug: String!) { purchaseOption(slug: $slug) { slug } }', { slug });
      expect(r.data?.purchaseOption).toBeNull();
    }
    const { id } = await addMember(t);
    expect((await startCheckout(t, id, 'pro-upgrade')).error).toMatchObject({ code: 'BAD_INPUT', field: 'input.slug' });
  });
});
