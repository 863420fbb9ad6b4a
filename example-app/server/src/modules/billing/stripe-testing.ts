// Test support for the Stripe provider (imported by tests only): the app configured with Stripe
// keys and STRIPE_API_BASE pointing at the local fake (test/stripe-fake.ts), listening on loopback
// so the fake can POST its webhooks to it, both on the test's clock; and the member's side of the
// fake's hosted Checkout page.
import { expect } from 'vitest';
import type { Database } from '../../db/client';
import type { PaymentProviderFactory } from '../../payments/provider';
import { WEBHOOK_PATH } from '../../payments/provider';
import { createStripePaymentProvider } from '../../payments/stripe-provider';
import { createTestApp, STRIPE_TEST_ENV, testClock, type TestApp, type TestClock } from '../../test/app';
import { FAKE_CARDS, startStripeFake, type StripeFake } from '../../test/stripe-fake';
import type { CheckoutData } from './testing';

/** The app on Stripe (the fake), the fake, and a switch that makes the next webhooks fail. */
export interface StripeTestApp {
  readonly t: TestApp;
  readonly fake: StripeFake;
  /** How many of the next webhook deliveries the server fails with a 500 (as a crash mid-way would). */
  failNextWebhooks: number;
  stop(): Promise<void>;
}

/** Starts the fake and the app configured for it (on `database`, else a fresh PGlite). */
export async function createStripeTestApp(options: { database?: Database; clock?: TestClock } = {}): Promise<StripeTestApp> {
  const clock = options.clock ?? testClock();
  const fake = await startStripeFake({ secret: STRIPE_TEST_ENV.STRIPE_WEBHOOK_SECRET, apiKey: STRIPE_TEST_ENV.STRIPE_SECRET_KEY, clock });
  const state = { failNextWebhooks: 0 };
  const payments: PaymentProviderFactory = (context) => {
    const inner = createStripePaymentProvider(context);
    return {
      ...inner,
      async readWebhook(delivery) {
        if (state.failNextWebhooks > 0) {
          state.failNextWebhooks -= 1;
          throw new Error('test: the server fails this delivery');
        }
        return inner.readWebhook(delivery);
      },
    };
  };
  const t = await createTestApp({
    clock,
    payments,
    ...(options.database === undefined ? {} : { database: options.database }),
    env: { ...STRIPE_TEST_ENV, STRIPE_API_BASE: fake.origin },
  });
  const { origin } = await t.app.start(0, '127.0.0.1');
  fake.setWebhookUrl(`${origin}${WEBHOOK_PATH}`);
  return Object.assign(state, {
    t,
    fake,
    async stop() {
      await fake.stop();
      await t.stop();
    },
  });
}

/**
 * The member on the fake's Checkout page: loads it, enters the card and presses Pay. A card that
 * pays redirects back to the account page; a declined one shows the page again with the decline.
 * Waits for the webhooks sent meanwhile.
 */
export async function payOnStripe(s: StripeTestApp, checkout: CheckoutData, card: string = FAKE_CARDS.ok): Promise<Response> {
  const page = await fetch(checkout.paymentUrl);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Card number');
  const post = await fetch(checkout.paymentUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardnumber: card }).toString(),
    redirect: 'manual',
  });
  if (post.status === 303) expect(post.headers.get('location')).toBe(`${s.t.config.publicOrigin}/user/account?checkout=${checkout.id}`);
  await s.fake.idle();
  return post;
}
