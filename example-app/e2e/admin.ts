// The admin console in the browser, for one brand (one file per brand: admin.<brand>.test.ts), on
// a server of its own whose database has the demo members (the production build's demo-members
// command: harness.ts demoDatabase), so the administrator is the demo administrator, signed in
// with the password the command printed. The administrator finds a paying member by segment and
// refunds their payment (the member loses the plan at once), approves commission held by the
// referral checks, saves an offer as a draft that a member cannot open and publishes it, which the
// member then reads; moves an offer down in its category, which a member's dashboard then lists in
// the new order; reads the audit log, operations and sales tabs; ends a member's sessions. A
// member of every plan and a free member see no Admin link and read that /admin is not available. Every admin page: no
// console error, axe clean. With MATCHKIT_ADMIN_SCREENS=1 each page is also saved as a picture
// under dist/screens for a look.
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { getBrand } from '@matchkit/sdk/brands';
import { memberSegment, planTier } from '@matchkit/sdk/entitlements';
import type { EntitledUser } from '@matchkit/sdk/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  demoDatabase,
  describeViolations,
  graphql,
  registerMember,
  SCREENS_DIR,
  signInDemo,
  startE2E,
  subscribeMember,
  type BrandId,
  type DemoLogin,
  type E2E,
  type Tab,
  type TestMember,
} from './harness';
import { shownPounds } from './money';

const TEST_TIMEOUT_MS = 180_000;
const STEP_TIMEOUT_MS = 45_000;

async function expectCleanPage(tab: Tab): Promise<void> {
  expect(describeViolations(await axeViolations(tab.page))).toEqual([]);
  expect(tab.problems()).toEqual([]);
}

const ME =
  'query { me { uid { global } capabilities additionalCapabilities subscription { billingTerm isTrial isLegacy endsAt cancelledAt } } }';
interface Me {
  me: EntitledUser & { uid: { global: string } };
}

