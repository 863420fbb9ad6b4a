// The standard calculator (/calculator) in the browser, for one brand (calculator.<brand>.test.ts):
// one member with the profit tracker, one page through every step: a shared link opens with the
// sdk's own figures; typing updates them and the address; a bad field is explained beside it;
// "Add to profit tracker" records the sdk's backLayBet with the brand's oddsmatcher source (read
// back through GraphQL); as an installed app (standalone display mode, emulated as in the platform
// suite) it works with the network cut after a first visit. axe in the light theme and, offline,
// the dark one; no horizontal scroll on a 375 px phone.
import { getBrand } from '@matchkit/sdk/brands';
import { backLay, roundForDisplay, type BackLayInput } from '@matchkit/sdk/calculators';
import { cheapestPlanFor } from '@matchkit/sdk/entitlements';
import { backLayBet } from '@matchkit/sdk/tracker';
import { TrackedBetsQuery, type GqlTrackedBet } from '@matchkit/sdk/transport';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { calculatorPath, type CalculatorLink } from '../web/src/app/paths';
import { readCalculatorLink } from '../web/src/features/calculator/link';
import {
  axeViolations,
  describeViolations,
  graphql,
  horizontalOverflow,
  registerMember,
  subscribeMember,
  switchScheme,
  useE2E,
  VIEWPORTS,
  type BrandId,
  type TestMember,
} from './harness';
import { shownPounds } from './money';

/** What the page shows for an amount in pence: the sdk's figure to the penny, in pounds. */
const money = (pence: number) => shownPounds(roundForDisplay(pence, 0));

/** Makes the page believe it runs as an installed app (playwright-core cannot emulate display-mode). */
const STANDALONE = `(() => {
  const original = window.matchMedia.bind(window);
  window.matchMedia = (query) => {
    if (query.replace(/\\s/g, '') === '(display-mode:standalone)') {
      return { matches: true, media: query, onchange: null,
        addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false };
    }
    return original(query);
  };
})();`;

const LINK: CalculatorLink = {
  betType: 'snr',
  strategy: 'normal',
  stake: 1050,
  backOdds: 5,
  layOdds: 5.2,
  backCommission: 0,
  layCommission: 0.02,
  event: 'Arsenal v Spurs',
  market: 'Match Odds',
  selection: 'Arsenal',
  bookmaker: 'bet-co',
  exchange: 'smarkets',
};

const input = (link: CalculatorLink): BackLayInput => ({
  betType: link.betType ?? 'qualifying',
  strategy: link.strategy ?? 'normal',
  backStake: link.stake ?? 0,
  backOdds: link.backOdds ?? 0,
  layOdds: link.layOdds ?? 0,
  backCommission: link.backCommission ?? 0,
  layCommission: link.layCommission ?? 0,
  ...(link.betType === 'refund' ? { refund: { amount: link.refund ?? 0, retention: link.retention ?? 0 } } : {}),
});

/** The figures on the page. */
async function figures(page: Page) {
  const read = (id: string) => page.getByTestId(id).textContent();
  return {
    layStake: await read('lay-stake'),
    liability: await read('liability'),
    ifWins: await read('profit-if-wins'),
    ifLoses: await read('profit-if-loses'),
  };
}

/** The sdk's figures, as the page should show them. */
function expected(link: CalculatorLink) {
  const r = backLay(input(link));
  return { layStake: money(r.layStake), liability: money(r.liability), ifWins: money(r.profitIfWins), ifLoses: money(r.profitIfLoses) };
}

