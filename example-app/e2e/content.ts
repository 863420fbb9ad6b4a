// The content screens in use, for one brand: the member's dashboard's sections from the catalogue
// (a visitor's `/` is the landing page instead), "Show more" paging an offer category, a signed-in member marking an offer completed (kept by the
// server across a reload), and reading the guides in order with previous/next.
import { getBrand } from '@matchkit/sdk/brands';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerMember, useE2E, VIEWPORTS, type BrandId, type TestMember } from './harness';

export function contentSuite(brand: BrandId): void {
  describe(`the ${brand} brand, offers and guides`, () => {
    const e2e = useE2E(brand);
    let member: TestMember | undefined;
    beforeAll(async () => {
      member = await registerMember(e2e().server.origin, { tag: 'content' });
    });
    const catalogue = getBrand(brand);

    it('the dashboard shows the catalogue sections and pages a category with "Show more"', { timeout: 90_000 }, async () => {
      if (member === undefined) throw new Error('no member');
      const tab = await e2e().open('/', { viewport: VIEWPORTS.phone, member });
      const { page } = tab;
      for (const section of catalogue.dashboardSections) await page.getByRole('heading', { level: 2, name: section.title }).waitFor();
      for (const category of catalogue.offerCategories) await page.getByRole('heading', { level: 3, name: category.title }).waitFor();
      const sportsbook = page.getByRole('list', { name: 'Sportsbook sign-up offers' });
      await sportsbook.getByRole('heading', { level: 4 }).first().waitFor();
      const before = await sportsbook.getByRole('heading', { level: 4 }).count();
      expect(before).toBe(4);
      await sportsbook.getByRole('button', { name: 'Show more sportsbook sign-up offers' }).click();
      await expect.poll(() => sportsbook.getByRole('heading', { level: 4 }).count(), { timeout: 15_000 }).toBeGreaterThan(before);
      // The page asked for took the focus: its first offer's link.
      expect(await page.evaluate(() => document.activeElement?.closest('li')?.querySelector('h4')?.textContent ?? null)).not.toBeNull();
      // Guides and Training lists the tutorials first.
      await page.getByRole('link', { name: 'Tutorial 1: The basic idea' }).first().waitFor();
      expect(tab.problems()).toEqual([]);
    });

    it("a visitor's / is the landing page: the tools, the plans and the reviews, no offers list", { timeout: 90_000 }, async () => {
      const tab = await e2e().open('/', { viewport: VIEWPORTS.phone });
      const { page } = tab;
      await page.getByRole('heading', { level: 1, name: catalogue.displayName }).waitFor();
      // The plans, reviews and testimonials are downloaded as the visitor scrolls towards them.
      await page.getByRole('heading', { level: 2, name: 'Gamble responsibly' }).scrollIntoViewIfNeeded();
      for (const name of ['What each tool does', 'Plans', 'Reviews from members', 'What members say', 'Gamble responsibly'])
        await page.getByRole('heading', { level: 2, name, exact: true }).waitFor();
      for (const plan of catalogue.plans) await page.getByRole('heading', { level: 3, name: plan.label, exact: true }).waitFor();
      // Every picture of a tool has loaded (lazily, as it scrolls into view) and has its words.
      // (The hero's 18+ mark is an image by its role, named "18 plus", not a picture to load.)
      expect(await page.getByRole('main').getByRole('img', { name: '18 plus' }).textContent()).toBe('18+');
      const pictures = page.getByRole('main').getByRole('img').filter({ hasNotText: '18+' });
      for (const img of await pictures.all()) {
        await img.scrollIntoViewIfNeeded();
        await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
        expect(await img.getAttribute('alt')).not.toBe('');
      }
      expect(await pictures.count()).toBe(6);
      expect(await page.getByRole('list', { name: 'Sportsbook sign-up offers' }).count()).toBe(0);
      expect(tab.problems()).toEqual([]);
    });

    it('a signed-in member marks an offer completed, and it stays completed after a reload', { timeout: 90_000 }, async () => {
      if (member === undefined) throw new Error('no member');
      const tab = await e2e().open('/', { viewport: VIEWPORTS.desktop, member });
      const { page } = tab;
      const reload = page.getByRole('list', { name: 'Reload offers' });
      const box = reload.getByRole('checkbox').first();
      await box.waitFor();
      expect(await box.isChecked()).toBe(false);
      await box.check();
      await expect.poll(() => box.isChecked(), { timeout: 10_000 }).toBe(true);
      await expect.poll(() => box.isDisabled(), { timeout: 10_000 }).toBe(false);
      await page.reload();
      const again = page.getByRole('list', { name: 'Reload offers' }).getByRole('checkbox').first();
      await again.waitFor();
      expect(await again.isChecked()).toBe(true);
      await again.uncheck();
      await expect.poll(() => again.isDisabled(), { timeout: 10_000 }).toBe(false);
      expect(await again.isChecked()).toBe(false);
      expect(tab.problems()).toEqual([]);
    });

    it(
      'the guides read in order: the first has Next and no Previous, Next leads on, Previous comes back',
      { timeout: 90_000 },
      async () => {
        const tab = await e2e().open('/offers/sportsbook-signup-offers/tutorial-1-the-basic-idea');
        const { page } = tab;
        await page.getByRole('heading', { level: 1, name: 'Tutorial 1: The basic idea' }).waitFor();
        const order = page.getByRole('navigation', { name: 'Guides in reading order' });
        await order.getByRole('link', { name: /Next/ }).waitFor();
        expect(await order.getByRole('link', { name: /Previous/ }).count()).toBe(0);
        // The body is text: no markup from the server.
        expect(await page.locator('.content-body p').count()).toBeGreaterThan(3);
        await order.getByRole('link', { name: /Next/ }).click();
        await page.getByRole('heading', { level: 1, name: /^Tutorial 2/ }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/offers/sportsbook-signup-offers/tutorial-2-your-first-qualifying-bet');
        await page
          .getByRole('navigation', { name: 'Guides in reading order' })
          .getByRole('link', { name: /Previous/ })
          .click();
        await page.getByRole('heading', { level: 1, name: 'Tutorial 1: The basic idea' }).waitFor();
        // The last guide of the list has no Next.
        await page.goto(new URL('/guides/staying-in-control', e2e().server.origin).href);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page
          .getByRole('navigation', { name: 'Guides in reading order' })
          .getByRole('link', { name: /Previous/ })
          .waitFor();
        expect(await page.getByRole('navigation', { name: 'Guides in reading order' }).getByRole('link', { name: /Next/ }).count()).toBe(0);
        expect(tab.problems()).toEqual([]);
      },
    );

    it(
      'a training tutorial asked for under /guides goes to its own address; an unknown guide is not found, with links',
      { timeout: 60_000 },
      async () => {
        const tab = await e2e().open('/guides/tutorial-1-the-basic-idea');
        const { page } = tab;
        await page.getByRole('heading', { level: 1, name: 'Tutorial 1: The basic idea' }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/offers/sportsbook-signup-offers/tutorial-1-the-basic-idea');
        await page.goto(new URL('/guides/no-such-guide', e2e().server.origin).href);
        await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
        await page.getByRole('main').getByRole('link', { name: 'The dashboard' }).waitFor();
        // The unknown guide answers 404 (the browser reports the load as failed); nothing else goes wrong.
        expect(tab.problems().join('\n')).toMatch(/status of 404/);
        expect(tab.problems().filter((p) => !p.includes('/guides/no-such-guide'))).toEqual([]);
      },
    );
  });
}
