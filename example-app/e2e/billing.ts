// Plans, purchase pages, sales, onboarding and the account page, for one brand, in Chromium on the
// production build (billing.<brand>.test.ts). A member registered through GraphQL (its session
// cookie copied into the browser) buys the brand's first plan through the test payment page, sees
// it and its tools on /user/account, and cancels. The sale pages are checked with the browser's
// clock fixed (Playwright's page.clock) inside, between and outside the August 2025 sale windows:
// the app decides with the sdk from that clock, so the figures below come from the sdk too.
import { availableTools } from '@matchkit/sdk/entitlements';
import { trialEnd } from '@matchkit/sdk/billing';
import { getBrand } from '@matchkit/sdk/brands';
import { activeSale, saleCountdown, salePaymentLink } from '@matchkit/sdk/sales';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  axeViolations,
  describeViolations,
  graphql,
  horizontalOverflow,
  registerMember,
  subscribeMember,
  useE2E,
  VIEWPORTS,
  type BrandId,
  type E2E,
  type Tab,
  type TestMember,
} from './harness';
import { shownPounds } from './money';

/** Per-test time limit: several page loads and axe runs on a shared two-core machine. */
const SLOW = 180_000;

const LONDON_DATE = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const pounds = shownPounds;

/** A new member, registered through GraphQL. */
const register = (origin: string): Promise<TestMember> => registerMember(origin, { tag: 'billing' });

async function gql<T>(origin: string, member: TestMember, query: string): Promise<T> {
  return (await graphql<T>(origin, query, {}, member.token)).data;
}

/** Opens `path` signed in as `member` (the session cookie set before the page loads). */
function openAs(app: E2E, member: TestMember, path: string, options: Parameters<E2E['open']>[1] = {}): Promise<Tab> {
  return app.open(path, { ...options, member });
}

/** No horizontal scroll; axe too unless `axe` is false (the all-routes suite or another test here ran it on the same state). */
async function pageChecks(tab: Tab, { axe = true }: { readonly axe?: boolean } = {}): Promise<void> {
  if (axe) expect(describeViolations(await axeViolations(tab.page))).toEqual([]);
  expect(await horizontalOverflow(tab.page)).toBe(0);
}

async function heading(page: Page, name: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor({ timeout: 30_000 });
}

/** Opens `path` with the browser's clock fixed at `instant` (set before the app loads). */
async function openAt(app: E2E, instant: string, path: string, options: Parameters<E2E['open']>[1] = {}): Promise<Tab> {
  const tab = await app.open('/', options);
  await tab.page.clock.setFixedTime(new Date(instant));
  await tab.page.goto(new URL(path, app.server.origin).href);
  return tab;
}

