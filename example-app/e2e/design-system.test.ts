// The design system's shell and its CSP (docs/app.md#design-system), on both brands: at 375x812
// the header and the quick links bar take at most a quarter of the screen, the main navigation
// opening from a menu button; at 1366x768 the logo, the navigation and the member's links are one
// row. React Aria's one run-time rule is the app's own sheet, so it injects no <style> (the CSP,
// style-src 'self', would refuse it and log a console error, which every browser test fails on).
// On a phone, a button's long label wraps: the account page's move-down buttons fit the screen.
import { getBrand } from '@matchkit/sdk/brands';
import { describe, expect, inject, it } from 'vitest';
import { BRANDS, registerMember, subscribeMember, useE2E, VIEWPORTS } from './harness';

for (const brand of BRANDS) {
  describe(`the shell (${brand})`, () => {
    const e2e = useE2E(brand);
    const catalogue = getBrand(brand);

    it(
      'on a phone, the header and quick links take at most a quarter of the screen; the menu button opens the navigation',
      { timeout: 90_000 },
      async () => {
        const origin = inject('e2eServers')[brand];
        const member = await registerMember(origin, { tag: 'shell' });
        const plan = catalogue.plans.at(-1);
        if (plan !== undefined) await subscribeMember(origin, member, plan.name);
        const tab = await e2e().open('/', { viewport: VIEWPORTS.phone, member });
        try {
          const { page } = tab;
          await page.getByRole('navigation', { name: 'Quick links' }).waitFor({ timeout: 20_000 });
          const header = page.getByRole('banner');
          const height = (await header.boundingBox())?.height ?? Infinity;
          expect(height).toBeLessThanOrEqual(VIEWPORTS.phone.height / 4);
          // The main navigation is folded away until the menu button opens it.
          const main = page.getByRole('navigation', { name: 'Main' });
          expect(await main.isVisible()).toBe(false);
          const menu = page.getByRole('button', { name: 'Menu' });
          expect(await menu.getAttribute('aria-expanded')).toBe('false');
          await menu.click();
          await main.getByRole('link', { name: 'Plans' }).waitFor();
          expect(await page.getByRole('button', { name: 'Close the menu' }).getAttribute('aria-expanded')).toBe('true');
          // Escape folds it again and gives the focus back to the button.
          await page.keyboard.press('Escape');
          await main.waitFor({ state: 'hidden' });
          expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Menu');
          // A link followed closes it too.
          await menu.click();
          await main.getByRole('link', { name: 'Plans' }).click();
          await page.waitForURL(/\/pro$/);
          await main.waitFor({ state: 'hidden' });
          // The quick links scroll sideways in one row: the page itself never does.
          expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
          // A button's long label wraps on a phone: each move-down button of the account page (the
          // top plan has the most, with the longest labels) fits the screen and holds its text.
          await page.goto(`${origin}/user/account`);
          const plan = page.getByRole('region', { name: 'Your plan' });
          const moves = plan.getByRole('button', { name: /^Move to / });
          await moves.first().waitFor({ timeout: 20_000 });
          expect(await moves.count()).toBeGreaterThan(0);
          for (const button of await moves.all()) {
            const fits = await button.evaluate((el) => ({
              inside: el.getBoundingClientRect().right <= document.documentElement.clientWidth,
              holds: el.scrollWidth <= el.clientWidth,
            }));
            expect(fits, (await button.textContent()) ?? '').toEqual({ inside: true, holds: true });
          }
          expect(tab.problems()).toEqual([]);
        } finally {
          await tab.close();
        }
      },
    );

    it("at 1366 px the logo, the navigation and the member's links are on one row, with no menu button", { timeout: 60_000 }, async () => {
      const tab = await e2e().open('/', { viewport: VIEWPORTS.desktop, colorScheme: 'dark' });
      try {
        const { page } = tab;
        const account = page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'Sign in' });
        await account.waitFor({ timeout: 20_000 });
        const logo = page.getByRole('banner').getByRole('link', { name: catalogue.displayName });
        const plans = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Plans' });
        const middles = await Promise.all(
          [logo, plans, account].map(async (l) => {
            const box = await l.boundingBox();
            return box === null ? NaN : box.y + box.height / 2;
          }),
        );
        const [first = NaN] = middles;
        for (const y of middles) expect(Math.abs(y - first)).toBeLessThan(4);
        expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
        expect(tab.problems()).toEqual([]);
      } finally {
        await tab.close();
      }
    });

    it(
      "React Aria finds its rule in the app's sheet and injects no <style>; an injected one would be refused and caught",
      { timeout: 60_000 },
      async () => {
        const tab = await e2e().open('/', { viewport: VIEWPORTS.desktop });
        try {
          const { page } = tab;
          await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 20_000 });
          // What usePress looks for (react-aria's STYLE_ID): present, a sheet of the app's origin, holding the rule.
          const found = await page.evaluate(() => {
            const el = document.getElementById('react-aria-pressable-style');
            const sheet = el instanceof HTMLLinkElement ? el.sheet : null;
            const text = sheet === null ? '' : [...sheet.cssRules].map((r) => r.cssText).join('\n');
            return { tag: el?.tagName ?? null, rule: /\[data-react-aria-pressable\][^}]*touch-action: pan-x pan-y pinch-zoom/.test(text) };
          });
          expect(found).toEqual({ tag: 'LINK', rule: true });
          expect(await page.locator('style').count()).toBe(0);
          expect(tab.problems()).toEqual([]);
          // The control: what React Aria would do without the link is refused by the CSP and logged as a
          // console error, which the tests' problems() catch (so a page that made React Aria inject fails).
          await page.evaluate(() => {
            const style = document.createElement('style');
            style.textContent = '[data-react-aria-pressable] { touch-action: pan-x pan-y pinch-zoom; }';
            document.head.prepend(style);
          });
          await expect.poll(() => tab.problems().some((p) => /Content Security Policy|style-src/.test(p)), { timeout: 5_000 }).toBe(true);
        } finally {
          await tab.close();
        }
      },
    );
  });
}
