// Odds alerts in money on a finder, in the browser, for one brand (money-alerts.<brand>.test.ts):
// the each-way catcher opened with a stake in the address offers "Tell me when…", its dialog
// starts from that stake (axe clean with it open), takes the least worst outcome in pounds and
// saves an alert on the each-way catcher at one bookmaker; Your alerts says its threshold in £.
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

export function moneyAlertsSuite(brandId: BrandId, plan: string, bookmaker: { readonly key: string; readonly label: string }): void {
  const tool = getBrand(brandId).tools.find((t) => t.key === 'eachWayCatcher');
  if (tool === undefined) throw new Error(`the ${brandId} brand has no each-way catcher`);

  describe(`the ${brandId} brand: money alerts on /${tool.slug}`, { timeout: 180_000 }, () => {
    const e2e = useE2E(brandId);
    let member: TestMember;
    beforeEach(async () => {
      member = await registerMember(e2e().server.origin, { tag: `ew${brandId.slice(0, 3)}` });
      await subscribeMember(e2e().server.origin, member, plan);
    });
    // Its alerts deleted when the test ends, so that the shared server stops evaluating them (deleteOddsAlerts).
    afterEach(() => deleteOddsAlerts(e2e().server.origin, member));
    const gql = <T>(query: string, variables: Record<string, unknown> = {}) =>
      graphql<T>(e2e().server.origin, query, variables, member.token).then((r) => r.data);

    it('saves an each-way alert on one bookmaker from its page, listed with its threshold in pounds', async () => {
      const tab = await e2e().open(`/${tool.slug}?stake=5`, { member, viewport: VIEWPORTS.desktop });
      const { page } = tab;
      page.setDefaultTimeout(STEP_TIMEOUT_MS);
      await page.getByRole('button', { name: 'Tell me when…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Tell me when a match appears' });
      await dialog.waitFor();
      // The page's stake per part, and no rating: this tool ranks by money.
      expect(await dialog.getByLabel('Stake per part (£)').inputValue()).toBe('5.00');
      expect(await dialog.getByLabel('Lowest rating (%)').count()).toBe(0);
      expect(describeViolations(await axeViolations(page))).toEqual([]);
      await dialog.getByLabel('Alert name').fill('Each way, small loss');
      await dialog.getByLabel('Worst outcome at least (£, minus for a loss)').fill('-0.75');
      await dialog.getByLabel('Bookmaker (optional)').selectOption(bookmaker.key);
      await dialog.getByRole('button', { name: 'Save alert' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const { myOddsAlerts } = await gql<{
        myOddsAlerts: {
          tool: string;
          name: string;
          minRating: number | null;
          minProfit: number;
          stake: number;
          bookmaker: string;
          href: string;
        }[];
      }>('query { myOddsAlerts { tool name minRating minProfit stake bookmaker href } }');
      expect(myOddsAlerts).toEqual([
        {
          tool: 'eachWayCatcher',
          name: 'Each way, small loss',
          minRating: null,
          minProfit: -75,
          stake: 500,
          bookmaker: bookmaker.key,
          href: `/${tool.slug}?stake=5&bm=${bookmaker.key}`,
        },
      ]);
      expect(tab.problems()).toEqual([]);

      const list = await e2e().open('/user/alerts', { member, viewport: VIEWPORTS.desktop });
      await list.page
        .getByText(`Worst outcome −£0.75 or more on £5.00 a part · any sport · ${bookmaker.label}`)
        .waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(list.problems()).toEqual([]);
    });
  });
}
