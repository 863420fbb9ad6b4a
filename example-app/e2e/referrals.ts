// Referrals, affiliates and the quick-links bar in the browser, for one brand (one file per brand:
// referrals.<brand>.test.ts). A referrer registers and reads their code and link on
// /user/refer-a-friend; a visitor joins with that code and pays for a plan through the server's
// test payment page; the referrer's page then shows that member and exactly the sdk's commission
// on the amount paid, pending through the refund window. The quick-links bar: the default links, a locked link with the cheapest plan
// that unlocks it, switching a link on and moving it, kept after a reload. /affiliates signed out
// and in. Every page: no console error, axe clean, no horizontal scroll on a 375 px phone, dark too.
import { getBrand } from '@matchkit/sdk/brands';
import { cheapestPlanFor } from '@matchkit/sdk/entitlements';
import { affiliateCommission, referralLink } from '@matchkit/sdk/referrals';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  describeViolations,
  graphql,
  horizontalOverflow,
  registerMember,
  sessionCookieValue,
  useE2E,
  VIEWPORTS,
  type BrandId,
  type E2E,
  type Tab,
  type TestMember,
} from './harness';
import { shownPounds } from './money';

// Generous limits: these tests share two cores with other work (the harness's 30 s default is
// for one page check; several here register members, pay and reload).
const TEST_TIMEOUT_MS = 120_000;
const STEP_TIMEOUT_MS = 45_000;
const pounds = shownPounds;

/**
 * The checks every page must pass (docs/testing.md). `axe` false skips axe where the all-routes
 * suite or another test here already ran it on the same page in the same state.
 */
async function expectCleanPage(tab: Tab, phone = false, axe = true): Promise<void> {
  if (phone) expect(await horizontalOverflow(tab.page)).toBe(0);
  if (axe) expect(describeViolations(await axeViolations(tab.page))).toEqual([]);
  expect(tab.problems()).toEqual([]);
}

