// Odds alerts on a finder, in the browser, for one brand (finder-alerts.<brand>.test.ts): the
// price boost tracker opened with a rating in the address offers "Tell me when…", its dialog
// starts from that filter (axe clean with it open) and saves an alert on the price boost tracker;
// an alert's link (`match=`) opens the tracker at its match, that row current and focused; a match
// the list no longer has is said above the table. The 2UP matcher: "Tell me when…" saves an alert
// on it, and a match it found opens the 2UP matcher at that row (keyed by selection and bookmaker).
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

const STEP_TIMEOUT_MS = 45_000;

export function finderAlertsSuite(brandId: BrandId, plan: string): void {
  const tool = getBrand(brandId).tools.find((t) => t.key === 'priceBoostTracker');
  if (tool === undefined) throw new Error(`the ${brandId} brand has no price boost tracker`);
  const TABLE = `${tool.title} results`;
  /** How the member's list names the tool in its links (the brand's title in a sentence). */
  const named = tool.title.toLowerCase();

  describe(`the ${brandId} brand: odds alerts on /${tool.slug}`, { timeout: 180_000 }, () => {
    const e2e = useE2E(brandId);
    let member: TestMember;
    beforeEach(async () => {
      member = await registerMember(e2e().server.origin, { tag: `pb${brandId.slice(0, 3)}` });
      await subscribeMember(e2e().server.origin, member, plan);
    });
    // Its alerts deleted when the test ends, so that the shared server stops evaluating them (deleteOddsAlerts).
    afterEach(() => deleteOddsAlerts(e2e().server.origin, member));
    const gql = <T>(query: string, variables: Record<string, unknown> = {}) =>
      graphql<T>(e2e().server.origin, query, variables, member.token).then((r) => r.data);

    it('saves an alert on the price boost tracker from its page', async () => {
      const tab = await e2e().open(`/${tool.slug}?minRating=90`, { member, viewport: VIEWPORTS.desktop });
      const { page } = tab;
      page.setDefaultTimeout(STEP_TIMEOUT_MS);
      await page.getByRole('button', { name: 'Tell me when…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Tell me when a match appears' });
      await dialog.waitFor();
      expect(await dialog.getByLabel('Lowest rating (%)').inputValue()).toBe('90');
      expect(describeViolations(await axeViolations(page))).toEqual([]);
      await dialog.getByLabel('Alert name').fill('Boosts over 90');
      await dialog.getByRole('button', { name: 'Save alert' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const { myOddsAlerts } = await gql<{ myOddsAlerts: { tool: string; name: string; minRating: number; href: string }[] }>(
        'query { myOddsAlerts { tool name minRating href } }',
      );
      expect(myOddsAlerts).toEqual([
        { tool: 'priceBoostTracker', name: 'Boosts over 90', minRating: 90, href: `/${tool.slug}?minRating=90` },
      ]);
      expect(tab.problems()).toEqual([]);
    });

    it('opens the price boost tracker at a boost an alert found: that row current and focused', async () => {
      const saved = await gql<{ saveOddsAlert: { ok: boolean } }>(
        'mutation Save($input: OddsAlertInput!) { saveOddsAlert(input: $input) { ok } }',
        { input: { tool: 'priceBoostTracker', name: 'Any boost', minRating: 0 } },
      );
      expect(saved.saveOddsAlert.ok).toBe(true);
      const found = async () =>
        (
          await gql<{ myOddsAlertMatches: { tool: string; href: string; rating: number }[] }>(
            'query { myOddsAlertMatches { tool href rating } }',
          )
        ).myOddsAlertMatches;
      await expect.poll(async () => (await found()).length, { timeout: 90_000, interval: 1000 }).toBeGreaterThan(0);
      // The best boost found: the page's top rows keep it while prices move a little.
      const [best] = [...(await found())].sort((a, b) => b.rating - a.rating);
      if (best === undefined) throw new Error('no boost found');
      expect(best.tool).toBe('priceBoostTracker');
      expect(best.href).toMatch(new RegExp(`^/${tool.slug}\\?minRating=0&match=`));

      // Your alerts links the match to the price boost tracker, by the brand's name for it.
      const list = await e2e().open('/user/alerts', { member, viewport: VIEWPORTS.desktop });
      await list.page
        .getByRole('link', { name: new RegExp(`^Open in the ${named}: `) })
        .first()
        .waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(list.problems()).toEqual([]);

      const at = new URL(best.href, e2e().server.origin);
      at.searchParams.set('rows', '100');
      const tab = await e2e().open(`${at.pathname}${at.search}`, { member, viewport: VIEWPORTS.desktop });
      const { page } = tab;
      page.setDefaultTimeout(STEP_TIMEOUT_MS);
      await page.getByRole('region', { name: TABLE }).waitFor();
      const focused = () =>
        page.evaluate(() => {
          const row = document.activeElement;
          if (row === null || row.getAttribute('aria-current') !== 'true') return null;
          return { tinted: row.classList.contains('bg-accent-soft') };
        });
      await expect.poll(focused, { timeout: STEP_TIMEOUT_MS }).not.toBeNull();
      expect((await focused())?.tinted).toBe(true);
      expect(await page.getByText(/^That match is no longer available/).count()).toBe(0);
      expect(tab.problems()).toEqual([]);
    });

    it('says above the table when the boost an alert opened the page at is gone', async () => {
      const tab = await e2e().open(`/${tool.slug}?match=${encodeURIComponent('gone/mo/x|bet-co|smarkets')}`, {
        member,
        viewport: VIEWPORTS.desktop,
      });
      await tab.page.getByText(/^That match is no longer available/).waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await tab.page.locator('tbody tr[aria-current]').count()).toBe(0);
      expect(tab.problems()).toEqual([]);
    });
  });

  const twoUp = getBrand(brandId).tools.find((t) => t.key === 'twoUpMatcher');
  if (twoUp === undefined) throw new Error(`the ${brandId} brand has no 2UP matcher`);
  describe(`the ${brandId} brand: odds alerts on /${twoUp.slug}`, { timeout: 180_000 }, () => {
    const e2e = useE2E(brandId);
    let member: TestMember;
    beforeEach(async () => {
      member = await registerMember(e2e().server.origin, { tag: `tu${brandId.slice(0, 3)}` });
      await subscribeMember(e2e().server.origin, member, plan);
    });
    // Its alerts deleted when the test ends, so that the shared server stops evaluating them (deleteOddsAlerts).
    afterEach(() => deleteOddsAlerts(e2e().server.origin, member));
    const gql = <T>(query: string, variables: Record<string, unknown> = {}) =>
      graphql<T>(e2e().server.origin, query, variables, member.token).then((r) => r.data);

    it('saves an alert from the 2UP matcher, and a match it found opens that row', async () => {
      const tab = await e2e().open(`/${twoUp.slug}`, { member, viewport: VIEWPORTS.desktop });
      tab.page.setDefaultTimeout(STEP_TIMEOUT_MS);
      await tab.page.getByRole('button', { name: 'Tell me when…' }).click();
      const dialog = tab.page.getByRole('dialog', { name: 'Tell me when a match appears' });
      await dialog.getByLabel('Alert name').fill('Any 2UP');
      await dialog.getByLabel('Lowest rating (%)').fill('0');
      await dialog.getByRole('button', { name: 'Save alert' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const { myOddsAlerts } = await gql<{ myOddsAlerts: { tool: string; name: string }[] }>('query { myOddsAlerts { tool name } }');
      expect(myOddsAlerts).toEqual([{ tool: 'twoUpMatcher', name: 'Any 2UP' }]);
      expect(tab.problems()).toEqual([]);

      const found = async () =>
        (await gql<{ myOddsAlertMatches: { href: string; rating: number }[] }>('query { myOddsAlertMatches { href rating } }'))
          .myOddsAlertMatches;
      await expect.poll(async () => (await found()).length, { timeout: 90_000, interval: 1000 }).toBeGreaterThan(0);
      const [best] = [...(await found())].sort((a, b) => b.rating - a.rating);
      if (best === undefined) throw new Error('no 2UP match found');
      expect(best.href).toMatch(new RegExp(`^/${twoUp.slug}\\?match=[^&|]+%7C[^&|%]+$`));
      const at = new URL(best.href, e2e().server.origin);
      at.searchParams.set('rows', '100');
      const opened = await e2e().open(`${at.pathname}${at.search}`, { member, viewport: VIEWPORTS.desktop });
      opened.page.setDefaultTimeout(STEP_TIMEOUT_MS);
      await opened.page.getByRole('region', { name: `${twoUp.title} results` }).waitFor();
      const current = () => opened.page.evaluate(() => document.activeElement?.getAttribute('aria-current') ?? null);
      await expect.poll(current, { timeout: STEP_TIMEOUT_MS }).toBe('true');
      expect(await opened.page.getByText(/^That match is no longer available/).count()).toBe(0);
      expect(opened.problems()).toEqual([]);
    });
  });
}
