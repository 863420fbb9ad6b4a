// Paying through Stripe Checkout in the browser, for one brand (stripe.<brand>.test.ts): the app's
// production server started with the Stripe provider against the local Stripe fake
// (server/src/test/stripe-fake.ts; docs/payments.md), one server and one fake for the file. A
// visitor registers through the form, opens the oddsmatcher and finds it locked, follows its
// "Get {plan}" link to the purchase page, chooses yearly (a payment today, not a trial) and goes
// to the fake's hosted Checkout page (payment mode): on the fake's origin, and no request to the
// app's origin carries the card number. The declined test card is refused there with a message
// and the member still has no tool; the page's Back link returns to the account page, which says
// nothing has been charged and offers the purchase page again (a new Checkout page). The card
// that pays (yearly again, or the monthly free trial in setup mode: stripeSuite's `paid`) brings
// them back to /user/account?checkout=…, which says the payment was received (or the trial
// confirmed), and the oddsmatcher now opens.
import { getBrand } from '@matchkit/sdk/brands';
import { cheapestPlanFor } from '@matchkit/sdk/entitlements';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_CARDS, startStripeFake, type StripeFake } from '../server/src/test/stripe-fake';
import { graphql, sessionCookieValue, startE2E, type BrandId, type E2E } from './harness';
import { shownPounds } from './money';
import { ODDSMATCHER_TABLE } from './tools';

const SECRET = 'whsec_e2eLocalFake0123456789';
const API_KEY = 'sk_test_e2eLocalFake0123';
/** The whole journey: several page loads on a shared two-core machine. */
const JOURNEY_MS = 120_000;
const STEP_MS = 30_000;

async function heading(page: Page, name: string | RegExp, level = 1): Promise<void> {
  await page.getByRole('heading', { level, name, exact: typeof name === 'string' }).waitFor({ timeout: STEP_MS });
}

/**
 * The Stripe Checkout journey for one brand. `paid`: how the member buys after the decline: `year`
 * pays on Checkout in payment mode ("Pay"); `month` starts the brand's free trial, Checkout in setup
 * mode ("Save card", nothing charged today).
 */