function countdownText(left: { days: number; hours: number; minutes: number; seconds: number }): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${unit(left.days, 'day')}, ${unit(left.hours, 'hour')}, ${unit(left.minutes, 'minute')} and ${unit(left.seconds, 'second')}`;
}

export function billingSuite(brandId: BrandId): void {
  const brand = getBrand(brandId);
  const first = brand.plans[0];
  if (first === undefined) throw new Error('the brand has no plan');

  describe(`the ${brandId} brand: plans, purchase, sales, onboarding and account`, () => {
    const e2e = useE2E(brandId);

    it(
      '/pro lists every plan with its prices and features, and a comparison table; clean on desktop and on a dark 375 px phone',
      async () => {
        for (const options of [{ viewport: VIEWPORTS.desktop }, { viewport: VIEWPORTS.phone, colorScheme: 'dark' as const }]) {
          const tab = await e2e().open('/pro', options);
          await heading(tab.page, 'Plans and prices');
          for (const plan of brand.plans) {
            await tab.page.getByRole('heading', { level: 2, name: plan.label, exact: true }).waitFor();
            // The plan's card comes first; the comparison table below has a "Choose" link per plan too.
            const link = tab.page.getByRole('link', { name: `Choose ${plan.label}`, exact: true }).first();
            expect(await link.getAttribute('href')).toBe(`/subscribe/${plan.name}`);
          }
          const card = tab.page.getByRole('listitem').filter({ has: tab.page.getByRole('heading', { name: first.label, exact: true }) });
          await expect(card.getByText(`${pounds(first.price.monthly)} a month`).count()).resolves.toBe(1);
          await expect(card.getByText(`${pounds(first.price.yearly)} a year`).count()).resolves.toBe(1);
          const table = tab.page.getByRole('table', { name: 'Compare the plans' });
          expect(await table.getByRole('columnheader').count()).toBe(brand.plans.length + 1);
          expect(await table.getByRole('rowheader').count()).toBe(brand.features.length + 3);
          // axe on /pro signed out, at 1366 and 375 px, light and dark: the screenshot review's (review.ts).
          await pageChecks(tab, { axe: false });
          expect(tab.problems()).toEqual([]);
        }
      },
      SLOW,
    );

    it(
      'an unknown /subscribe slug says it is not sold and links to the plans',
      async () => {
        const tab = await e2e().open('/subscribe/no-such-plan');
        await heading(tab.page, 'We do not sell that plan');
        expect(await tab.page.getByRole('link', { name: 'See plans and prices' }).getAttribute('href')).toBe('/pro');
        // The address names nothing the brand sells: the server answers 404 (the browser reports the
        // load as failed), and nothing else goes wrong.
        expect(tab.problems().join('\n')).toMatch(/status of 404/);
        expect(tab.problems().filter((p) => !p.includes('/subscribe/no-such-plan'))).toEqual([]);
      },
      SLOW,
    );

    it(
      'a signed-out visitor on /subscribe/{plan} sees the price and is asked to sign in and come back',
      async () => {
        const tab = await e2e().open(`/subscribe/${first.name}`, { viewport: VIEWPORTS.phone, colorScheme: 'dark' });
        await heading(tab.page, `Subscribe: ${first.label}`);
        await tab.page.getByText('Create an account or sign in to continue').waitFor();
        expect(await tab.page.getByRole('link', { name: 'Sign in', exact: true }).last().getAttribute('href')).toBe(
          `/login?next=${encodeURIComponent(`/subscribe/${first.name}`)}`,
        );
        await pageChecks(tab);
        expect(tab.problems()).toEqual([]);
      },
      SLOW,
    );

    it(
      'a member subscribes through the test payment page, sees the plan and its tools unlocked, then cancels',
      async () => {
        const member = await register(e2e().server.origin);
        const tab = await openAs(e2e(), member, `/subscribe/${first.name}`);
        const { page } = tab;
        await heading(page, `Subscribe: ${first.label}`);
        const order = page.getByRole('region', { name: 'Your order' });
        // A first monthly subscription starts with the brand's trial: nothing today, the date the trial ends.
        await order.getByText(`${brand.onboarding.trialDays} days, ending on day ${brand.onboarding.trialDays}`).waitFor();
        expect(await order.getByText(LONDON_DATE.format(trialEnd(brand, Date.now()))).count()).toBeGreaterThan(0);
        await page.getByRole('button', { name: 'Continue to payment' }).click();
        await page.waitForURL(/\/pay\/test\//);
        await page.getByRole('button', { name: /^(Confirm|Pay)/ }).click();
        await page.waitForURL(/\/user\/account\?checkout=/);
        await heading(page, 'Your account');
        await page
          .getByRole('status')
          .filter({ hasText: `you now have ${first.label}` })
          .waitFor({ timeout: 15_000 });
        const plan = page.getByRole('region', { name: 'Your plan' });
        await plan.getByText(first.label, { exact: true }).waitFor();
        await plan.getByText('Monthly', { exact: true }).waitFor();
        const me = await gql<{ me: { capabilities: string[]; additionalCapabilities: string[] } }>(
          e2e().server.origin,
          member,
          '{ me { capabilities additionalCapabilities } }',
        );
        const tools = availableTools(brand, me.me);
        expect(tools.length).toBeGreaterThan(0);
        const toolList = page.getByRole('region', { name: 'Your tools' });
        for (const tool of tools) await toolList.getByRole('link', { name: tool.title, exact: true }).waitFor();
        const payments = page.getByRole('region', { name: 'Your payments' });
        await payments.getByRole('cell', { name: 'Free trial' }).waitFor();
        await pageChecks(tab);

        // Cancelling asks first, then says until when access lasts.
        await page.getByRole('button', { name: 'Cancel subscription' }).click();
        await page.getByRole('button', { name: 'Yes, cancel my subscription' }).click();
        await plan.getByText('Your subscription will not renew').waitFor();
        expect(await page.getByRole('button', { name: 'Cancel subscription' }).count()).toBe(0);
        const after = await gql<{ me: { billing: { nextChargeAt: string | null } | null } }>(
          e2e().server.origin,
          member,
          '{ me { billing { nextChargeAt } } }',
        );
        expect(after.me.billing?.nextChargeAt ?? null).toBeNull();

        // Until access ends, the member can take the cancellation back.
        await page.getByRole('button', { name: 'Resume subscription' }).click();
        await plan.getByText('Next payment').waitFor();
        await page.getByRole('button', { name: 'Cancel subscription' }).waitFor();
        const resumed = await gql<{ me: { billing: { nextChargeAt: string | null } | null } }>(
          e2e().server.origin,
          member,
          '{ me { billing { nextChargeAt } } }',
        );
        expect(resumed.me.billing?.nextChargeAt ?? null).not.toBeNull();
        expect(tab.problems()).toEqual([]);
      },
      SLOW,
    );

    it(
      'a member holding a plan is told clearly when they try to buy another',
      async () => {
        const member = await register(e2e().server.origin);
        const tab = await openAs(e2e(), member, `/subscribe/${first.name}`);
        await tab.page.getByRole('button', { name: 'Continue to payment' }).click();
        await tab.page.waitForURL(/\/pay\/test\//);
        await tab.page.getByRole('button', { name: /^(Confirm|Pay)/ }).click();
        await tab.page.waitForURL(/\/user\/account\?checkout=/);
        await tab.page.getByRole('status').filter({ hasText: 'you now have' }).waitFor({ timeout: 15_000 });
        // The same plan again (a higher plan's page now leads to the upgrade: the next test).
        await tab.page.goto(new URL(`/subscribe/${first.name}`, e2e().server.origin).href);
        await tab.page.getByRole('button', { name: 'Continue to payment' }).click();
        const alert = tab.page.getByRole('alert').filter({ hasText: 'account page' });
        await alert.waitFor();
        expect(await alert.getByRole('link', { name: 'Go to your account' }).getAttribute('href')).toBe('/user/account');
        expect(tab.problems()).toEqual([]);
      },
      SLOW,
    );

    it(
      'a member on the first plan moves up: the higher plan’s page (the onboarding’s “try … instead”) is the upgrade, prorated, then the account offers the next',
      async () => {
        const member = await register(e2e().server.origin);
        await subscribeMember(e2e().server.origin, member, first.name, 'year');
        const second = brand.plans[1];
        const upgrade = brand.upgrades.find((u) => u.from === first.name && u.to === second?.name);
        if (second === undefined || upgrade === undefined) throw new Error('the brand sells no upgrade from its first plan to its second');
        const tab = await openAs(e2e(), member, '/user/account');
        const { page } = tab;
        const plan = page.getByRole('region', { name: 'Your plan' });
        for (const u of brand.upgrades.filter((x) => x.from === first.name)) {
          const to = brand.plans.find((p) => p.name === u.to)?.label ?? u.to;
          expect(await plan.getByRole('link', { name: `Upgrade to ${to}`, exact: true }).getAttribute('href')).toBe(`/subscribe/${u.slug}`);
        }
        // The onboarding's alternative (the secondary brand's "Try Advanced instead"), or the plan's own page.
        const alternative = brand.onboarding.alternatives.find((a) => a.href === `/subscribe/${second.name}`);
        const last = brand.onboarding.steps[brand.onboarding.steps.length - 1];
        if (alternative !== undefined && last !== undefined) {
          await page.goto(new URL(`/welcome?step=${last.step}`, e2e().server.origin).href);
          await page.getByRole('link', { name: alternative.label }).click();
        } else await page.goto(new URL(`/subscribe/${second.name}`, e2e().server.origin).href);
        await page.waitForURL(new RegExp(`/subscribe/${upgrade.slug}$`));
        await heading(page, `Upgrade to ${second.label}`);
        const order = page.getByRole('region', { name: 'Your order' });
        await order.getByText(`${second.label} (upgrade)`).waitFor();
        const due = (await order.getByText('Due today').locator('xpath=following-sibling::dd').textContent()) ?? '';
        expect(due).toMatch(/^£\d/);
        expect(due).not.toBe('£0.00');
        await pageChecks(tab);
        await page.getByRole('button', { name: 'Continue to payment' }).click();
        await page.waitForURL(/\/pay\/test\//);
        await page.getByRole('button', { name: /^(Confirm|Pay)/ }).click();
        await page.waitForURL(/\/user\/account\?checkout=/);
        await page
          .getByRole('status')
          .filter({ hasText: `you now have ${second.label} (${due} paid today)` })
          .waitFor({ timeout: 15_000 });
        await plan.getByText(second.label, { exact: true }).waitFor();
        for (const u of brand.upgrades.filter((x) => x.from === second.name)) {
          const to = brand.plans.find((p) => p.name === u.to)?.label ?? u.to;
          await plan.getByRole('link', { name: `Upgrade to ${to}`, exact: true }).waitFor();
        }
        // The yearly payment and the upgrade each have a receipt; the upgrade's (the newest) opens as
        // a printable page, checked on one brand only (one more page for the browser step).
        const receipts = page.getByRole('region', { name: 'Your receipts' });
        await receipts
          .getByRole('link', { name: /^Receipt [A-Z]{3}-\d{6} as PDF$/ })
          .nth(1)
          .waitFor();
        if (brandId === 'primary') {
          await receipts
            .getByRole('link', { name: /^Receipt [A-Z]{3}-\d{6}, / })
            .first()
            .click();
          await heading(page, 'Receipt');
          const total = page.getByText('Total paid', { exact: true }).locator('xpath=following-sibling::dd');
          expect(await total.textContent()).toBe(due);
          await page.getByText(/^Upgrade$/).waitFor();
          // Printed, the page is the receipt alone: no header, no footer, no buttons, no consent question.
          const consent = page.getByRole('region', { name: 'Can we measure how you use the site?' });
          expect(await consent.isVisible()).toBe(true);
          await page.emulateMedia({ media: 'print' });
          expect(await consent.isVisible()).toBe(false);
          expect(await page.getByRole('banner').isVisible()).toBe(false);
          expect(await page.getByRole('contentinfo').isVisible()).toBe(false);
          expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
          await page.emulateMedia({ media: 'screen' });
          expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(true);
        }
        expect(tab.problems()).toEqual([]);
      },
      SLOW,
    );

    it(
      '/user/account sends a signed-out visitor to sign in',
      async () => {
        const tab = await e2e().open('/user/account');
        await tab.page.waitForURL(/\/login\?next=%2Fuser%2Faccount/);
        expect(tab.problems()).toEqual([]);
      },
      SLOW,
    );

    it(
      '/welcome runs steps 10 to 13: a target saved on the server, testimonials, the plans, the start',
      async () => {
        const member = await register(e2e().server.origin);
        const steps = brand.onboarding.steps;
        const last = steps[steps.length - 1];
        const goal = brand.onboarding.goals[1];
        if (last === undefined || goal === undefined) throw new Error('the catalogue has no onboarding');
        {
          const tab = await openAs(e2e(), member, '/welcome', { viewport: VIEWPORTS.phone, colorScheme: 'dark' });
          const { page } = tab;
          await heading(page, `Welcome to ${brand.displayName}`);
          await page.getByText(`Step 1 of ${steps.length}`).waitFor();
          await pageChecks(tab);
          // Submitting without a choice names the problem.
          await page.getByRole('button', { name: 'Save and continue' }).click();
          await page.getByRole('alert').filter({ hasText: 'Choose one of the targets' }).waitFor();
          await page.getByRole('radio', { name: `A target of ${goal.label}` }).check();
          await page.getByRole('button', { name: 'Save and continue' }).click();
          await page.getByText(`Step 2 of ${steps.length}`).waitFor();
          for (const t of brand.testimonials) await page.getByText(t.quote).waitFor();
          await pageChecks(tab, { axe: false });
          await page.getByRole('button', { name: 'Next' }).click();
          await page.getByText(`Step 3 of ${steps.length}`).waitFor();
          await page.getByRole('table', { name: 'Compare the plans' }).waitFor();
          await pageChecks(tab, { axe: false });
          // Keyboard: the Next button is reachable and works with Enter.
          await page.getByRole('button', { name: 'Next' }).focus();
          await page.keyboard.press('Enter');
          await page.getByText(`Step ${steps.length} of ${steps.length}`).waitFor();
          await page.getByRole('heading', { level: 2, name: last.title }).waitFor();
          await page.getByText(LONDON_DATE.format(trialEnd(brand, Date.now()))).waitFor();
          for (const alternative of brand.onboarding.alternatives) {
            expect(await page.getByRole('link', { name: alternative.label }).getAttribute('href')).toBe(alternative.href);
          }
          await pageChecks(tab);
          await page.getByRole('button', { name: 'Back' }).click();
          await page.getByText(`Step 3 of ${steps.length}`).waitFor();
          expect(tab.problems()).toEqual([]);
        }
        const saved = await gql<{ me: { goal: string | null } }>(e2e().server.origin, member, '{ me { goal } }');
        expect(saved.me.goal).toBe(goal.id);
      },
      SLOW,
    );

    if (brandId === 'secondary') {
      it('offers Advanced and Pro instead of Starter at the last onboarding step, and a 7-day trial', () => {
        expect(brand.onboarding.alternatives).toEqual([
          { label: 'Try Advanced instead', href: '/subscribe/advanced' },
          { label: 'Try Pro instead', href: '/subscribe/pro' },
        ]);
        expect(brand.onboarding.trialDays).toBe(7);
      });
    }

    // The sale pages at fixed instants of the browser's clock.
    // axe runs at one instant with a sale on and one with plain pricing (the states' markup);
    // `links` marks the instants whose sale links differ (at the switch they are as inside the second).
    const instants = [
      { name: 'before the first sale', at: '2025-08-11T08:59:59.999+01:00', axe: false, links: true },
      { name: 'inside the first sale', at: '2025-08-16T22:59:59+01:00', axe: true, links: true },
      { name: 'at the switch from the first sale to the second', at: '2025-08-18T00:00:00+01:00', axe: false, links: false },
      { name: 'inside the second sale', at: '2025-08-18T12:34:56+01:00', axe: false, links: true },
      { name: 'after the second sale', at: '2025-08-19T00:00:00+01:00', axe: true, links: true },
    ];
    // The secondary brand has no sale: one instant inside the primary brand's first sale shows that.
    for (const { name, at, axe, links } of brandId === 'primary' ? instants : instants.slice(1, 2)) {
      const sale = activeSale(brand, Date.parse(at));
      it(
        `${name} (${at}): /sale shows ${sale === undefined ? 'plain pricing' : `"${sale.salePageSections.title}" with the countdown`}`,
        async () => {
          // The desktop only while a sale is on: its wide banner creative.
          const viewports = [
            { viewport: VIEWPORTS.phone, colorScheme: 'dark' as const },
            ...(sale === undefined ? [] : [{ viewport: VIEWPORTS.desktop }]),
          ];
          for (const options of viewports) {
            const phone = options.viewport === VIEWPORTS.phone;
            const tab = await openAt(e2e(), at, '/sale', options);
            const { page } = tab;
            if (sale === undefined) {
              await heading(page, 'No sale on at the moment');
              await page.getByRole('table', { name: 'Compare the plans' }).waitFor();
              expect(await page.getByRole('region', { name: 'Time left in this sale' }).count()).toBe(0);
            } else {
              await heading(page, sale.salePageSections.title);
              const countdown = page.getByRole('region', { name: 'Time left in this sale' });
              await countdown.getByText(countdownText(saleCountdown(sale, Date.parse(at))), { exact: true }).waitFor();
              await page.getByRole('table', { name: /sale prices/ }).waitFor();
              for (const sp of sale.plans)
                await page
                  .getByRole('cell', { name: pounds(sp.yearly), exact: true })
                  .first()
                  .waitFor();
              for (const t of brand.testimonials) await page.getByText(t.quote).waitFor();
              const trust = page.getByRole('region', { name: 'Reviews from members' });
              for (const n of brand.trustReviewCounts)
                await trust.getByText(new Intl.NumberFormat('en-GB').format(n), { exact: true }).waitFor();
              // The banner: the phone gets the narrow creative, the desktop the wide one, each loaded.
              const banner = page.getByRole('img', { name: sale.creatives[0]?.alt ?? '' });
              const narrow = [...sale.creatives].sort((a, b) => a.width - b.width)[0];
              const wide = [...sale.creatives].sort((a, b) => b.width - a.width)[0];
              expect(await banner.getAttribute('src')).toBe(narrow?.src);
              expect(await banner.getAttribute('width')).toBe(String(narrow?.width));
              expect(await banner.getAttribute('height')).toBe(String(narrow?.height));
              await expect
                .poll(() =>
                  banner.evaluate((img: HTMLImageElement) =>
                    img.complete && img.naturalWidth > 0 ? new URL(img.currentSrc).pathname : '',
                  ),
                )
                .toBe(phone ? narrow?.src : wide?.src);
            }
            if (phone) await pageChecks(tab, { axe });
            expect(tab.problems()).toEqual([]);
          }
        },
        SLOW,
      );

      if (!links) continue;
      it(
        `${name} (${at}): /pro ${sale === undefined ? 'has no sale banner' : 'leads to the sale'}, and every sale link says whether its sale is on`,
        async () => {
          const tab = await openAt(e2e(), at, '/pro');
          await heading(tab.page, 'Plans and prices');
          const callout = tab.page.getByRole('link', { name: 'See the sale prices' });
          if (sale === undefined) expect(await callout.count()).toBe(0);
          else expect(await callout.getAttribute('href')).toBe('/sale');
          for (const s of brand.sales) {
            const sp = s.plans[s.plans.length - 1];
            if (sp === undefined) continue;
            const link = salePaymentLink(s, sp.plan);
            await tab.page.goto(new URL(link, e2e().server.origin).href);
            const started = Date.parse(at) >= Date.parse(s.startDate);
            if (sale?.id === s.id) {
              await heading(tab.page, s.salePageSections.title);
              const order = tab.page.getByRole('region', { name: 'Your order' });
              await order.getByText('Yearly', { exact: true }).waitFor();
              await order.getByText(pounds(sp.yearly), { exact: true }).first().waitFor();
            } else {
              await heading(tab.page, started ? 'This sale has ended' : 'This sale has not started yet');
            }
          }
          expect(tab.problems()).toEqual([]);
        },
        SLOW,
      );
    }
  });
}