export function adminSuite(brandId: BrandId): void {
  const brand = getBrand(brandId);
  describe(`the ${brandId} brand: the admin console`, { timeout: TEST_TIMEOUT_MS }, () => {
    let app: E2E | undefined;
    let logins: readonly DemoLogin[] = [];
    let removeDatabase = () => {};
    let admin: TestMember;

    beforeAll(async () => {
      const db = await demoDatabase(brandId);
      removeDatabase = db.remove;
      logins = db.logins;
      app = await startE2E({ brand: brandId, database: db.folder });
      admin = await signInDemo(app.server.origin, logins.find((l) => l.plan === 'admin') as DemoLogin);
    }, 180_000);
    afterAll(async () => {
      await app?.stop();
      removeDatabase();
    });
    const e2e = () => app as E2E;
    const origin = () => e2e().server.origin;
    const me = async (member: TestMember) => (await graphql<Me>(origin(), ME, {}, member.token)).data.me;
    const open = (path: string, member: TestMember) => e2e().open(path, { member });
    const screenshot = async (tab: Tab, name: string) => {
      if (process.env['MATCHKIT_ADMIN_SCREENS'] !== '1') return;
      mkdirSync(SCREENS_DIR, { recursive: true });
      await tab.page.screenshot({ path: join(SCREENS_DIR, `admin-${brandId}-${name}.png`), fullPage: true });
    };

    it('a member of every plan, and a free one, sees no Admin link and reads that /admin is not available', async () => {
      const members = logins.filter((l) => l.plan !== 'admin');
      expect(members.map((l) => l.plan)).toEqual(['free', ...brand.plans.map((p) => p.name)]);
      for (const login of members) {
        const member = await signInDemo(origin(), login);
        const tab = await open('/admin', member);
        await tab.page.getByRole('heading', { level: 1, name: 'Not available' }).waitFor({ timeout: STEP_TIMEOUT_MS });
        await tab.page.getByRole('link', { name: 'Account' }).waitFor();
        expect(await tab.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).count(), login.plan).toBe(0);
        if (login.plan === 'free') await screenshot(tab, 'not-available');
        await expectCleanPage(tab);
        await tab.close();
      }
    });

    it('finds a paying member by segment and refunds their payment: the member loses the plan at once', async () => {
      const plan = brand.plans[0]?.name ?? '';
      const payer = await registerMember(origin(), { tag: 'payer' });
      // Yearly: a monthly plan starts with a free trial, which has no payment to refund.
      const { amount } = await subscribeMember(origin(), payer, plan, 'year');
      expect(amount).toBe(brand.plans[0]?.price.yearly);
      const before = await me(payer);
      expect(planTier(brand, before)).toBe(plan);
      const segment = memberSegment(brand, before);
      expect(segment).not.toBeNull();

      const tab = await open('/', admin);
      const { page } = tab;
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
      await page.getByRole('heading', { level: 1, name: 'Admin: Members' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await page.getByRole('link', { name: admin.email }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await screenshot(tab, 'members');
      await expectCleanPage(tab);

      await page.getByLabel('Segment').selectOption(segment as string);
      await page.getByLabel('Email or username').fill(payer.username);
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByText('1 member', { exact: true }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await page.getByRole('link', { name: payer.email }).click();
      await page
        .getByRole('heading', { level: 2, name: new RegExp(payer.email.replace(/\./g, '\\.')) })
        .waitFor({ timeout: STEP_TIMEOUT_MS });
      const paid = page.getByRole('button', { name: new RegExp(`^Refund ${shownPounds(amount).replace(/[.£]/g, '\\$&')}`) });
      await paid.waitFor();
      await screenshot(tab, 'member');
      await expectCleanPage(tab);

      await paid.click();
      const dialog = page.getByRole('alertdialog', { name: `Refund ${shownPounds(amount)}?` });
      await dialog.waitFor();
      expect(describeViolations(await axeViolations(page))).toEqual([]);
      await screenshot(tab, 'refund-dialog');
      await dialog.getByRole('button', { name: 'Refund in full' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `Refunded ${shownPounds(amount)}` })
        .waitFor({ timeout: STEP_TIMEOUT_MS });
      await page
        .getByText(/^Refunded \d/)
        .first()
        .waitFor();
      expect(await paid.count()).toBe(0);
      // The member's tools go with the plan, at once.
      const after = await me(payer);
      expect(planTier(brand, after)).toBe('free');
      expect(after.capabilities).not.toContain(brand.plans[0]?.capability);
      await expectCleanPage(tab);
      await tab.close();
    });

    it('approves commission held by the referral checks (the same card as the affiliate)', async () => {
      const plan = brand.plans[0]?.name ?? '';
      const affiliate = await registerMember(origin(), { tag: 'aff' });
      await subscribeMember(origin(), affiliate, plan, 'year');
      const referred = await registerMember(origin(), { tag: 'referred', referralCode: affiliate.referralCode });
      await subscribeMember(origin(), referred, plan, 'year');
      const referredId = (await me(referred)).uid.global;

      const tab = await open('/admin/commission', admin);
      const { page } = tab;
      await page.getByRole('heading', { level: 1, name: 'Admin: Commission' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      const approve = page.getByRole('button', { name: new RegExp(`^Approve .* commission on ${referredId}'s payment$`) });
      await approve.waitFor({ timeout: STEP_TIMEOUT_MS });
      await screenshot(tab, 'commission');
      await expectCleanPage(tab);
      await approve.click();
      await page.getByRole('status').filter({ hasText: 'Commission approved.' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await approve.count()).toBe(0);
      const { data } = await graphql<{ adminHeldCommission: { member: string }[] }>(
        origin(),
        '{ adminHeldCommission { member } }',
        {},
        admin.token,
      );
      expect(data.adminHeldCommission.map((h) => h.member)).not.toContain(referredId);
      await expectCleanPage(tab);

      // The affiliate's balance: the approved commission, pending through the refund window.
      await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Affiliates' }).click();
      await page.getByRole('button', { name: `Statement of ${affiliate.email}` }).click();
      const statement = page.getByRole('table', { name: `Referred payments of ${affiliate.email}` });
      await statement.waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await statement.getByRole('cell', { name: 'Pending (refund window)' }).count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Record payout' }).isDisabled()).toBe(true);
      await screenshot(tab, 'affiliates');
      await expectCleanPage(tab);
      await tab.close();
    });

    it('reads the funnel after a scripted visit, registration and payment from a campaign, with the counts right', async () => {
      const campaign = `e2e-${brandId}-${Date.now().toString(36)}`;
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
      const FUNNEL = `query($from: String!, $to: String!) { adminFunnel(from: $from, to: $to) {
        byCampaign { campaign counts { visits registrations trials firstPayments secondPayments } } } }`;
      const row = async () => {
        const { data } = await graphql<{ adminFunnel: { byCampaign: { campaign: string; counts: Record<string, number | null> }[] } }>(
          origin(),
          FUNNEL,
          { from: today, to: today },
          admin.token,
        );
        return data.adminFunnel.byCampaign.find((c) => c.campaign === campaign)?.counts ?? null;
      };

      // The visit: a visitor lands from the campaign's link and accepts analytics.
      const visit = await e2e().open(`/?utm_source=e2e-mail&utm_medium=email&utm_campaign=${campaign}`);
      const { page } = visit;
      await page.getByRole('region', { name: 'Can we measure how you use the site?' }).getByRole('button', { name: 'Accept' }).click();
      await expect.poll(async () => (await row())?.['visits'], { timeout: STEP_TIMEOUT_MS }).toBe(1);

      // The registration, in the same browser: the member's first campaign is this one.
      const name = `funnel${Date.now().toString(36)}`;
      const password = 'a long enough password';
      await page.goto(new URL('/register', origin()).href);
      await page.getByLabel('First name').fill('Funnel');
      await page.getByLabel('Last name').fill('Member');
      await page.getByLabel('Username').fill(name);
      await page.getByLabel('Email address').fill(`${name}@example.test`);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByLabel('I am 18 or over').check();
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('heading', { level: 1, name: `Welcome to ${brand.displayName}` }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await expect.poll(async () => (await row())?.['registrations'], { timeout: STEP_TIMEOUT_MS }).toBe(1);
      await visit.close();

      // The first payment: a yearly plan (no trial), paid through the test provider.
      const member = await signInDemo(origin(), { plan: 'funnel', email: `${name}@example.test`, password });
      await subscribeMember(origin(), member, brand.plans[0]?.name ?? '', 'year');
      expect(await row()).toEqual({ visits: 1, registrations: 1, trials: 0, firstPayments: 1, secondPayments: 0 });

      // The console shows the same counts in the campaign's row.
      const tab = await open('/admin/analytics', admin);
      await tab.page.getByRole('heading', { level: 1, name: 'Admin: Analytics' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      const line = tab.page.getByRole('table', { name: 'The funnel by campaign' }).getByRole('row').filter({ hasText: campaign });
      await line.waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await line.getByRole('cell').allInnerTexts()).toEqual(['email', campaign, '1', '1', '0', '1', '0']);
      expect(await line.getByRole('rowheader').innerText()).toBe('e2e-mail');
      // The same row in the table's CSV, as the browser saves it.
      const [download] = await Promise.all([
        tab.page.waitForEvent('download'),
        tab.page.getByRole('button', { name: 'Download campaigns as CSV' }).click(),
      ]);
      // The page's range: the 30 days to today.
      expect(download.suggestedFilename()).toMatch(new RegExp(`^funnel-by-campaign-\\d{4}-\\d{2}-\\d{2}-to-${today}\\.csv$`));
      const csv = await readFile(await download.path(), 'utf8');
      expect(csv.split('\r\n')[0]).toBe('source,medium,campaign,visits,registrations,trials,firstPayments,secondPayments');
      expect(csv.split('\r\n')).toContain(`e2e-mail,email,${campaign},1,1,0,1,0`);
      await tab.page.getByRole('table', { name: 'The funnel in total' }).waitFor();
      // The month's revenue counts the yearly payment as a twelfth of its price, new this month.
      await tab.page.getByRole('table', { name: 'Monthly recurring revenue by month' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      // Trial conversion by the month the trial began, the whole range last (the journey paid without a trial).
      const trials = tab.page.getByRole('table', { name: 'Trial conversion by month' });
      await trials.waitFor({ timeout: STEP_TIMEOUT_MS });
      await trials.getByRole('rowheader', { name: 'The whole range' }).waitFor();
      const { data: revenue } = await graphql<{ adminRevenue: { total: { new: number; newMembers: number } } }>(
        origin(),
        'query($from: String!, $to: String!) { adminRevenue(from: $from, to: $to) { total { new newMembers } } }',
        { from: today, to: today },
        admin.token,
      );
      expect(revenue.adminRevenue.total.newMembers).toBeGreaterThanOrEqual(1);
      expect(revenue.adminRevenue.total.new).toBeGreaterThanOrEqual(Math.floor((brand.plans[0]?.price.yearly ?? 0) / 12));
      await screenshot(tab, 'analytics');
      await expectCleanPage(tab);
      await tab.close();
    });

    it('saves a new offer as a draft (a member cannot open it), then publishes it from the list and the member reads it', async () => {
      const slug = `admin-e2e-${Date.now().toString(36)}`;
      const title = `Admin test offer ${brandId} ${slug.slice(-6)}`;
      const category = brand.offerCategories[0]?.slug ?? '';
      const categoryTitle = brand.offerCategories[0]?.title ?? '';
      const tab = await open('/admin/content', admin);
      const { page } = tab;
      await page.getByRole('heading', { level: 1, name: 'Admin: Content' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await page
        .getByRole('table', { name: categoryTitle })
        .or(page.getByText('No offers yet'))
        .first()
        .waitFor({ timeout: STEP_TIMEOUT_MS });
      await screenshot(tab, 'content');
      await expectCleanPage(tab);
      await page.getByRole('button', { name: 'New offer' }).click();
      const dialog = page.getByRole('dialog', { name: 'New offer' });
      await dialog.waitFor();
      await dialog.getByLabel('Slug').fill(slug);
      await dialog.getByLabel('Title').fill(title);
      await dialog.getByLabel('Category').selectOption(category);
      await dialog.getByLabel('Bookmaker').fill('Test Bookmaker');
      await dialog.getByLabel('Summary').fill('Bet £10, get a £10 free bet.');
      await dialog.getByLabel('Instructions').fill('Place the qualifying bet.\n\nThen use the free bet.');
      await dialog.getByLabel('Typical profit (£)').fill('7.50');
      expect(describeViolations(await axeViolations(page))).toEqual([]);
      await screenshot(tab, 'offer-form');
      await dialog.getByRole('button', { name: 'Save as draft' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `“${title}” saved as a draft` })
        .waitFor({ timeout: STEP_TIMEOUT_MS });
      // A new offer goes first in its category.
      const table = page.getByRole('table', { name: categoryTitle });
      const row = table.getByRole('row').filter({ hasText: title });
      await row.waitFor();
      expect((await table.getByRole('rowheader').allInnerTexts())[0]).toBe(title);
      await row.getByText('Draft', { exact: true }).waitFor();
      await expectCleanPage(tab);

      // The preview shows it as members would read it.
      await row.getByRole('button', { name: `Preview ${title}` }).click();
      const preview = page.getByRole('dialog', { name: `Preview: ${title}` });
      await preview.getByText('Then use the free bet.').waitFor();
      expect(describeViolations(await axeViolations(page))).toEqual([]);
      await screenshot(tab, 'offer-preview');
      await preview.getByRole('button', { name: 'Close' }).click();

      // A draft: the member's offer page says not found.
      const member = await registerMember(origin(), { tag: 'reader' });
      const reader = await open(`/offers/${category}/${slug}`, member);
      await reader.page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await reader.page.getByText('Then use the free bet.').count()).toBe(0);
      // The server answers the draft's address 404 (its own not-found page): the problems the tab saw.
      expect(reader.problems().every((p) => p.includes('404'))).toBe(true);
      await reader.close();

      await row.getByRole('button', { name: `Publish ${title}` }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `“${title}” published` })
        .waitFor({ timeout: STEP_TIMEOUT_MS });
      await row.getByText(/^Published \d/).waitFor();
      await page.getByRole('link', { name: title }).waitFor();
      await expectCleanPage(tab);

      const published = await open(`/offers/${category}/${slug}`, member);
      await published.page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await published.page.getByText('Then use the free bet.').waitFor();
      expect(published.problems()).toEqual([]);
      await published.close();

      // The guides and training, by section.
      await page.getByRole('navigation', { name: 'Content' }).getByRole('link', { name: 'Guides and training' }).click();
      await page.getByRole('heading', { level: 3, name: 'Training' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await page
        .getByRole('table', { name: 'Training' })
        .or(page.getByText('No training yet'))
        .first()
        .waitFor({ timeout: STEP_TIMEOUT_MS });
      await screenshot(tab, 'guides');
      await expectCleanPage(tab);
      await tab.close();
    });

    it('moves an offer down in its category: a member’s dashboard then lists the new order', async () => {
      const { slug: category, title: categoryTitle } = brand.offerCategories[0] ?? { slug: '', title: '' };
      const tab = await open('/admin/content', admin);
      const { page } = tab;
      await page.getByRole('heading', { level: 1, name: 'Admin: Content' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await page.getByLabel('Category').selectOption(category);
      const table = page.getByRole('table', { name: categoryTitle });
      await table.getByRole('rowheader').first().waitFor({ timeout: STEP_TIMEOUT_MS });
      // The category as the console lists it, each offer with whether it is a draft (members do not see those).
      const listed = async () =>
        Promise.all(
          (await table.getByRole('row').all()).slice(1).map(async (r) => ({
            title: await r.getByRole('rowheader').innerText(),
            draft: (await r.getByText('Draft', { exact: true }).count()) > 0,
          })),
        );
      const before = await listed();
      expect(before.length).toBeGreaterThanOrEqual(2);
      const [first, second] = before.map((o) => o.title) as [string, string];
      expect(await table.getByRole('button', { name: `Move ${first} up`, exact: true }).isDisabled()).toBe(true);
      expect(await table.getByRole('button', { name: `Move ${before.at(-1)?.title ?? ''} down`, exact: true }).isDisabled()).toBe(true);

      await table.getByRole('button', { name: `Move ${first} down`, exact: true }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `“${first}” moved down.` })
        .waitFor({ timeout: STEP_TIMEOUT_MS });
      const after = [before[1], before[0], ...before.slice(2)];
      await expect.poll(async () => (await listed()).map((o) => o.title), { timeout: STEP_TIMEOUT_MS }).toEqual(after.map((o) => o?.title));
      expect((await listed()).slice(0, 2).map((o) => o.title)).toEqual([second, first]);
      // The focus stays on the button pressed, so the keyboard can move the offer again.
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null)).toBe(`Move ${first} down`);
      await expectCleanPage(tab);

      // A member's dashboard lists the category in the new order (its first page), drafts aside.
      const member = await registerMember(origin(), { tag: 'order' });
      const reader = await open('/', member);
      const list = reader.page.getByRole('list', { name: categoryTitle });
      await list.getByRole('heading', { level: 4 }).first().waitFor({ timeout: STEP_TIMEOUT_MS });
      const shown = await list.getByRole('heading', { level: 4 }).allInnerTexts();
      const published = after.filter((o) => o?.draft === false).map((o) => o?.title);
      expect(shown.length).toBeGreaterThanOrEqual(Math.min(2, published.length));
      expect(shown).toEqual(published.slice(0, shown.length));
      expect(reader.problems()).toEqual([]);
      await reader.close();
      await tab.close();
    });

    it('reads the audit log (the refund and the publication), the operations and the sales tabs', async () => {
      const tab = await open('/admin/audit', admin);
      const { page } = tab;
      await page.getByRole('heading', { level: 1, name: 'Admin: Audit log' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      const log = page.getByRole('table', { name: 'Audit log' });
      await log.waitFor({ timeout: STEP_TIMEOUT_MS });
      const refund = log.getByRole('row').filter({ hasText: 'adminRefundPayment' }).first();
      await refund.waitFor();
      // Who did it: the administrator by their email.
      await refund.getByRole('link', { name: admin.email, exact: true }).waitFor();
      await log.getByRole('row').filter({ hasText: 'adminPublishOffer' }).first().waitFor();
      await refund
        .getByText('Before and after')
        .or(refund.getByText(/^Changed:/))
        .first()
        .click();
      await refund.getByText('After', { exact: true }).waitFor();
      await screenshot(tab, 'audit');
      await expectCleanPage(tab);
      // Filtered by the refunded payment's id: its line alone.
      const target = await refund.getByRole('cell').nth(1).getByRole('link').first().innerText();
      await page.getByLabel('Target').fill(target);
      await page.getByRole('button', { name: 'Filter' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `Lines about ${target}` })
        .waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await log.getByRole('row').filter({ hasText: 'adminPublishOffer' }).count()).toBe(0);
      await expectCleanPage(tab);

      await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Operations' }).click();
      await page.getByRole('heading', { level: 1, name: 'Admin: Operations' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await page.getByRole('table', { name: 'Messages in the mail and push queues by state' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await page.getByRole('heading', { level: 2, name: 'Odds feed' }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'Delivery errors this week' }).waitFor();
      // These servers forward no analytics: the page says so and how to turn it on.
      await page.getByRole('heading', { level: 2, name: 'Analytics forwarding' }).waitFor();
      await page.getByText('Forwarding is off: events are stored here only.', { exact: false }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await page.getByText('Loading', { exact: false }).waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
      await screenshot(tab, 'operations');
      await expectCleanPage(tab);

      await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Sales' }).click();
      await page.getByRole('heading', { level: 1, name: 'Admin: Sales' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      if (brand.sales.length === 0) {
        await page.getByText('No sales', { exact: true }).waitFor({ timeout: STEP_TIMEOUT_MS });
      } else {
        const sales = page.getByRole('table', { name: 'Sales' });
        await sales.waitFor({ timeout: STEP_TIMEOUT_MS });
        expect(await sales.getByRole('row').count()).toBe(brand.sales.length + 1);
        for (const sale of brand.sales)
          await sales.getByRole('rowheader', { name: `${sale.salePageSections.title} ${sale.id}`, exact: true }).waitFor();
      }
      await screenshot(tab, 'sales');
      await expectCleanPage(tab);
      await tab.close();
    });

    it("ends a member's sessions from their page: their token then gets UNAUTHENTICATED", async () => {
      const member = await registerMember(origin(), { tag: 'ended' });
      const id = (await me(member)).uid.global;
      const tab = await open(`/admin/members/${encodeURIComponent(id)}`, admin);
      const { page } = tab;
      await page
        .getByRole('heading', { level: 2, name: new RegExp(member.email.replace(/\./g, '\\.')) })
        .waitFor({ timeout: STEP_TIMEOUT_MS });
      await page.getByRole('button', { name: 'End all sessions' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Sign them out everywhere?' });
      await dialog.waitFor();
      expect(describeViolations(await axeViolations(page))).toEqual([]);
      await screenshot(tab, 'end-sessions');
      await dialog.getByRole('button', { name: 'End all sessions' }).click();
      await page.getByRole('status').filter({ hasText: 'Signed out of every device.' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      const response = await fetch(`${origin()}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${member.token}` },
        body: JSON.stringify({ query: '{ mySessions { id } }' }),
      });
      const body = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
      expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      // The member's audit lines, from their page's link.
      await page.getByRole('link', { name: /audit log/ }).click();
      await page
        .getByRole('table', { name: 'Audit log' })
        .getByRole('row')
        .filter({ hasText: 'adminEndSessions' })
        .waitFor({ timeout: STEP_TIMEOUT_MS });
      await expectCleanPage(tab);
      await tab.close();
    });
  });
}
