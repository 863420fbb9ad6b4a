// The harness works end to end, for a brand: the production server starts, Chromium opens the home
// page, and the checks every page of the app must pass (no console error, no serious or critical
// axe violation, no horizontal scroll on a 375 px phone) run against it. One file per brand
// (smoke.<brand>.test.ts), so that vitest runs the brands side by side.
import { existsSync } from 'node:fs';
import { getBrand } from '@matchkit/sdk/brands';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations, horizontalOverflow, startE2E, VIEWPORTS, type BrandId, type E2E } from './harness';

/** The smoke suite for one brand. */
export function smokeSuite(brand: BrandId): void {
  describe(`the ${brand} brand, production build, home page`, () => {
    let app: E2E | undefined;
    const e2e = () => {
      if (app === undefined) throw new Error('the harness did not start');
      return app;
    };
    beforeAll(async () => {
      app = await startE2E({ brand });
    });
    afterAll(async () => {
      if (app === undefined) return;
      const { origin, dataDir } = app.server;
      await app.stop();
      // Nothing left behind: the server no longer answers and its data folder is gone.
      await expect(fetch(origin)).rejects.toThrow();
      expect(existsSync(dataDir)).toBe(false);
      expect(app.browser.isConnected()).toBe(false);
    });

    const displayName = getBrand(brand).displayName;
    // The app takes its brand from the server it was served by (BRAND), not from the build.
    it(`shows "${displayName}" as the page's heading`, async () => {
      const tab = await e2e().open('/');
      await tab.page.getByRole('heading', { level: 1, name: displayName, exact: true }).waitFor({ timeout: 3_000 });
    });

    it('desktop: no console error, no serious or critical axe violation', async () => {
      const tab = await e2e().open('/', { viewport: VIEWPORTS.desktop });
      await tab.page.getByRole('heading', { level: 1 }).waitFor();
      expect(describeViolations(await axeViolations(tab.page))).toEqual([]);
      expect(tab.problems()).toEqual([]);
    });

    it('375 px phone, dark theme: no horizontal scroll, no console error, no serious or critical axe violation', async () => {
      const tab = await e2e().open('/', { viewport: VIEWPORTS.phone, colorScheme: 'dark' });
      await tab.page.getByRole('heading', { level: 1 }).waitFor();
      expect(await horizontalOverflow(tab.page)).toBe(0);
      expect(describeViolations(await axeViolations(tab.page))).toEqual([]);
      expect(tab.problems()).toEqual([]);
    });
  });
}