export function referralsSuite(brandId: BrandId): void {
  const brand = getBrand(brandId);
  describe(`the ${brandId} brand: refer a friend, affiliates, quick links`, { timeout: TEST_TIMEOUT_MS }, () => {
    const e2e = useE2E(brandId);

    async function gql<T>(query: string, variables: Record<string, unknown>, token?: string): Promise<{ data: T; cookie: string | null }> {
      const { data, setCookies } = await graphql<T>(e2e().server.origin, query, variables, token);
      return { data, cookie: sessionCookieValue(setCookies) };
    }

    /** A new member, registered through GraphQL (optionally with a referral code). */
    const register = (referralCode?: string): Promise<TestMember> =>
      registerMember(e2e().server.origin, { tag: brandId.slice(0, 3), ...(referralCode === undefined ? {} : { referralCode }) });

    /** Opens `path` in a new tab signed in as `member` (the session cookie copied into the context). */
    async function open(path: string, options: Parameters<E2E['open']>[1] = {}): Promise<Tab> {
      const tab = await e2e().open(path, options);
      tab.page.setDefaultTimeout(STEP_TIMEOUT_MS);
      return tab;
    }

    function openAs(member: TestMember, path: string, options: Parameters<E2E['open']>[1] = {}): Promise<Tab> {
      return open(path, { ...options, member });
    }

    const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

    describe('a referred member who pays', () => {
      let referrer: TestMember;
      let code = '';
      let link = '';
      beforeAll(async () => {
        referrer = await register();
      });

      it('the referrer reads their code and link on /user/refer-a-friend', async () => {
        const tab = await openAs(referrer, '/user/refer-a-friend');
        await heading(tab.page, 'Refer a friend').waitFor();
        const field = tab.page.getByRole('textbox', { name: 'Your referral link' });
        link = await field.inputValue();
        code = new URL(link).searchParams.get('code') ?? '';
        expect(code).not.toBe('');
        // The server's link is the sdk's referralLink on the server's public origin.
        expect(link).toBe(referralLink(brand, code, { origin: e2e().server.origin }));
        await expect(tab.page.getByText(code, { exact: true }).first().isVisible()).resolves.toBe(true);
        await tab.page.getByText('No one has joined with your link yet.').waitFor();
        await tab.page.getByText(/You earn 40% commission/).waitFor();
        expect(await tab.page.getByTestId('commission-total').textContent()).toBe(pounds(0));
        await expectCleanPage(tab, false, false);
      });

      it('the copy button copies the link, and without a clipboard says how to copy it by hand', async () => {
        const tab = await openAs(referrer, '/user/refer-a-friend');
        await tab.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e().server.origin });
        await tab.page.getByRole('button', { name: 'Copy link' }).click();
        await tab.page.getByRole('status').filter({ hasText: 'Link copied' }).waitFor();
        expect(await tab.page.evaluate(() => navigator.clipboard.readText())).toBe(link);

        const bare = await openAs(referrer, '/');
        await bare.page.addInitScript(() => Object.defineProperty(navigator, 'clipboard', { value: undefined }));
        await bare.page.goto(new URL('/user/refer-a-friend', e2e().server.origin).href);
        await bare.page.getByRole('button', { name: 'Copy link' }).click();
        await bare.page.getByRole('status').filter({ hasText: 'press Ctrl+C' }).waitFor();
        // The link is selected in its field, ready to copy.
        expect(await bare.page.evaluate(() => document.activeElement?.id)).toBe('rf-link');
        expect(tab.problems()).toEqual([]);
        expect(bare.problems()).toEqual([]);
      });

      it('a visitor joins with the link, pays for a plan on the test payment page, and the referrer sees 40% of it', async () => {
        // The landing page /refer?code= is the accounts feature's; the visitor joins with the code
        // it would send, read from the referrer's link.
        const visitor = await register(code);
        const plan = brand.plans[0];
        if (plan === undefined) throw new Error('the brand has no plans');
        const { data } = await gql<{ startCheckout: { ok: boolean; checkout: { id: string; amount: number; paymentUrl: string } | null } }>(
          'mutation Start($input: CheckoutInput!) { startCheckout(input: $input) { ok error { code message field } checkout { id amount paymentUrl } } }',
          { input: { slug: plan.name, billingTerm: 'year' } },
          visitor.token,
        );
        const checkout = data.startCheckout.checkout;
        if (checkout === null) throw new Error(`startCheckout failed: ${JSON.stringify(data)}`);
        expect(checkout.amount).toBeGreaterThan(0);

        // The visitor pays in the browser, on the server's test-mode page.
        const pay = await openAs(visitor, new URL(checkout.paymentUrl).pathname);
        await pay.page.getByRole('button', { name: `Pay ${pounds(checkout.amount)}` }).click();
        await pay.page.waitForURL(/\/user\/account\?checkout=/);

        const expected = affiliateCommission(brand, checkout.amount);
        const tab = await openAs(referrer, '/user/refer-a-friend');
        await heading(tab.page, 'Refer a friend').waitFor();
        await tab.page
          .getByTestId('commission-total')
          .filter({ hasText: pounds(expected) })
          .waitFor();
        // The same commission is pending through the refund window: nothing is ready to be paid yet.
        expect(await tab.page.getByTestId('commission-pending').textContent()).toBe(pounds(expected));
        expect(await tab.page.getByTestId('commission-payable').textContent()).toBe(pounds(0));
        const each = tab.page.getByRole('table', { name: 'Commission on each payment' });
        await expect(each.getByRole('cell', { name: 'Pending', exact: true }).isVisible()).resolves.toBe(true);
        const members = tab.page.getByRole('table', { name: 'Members who joined with your link' });
        const row = members.getByRole('row', { name: /Member 1/ });
        await expect(row.getByRole('cell', { name: plan.label, exact: true }).isVisible()).resolves.toBe(true);
        await expect(row.getByRole('cell', { name: 'Active', exact: true }).isVisible()).resolves.toBe(true);
        await tab.page.getByText('1 member has joined with your link; 1 is active now.').waitFor();
        const months = tab.page.getByRole('table', { name: 'Commission by month (UK time)' });
        await expect(months.getByRole('cell', { name: pounds(checkout.amount), exact: true }).isVisible()).resolves.toBe(true);
        await expectCleanPage(tab);

        // The same on the affiliates page, and on a phone in the dark theme.
        const phone = await openAs(referrer, '/affiliates', { viewport: VIEWPORTS.phone, colorScheme: 'dark' });
        await heading(phone.page, 'Affiliate programme').waitFor();
        await phone.page
          .getByTestId('commission-total')
          .filter({ hasText: pounds(expected) })
          .waitFor();
        await expectCleanPage(phone, true);

        // What the visitor paid for unlocks their bar: the oddsmatcher link is no longer locked.
        const paid = await openAs(visitor, '/');
        const bar = paid.page.getByRole('navigation', { name: 'Quick links' });
        await bar.getByRole('link', { name: 'Oddsmatcher', exact: true }).waitFor();
      });

      it('/user/refer-a-friend on a 375 px phone, dark theme', async () => {
        const tab = await openAs(referrer, '/user/refer-a-friend', { viewport: VIEWPORTS.phone, colorScheme: 'dark' });
        await heading(tab.page, 'Refer a friend').waitFor();
        await tab.page.getByRole('textbox', { name: 'Your referral link' }).waitFor();
        await expectCleanPage(tab, true, false);
      });
    });

    describe('/affiliates', () => {
      const rate = `${Math.round(brand.affiliate.commissionRate * 100)}%`;

      it('signed out: the terms from the catalogue, the payout as a past fact, and links to join or sign in', async () => {
        const tab = await open('/affiliates');
        await heading(tab.page, 'Affiliate programme').waitFor();
        const terms = tab.page.getByRole('region', { name: 'The terms' });
        await terms.getByText(rate, { exact: true }).waitFor();
        await terms.getByText('No cap', { exact: true }).waitFor();
        await terms.getByText('Over £3 million has been paid out to affiliates so far.').waitFor();
        await tab.page.getByRole('link', { name: `Join ${brand.displayName}` }).waitFor();
        expect(await tab.page.getByRole('link', { name: 'Sign in' }).last().getAttribute('href')).toBe('/login?next=%2Faffiliates');
        // No promise of earnings.
        const text = (await tab.page.locator('main').textContent()) ?? '';
        expect(text).not.toMatch(/guarantee|you will earn £|earn up to/i);
        await expectCleanPage(tab, false, false);
      });

      // Signed out on a 375 px phone, light and dark (heading, no horizontal scroll, axe, no console
      // error): the screenshot review's (review.ts).

      it("signed in: the terms and the member's own code, link, members and commission", async () => {
        const member = await register();
        const tab = await openAs(member, '/affiliates');
        await heading(tab.page, 'Affiliate programme').waitFor();
        const link = await tab.page.getByRole('textbox', { name: 'Your referral link' }).inputValue();
        expect(link).toMatch(/\/refer\?code=/);
        await tab.page.getByRole('heading', { name: 'Referred members' }).waitFor();
        expect(await tab.page.getByTestId('commission-total').textContent()).toBe(pounds(0));
        expect(await tab.page.getByRole('link', { name: `Join ${brand.displayName}` }).count()).toBe(0);
        await expectCleanPage(tab, false, false);
      });
    });

    describe('the quick-links bar', () => {
      const defaults = brand.quickLinks.filter((l) => l.active).sort((a, b) => a.order - b.order);
      const oddsmatcher = brand.tools.find((t) => t.key === 'oddsmatcher');
      const unlocking = oddsmatcher === undefined ? undefined : cheapestPlanFor(brand, oddsmatcher.capability);
      const extra = brand.quickLinks.find((l) => l.id === 'matchCatcher');

      it('a new member sees the default links; a locked link shows its lock and the cheapest plan that unlocks it', async () => {
        const member = await register();
        const tab = await openAs(member, '/');
        const bar = tab.page.getByRole('navigation', { name: 'Quick links' });
        await bar.getByRole('listitem').first().waitFor();
        expect(await bar.getByRole('listitem').allTextContents()).toEqual(
          defaults.map((l) =>
            l.id === 'oddsmatcher' ? `${l.label}, locked: unlock with ${unlocking?.label ?? ''}` : expect.stringContaining(l.label),
          ),
        );
        if (unlocking === undefined) throw new Error('no plan unlocks the oddsmatcher');
        // Its name, as a screen reader reads it: the link's text, then the hidden ", locked: unlock with".
        const locked = bar.getByRole('link', { name: new RegExp(`^Oddsmatcher\\W+locked: unlock with ${unlocking.label}$`) });
        expect(await locked.getAttribute('href')).toBe(`/subscribe/${unlocking.name}`);
        expect(await locked.locator('svg').count()).toBe(2); // the link's icon and the lock
        expect(await bar.getByRole('link', { name: 'Calculator', exact: true }).getAttribute('href')).toBe('/calculator');
        await expectCleanPage(tab, false, false);
      });

      it('switch a link on and move it up with the keyboard: kept after a reload', async () => {
        if (extra === undefined) throw new Error('the catalogue has no match catcher link');
        const member = await register();
        const tab = await openAs(member, '/');
        const page = tab.page;
        const bar = page.getByRole('navigation', { name: 'Quick links' });
        await bar.getByRole('listitem').first().waitFor();
        const customise = page.getByRole('button', { name: 'Customise' });
        await customise.click();
        expect(await page.getByRole('button', { name: 'Close customise' }).getAttribute('aria-expanded')).toBe('true');

        await page.getByRole('checkbox', { name: new RegExp(`^${extra.label}`) }).check();
        await bar.getByRole('listitem').filter({ hasText: extra.label }).waitFor();

        // Move it above Forum: from the keyboard, focus stays on the button as its row moves.
        const up = page.getByRole('button', { name: `Move ${extra.label} up` });
        for (let i = 0; i < extra.order - 4; i++) {
          await up.focus();
          await page.keyboard.press('Enter');
          await page
            .getByRole('status')
            .filter({ hasText: `${extra.label} moved up, now ${extra.order - i} of` })
            .waitFor();
          expect(await up.evaluate((el) => el === document.activeElement)).toBe(true);
        }
        const expected = [...defaults.slice(0, 4).map((l) => l.label), extra.label, defaults[4]?.label ?? ''];
        const labels = async () => (await bar.getByRole('listitem').allTextContents()).map((t) => t.split(',')[0]);
        expect(await labels()).toEqual(expected);
        // Wait for the saves to reach the server, then reload.
        await page.getByText('Saving…').waitFor({ state: 'detached' });
        await page.reload();
        await bar.getByRole('listitem').first().waitFor();
        expect(await labels()).toEqual(expected);
        const { data } = await gql<{ myQuickLinks: { id: string; order: number; active: boolean }[] }>(
          'query { myQuickLinks { id order active } }',
          {},
          member.token,
        );
        const active = data.myQuickLinks.filter((l) => l.active).sort((a, b) => a.order - b.order);
        expect(active.map((l) => l.id)).toEqual([...defaults.slice(0, 4).map((l) => l.id), extra.id, defaults[4]?.id]);
        await expectCleanPage(tab, false, false);
      });

      it('a save the server refuses, or that fails, is undone and said so', async () => {
        const member = await register();
        const tab = await openAs(member, '/');
        const page = tab.page;
        const bar = page.getByRole('navigation', { name: 'Quick links' });
        const forumLink = bar.getByRole('link', { name: 'Forum', exact: true });
        await forumLink.waitFor();
        // The harness sets no FORUM_URL: the link opens the app's page saying the forum is not set up.
        expect(await forumLink.getAttribute('href')).toBe('/forum');
        let answer: 'refuse' | 'fail' = 'refuse';
        // Each save is held until the test has seen the optimistic view, then answered.
        let release: () => void = () => undefined;
        let held = Promise.resolve();
        const hold = () => {
          held = new Promise<void>((resolve) => (release = resolve));
        };
        await page.route('**/graphql', async (route) => {
          if (!(route.request().postData() ?? '').includes('SetQuickLinks')) return route.continue();
          await held;
          return answer === 'refuse'
            ? route.fulfill({
                contentType: 'application/json',
                body: JSON.stringify({
                  data: {
                    setQuickLinks: {
                      ok: false,
                      error: { code: 'BAD_INPUT', message: 'That arrangement was refused.', field: 'links.0.id' },
                      quickLinks: [],
                    },
                  },
                }),
              })
            : route.fulfill({ status: 503, contentType: 'text/plain', body: 'down' });
        });
        await page.getByRole('button', { name: 'Customise' }).click();
        const forum = page.getByRole('checkbox', { name: 'Forum', exact: true });

        hold();
        await forum.uncheck();
        await bar.getByRole('link', { name: 'Forum', exact: true }).waitFor({ state: 'detached' }); // at once
        release();
        await page.getByRole('alert').filter({ hasText: 'That arrangement was refused.' }).waitFor();
        await bar.getByRole('link', { name: 'Forum', exact: true }).waitFor(); // put back
        expect(await forum.isChecked()).toBe(true);

        answer = 'fail';
        hold();
        await forum.uncheck();
        await bar.getByRole('link', { name: 'Forum', exact: true }).waitFor({ state: 'detached' });
        release();
        await page.getByRole('alert').filter({ hasText: 'Your change was not saved and has been undone.' }).waitFor();
        await bar.getByRole('link', { name: 'Forum', exact: true }).waitFor();
        expect(await forum.isChecked()).toBe(true);
        // The server still has the default bar.
        const { data } = await gql<{ myQuickLinks: { id: string; active: boolean }[] }>(
          'query { myQuickLinks { id active } }',
          {},
          member.token,
        );
        expect(data.myQuickLinks.find((l) => l.id === 'forum')?.active).toBe(true);
        // The only problem is the failed request the test made fail.
        expect(tab.problems().filter((p) => !p.includes('503'))).toEqual([]);
      });

      it('switching a link off hides it; the bar with the panel open passes on a 375 px phone, dark theme', async () => {
        const member = await register();
        const tab = await openAs(member, '/', { viewport: VIEWPORTS.phone, colorScheme: 'dark' });
        const page = tab.page;
        const bar = page.getByRole('navigation', { name: 'Quick links' });
        await bar.getByRole('listitem').first().waitFor();
        await page.getByRole('button', { name: 'Customise' }).click();
        await page.getByRole('checkbox', { name: 'Forum', exact: true }).uncheck();
        await bar.getByRole('link', { name: 'Forum' }).waitFor({ state: 'detached' });
        await page.getByText('Saving…').waitFor({ state: 'detached' });
        await expectCleanPage(tab, true);
        await page.reload();
        await bar.getByRole('listitem').first().waitFor();
        expect(await bar.getByRole('link', { name: 'Forum' }).count()).toBe(0);
      });
    });
  });
}
