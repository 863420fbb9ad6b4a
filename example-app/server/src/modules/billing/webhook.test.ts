import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantedCapabilities } from '@matchkit/sdk/entitlements';
import { affiliateEntries, checkouts, ledger, refunds, subscriptions, webhookEvents } from '../../db/schema';
import { SIGNATURE_HEADER, signWebhook } from '../../payments/signature';
import { createTestApp, type TestApp } from '../../test/app';
import { addMember, holdings, must, provider, startCheckout, submitPage, tokenFor } from './testing';

describe('the payment webhook and the test provider page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.stop());

  const post = (body: string, signature: string | null) =>
    t.request('/api/payments/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature === null ? {} : { [SIGNATURE_HEADER]: signature }) },
      body,
    });
  const secret = () => t.config.secrets.PAYMENT_WEBHOOK_SECRET;
  const completed = (eventId: string, checkoutId: string, amount: number, chargeId = `ch_manual_${eventId}`) =>
    JSON.stringify({
      id: eventId,
      type: 'checkout.completed',
      created: Math.floor(t.clock() / 1000),
      data: { checkoutId, customerId: 'cus_test_ok_manual', chargeId, amount },
    });

  it('serves a TEST MODE page: the banner, plan, term and amount in pounds, a plain form, no script', async () => {
    const { id } = await addMember(t);
    const started = await startCheckout(t, id, 'pro-plus', 'year');
    const page = await t.request(new URL(must(started.checkout).paymentUrl).pathname);
    const html = await page.text();
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(html).toContain('TEST MODE — no real money');
    expect(html).toContain('Pro Plus');
    expect(html).toContain('yearly');
    expect(html).toContain('£1,499.00');
    expect(html).toContain('<form method="post"');
    expect(html).toContain('value="pay"');
    expect(html).toContain('value="decline"');
    expect(html).not.toMatch(/<script|style=|onclick/i);
    const css = await t.request('/pay/test/style.css');
    expect(css.headers.get('content-type')).toContain('text/css');
    expect((await t.request('/pay/test/ck_nothing')).status).toBe(404);
  });

  it('refuses a bad signature with 400 and records nothing', async () => {
    const { id } = await addMember(t);
    const checkout = must((await startCheckout(t, id, 'diamond', 'year')).checkout);
    const body = completed('evt_bad_sig', checkout.id, checkout.amount);
    const forged = signWebhook('not-the-secret-0123456789abcdefghijklmnopqrs', body, t.clock());
    for (const signature of [forged, null, 'garbage']) {
      const r = await post(body, signature);
      expect(r.status).toBe(400);
      expect(await r.json()).toEqual({ error: true, message: 'Invalid signature' });
    }
    // A body changed after signing.
    const tampered = await post(body.replace(`"amount":${checkout.amount}`, '"amount":1'), signWebhook(secret(), body, t.clock()));
    expect(tampered.status).toBe(400);
    expect((await holdings(t, id)).capabilities).toEqual([]);
    expect(await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, 'evt_bad_sig'))).toEqual([]);
    const [row] = await t.database.db.select().from(checkouts).where(eq(checkouts.id, checkout.id));
    expect(row?.status).toBe('pending');
  });

  it('refuses a correctly signed event more than 5 minutes old (a replay) with 400', async () => {
    const { id } = await addMember(t);
    const checkout = must((await startCheckout(t, id, 'diamond', 'year')).checkout);
    const body = completed('evt_old', checkout.id, checkout.amount);
    const r = await post(body, signWebhook(secret(), body, t.clock() - 6 * 60_000));
    expect(r.status).toBe(400);
    expect((await holdings(t, id)).capabilities).toEqual([]);
  });

  it('the same callback twice grants once: one subscription, one ledger row, one commission', async () => {
    const affiliate = await addMember(t);
    const { id } = await addMember(t, { referredBy: affiliate.id });
    const checkout = must((await startCheckout(t, id, 'diamond', 'year')).checkout);
    const body = completed('evt_twice', checkout.id, checkout.amount, 'ch_manual_twice');
    const first = await post(body, signWebhook(secret(), body, t.clock()));
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    const second = await post(body, signWebhook(secret(), body, t.clock()));
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({ received: true, duplicate: true });
    // The provider retrying the same charge under a new event id changes nothing either.
    const retry = completed('evt_twice_retry', checkout.id, checkout.amount, 'ch_manual_twice');
    expect((await post(retry, signWebhook(secret(), retry, t.clock()))).status).toBe(200);
    await provider(t).idle();

    const db = t.database.db;
    expect(await db.select().from(subscriptions).where(eq(subscriptions.userId, id))).toHaveLength(1);
    const rows = await db.select().from(ledger).where(eq(ledger.userId, id));
    expect(rows.map((r) => [r.amount, r.providerRef])).toEqual([[45_000, 'ch_manual_twice']]);
    const entries = await db.select().from(affiliateEntries).where(eq(affiliateEntries.affiliateId, affiliate.id));
    expect(entries.map((e) => [e.kind, e.amount, e.commission])).toEqual([['payment', 45_000, 18_000]]);
    expect((await holdings(t, id)).capabilities).toEqual([...grantedCapabilities('primary', 'diamond')].sort());
    // Nothing was refunded: the duplicate was recognised, not treated as a second payment.
    expect(provider(t).refunds.filter((r) => r.chargeId === 'ch_manual_twice')).toEqual([]);
  });

  it('a second, different charge for a checkout already paid is refunded, not granted twice', async () => {
    const { id } = await addMember(t);
    const checkout = await (async () => {
      const c = must((await startCheckout(t, id, 'platinum', 'year')).checkout);
      await submitPage(t, c, 'pay');
      return c;
    })();
    const body = JSON.stringify({
      id: 'evt_other_charge',
      type: 'checkout.completed',
      created: Math.floor(t.clock() / 1000),
      data: { checkoutId: checkout.id, customerId: 'cus_test_ok_x', chargeId: 'ch_test_second', amount: checkout.amount },
    });
    expect((await post(body, signWebhook(secret(), body, t.clock()))).status).toBe(200);
    await provider(t).idle();
    expect(
      provider(t)
        .refunds.filter((r) => r.chargeId === 'ch_test_second')
        .map((r) => r.amount),
    ).toEqual([checkout.amount]);
    expect(await t.database.db.select().from(ledger).where(eq(ledger.userId, id))).toHaveLength(1);
  });

  it('a chargeback (charge.disputed) is recorded as a refund of the charge, once; a dispute won restores nothing', async () => {
    const { id } = await addMember(t);
    const checkout = must((await startCheckout(t, id, 'pro', 'year')).checkout);
    await submitPage(t, checkout, 'pay');
    const payment = must((await t.database.db.select().from(ledger).where(eq(ledger.userId, id)))[0]);
    const chargeId = must(payment.providerRef);
    const event = (eventId: string, type: string, data: Record<string, unknown>) =>
      JSON.stringify({ id: eventId, type, created: Math.floor(t.clock() / 1000), data });
    const send = async (body: string) => (await post(body, signWebhook(secret(), body, t.clock()))).json();
    const disputed = event(`evt_dispute_${id}`, 'charge.disputed', { chargeId, disputeId: `dp_${id}`, amount: payment.amount });
    expect(await send(disputed)).toEqual({ received: true, duplicate: false });
    expect(await send(disputed)).toEqual({ received: true, duplicate: true });
    expect(await t.database.db.select().from(refunds).where(eq(refunds.paymentId, payment.id))).toHaveLength(1);
    expect((await holdings(t, id)).capabilities).toEqual([]);
    const closed = event(`evt_dispute_closed_${id}`, 'dispute.closed', { chargeId, disputeId: `dp_${id}`, outcome: 'won' });
    expect(await send(closed)).toEqual({ received: true, duplicate: false });
    expect((await holdings(t, id)).capabilities).toEqual([]);
    expect(await t.database.db.select().from(refunds).where(eq(refunds.paymentId, payment.id))).toHaveLength(1);
  });

  it('acknowledges an event type it does not handle, and refuses a malformed one', async () => {
    const other = JSON.stringify({ id: 'evt_other', type: 'customer.updated', created: Math.floor(t.clock() / 1000), data: {} });
    const r = await post(other, signWebhook(secret(), other, t.clock()));
    expect(await r.json()).toEqual({ received: true, ignored: true });
    const bad = JSON.stringify({
      id: 'evt_bad',
      type: 'checkout.completed',
      created: Math.floor(t.clock() / 1000),
      data: { checkoutId: 'x' },
    });
    expect((await post(bad, signWebhook(secret(), bad, t.clock()))).status).toBe(400);
  });

  it('a checkout not paid within its hour reads as expired and its page no longer takes payment', async () => {
    const { id } = await addMember(t);
    const checkout = must((await startCheckout(t, id, 'pro', 'year')).checkout);
    t.clock.advance(60 * 60_000);
    try {
      const page = await t.request(new URL(checkout.paymentUrl).pathname);
      expect(page.status).toBe(409);
      expect(await page.text()).toContain('This payment is expired');
      const r = await t.gql<{ checkout: { status: string } }>(
        'query ($id: ID!) { checkout(id: $id) { status } }',
        { id: checkout.id },
        { token: await tokenFor(t, id) },
      );
      expect(r.data?.checkout.status).toBe('expired');
    } finally {
      t.clock.advance(-60 * 60_000);
    }
  });

  it("a member cannot read another member's checkout", async () => {
    const a = await addMember(t);
    const b = await addMember(t);
    const checkout = must((await startCheckout(t, a.id, 'pro', 'year')).checkout);
    const r = await t.gql<{ checkout: unknown }>(
      'query ($id: ID!) { checkout(id: $id) { id } }',
      { id: checkout.id },
      { token: await tokenFor(t, b.id) },
    );
    expect(r.data?.checkout).toBeNull();
  });
});
