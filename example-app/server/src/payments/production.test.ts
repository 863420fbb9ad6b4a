// Production takes real money only: the configuration refuses to start without Stripe (naming the
// variables, ALLOW_TEST_PAYMENTS no longer a way round it), and an app on Stripe serves no route
// that grants a plan without a verified provider event (the test provider's /pay/test/* is absent).
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { configProblems, createTestApp, PRODUCTION_ENV, STRIPE_TEST_ENV, testEnv, type TestApp } from '../test/app';
import { createTestPaymentProvider } from './test-provider';

const problems = configProblems;

describe('payments configuration', () => {
  it('refuses production without Stripe keys, naming both, even with the old ALLOW_TEST_PAYMENTS=true', () => {
    const found = problems({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true' });
    expect(found.filter((p) => p.startsWith('STRIPE_'))).toEqual([
      expect.stringMatching(/^STRIPE_SECRET_KEY is required in production/),
      expect.stringMatching(/^STRIPE_WEBHOOK_SECRET is required in production/),
    ]);
    expect(problems({ ...PRODUCTION_ENV })).toEqual([]);
  });

  it('refuses a Stripe test key in production, where test cards would buy plans and earn commission', () => {
    expect(problems({ ...PRODUCTION_ENV, STRIPE_SECRET_KEY: STRIPE_TEST_ENV.STRIPE_SECRET_KEY })).toEqual([
      expect.stringMatching(/^STRIPE_SECRET_KEY must be a live key \(sk_live_\.\.\. or rk_live_\.\.\.\) in production/),
    ]);
    expect(problems({ ...PRODUCTION_ENV, STRIPE_SECRET_KEY: 'rk_live_matchkitNotReal0123456789' })).toEqual([]);
  });

  it('wants both keys together, in their shapes, and no API base override in production', () => {
    expect(problems({ STRIPE_SECRET_KEY: STRIPE_TEST_ENV.STRIPE_SECRET_KEY })).toEqual([
      'STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY (Stripe needs both)',
    ]);
    const bad = problems({ STRIPE_SECRET_KEY: 'pk_test_notASecretKey123', STRIPE_WEBHOOK_SECRET: 'secret-without-prefix' });
    expect(bad.map((p) => p.split(' ')[0])).toEqual(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']);
    expect(bad.join('\n')).not.toContain('pk_test_notASecretKey123');
    expect(problems({ ...PRODUCTION_ENV, STRIPE_API_BASE: 'http://127.0.0.1:12111' })).toEqual([
      'STRIPE_API_BASE is for tests against a local Stripe fake: unset it in production',
    ]);
  });

  it('development and tests default to the test provider; Stripe when its keys are given', () => {
    expect(loadConfig(testEnv()).stripe).toBeNull();
    expect(loadConfig(testEnv({ ...STRIPE_TEST_ENV, STRIPE_API_BASE: 'http://127.0.0.1:12111' })).stripe).toEqual({
      secretKey: STRIPE_TEST_ENV.STRIPE_SECRET_KEY,
      webhookSecret: STRIPE_TEST_ENV.STRIPE_WEBHOOK_SECRET,
      apiBase: 'http://127.0.0.1:12111',
    });
  });
});

describe('an app in production on Stripe', () => {
  let t: TestApp;
  afterAll(() => t?.stop());

  it('runs the Stripe provider and serves no test payment page', async () => {
    t = await createTestApp({ env: { ...PRODUCTION_ENV } });
    expect(t.app.deps.payments).toMatchObject({ name: 'stripe', testMode: false });
    for (const method of ['GET', 'POST']) {
      const r = await t.request('/pay/test/ck_anything', {
        method,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        ...(method === 'POST' ? { body: 'action=pay&card=ok' } : {}),
      });
      expect(r.status).toBe(404);
    }
    // The test provider's signed event is not a Stripe event: refused, nothing recorded.
    const r = await t.request('/api/payments/webhook', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(r.status).toBe(400);
  });

  it('refuses to be built in production with a test-mode provider', async () => {
    await expect(createTestApp({ env: { ...PRODUCTION_ENV }, payments: createTestPaymentProvider })).rejects.toThrow(
      'production takes real payments only',
    );
  });
});

describe('a Stripe event of the other mode than the key', () => {
  let t: TestApp;
  afterAll(() => t?.stop());

  it('is answered 200 and records nothing: a live payment on a test-key server, a test payment on a live one', async () => {
    t = await createTestApp({ env: { ...STRIPE_TEST_ENV } });
    const signer = new Stripe(STRIPE_TEST_ENV.STRIPE_SECRET_KEY);
    const deliver = async (livemode: boolean) => {
      const payload = JSON.stringify({
        id: `evt_mode_${String(livemode)}`,
        object: 'event',
        // The one event the provider translates without asking Stripe anything.
        type: 'checkout.session.expired',
        livemode,
        created: Math.floor(t.clock() / 1000),
        data: { object: { id: 'cs_mode', object: 'checkout.session', metadata: { checkoutId: 'ck_nothing' } } },
      });
      const header = signer.webhooks.generateTestHeaderString({
        payload,
        secret: STRIPE_TEST_ENV.STRIPE_WEBHOOK_SECRET,
        timestamp: Math.floor(t.clock() / 1000),
      });
      const r = await t.request('/api/payments/webhook', { method: 'POST', headers: { 'stripe-signature': header }, body: payload });
      return { status: r.status, body: (await r.json()) as Record<string, unknown> };
    };
    expect(await deliver(true)).toEqual({ status: 200, body: { received: true, ignored: true } });
  });
});
