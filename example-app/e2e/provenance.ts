// Prices from real providers in the browser, for one brand (provenance.<brand>.test.ts): the app in
// this process serving the built web app, its feed a FeedSource the test controls
// (server/src/test/feed.ts) whose prices name their provider (`odds-api`, `betfair`) and when it
// last changed them, with the Betfair provider down. The oddsmatcher and the match catcher each
// show the banner naming the provider (never its key) and each row's price age, counting up; no
// simulated-prices notice; axe finds nothing serious in light and dark; no key shows. As the real
// feed does, the test feed hides the down provider's prices: no row prices a lay at Betfair, and
// the rows at Matchbook (relayed by `odds-api`, still live) remain.
import { getBrand } from '@matchkit/sdk/brands';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInProcess, type InProcessServer } from '../server/src/e2e/servers';
import { memberWithPlan, testClock } from '../server/src/test/app';
import { createTestFeed, providerHealth, providerMarket, type TestFeed } from '../server/src/test/feed';
import {
  axeViolations,
  copyFindings,
  describeViolations,
  launchChromium,
  openTab,
  SCHEME_RULES,
  switchScheme,
  VIEWPORTS,
  WEB_INDEX,
  type BrandId,
  type Tab,
} from './harness';
import { ODDSMATCHER_TABLE } from './tools';
import { dirname } from 'node:path';

const STEP_TIMEOUT_MS = 45_000;
const DOWN = 'Prices from the exchange stream are not available: rows from it are hidden until it is back.';
/** The bookmakers' prices are this old when the page opens (the exchange's 2 s): each row is dated by its bookmaker price. */
const BACK_AGE_MS = 5_000;

/** Seconds in an age's text ("12 s ago", "1 min ago"). */
function ageSeconds(text: string): number {
  const m = /^(\d+) (s|min|h) ago$/.exec(text.trim());
  if (m === null) throw new Error(`not an age: ${JSON.stringify(text)}`);
  return Number(m[1]) * (m[2] === 's' ? 1 : m[2] === 'min' ? 60 : 3600);
}

/** The age shown in `row`: its cell whose whole text is an age. */
async function rowAge(row: Locator): Promise<number> {
  const cell = row.getByRole('cell', { name: /^\d+ (s|min|h) ago$/ });
  return ageSeconds(await cell.innerText());
}

/** axe finds nothing serious, in light and (its colour rules) dark, and no key or code shows. */
async function expectReviewed(page: Page): Promise<void> {
  expect(describeViolations(await axeViolations(page))).toEqual([]);
  await switchScheme(page, 'dark');
  expect(describeViolations(await axeViolations(page, undefined, { rules: SCHEME_RULES }))).toEqual([]);
  await switchScheme(page, 'light');
  expect(await copyFindings(page, new Set(['odds-api']))).toEqual([]);
}

/** The down provider's rows (a lay at Betfair) are not shown; the live provider's (Matchbook) are. */
async function expectDownRowsHidden(table: Locator): Promise<void> {
  expect(await table.getByRole('row', { name: /Matchbook/ }).count()).toBeGreaterThan(0);
  expect(await table.getByRole('row', { name: /Betfair/ }).count()).toBe(0);
}

/** The age of `row` grows while the page stays open (the cell is refreshed in place). */
async function expectAgeCountsUp(row: Locator): Promise<void> {
  const first = await rowAge(row);
  expect(first).toBeGreaterThanOrEqual(BACK_AGE_MS / 1000);
  // Read as soon as it has moved, within the 2.5 s that the check waited for whole before.
  await expect.poll(() => rowAge(row), { timeout: 2_500, interval: 100 }).toBeGreaterThan(first);
}

export function provenanceSuite(brandId: BrandId, plan: string): void {
  const brand = getBrand(brandId);
  const oddsmatcher = brand.tools.find((t) => t.key === 'oddsmatcher');
  const catcher = brand.tools.find((t) => t.key === 'matchCatcher');
  if (oddsmatcher === undefined || catcher === undefined) throw new Error(`${brandId} has no oddsmatcher or match catcher`);

  describe(`the ${brandId} brand: prices from real providers, one of them down`, { timeout: 150_000 }, () => {
    let server: InProcessServer;
    let feed: TestFeed;
    let browser: Browser;
    let token: string;
    const tabs: Tab[] = [];
    beforeAll(async () => {
      const now = Date.now();
      feed = createTestFeed(providerMarket(now), {
        at: now,
        health: [providerHealth('odds-api', 'live', now), providerHealth('betfair', 'down', now - 10 * 60_000)],
      });
      server = await startInProcess({ brand: brandId, clock: testClock(now), feed, webRoot: dirname(WEB_INDEX) });
      token = await memberWithPlan(server.t, `u_prov_${brandId}`, plan);
      browser = await launchChromium();
    }, 120_000);
    afterAll(async () => {
      for (const tab of tabs) await tab.close();
      await browser?.close();
      await server?.stop();
    });

    /** Opens `path` signed in, with the feed's prices just dated (bookmakers 5 s ago, the exchange 2 s ago). */
    async function open(path: string): Promise<Tab> {
      const now = Date.now();
      feed.move(providerMarket(now, { backAgeMs: BACK_AGE_MS }), now);
      const tab = await openTab(browser, `${server.origin}${path}`, {
        viewport: VIEWPORTS.desktop,
        cookies: [{ name: '_opjwt', value: token, url: server.origin }],
      });
      tabs.push(tab);
      tab.page.setDefaultTimeout(STEP_TIMEOUT_MS);
      return tab;
    }

    it('the oddsmatcher says the exchange stream is down and dates each row by its older price', async () => {
      const { page, problems } = await open(`/${oddsmatcher.slug}`);
      const banner = page.getByRole('status', { name: 'Price sources' });
      await expect.poll(() => banner.innerText(), { timeout: STEP_TIMEOUT_MS }).toContain(DOWN);
      expect(await banner.innerText()).not.toMatch(/betfair\b|odds-api/);
      const table = page.getByRole('table', { name: ODDSMATCHER_TABLE });
      const row = table.getByRole('row', { name: /Northbridge/ }).first();
      await row.waitFor();
      await expectDownRowsHidden(table);
      await expectAgeCountsUp(row);
      expect(await page.getByText('Simulated prices.').count()).toBe(0);
      await expectReviewed(page);
      expect(problems()).toEqual([]);
    });

    it('the match catcher shows the same banner and each row’s age', async () => {
      const { page, problems } = await open(`/${catcher.slug}`);
      const banner = page.getByRole('status', { name: 'Price sources' });
      await expect.poll(() => banner.innerText(), { timeout: STEP_TIMEOUT_MS }).toContain(DOWN);
      const table = page.getByRole('table', { name: catcher.title });
      const row = table.getByRole('row', { name: /Northbridge/ }).first();
      await row.waitFor();
      expect(await table.getByRole('columnheader', { name: 'Updated' }).count()).toBe(1);
      await expectDownRowsHidden(table);
      await expectAgeCountsUp(row);
      await expectReviewed(page);
      expect(problems()).toEqual([]);
    });
  });
}