export function calculatorSuite(brandId: BrandId): void {
  const brand = getBrand(brandId);
  // The bet comes from the brand's oddsmatcher, as its "open in the calculator" link says.
  const source = brand.tools.find((t) => t.key === 'oddsmatcher')?.profitTrackerSource;
  if (source === undefined || source === null) throw new Error(`${brandId} has no oddsmatcher tracker source`);
  const SHARED: CalculatorLink = { ...LINK, source };

  describe(`the ${brandId} brand: the standard calculator`, () => {
    const e2e = useE2E(brandId);
    // One member for the file, with the cheapest plan that has the profit tracker.
    let member: TestMember;
    beforeAll(async () => {
      const { origin } = e2e().server;
      member = await registerMember(origin, { tag: `calc${brandId.slice(0, 3)}` });
      const capability = brand.features.find((f) => f.key === 'profitTracker')?.capabilities[0] ?? '';
      const plan = cheapestPlanFor(brand, capability);
      if (plan === undefined) throw new Error(`no ${brandId} plan has the profit tracker`);
      await subscribeMember(origin, member, plan.name);
    });

    it('a shared link, typing, a bad field, add to profit tracker, offline after a first visit', { timeout: 90_000 }, async () => {
      const { origin } = e2e().server;

      // An installed app's context: service workers allowed, the member's session cookie.
      const context = await e2e().browser.newContext({
        viewport: { ...VIEWPORTS.desktop },
        colorScheme: 'light',
        locale: 'en-GB',
        timezoneId: 'Europe/London',
        serviceWorkers: 'allow',
      });
      try {
        await context.addInitScript(STANDALONE);
        await context.addCookies([{ name: '_opjwt', value: member.token, url: origin }]);
        const page = await context.newPage();
        page.setDefaultTimeout(20_000);
        const problems: string[] = [];
        page.on('console', (m) => {
          // With the network cut, the session request fails in the console: expected there.
          if (m.type() === 'error' && !/ERR_INTERNET_DISCONNECTED/.test(m.text())) problems.push(`console error: ${m.text()}`);
        });
        page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));

        // A shared link opens with the sdk's figures and where the bet comes from.
        await page.goto(new URL(calculatorPath(SHARED), origin).href);
        await page.getByRole('heading', { level: 1, name: 'Matched betting calculator' }).waitFor();
        await page.getByTestId('lay-stake').waitFor();
        expect(await figures(page)).toEqual(expected(SHARED));
        await page.getByRole('definition').filter({ hasText: 'Arsenal v Spurs' }).waitFor();
        expect(await page.getByRole('radio', { name: 'Free bet (stake not returned)' }).isChecked()).toBe(true);
        expect(await page.getByRole('textbox', { name: 'Free bet amount (£)' }).inputValue()).toBe('10.50');

        // Typing: a refund bet with an underlay; the figures follow and the address carries them.
        await page.getByRole('radio', { name: 'Refund if it loses' }).check();
        await page.getByRole('textbox', { name: 'Back stake (£)' }).fill('20');
        await page.getByRole('textbox', { name: 'Refund if it loses (£)' }).fill('10');
        await page.getByRole('textbox', { name: 'Share of the refund you expect to keep (%)' }).fill('80');
        await page.getByRole('textbox', { name: 'Lay commission (%)' }).fill('3');
        await page.getByRole('radio', { name: 'Underlay' }).check();
        const typed: CalculatorLink = {
          ...SHARED,
          betType: 'refund',
          strategy: 'underlay',
          stake: 2000,
          refund: 1000,
          retention: 0.8,
          layCommission: 0.03,
        };
        await page.waitForURL((url) => url.searchParams.get('strategy') === 'underlay');
        expect(readCalculatorLink(new URL(page.url()).search)).toEqual(typed);
        expect(await figures(page)).toEqual(expected(typed));

        // A bad field: explained beside it, the field marked, the result asks for a fix.
        const backOdds = page.getByRole('textbox', { name: 'Back odds (decimal)' });
        await backOdds.fill('1');
        await page.getByText('Decimal odds must be more than 1').waitFor();
        expect(await backOdds.getAttribute('aria-invalid')).toBe('true');
        const described = await backOdds.evaluate((el) =>
          (el.getAttribute('aria-describedby') ?? '')
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent)
            .join(' '),
        );
        expect(described).toContain('Decimal odds must be more than 1');
        await page.getByRole('status').filter({ hasText: 'Fix the fields marked above' }).waitFor();
        await backOdds.fill('5');
        await page.getByTestId('lay-stake').waitFor();
        expect(await figures(page)).toEqual(expected(typed));
        expect(describeViolations(await axeViolations(page))).toEqual([]);

        // Add to profit tracker: the sdk's backLayBet of this calculation, from the brand's oddsmatcher.
        await page.getByRole('button', { name: 'Add to profit tracker' }).click();
        await page.getByText('The bet is in your profit tracker.').waitFor();
        const { data } = await graphql<{ trackedBets: { nodes: GqlTrackedBet[] } }>(
          origin,
          TrackedBetsQuery.toString(),
          { first: 10 },
          member.token,
        );
        const want = backLayBet({
          source,
          event: 'Arsenal v Spurs',
          market: 'Match Odds',
          selection: 'Arsenal',
          bookmaker: 'bet-co',
          exchange: 'smarkets',
          calculation: input(typed),
          placedAt: 0,
        });
        expect(data.trackedBets.nodes).toHaveLength(1);
        const got = data.trackedBets.nodes[0];
        expect({
          source: got?.source,
          event: got?.event,
          expectedProfit: got?.expectedProfit,
          stakes: got?.legs.map((l) => [l.account, l.side, l.stake]),
        }).toEqual({
          source,
          event: 'Arsenal v Spurs',
          expectedProfit: want.expectedProfit,
          stakes: want.legs.map((l) => [l.account, l.side, l.stake]),
        });

        // Offline after this first visit: the installed app's worker serves the shell and the page's chunk.
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
        const address = page.url();
        await context.setOffline(true);
        await page.reload();
        await page.getByRole('heading', { level: 1, name: 'Matched betting calculator' }).waitFor();
        await page.getByText('The calculator works without a connection').waitFor();
        expect(page.url()).toBe(address);
        expect(await figures(page)).toEqual(expected(typed));
        await page.getByRole('textbox', { name: 'Lay odds (decimal)' }).fill('5.4');
        await page
          .getByTestId('lay-stake')
          .filter({ hasText: expected({ ...typed, layOdds: 5.4 }).layStake })
          .waitFor();
        await page.setViewportSize({ ...VIEWPORTS.phone });
        expect(await horizontalOverflow(page)).toBe(0);
        // The dark theme once, with the offline notice showing.
        await switchScheme(page, 'dark');
        expect(describeViolations(await axeViolations(page))).toEqual([]);
        await context.setOffline(false);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
}
