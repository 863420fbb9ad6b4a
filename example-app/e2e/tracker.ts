// The profit tracker, the balance sheet and the integrations panel in the browser, for one brand
// (tracker.<brand>.test.ts). One member with the cheapest plan that includes the profit tracker
// records a bet through GraphQL, sees it open, sees a second one arrive live and deletes it, edits its note, settles it from the page (the totals and the chart
// summary move to the sdk's settleBet figure), filters through the URL, downloads the CSV export,
// imports a CSV with a bad row (its problem shown by its line number), flags a bookmaker restricted
// and adds a deposit on the balance sheet, sees an integration connected elsewhere once the window regains focus and logs out of it. A member without the
// feature sees the lock, and the server refuses them the TrackedBets query. One tab for the member.
import { findIdentifiers } from '@matchkit/app-contract';
import { getBrand } from '@matchkit/sdk/brands';
import { cheapestPlanFor } from '@matchkit/sdk/entitlements';
import { exchanges } from '@matchkit/sdk/exchanges';
import { settleBet, type TrackedBetInput } from '@matchkit/sdk/tracker';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  axeViolations,
  clippedTables,
  describeViolations,
  graphql,
  horizontalOverflow,
  registerMember,
  SCREENS_DIR,
  subscribeMember,
  switchScheme,
  useE2E,
  VIEWPORTS,
  type BrandId,
} from './harness';
import { shownPounds } from './money';

const TEST_TIMEOUT_MS = 120_000;
const STEP_TIMEOUT_MS = 30_000;
/** As the app writes a signed amount (labels.ts: a minus sign, not a hyphen). */
const signed = shownPounds;

/** A £10 qualifier at 3.0 laid for £9.43 at 3.2 (2%), as recordBet takes it (without its placedAt). */
const QUALIFIER = {
  source: 'oddsmatcher',
  profitType: 'guaranteed',
  event: 'Arsenal v Spurs',
  market: 'Match Odds',
  selection: 'Arsenal',
  legs: [
    { role: 'qualifying', side: 'back', account: 'bet-co', odds: 3, stake: 1000, result: 'pending' },
    { role: 'qualifying', side: 'lay', account: 'smarkets', odds: 3.2, stake: 943, commission: 0.02, result: 'pending' },
  ],
  expectedProfit: -76,
} as const;

const RECORD = 'mutation RecordBet($input: RecordBetInput!) { recordBet(input: $input) { id } }';
const SETTLE = 'mutation SettleBet($input: SettleBetInput!) { settleBet(input: $input) { id } }';
const TRACKED_BETS = 'query TrackedBets { trackedBets(first: 5) { totalCount nodes { id } } }';

