// The advanced calculators in the browser, primary brand, one page through every step: a member
// whose plan has the `calculators` feature opens the index, every calculator of the brand's index
// is reached by clicking its link (its heading, no console error); the figures of the each-way and
// Rule 4 pages equal the sdk's for the same typed input (the deduction worked out from the
// withdrawn horses' odds carried into the comparison); the Rule 4 side by side shows the back
// bet's returns after the deduction and the lay liability after the reduction factor; a bad field
// is explained beside it; an unknown slug lists the calculators. axe on the index and the Rule 4
// page (light, and the Rule 4 page dark too), no horizontal scroll on a 375 px phone. A member
// without the feature sees the lock and the cheapest plan. The secondary brand has the same slugs
// and the same gate (its cheapest plan with `calculators` is covered by the sdk's cheapestPlanFor
// tests), so it has no file here.
import { getBrand } from '@matchkit/sdk/brands';
import { eachWay, nonRunnerImbalance, roundForDisplay, rule4Deduction } from '@matchkit/sdk/calculators';
import { findCalculator } from '@matchkit/sdk/calculators/registry';
import { cheapestPlanFor } from '@matchkit/sdk/entitlements';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, describeViolations, horizontalOverflow, registerMember, subscribeMember, switchScheme, useE2E } from './harness';
import { shownPounds } from './money';

/** What the page shows for an amount in pence: the sdk's figure to the penny, in pounds. */
const money = (pence: number) => shownPounds(roundForDisplay(pence, 0));

/** The figures of a results list, by label. */
async function facts(list: Locator): Promise<Record<string, string>> {
  const rows = await list
    .locator('div')
    .evaluateAll((divs) => divs.map((d) => [d.querySelector('dt')?.textContent ?? '', d.querySelector('dd')?.textContent ?? '']));
  return Object.fromEntries(rows);
}

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

