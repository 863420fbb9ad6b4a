// Odds alerts in the browser, for one brand (alerts.<brand>.test.ts): a member on a plan with the
// oddsmatcher opens it with a rating and a sport in the address, presses "Tell me when…", finds
// the dialog prefilled from those filters (axe clean with it open), saves an alert with money to
// lay typed in pounds (the server keeps pence), finds it on Your alerts with its rule in words,
// pauses it (the server holds it paused), deletes it after confirming, and reads the empty state;
// axe finds nothing serious on the page. An address at a match the list does not have says so
// above the table.
import { getBrand } from '@matchkit/sdk/brands';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  axeViolations,
  deleteOddsAlerts,
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

interface HeldAlert {
  readonly name: string;
  readonly minRating: number;
  readonly sport: string | null;
  readonly minLiquidity: number | null;
  readonly paused: boolean;
}

export function alertsSuite(brandId: BrandId, plan: string): void {
  const brand = getBrand(brandId);
  const tool = brand.tools.find((t) => t.key === 'oddsmatcher');
  if (tool === undefined) throw new Error(`${brandId} has no oddsmatcher`);
  describe(`the ${brandId} brand: odds alerts from /${tool.slug} to /user/alerts`, { timeout: TEST_TIMEOUT_MS }, () => {
    const e2e = useE2E(brandId);
    // A member of their own for each test (and each retry): no alert of another is left in their list.
    let member: TestMember;
    beforeEach(async () => {
      member = await registerMember(e2e().server.origin, { tag: `al${brandId.slice(0, 3)}` });
      await subscribeMember(e2e().server.origin, member, plan);
    });
    // Its alerts deleted when the test ends, so that the shared server stops evaluating them (deleteOddsAlerts).
    afterEach(() => deleteOddsAlerts(e2e().server.origin, member));
    const held = async () =>
      (
        await graphql<{ myOddsAlerts: HeldAlert[] }>(
          e2e().server.origin,
          'query { myOddsAlerts { name minRating sport minLiquidity paused } }',
          {},
          member.token,
        )
      ).data.myOddsAlerts;

    it('saves an alert through the dialog, lists it, pauses it and deletes it', async () => {
      const tab = await e2e().open(`/${tool.slug}?rating=96&sport=football`, { member, viewport: VIEWPORTS.desktop });
      const { page } = tab;
      page.setDefaultTimeout(STEP_TIMEOUT_MS);
      await page.getByRole('table', { name: ODDSMATCHER_TABLE }).getByRole('row').nth(1).waitFor();

      // The dialog starts from the page's filters; axe finds nothing serious with it open.
      await page.getByRole('button', { name: 'Tell me when…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Tell me when a match appears' });
      await dialog.waitFor();
      expect(await dialog.getByLabel('Lowest rating (%)').inputValue()).toBe('96');
      expect(await dialog.getByLabel('Sport (optional)').inputValue()).toBe('football');
      expect(describeViolations(await axeViolations(page))).toEqual([]);

      // A rating the sdk refuses is said on its field; fixed, the alert saves with pence on the wire.
      await dialog.getByLabel('Lowest rating (%)').fill('250');
      await dialog.getByRole('button', { name: 'Save alert' }).click();
      await dialog.getByText('Enter a rating from 0 to 200 per cent, such as 95.').waitFor();
      await dialog.getByLabel('Lowest rating (%)').fill('97.5');
      await dialog.getByLabel('Alert name').fill('Football over 97.5');
      await dialog.getByLabel('At least this much to lay (£, optional)').fill('25');
      await dialog.getByRole('button', { name: 'Save alert' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await held()).toEqual([{ name: 'Football over 97.5', minRating: 97.5, sport: 'football', minLiquidity: 2500, paused: false }]);

      // Your alerts lists it with its rule in words.
      await page.getByRole('link', { name: 'Your alerts' }).click();
      await page.waitForURL(/\/user\/alerts$/);
      const item = page.getByRole('listitem', { name: /Football over 97\.5/ });
      await item.waitFor();
      expect(await item.textContent()).toContain('Rating 97.5% or more · Football · any bookmaker · £25.00 or more to lay');
      await page.getByRole('heading', { name: 'Matches found' }).waitFor();
      expect(describeViolations(await axeViolations(page))).toEqual([]);

      // Paused here, paused on the server.
      await item.getByRole('button', { name: 'Pause Football over 97.5' }).click();
      await item.getByText('Paused').waitFor();
      expect((await held()).map((a) => a.paused)).toEqual([true]);

      // Deleted only once confirmed.
      await item.getByRole('button', { name: 'Delete Football over 97.5' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete this alert?' });
      expect(describeViolations(await axeViolations(page))).toEqual([]);
      await confirm.getByRole('button', { name: 'Delete alert' }).click();
      await page.getByText('No alerts yet').waitFor();
      expect(await held()).toEqual([]);

      expect(tab.problems()).toEqual([]);
    });

    it('opens the oddsmatcher at a match an alert found: that row current, in view and focused', { timeout: 180_000 }, async () => {
      const origin = e2e().server.origin;
      // An alert the best rows pass (few enough that the page keeps them all): found at once on the feed as it is.
      const saved = await graphql<{ saveOddsAlert: { ok: boolean } }>(
        origin,
        'mutation Save($input: OddsAlertInput!) { saveOddsAlert(input: $input) { ok } }',
        { input: { tool: 'oddsmatcher', name: 'Close matches', minRating: 95 } },
        member.token,
      );
      expect(saved.data.saveOddsAlert.ok).toBe(true);
      const found = async () =>
        (
          await graphql<{ myOddsAlertMatches: { href: string; rating: number }[] }>(
            origin,
            'query { myOddsAlertMatches { href rating } }',
            {},
            member.token,
          )
        ).data.myOddsAlertMatches;
      // A saved alert is evaluated against the feed at once (no waiting for a patch or the feed's next full load).
      await expect.poll(async () => (await found()).length, { timeout: STEP_TIMEOUT_MS, interval: 500 }).toBeGreaterThan(0);
      // The least-rated match found (far down the list, near 95%), with the page's rating filter lowered to 0 and its
      // 5,000 rows kept: a match near the alert's rating comes and goes over 95% as prices move, but stays in this list.
      const [best] = [...(await found())].sort((a, b) => a.rating - b.rating);
      if (best === undefined) throw new Error('no match found');
      // Your alerts lists the matches, each with its link: axe finds nothing serious there either.
      const list = await e2e().open('/user/alerts', { member, viewport: VIEWPORTS.desktop });
      await list.page
        .getByRole('link', { name: /^Open in the oddsmatcher: / })
        .first()
        .waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(describeViolations(await axeViolations(list.page))).toEqual([]);
      expect(list.problems()).toEqual([]);

      const at = new URL(best.href, origin);
      at.searchParams.set('rating', '0');
      at.searchParams.set('rows', '5000');
      const tab = await e2e().open(`${at.pathname}${at.search}`, { member, viewport: VIEWPORTS.desktop });
      const { page } = tab;
      page.setDefaultTimeout(STEP_TIMEOUT_MS);
      // Focused, in view (scrolled to, when past the first screen) and tinted, the only current row: read
      // in one step, as the live list re-ranks (a patch may move the row a few places between two reads,
      // out of the scrolled view or out of the rendered rows: the list says its rows change as prices move).
      const focused = () =>
        page.evaluate(() => {
          const row = document.activeElement;
          if (row === null || row.getAttribute('aria-current') !== 'true') return null;
          const box = row.closest('.data-table-scroll')?.getBoundingClientRect();
          const at = row.getBoundingClientRect();
          const inView = box !== undefined && at.height > 0 && at.top >= box.top && at.bottom <= box.bottom && at.bottom <= innerHeight;
          return {
            inView,
            tinted: row.classList.contains('om-current'),
            current: document.querySelectorAll('tbody tr[aria-current="true"]').length,
          };
        });
      await expect.poll(focused, { timeout: STEP_TIMEOUT_MS }).toEqual({ inView: true, tinted: true, current: 1 });
      expect(tab.problems()).toEqual([]);
    });

    it('says above the table when the match an alert opened the page at is gone', async () => {
      const tab = await e2e().open(`/${tool.slug}?rating=90&match=${encodeURIComponent('gone/mo/x|bet-co|smarkets')}`, {
        member,
        viewport: VIEWPORTS.desktop,
      });
      await tab.page.getByText(/^That match is no longer available/).waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await tab.page.locator('tbody tr[aria-current]').count()).toBe(0);
      expect(tab.problems()).toEqual([]);
    });
  });
}