export function stripeSuite(brandId: BrandId, paid: 'year' | 'month'): void {
  const brand = getBrand(brandId);
  const tool = brand.tools.find((t) => t.key === 'oddsmatcher');
  if (tool === undefined) throw new Error(`${brandId} has no oddsmatcher`);
  const plan = cheapestPlanFor(brand, tool.capability);
  if (plan === undefined) throw new Error(`no ${brandId} plan unlocks the oddsmatcher`);

  describe(`the ${brandId} brand: paying through Stripe Checkout (the local fake)`, () => {
    let fake: StripeFake;
    let app: E2E & { readonly server: { readonly origin: string } };
    const started = Date.now();

    beforeAll(async () => {
      fake = await startStripeFake({ secret: SECRET, apiKey: API_KEY });
      app = await startE2E({
        brand: brandId,
        env: { STRIPE_SECRET_KEY: API_KEY, STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_BASE: fake.origin },
      });
      fake.setWebhookUrl(`${app.server.origin}/api/payments/webhook`);
    }, 90_000);

    afterAll(async () => {
      await app?.stop();
      await fake?.stop();
      console.warn(`stripe.${brandId}: ${((Date.now() - started) / 1000).toFixed(1)} s with its server and the fake`);
    });

    it(
      `a visitor signs up, finds ${tool.title} locked, is declined on Checkout, then ${paid === 'year' ? 'pays for' : 'starts a free trial of'} ${plan.label} and it opens`,
      async () => {
        const origin = app.server.origin;
        const id = `stripe${brandId.slice(0, 3)}${Date.now().toString(36)}`;
        const tab = await app.open('/register');
        const { page } = tab;
        page.setDefaultTimeout(STEP_MS);
        // Every request the page sends to the app's own origin, to show no card number goes there.
        const toApp: string[] = [];
        page.on('request', (request) => {
          if (new URL(request.url()).origin === origin) toApp.push(`${request.method()} ${request.url()} ${request.postData() ?? ''}`);
        });

        await page.getByLabel('First name').fill('Ada');
        await page.getByLabel('Last name').fill('Lovelace');
        await page.getByLabel('Username').fill(id);
        await page.getByLabel('Email address').fill(`${id}@example.com`);
        await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
        await page.getByLabel('I am 18 or over').check();
        await page.getByRole('button', { name: 'Create account' }).click();
        await heading(page, `Welcome to ${brand.displayName}`);

        // Locked: the tool's place says which plan has it and links to its purchase page.
        await page.goto(new URL(`/${tool.slug}`, origin).href);
        await heading(page, `${tool.title} is in the ${plan.label} plan`, 2);
        await page.getByRole('link', { name: `Get ${plan.label}` }).click();
        await heading(page, `Subscribe: ${plan.label}`);
        await page.getByRole('radio', { name: /^Yearly/ }).check();
        const order = page.getByRole('region', { name: 'Your order' });
        await order.getByText(shownPounds(plan.price.yearly), { exact: true }).first().waitFor();
        await page.getByRole('button', { name: 'Continue to payment' }).click();

        // The fake's hosted page: its own origin, the yearly price.
        await page.waitForURL((url) => url.origin === fake.origin, { timeout: STEP_MS });
        await heading(page, 'Checkout');
        await page.getByText(`Pay ${shownPounds(plan.price.yearly)}`).waitFor();
        await page.getByLabel('Card number').fill(FAKE_CARDS.declined);
        await page.getByRole('button', { name: 'Pay' }).click();
        await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
        expect(new URL(page.url()).origin).toBe(fake.origin);
        // Declined: the member still has no tool (the server's own view, before paying again).
        const token = sessionCookieValue(
          (await tab.context.cookies(origin)).filter((c) => c.name === '_opjwt').map((c) => `${c.name}=${c.value}`),
        );
        if (token === null) throw new Error('the browser holds no session cookie');
        const me = async () =>
          (await graphql<{ me: { capabilities: string[] } }>(origin, '{ me { capabilities } }', {}, token)).data.me.capabilities;
        expect(await me()).not.toContain(tool.capability);

        // Back to the app without paying: it says nothing was charged, and offers to try again.
        await page.getByRole('link', { name: 'Back' }).click();
        await page.waitForURL((url) => url.origin === origin && url.pathname === '/user/account');
        const result = page.getByRole('status').filter({ hasText: 'so nothing has been charged and your plan has not changed' });
        await result.waitFor({ timeout: 10_000 });
        await result.getByRole('link', { name: 'Try again' }).click();
        await heading(page, `Subscribe: ${plan.label}`);
        if (paid === 'year') {
          await page.getByRole('radio', { name: /^Yearly/ }).check();
          await order.getByText(shownPounds(plan.price.yearly), { exact: true }).first().waitFor();
        } else await order.getByText('Nothing is charged today.', { exact: false }).waitFor();
        await page.getByRole('button', { name: 'Continue to payment' }).click();
        await page.waitForURL((url) => url.origin === fake.origin, { timeout: STEP_MS });

        // The card that pays (or is saved for the trial's end): back to the app, which says so, and the tool opens.
        await page.getByLabel('Card number').fill(FAKE_CARDS.ok);
        await page.getByRole('button', { name: paid === 'year' ? 'Pay' : 'Save card' }).click();
        await page.waitForURL((url) => url.origin === origin && url.pathname === '/user/account' && url.searchParams.has('checkout'));
        await heading(page, 'Your account');
        await page
          .getByRole('status')
          .filter({
            hasText:
              paid === 'year'
                ? `Payment received: you now have ${plan.label} (${shownPounds(plan.price.yearly)} paid today)`
                : `Confirmed: you now have ${plan.label}. Nothing was charged today.`,
          })
          .waitFor();
        expect(await me()).toContain(tool.capability);
        await page.getByRole('region', { name: 'Your tools' }).getByRole('link', { name: tool.title, exact: true }).click();
        await page.waitForURL((url) => url.pathname === `/${tool.slug}`);
        await heading(page, tool.title);
        await page.getByRole('table', { name: ODDSMATCHER_TABLE }).waitFor();
        expect(await page.getByRole('heading', { name: `${tool.title} is in the ${plan.label} plan` }).count()).toBe(0);

        // The card numbers went to the fake only.
        for (const card of [FAKE_CARDS.declined, FAKE_CARDS.ok]) expect(toApp.filter((r) => r.includes(card))).toEqual([]);
        expect(toApp.length).toBeGreaterThan(0);
        await fake.idle();
        // The fake's own page's load errors are the stand-in's, not the app's: it answers the declined
        // Pay with HTTP 402 (as Stripe's API does) and has no favicon. Nothing went wrong in the app.
        expect(tab.problems().filter((p) => !p.includes(`(${fake.origin}/`))).toEqual([]);
      },
      JOURNEY_MS,
    );
  });
}