describe('the primary brand: advanced calculators', () => {
  const e2e = useE2E('primary');
  const brand = getBrand('primary');
  const capability = brand.features.find((f) => f.key === 'calculators')?.capabilities[0] ?? '';
  const plan = cheapestPlanFor(brand, capability);

  it(
    'a member with the feature: every calculator, the sdk’s figures, Rule 4 beside the reduction factor',
    { timeout: 90_000 },
    async () => {
      const { origin } = e2e().server;
      if (plan === undefined) throw new Error('no plan has the advanced calculators');
      const member = await registerMember(origin, { tag: 'advcalc' });
      await subscribeMember(origin, member, plan.name);
      const tab = await e2e().open('/advanced-calculators', { member });
      const { page } = tab;
      page.setDefaultTimeout(20_000);

      // The index: every calculator of the brand's index, each link reaching its page.
      await h1(page, 'Advanced calculators').waitFor();
      expect(describeViolations(await axeViolations(page))).toEqual([]);
      for (const c of brand.calculators) {
        await page.getByRole('link', { name: c.title, exact: true }).click();
        await h1(page, c.title).waitFor();
        const first = findCalculator(c.slug)?.forms[0]?.title ?? '';
        await page.getByRole('heading', { level: 2, name: first, exact: true }).waitFor();
        await page.goBack();
        await h1(page, 'Advanced calculators').waitFor();
      }

      // Each way: typed figures equal the sdk's.
      await page.getByRole('link', { name: 'Each-way calculator', exact: true }).click();
      const ew = page.getByRole('region', { name: 'Lay an each-way bet', exact: true });
      await ew.getByLabel('Stake each way (£)', { exact: true }).fill('12.50');
      await ew.getByLabel('Back odds', { exact: true }).fill('11');
      await ew.getByLabel('Place terms', { exact: true }).fill('1/4');
      await ew.getByLabel('Win lay odds', { exact: true }).fill('12');
      await ew.getByLabel('Place lay odds', { exact: true }).fill('3.1');
      await ew.getByLabel('Exchange commission (%)', { exact: true }).fill('3');
      const r = eachWay({ backStake: 1250, backOdds: 11, placeFraction: 0.25, winLayOdds: 12, placeLayOdds: 3.1, layCommission: 0.03 });
      const want = {
        'Win lay stake': money(r.winLayStake),
        'Place lay stake': money(r.placeLayStake),
        'Profit if it wins': money(r.profitIfWins),
        'Profit if it only places': money(r.profitIfPlaces),
        'Profit if it loses': money(r.profitIfLoses),
      };
      await ew.getByRole('definition').filter({ hasText: want['Win lay stake'] }).first().waitFor();
      expect(await facts(ew.getByTestId('results-eachWay'))).toMatchObject(want);

      // A bad field is explained beside it; the example puts the form back.
      const odds = ew.getByLabel('Back odds', { exact: true });
      await odds.fill('1');
      await ew.getByText('Back odds must be greater than 1').waitFor();
      expect(await odds.getAttribute('aria-invalid')).toBe('true');
      await ew.getByRole('button', { name: 'Load this example into “Lay an each-way bet”' }).click();
      expect(await odds.inputValue()).toBe('9');

      // Rule 4 beside the reduction factor, by address.
      await page.goto(new URL('/advanced-calculators/rule-4-calculator', origin).href);
      await h1(page, 'Rule 4 calculator').waitFor();
      // The deduction worked out from the withdrawn horses' odds goes into the comparison.
      const deduction = page.getByRole('region', { name: 'The Rule 4 deduction', exact: true });
      await deduction.getByLabel("Withdrawn horses' odds", { exact: true }).fill('2.5, 11');
      const pence = rule4Deduction([2.5, 11]);
      await deduction.getByRole('button', { name: `Use ${pence}p in the pound in “Rule 4 beside the reduction factor”` }).click();
      const nr = page.getByRole('region', { name: 'Rule 4 beside the reduction factor', exact: true });
      expect(await nr.getByLabel('Rule 4 deduction (pence in the pound)', { exact: true }).inputValue()).toBe(String(pence));
      await nr.getByLabel('Back stake (£)', { exact: true }).fill('20');
      await nr.getByLabel('Back odds', { exact: true }).fill('5.5');
      await nr.getByLabel('Lay odds', { exact: true }).fill('5.8');
      await nr.getByLabel('Exchange commission (%)', { exact: true }).fill('2');
      await nr.getByLabel('Reduction factor (%)', { exact: true }).fill('28.5');
      const n = nonRunnerImbalance({
        backStake: 2000,
        backOdds: 5.5,
        layOdds: 5.8,
        layCommission: 0.02,
        deduction: pence,
        reductionFactor: 0.285,
      });
      await nr
        .getByTestId('imbalance')
        .filter({ hasText: money(n.imbalance) })
        .waitFor();
      expect(await nr.getByTestId('back-returns').textContent()).toBe(money(n.backReturns));
      expect(await nr.getByTestId('lay-liability').textContent()).toBe(money(n.liability));
      expect(await nr.getByTestId('profit-if-wins').textContent()).toBe(money(n.profitIfWins));
      expect(await nr.getByTestId('profit-if-loses').textContent()).toBe(money(n.profitIfLoses));
      await nr.getByRole('columnheader', { name: `Bookmaker: Rule 4 (${pence}p in the pound)` }).waitFor();
      await nr.getByRole('columnheader', { name: 'Exchange: reduction factor (28.5%)' }).waitFor();
      expect(describeViolations(await axeViolations(page))).toEqual([]);
      await page.setViewportSize({ width: 375, height: 800 });
      expect(await horizontalOverflow(page)).toBe(0);
      await switchScheme(page, 'dark');
      expect(describeViolations(await axeViolations(page))).toEqual([]);

      // An unknown slug lists the calculators.
      await page.goto(new URL('/advanced-calculators/no-such-calculator', origin).href);
      await h1(page, 'Calculator not found').waitFor();
      await page.getByRole('link', { name: 'Rule 4 calculator', exact: true }).waitFor();
      // The unknown slug answers 404 (the browser reports the load as failed); nothing else goes wrong.
      expect(tab.problems().join('\n')).toMatch(/status of 404/);
      expect(tab.problems().filter((p) => !p.includes('/advanced-calculators/no-such-calculator'))).toEqual([]);
    },
  );

  it('a member without the feature sees the lock and the cheapest plan', { timeout: 60_000 }, async () => {
    if (plan === undefined) throw new Error('no plan has the advanced calculators');
    const member = await registerMember(e2e().server.origin, { tag: 'advfree' });
    const tab = await e2e().open('/advanced-calculators/rule-4-calculator', { member });
    tab.page.setDefaultTimeout(20_000);
    await tab.page.getByRole('heading', { level: 2, name: `Advanced calculators is in the ${plan.label} plan` }).waitFor();
    await tab.page.getByRole('link', { name: `Get ${plan.label}` }).waitFor();
    expect(await tab.page.getByRole('region', { name: 'Rule 4 beside the reduction factor', exact: true }).count()).toBe(0);
    expect(tab.problems()).toEqual([]);
  });
});
