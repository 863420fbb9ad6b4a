// The oddsmatcher in the browser, for one brand (oddsmatcher.<brand>.test.ts): one pro member, one
// page through every step. Live rows arrive and are ranked best first (rating descending); a
// filter typed into the form (in the filter bar, closed at first) lands in the address, survives a
// reload and is named in the closed bar's summary; a preset saves and
// applies; the grid has aria-rowcount and row indices; the calculator link opens the calculator
// with the row's odds; "add to profit tracker" records the bet, which then counts in the tracker's
// totals (TrackerTotals over GraphQL); axe finds nothing serious on the page. The page on a 375 px
// phone, light and dark, with its live rows (no horizontal scroll, axe, no console error) is the
// screenshot review's (review.ts waits for the rows of `ODDSMATCHER_TABLE`).
import { getBrand } from '@matchkit/sdk/brands';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  describeViolations,
  graphql,
  registerMember,
  subscribeMember,
  useE2E,
  VIEWPORTS,
  type BrandId,
  type TestMember,
} from './harness';
import { ODDSMATCHER_TABLE } from './tools';

const TEST_TIMEOUT_MS = 120_000;
const STEP_TIMEOUT_MS = 45_000;

/** Opens the filter bar (it starts closed, its summary naming the active filters). */
async function openFilters(page: Page): Promise<void> {
  const bar = page.locator('details.filter-bar');
  if ((await bar.getAttribute('open')) === null) await bar.locator('> summary').click();
}

/** The ranked figure of each rendered row, in row order. */
async function ratings(page: Page): Promise<number[]> {
  const cells = await page.locator('tr[aria-rowindex] td.om-c-figure b').allTextContents();
  return cells.map((t) => Number(t.replace('%', '')));
}

export function oddsmatcherSuite(brandId: BrandId, plan: string): void {
  const brand = getBrand(brandId);
  const tool = brand.tools.find((t) => t.key === 'oddsmatcher');
  if (tool === undefined) throw new Error(`${brandId} has no oddsmatcher`);
  describe(`the ${brandId} brand: the oddsmatcher at /${tool.slug}`, { timeout: TEST_TIMEOUT_MS }, () => {
    const e2e = useE2E(brandId);
    // One member for the file.
    let member: TestMember;
    beforeAll(async () => {
      member = await registerMember(e2e().server.origin, { tag: `om${brandId.slice(0, 3)}` });
      await subscribeMember(e2e().server.origin, member, plan);
    });

    it('ranks live rows, keeps filters in the address, saves presets, opens the calculator and records a bet in the tracker', async () => {
      const origin = e2e().server.origin;
      const tab = await e2e().open(`/${tool.slug}`, { member, viewport: VIEWPORTS.desktop });
      const { page } = tab;
      page.setDefaultTimeout(STEP_TIMEOUT_MS);

      // Live rows, ranked best first, in an accessible grid, with the simulated-prices notice.
      const grid = page.getByRole('table', { name: ODDSMATCHER_TABLE });
      await grid.getByRole('row').nth(3).waitFor();
      await page.getByText('Simulated prices.').waitFor();
      const count = Number(await grid.getAttribute('aria-rowcount'));
      expect(count).toBeGreaterThan(20);
      expect(await grid.getByRole('row').nth(1).getAttribute('aria-rowindex')).toBe('2');
      const shown = await ratings(page);
      expect(shown.length).toBeGreaterThan(5);
      expect(shown).toEqual([...shown].sort((a, b) => b - a));

      // A filter in the address survives a reload, and the closed filter bar names it.
      await openFilters(page);
      await page.getByLabel('Lowest back odds').fill('2');
      await page.waitForURL(/[?&]min=2\b/);
      await page.reload();
      await expect.poll(() => page.getByLabel('Lowest back odds').inputValue(), { timeout: STEP_TIMEOUT_MS }).toBe('2');
      await grid.getByRole('row').nth(2).waitFor();
      const backs = (await page.locator('tr[aria-rowindex] .om-c-back b').allTextContents()).map(Number);
      expect(backs.length).toBeGreaterThan(0);
      expect(backs.every((b) => b >= 2)).toBe(true);
      expect(await page.locator('details.filter-bar > summary').textContent()).toContain('back odds 2–any');

      // A preset saves these filters; after a change, applying it brings them back.
      await openFilters(page);
      await page.getByLabel('Preset name').fill('Two and up');
      await page.getByRole('button', { name: 'Save these filters' }).click();
      await page.getByLabel('Lowest back odds').fill('');
      await page.waitForURL((url) => !url.search.includes('min='));
      await page.getByRole('button', { name: 'Apply preset' }).click();
      await page.waitForURL(/[?&]min=2\b/);
      await expect.poll(() => page.getByLabel('Lowest back odds').inputValue(), { timeout: STEP_TIMEOUT_MS }).toBe('2');

      expect(describeViolations(await axeViolations(page))).toEqual([]);

      // Select the best row, add it to the profit tracker, and find it in the tracker's totals.
      await grid
        .getByRole('row')
        .nth(1)
        .getByRole('button', { name: /^Select / })
        .click();
      const selected = page.getByRole('region', { name: /: back .* lay / });
      await selected.waitFor();
      await selected.getByRole('button', { name: 'Add to profit tracker' }).click();
      await page.getByText('The bet is in your profit tracker.').waitFor();
      const totals = await graphql<{ trackerTotals: { betCount: number; guaranteed: number } }>(
        origin,
        'query Totals($filter: TrackedBetFilter) { trackerTotals(filter: $filter) { betCount guaranteed } }',
        { filter: { source: tool.profitTrackerSource } },
        member.token,
      );
      expect(totals.data.trackerTotals.betCount).toBe(1);

      // The calculator opens with the row's odds (read and clicked in one step: the prices are live).
      const clicked = await grid
        .getByRole('row')
        .nth(1)
        .evaluate((row) => {
          const odds = (cell: string) => row.querySelector(`.${cell} b`)?.textContent ?? '';
          const seen = { back: odds('om-c-back'), lay: odds('om-c-lay') };
          row.querySelector<HTMLAnchorElement>('a[href^="/calculator"]')?.click();
          return seen;
        });
      await page.waitForURL(/\/calculator\?/);
      await expect.poll(() => page.getByLabel('Back odds (decimal)').inputValue(), { timeout: STEP_TIMEOUT_MS }).toBe(clicked.back);
      expect(await page.getByLabel('Lay odds (decimal)').inputValue()).toBe(clicked.lay);
      expect(new URL(page.url()).searchParams.get('src')).toBe(tool.profitTrackerSource);

      expect(tab.problems()).toEqual([]);
    });
  });
}