export function trackerSuite(brandId: BrandId): void {
  const brand = getBrand(brandId);
  const feature = brand.features.find((f) => f.key === 'profitTracker');
  const plan = feature === undefined ? undefined : cheapestPlanFor(brand, feature.capabilities[0] ?? '');
  const integration = exchanges.find((e) => e.hasIntegration);

  describe(`the ${brandId} brand: profit tracker and balance sheet`, { timeout: TEST_TIMEOUT_MS }, () => {
    const e2e = useE2E(brandId);

    it('a member records, settles, filters, exports and imports bets; keeps a balance sheet; logs out of an integration', async () => {
      if (plan === undefined || integration === undefined)
        throw new Error('the catalogue has no plan with the profit tracker, or no integration');
      const origin = e2e().server.origin;
      const member = await registerMember(origin, { tag: `tr${brandId.slice(0, 3)}` });
      await subscribeMember(origin, member, plan.name);

      // The qualifier, placed an hour ago, recorded through the API.
      const placedAt = new Date(Date.now() - 3_600_000).toISOString();
      const input = { ...QUALIFIER, placedAt };
      const { data } = await graphql<{ recordBet: { id: string } }>(origin, RECORD, { input }, member.token);
      const betId = data.recordBet.id;
      const settled = settleBet({ ...input, id: betId, status: 'open', placedAt: Date.parse(placedAt) } as TrackedBetInput, {
        at: Date.now(),
        results: ['lost', 'won'],
      });
      const profit = settled.settledProfit ?? Number.NaN;

      const tab = await e2e().open('/user/profit-tracker-advanced', { member });
      const page = tab.page;
      page.setDefaultTimeout(STEP_TIMEOUT_MS);
      await page.getByRole('heading', { level: 1, name: 'Profit tracker' }).waitFor();

      // Open, with its expected profit in the totals.
      // The bets are rows of a table; a bet's actions are buttons named with it, its forms open below the table.
      const open = page.getByRole('region', { name: /^Open bets/ });
      const card = open.getByRole('row', { name: /Arsenal v Spurs: Arsenal/ });
      await card.waitFor();
      await page
        .getByTestId('pending-profit')
        .filter({ hasText: signed(-76) })
        .waitFor();

      // Live: a bet recorded elsewhere (another device, a tool) appears without a reload; deleted here.
      await page
        .getByRole('status')
        .filter({ hasText: /^Live:/ })
        .waitFor();
      await graphql(origin, RECORD, { input: { ...input, event: 'Chelsea v Fulham', selection: 'Fulham' } }, member.token);
      const other = open.getByRole('row', { name: /Chelsea v Fulham: Fulham/ });
      await other.getByRole('button', { name: 'Delete Chelsea v Fulham: Fulham' }).click();
      await open.getByRole('button', { name: 'Delete bet' }).click();
      await other.waitFor({ state: 'detached' });
      await page.getByTestId('chart-profit').getByText('No settled bets yet').waitFor();

      // Edited (through the import, which replaces the bet by its id): a note and the lay's odds.
      await card.getByRole('button', { name: 'Edit Arsenal v Spurs: Arsenal' }).click();
      const edit = page.getByRole('form', { name: 'Edit Arsenal v Spurs: Arsenal' });
      await edit.getByLabel('Note').fill('First qualifier');
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await card.getByText('First qualifier').waitFor();

      // An impossible settlement (the back and its lay both won) is refused in plain words, with no
      // sdk path or other identifier in what the member reads (the copy check's own rules).
      await card.getByRole('button', { name: 'Settle Arsenal v Spurs: Arsenal' }).click();
      const settle = page.getByRole('form', { name: 'Settle Arsenal v Spurs: Arsenal' });
      await settle.getByLabel(/^Leg 1 result/).selectOption('won');
      await settle.getByLabel(/^Leg 2 result/).selectOption('won');
      await settle.getByRole('button', { name: 'Save result' }).click();
      const refused = settle.getByRole('alert');
      await refused.filter({ hasText: 'Leg 1 (back) and leg 2 (lay) can’t both win.' }).waitFor();
      const refusedText = await refused.innerText();
      expect(findIdentifiers(refusedText)).toEqual([]);
      expect(refusedText).not.toMatch(/results\.|legs\.|settleBet/);

      // Settled from the page: a result per leg.
      await settle.getByLabel(/^Leg 1 result/).selectOption('lost');
      await settle.getByLabel(/^Leg 2 result/).selectOption('won');
      await settle.getByRole('button', { name: 'Save result' }).click();
      const done = page.getByRole('region', { name: /^Settled and void bets/ }).getByRole('row', { name: /Arsenal v Spurs: Arsenal/ });
      await done.waitFor();
      await page
        .getByTestId('settled-profit')
        .filter({ hasText: signed(profit) })
        .waitFor();
      await page
        .getByTestId('chart-profit')
        .getByText(`${signed(profit)} in all`)
        .waitFor();
      await page
        .getByTestId('chart-drawdown')
        .getByText(`Largest fall from a high: ${signed(-profit)}`)
        .waitFor();
      expect(describeViolations(await axeViolations(page))).toEqual([]);
      await switchScheme(page, 'dark');
      expect(describeViolations(await axeViolations(page))).toEqual([]);
      await switchScheme(page, 'light');

      // Filters live in the URL, and the selects follow it.
      await page.goto(new URL('/user/profit-tracker-advanced?status=open', origin).href);
      await page
        .getByRole('region', { name: /^Open bets/ })
        .getByText('No bets match these filters.')
        .waitFor();
      expect(await page.getByLabel('Status', { exact: true }).inputValue()).toBe('open');
      expect(await page.getByRole('region', { name: /^Settled and void bets/ }).count()).toBe(0);
      await page.getByLabel('Status', { exact: true }).selectOption('settled');
      await page.waitForURL(/status=settled/);
      await page
        .getByRole('region', { name: /^Settled and void bets/ })
        .getByRole('row', { name: /Arsenal v Spurs: Arsenal/ })
        .waitFor();

      // The CSV export downloads the bet; an import with a bad row names its line and imports nothing.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download all bets (CSV)' }).click(),
      ]);
      const csv = readFileSync(await download.path(), 'utf8');
      expect(csv.split('\r\n')[0]).toMatch(/^bet_id,source,profit_type,status/);
      expect(csv).toContain(betId);
      const lines = csv.trimEnd().split('\r\n');
      const bad = [
        lines[0],
        lines[1]?.replaceAll(betId, 'imported-1'),
        lines[2]?.replaceAll(betId, 'imported-1').replace(',3.2,', ',evens,'),
      ].join('\r\n');
      await page.getByLabel('CSV file to import').setInputFiles({ name: 'bets.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
      await page.getByRole('button', { name: 'Import bets', exact: true }).click();
      const problems = page.getByRole('table', { name: 'Problems by line' });
      const row = problems.getByRole('row', { name: /^3 odds/ });
      await row.waitFor();
      await expect(row.getByRole('cell', { name: /decimal number/ }).isVisible()).resolves.toBe(true);

      // On a phone: nothing wider than the screen.
      await page.setViewportSize(VIEWPORTS.phone);
      expect(await horizontalOverflow(page)).toBe(0);
      await page.setViewportSize(VIEWPORTS.desktop);

      // The balance sheet: the bet's accounts, a restricted flag, a deposit, and the integrations.
      await page.goto(new URL('/user/balance-sheet', origin).href);
      await page.getByRole('heading', { level: 1, name: 'Balance sheet' }).waitFor();
      // Each account is a row of its table, named by its row header.
      const account = (name: string | RegExp) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
      const bookmaker = account(/^bet-co/);
      await bookmaker.getByRole('checkbox', { name: 'Restricted by bet-co' }).check();
      await bookmaker.getByText('Restricted', { exact: true }).waitFor();
      await page.getByLabel('Bookmaker or exchange').fill('bet-co');
      await page.getByLabel('Amount (£)').fill('50');
      await page.getByRole('button', { name: 'Add entry' }).click();
      await bookmaker
        .getByRole('cell', { name: signed(5000 - 1000), exact: true })
        .first()
        .waitFor();
      await bookmaker.getByRole('button', { name: 'History of bet-co' }).click();
      await page.getByRole('region', { name: 'bet-co: history' }).getByRole('cell', { name: 'Deposit', exact: true }).waitFor();
      // An account's kind can be corrected: Smarkets (shown by its catalogue name) moves to the bookmakers and back.
      const exchangesList = page.getByRole('region', { name: 'Exchanges' });
      await exchangesList.getByRole('button', { name: 'Move Smarkets to bookmakers' }).click();
      await page.getByRole('region', { name: 'Bookmakers' }).getByRole('button', { name: 'Move Smarkets to exchanges' }).click();
      await exchangesList.getByRole('rowheader', { name: 'Smarkets' }).waitFor();

      // The integration connects elsewhere (the server's simulated connect); the panel shows it when
      // the window regains focus.
      const panel = page.getByRole('region', { name: 'Exchange integrations' });
      const item = panel.getByRole('listitem').filter({ hasText: integration.displayName });
      await item.getByText('Not connected', { exact: true }).waitFor();
      const connected = await fetch(new URL(`/api/user/integrations/external/simulated/connect?integration=${integration.name}`, origin), {
        method: 'POST',
        headers: { authorization: `Bearer ${member.token}` },
      });
      expect(connected.status).toBe(200);
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await item.getByText('Connected', { exact: true }).waitFor();
      expect(describeViolations(await axeViolations(page))).toEqual([]);
      await switchScheme(page, 'dark');
      expect(describeViolations(await axeViolations(page))).toEqual([]);
      await item.getByRole('button', { name: `Log out of ${integration.displayName}` }).click();
      await item.getByText('Not connected', { exact: true }).waitFor();
      expect(tab.problems()).toEqual([]);
    });

    it('one settled day: the charts span a week around it and say the year', async () => {
      if (plan === undefined) throw new Error('no plan has the profit tracker');
      const origin = e2e().server.origin;
      const member = await registerMember(origin, { tag: `td${brandId.slice(0, 3)}` });
      await subscribeMember(origin, member, plan.name);
      const now = Date.now();
      const input = { ...QUALIFIER, placedAt: new Date(now - 60_000).toISOString() };
      const { data } = await graphql<{ recordBet: { id: string } }>(origin, RECORD, { input }, member.token);
      await graphql(
        origin,
        SETTLE,
        { input: { id: data.recordBet.id, results: ['lost', 'won'], settledAt: new Date(now).toISOString() } },
        member.token,
      );

      // The charts are canvases: the words uPlot draws on them are read as it draws them.
      const tab = await e2e().open('/', { member });
      const page = tab.page;
      page.setDefaultTimeout(STEP_TIMEOUT_MS);
      await page.addInitScript(() => {
        const drawn: string[] = [];
        Object.assign(window, { drawnText: drawn });
        const fillText = CanvasRenderingContext2D.prototype.fillText;
        CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
          drawn.push(String(text));
          fillText.call(this, text, ...rest);
        };
      });
      await page.goto(new URL('/user/profit-tracker-advanced', origin).href);
      const chart = page.getByTestId('chart-profit');
      // One day is named once ("on one day, 2 Dec 2026"), not as a span from it to itself.
      const settledDay = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/London',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      }).format(now);
      await chart.getByText(`Settled profit on one day, ${settledDay}: ${signed(-76)} in all.`).waitFor({ timeout: 5_000 });
      await chart.locator('canvas').waitFor();
      // The time axis's labels: what is drawn that is not an amount.
      const labels = (await page.evaluate(() => (window as unknown as { drawnText: string[] }).drawnText)).filter((t) => !t.includes('£'));

      // The week around the settled day: its ticks fall on the UK midnights from three days before it
      // to four after (the axis ends at a midnight), "29 Nov 2026" ... "6 Dec" for 2 December.
      const dayMonth = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'short' });
      const year = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric' }).format(now);
      const week = new Set([-3, -2, -1, 0, 1, 2, 3, 4].map((d) => dayMonth.format(now + d * 86_400_000)));
      expect(labels.length).toBeGreaterThan(0);
      expect(labels.filter((l) => !week.has(l.replace(/ \d{4}$/, '')))).toEqual([]);
      expect(labels.some((l) => l.endsWith(` ${year}`))).toBe(true);

      // No monthly target yet: the charts point to where it is set, further down the page.
      const target = page.getByRole('link', { name: 'monthly target' });
      await target.waitFor({ timeout: 5_000 });
      await target.click();
      const form = page.getByRole('form', { name: 'Monthly target' });
      // The page has jumped to the form: its top at the top of the window (within a pixel's rounding).
      const top = await form.evaluate((f) => f.getBoundingClientRect().top);
      expect(Math.abs(top)).toBeLessThan(1);

      // Seen on a laptop in the light scheme and on a phone in the dark one (the review's artefacts).
      await page.setViewportSize(VIEWPORTS.laptop);
      await chart.screenshot({ path: join(SCREENS_DIR, `tracker-one-day-${brandId}-laptop-light.png`) });
      await page.setViewportSize(VIEWPORTS.phone);
      await switchScheme(page, 'dark');
      await chart.screenshot({ path: join(SCREENS_DIR, `tracker-one-day-${brandId}-phone-dark.png`) });
      expect(tab.problems()).toEqual([]);
    });

    it('the bet tables: names readable on a phone, the table scrolling in its box; every column at 1366', async () => {
      if (plan === undefined) throw new Error('no plan has the profit tracker');
      const origin = e2e().server.origin;
      const member = await registerMember(origin, { tag: `tw${brandId.slice(0, 3)}` });
      await subscribeMember(origin, member, plan.name);
      const placedAt = new Date(Date.now() - 60_000).toISOString();
      const bet = { ...QUALIFIER, event: 'Chelsea v Fulham', selection: 'Fulham', note: 'Second qualifier', placedAt };
      await graphql(origin, RECORD, { input: bet }, member.token);

      const tab = await e2e().open('/user/profit-tracker-advanced', { member, viewport: VIEWPORTS.phone, colorScheme: 'dark' });
      const page = tab.page;
      page.setDefaultTimeout(STEP_TIMEOUT_MS);
      const open = page.getByRole('region', { name: /^Open bets/ });
      const name = open.getByRole('rowheader', { name: /^Chelsea v Fulham: Fulham/ });
      await name.waitFor();
      // The bet's name on one or two lines, not a word a line ("Chelsea / v / Fulham: / Fulham").
      const lines = await name.evaluate((cell) => {
        const text = [...cell.querySelectorAll('*'), cell]
          .flatMap((el) => [...el.childNodes])
          .find((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.startsWith('Chelsea'));
        const range = document.createRange();
        range.selectNodeContents(text ?? cell);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
      expect(lines).toBeLessThanOrEqual(2);
      await open.screenshot({ path: join(SCREENS_DIR, `tracker-bets-${brandId}-phone-dark.png`) });
      // The table scrolls in its own box; the page does not; its actions are there to scroll to.
      expect(await horizontalOverflow(page)).toBe(0);
      const settle = open.getByRole('button', { name: 'Settle Chelsea v Fulham: Fulham' });
      await settle.scrollIntoViewIfNeeded();
      expect(await settle.isVisible()).toBe(true);
      expect(tab.problems()).toEqual([]);

      // On a laptop (a new visit: the columns kept for phones are chosen at load), every column whole.
      const laptop = await e2e().open('/user/profit-tracker-advanced', { member, viewport: VIEWPORTS.laptop });
      laptop.page.setDefaultTimeout(STEP_TIMEOUT_MS);
      const wide = laptop.page.getByRole('region', { name: /^Open bets/ });
      await wide.getByRole('columnheader', { name: 'Market' }).waitFor();
      expect(await clippedTables(laptop.page)).toEqual([]);
      await wide.screenshot({ path: join(SCREENS_DIR, `tracker-bets-${brandId}-laptop-light.png`) });
      expect(laptop.problems()).toEqual([]);
    });

    it('a member without the profit tracker sees the lock, and the server refuses their bets', async () => {
      if (plan === undefined) throw new Error('no plan has the profit tracker');
      const origin = e2e().server.origin;
      const member = await registerMember(origin, { tag: `tl${brandId.slice(0, 3)}` });
      await expect(graphql(origin, TRACKED_BETS, {}, member.token)).rejects.toThrow(/FORBIDDEN/);
      const tab = await e2e().open('/user/profit-tracker-advanced', { member, colorScheme: 'dark' });
      tab.page.setDefaultTimeout(STEP_TIMEOUT_MS);
      await tab.page.getByRole('heading', { level: 2, name: `The profit tracker is in the ${plan.label} plan` }).waitFor();
      await tab.page.getByRole('link', { name: `Get ${plan.label}` }).waitFor();
      expect(describeViolations(await axeViolations(tab.page))).toEqual([]);
      expect(tab.problems()).toEqual([]);
    });
  });
}
