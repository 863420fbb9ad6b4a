// Casino training (/slots and /simulator) in the browser, primary brand, one member through every
// step on one tab: on platinum (casino training is not in it, spec section 6) /slots shows the lock
// with the cheapest plan that has it; after the upgrade to that plan the member spins a seeded slot
// and sees the balance change, and records the session in the profit tracker as training; the
// simulator shows progress on a long run and cancels it, then a short run shows the chart and the
// closed form, equal to the sdk's. axe on both pages (light theme; the simulator's results dark too),
// no horizontal scroll on a phone.
import { getBrand } from '@matchkit/sdk/brands';
import { wageringExpectedValue } from '@matchkit/sdk/casino';
import { cheapestPlanFor } from '@matchkit/sdk/entitlements';
import { TrackedBetsQuery, type GqlTrackedBet } from '@matchkit/sdk/transport';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
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
} from './harness';
import { shownPounds } from './money';

const money = (pence: number) => shownPounds(Math.round(pence));

/** The simulator's progress bar's value (0 to 1). */
const progressValue = (page: Page) =>
  page.getByRole('progressbar', { name: 'Simulation progress' }).evaluate((el) => (el as HTMLProgressElement).value);

describe('the primary brand: casino training', () => {
  const e2e = useE2E('primary');

  it('locked on platinum; slots spin and record; the simulator runs, cancels and charts', { timeout: 90_000 }, async () => {
    const { origin } = e2e().server;
    const brand = getBrand('primary');
    const casino = brand.features.find((f) => f.key === 'casino')?.capabilities[0] ?? '';
    const plan = cheapestPlanFor(brand, casino);
    const upgrade = brand.upgrades.find((u) => u.from === 'platinum' && u.to === plan?.name);
    if (plan === undefined || upgrade === undefined) throw new Error('no upgrade from platinum to the cheapest casino plan');
    const title = (key: string) => brand.tools.find((t) => t.key === key)?.title ?? key;
    const member = await registerMember(origin, { tag: 'casino' });
    await subscribeMember(origin, member, 'platinum');

    // Platinum: the lock, naming the cheapest plan with casino training.
    const tab = await e2e().open('/slots', { member });
    const { page } = tab;
    page.setDefaultTimeout(20_000);
    await page.getByRole('heading', { level: 2, name: `${title('slots')} is in the ${plan.label} plan` }).waitFor();
    await page.getByRole('link', { name: `Get ${plan.label}` }).waitFor();
    expect(await page.getByRole('button', { name: 'Spin', exact: true }).count()).toBe(0);

    // The upgrade: the slot game. Seed 7's first spin on the medium slot wins nothing (docs/guides/casino.md).
    await subscribeMember(origin, member, upgrade.slug);
    await page.reload();
    await page.getByLabel('Seed').fill('7');
    await page.getByRole('button', { name: 'Start a new session' }).click();
    const balance = page.getByTestId('slot-balance');
    expect(await balance.textContent()).toBe('£100.00');
    await page.getByRole('button', { name: 'Spin', exact: true }).click();
    await page.getByText('Spin 1: no win, £1.00 staked.').waitFor();
    expect(await balance.textContent()).toBe('£99.00');
    await page.getByRole('button', { name: 'Spin 10 times' }).click();
    await page.getByText(/^Spin 11:/).waitFor();
    await page.getByRole('button', { name: 'Record this session in the profit tracker' }).click();
    await page.getByText('The bet is in your profit tracker.').first().waitFor();
    const { data } = await graphql<{ trackedBets: { nodes: GqlTrackedBet[] } }>(origin, TrackedBetsQuery.toString(), {}, member.token);
    // Recorded as what it is: settled training profit, its real stake (£11) and return.
    const returned = Math.round(Number((await balance.textContent())?.replace(/[£,]/g, '')) * 100) - 10_000 + 1100;
    expect(data.trackedBets.nodes.map((b) => [b.source, b.profitType, b.status, b.selection, b.settledProfit])).toEqual([
      ['casino', 'training', 'settled', `11 spins, £11.00 staked, £${(returned / 100).toFixed(2)} returned`, returned - 1100],
    ]);
    expect(data.trackedBets.nodes[0]?.legs.reduce((sum, l) => sum + l.stake, 0)).toBe(1100);
    expect(describeViolations(await axeViolations(page))).toEqual([]);

    // The simulator: a long run shows progress and is cancelled.
    await page.goto(new URL('/simulator', origin).href);
    await page.getByRole('heading', { level: 1, name: title('simulator') }).waitFor();
    await page.getByLabel('Runs').fill('1000000');
    await page.getByRole('button', { name: 'Run the simulation' }).click();
    await page.getByRole('progressbar', { name: 'Simulation progress' }).waitFor();
    await page.waitForFunction(() => (document.querySelector('progress')?.value ?? 0) > 0);
    const first = await progressValue(page);
    await page.waitForFunction((v) => (document.querySelector('progress')?.value ?? 0) > v, first);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText(/^Simulation cancelled after [\d,]+ of 1,000,000 runs\.$/).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel' }).count()).toBe(0);

    // A short run completes: the chart, its summary and the closed form, the sdk's figures.
    await page.getByLabel('Runs').fill('2000');
    await page.getByRole('button', { name: 'Run the simulation' }).click();
    await page.getByText('Done: 2,000 attempts simulated.').waitFor();
    await page.getByRole('img', { name: /^Histogram of the final balance over 2,000 runs\./ }).waitFor();
    const expected = wageringExpectedValue({
      depositPence: 5000,
      bonusPence: 5000,
      wageringMultiple: 35,
      wageringBase: 'bonus',
      stake: 100,
      slot: 'medium',
    });
    const closedForm = page.getByRole('region', { name: 'Expected value (closed form)' });
    expect(await closedForm.getByText(money(expected.expectedProfitPence), { exact: true }).count()).toBe(1);
    expect(await closedForm.getByText(money(expected.expectedFinalBalance), { exact: true }).count()).toBe(1);
    await page
      .getByText(`the closed form gives ${money(expected.expectedFinalBalance)}.`, { exact: false })
      .first()
      .waitFor();

    // A bad field is explained beside it.
    await page.getByLabel('Stake per spin (£)').fill('0');
    await page.getByText('Must be at least 1 penny.').waitFor();
    await page.getByLabel('Stake per spin (£)').fill('1');

    expect(describeViolations(await axeViolations(page))).toEqual([]);
    await switchScheme(page, 'dark');
    expect(describeViolations(await axeViolations(page))).toEqual([]);
    await page.setViewportSize(VIEWPORTS.phone);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(tab.problems()).toEqual([]);
  });
});
