// The local Stripe fake, checked through the official client: what the Stripe provider's tests
// rely on it to do as Stripe does (keys, idempotency, a decline's 402, form-encoded nesting).
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeClient } from '../payments/stripe-provider';
import { FAKE_CARDS, parseStripeForm, startStripeFake, type StripeFake } from './stripe-fake';

describe('the Stripe fake', () => {
  let fake: StripeFake;
  let stripe: Stripe;
  beforeAll(async () => {
    fake = await startStripeFake({ secret: 'whsec_fakeTest0123456789', apiKey: 'sk_test_fakeTest0123' });
    stripe = stripeClient({ secretKey: fake.apiKey, apiBase: fake.origin });
  });
  afterAll(() => fake.stop());

  it('parses bracket notation into nested objects and arrays', () => {
    expect(parseStripeForm('a[b][0][c]=1&a[b][1][c]=2&metadata[checkoutId]=ck_1&expand[0]=latest_charge&mode=setup')).toEqual({
      a: { b: [{ c: '1' }, { c: '2' }] },
      metadata: { checkoutId: 'ck_1' },
      expand: ['latest_charge'],
      mode: 'setup',
    });
  });

  it('refuses another API key (401, an authentication error)', async () => {
    const other = stripeClient({ secretKey: 'sk_test_notTheFakesKey', apiBase: fake.origin });
    await expect(other.customers.create({ email: 'a@example.test' })).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });

  it('answers a repeated Idempotency-Key with the first response, and refuses it with other parameters', async () => {
    const first = await stripe.customers.create({ email: 'same@example.test' }, { idempotencyKey: 'key-1' });
    const again = await stripe.customers.create({ email: 'same@example.test' }, { idempotencyKey: 'key-1' });
    expect(again.id).toBe(first.id);
    expect(first.id).toMatch(/^cus_/);
    await expect(stripe.customers.create({ email: 'other@example.test' }, { idempotencyKey: 'key-1' })).rejects.toBeInstanceOf(
      Stripe.errors.StripeIdempotencyError,
    );
  });

  it('declines an off-session charge of a declining card as Stripe does: 402 card_error with the PaymentIntent', async () => {
    const customer = await stripe.customers.create({ email: 'decline@example.test' });
    const card = fake.replaceCard(customer.id, FAKE_CARDS.chargesDecline);
    const error = await stripe.paymentIntents
      .create({ amount: 1000, currency: 'gbp', customer: customer.id, payment_method: card.id, off_session: true, confirm: true })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    const cardError = error as InstanceType<typeof Stripe.errors.StripeCardError>;
    expect([cardError.statusCode, cardError.type, cardError.code, cardError.decline_code]).toEqual([
      402,
      'StripeCardError',
      'card_declined',
      'generic_decline',
    ]);
    expect(cardError.payment_intent).toMatchObject({ object: 'payment_intent', status: 'requires_payment_method', customer: customer.id });
    expect(fake.events.map((e) => e.event.type).slice(-2)).toEqual(['charge.failed', 'payment_intent.payment_failed']);
  });

  it('refuses a Checkout session whose expires_at is outside 30 minutes to 24 hours', async () => {
    const now = Math.floor(Date.now() / 1000);
    const create = (expiresAt: number) =>
      stripe.checkout.sessions.create({ mode: 'setup', currency: 'gbp', success_url: 'http://localhost/', expires_at: expiresAt });
    await expect(create(now + 10 * 60)).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'expires_at' });
    await expect(create(now + 25 * 3600)).rejects.toMatchObject({ param: 'expires_at' });
    expect((await create(now + 3600)).url).toMatch(new RegExp(`^${fake.origin}/c/pay/cs_test_`));
  });

  it("declines the declining card on a setup page (a trial's) as Stripe's SetupIntent does; the card that only declines charges saves", async () => {
    const customer = await stripe.customers.create({ email: 'setup@example.test' });
    const session = await stripe.checkout.sessions.create({
      mode: 'setup',
      currency: 'gbp',
      customer: customer.id,
      success_url: 'http://localhost/back',
    });
    const pay = (card: string) =>
      fetch(`${fake.origin}/c/pay/${session.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ cardnumber: card }).toString(),
        redirect: 'manual',
      });
    const before = fake.events.length;
    const declined = await pay(FAKE_CARDS.declined);
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined');
    expect(fake.get(session.id)?.['status']).toBe('open');
    expect(fake.events.slice(before).map((e) => e.event.type)).toEqual([]);
    const saved = await pay(FAKE_CARDS.chargesDecline);
    expect(saved.status).toBe(303);
    expect(fake.get(session.id)?.['status']).toBe('complete');
  });

  it('gives the same card the same fingerprint, another card another', () => {
    const fingerprint = (number: string) => {
      const pm = fake.replaceCard(fake.events.find((e) => e.event.type === 'customer.updated')?.event.data.object.id ?? '', number);
      return (pm['card'] as { fingerprint: string }).fingerprint;
    };
    expect(fingerprint(FAKE_CARDS.ok)).toBe(fingerprint(FAKE_CARDS.ok));
    expect(fingerprint(FAKE_CARDS.ok)).not.toBe(fingerprint(FAKE_CARDS.declined));
  });
});
