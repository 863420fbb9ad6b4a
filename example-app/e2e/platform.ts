// The platform services in the production build, for a brand: the notification modal (live
// regions, closes after 5 s on the page's clock), analytics only after consent (uploads to
// /api/analytics watched with page.route), push offered only on a press, and the installable app
// (per-brand manifest, /offline-worker.js registered in standalone display mode only).
// Contexts are made here rather than with the harness's open(): these tests need service workers,
// permissions, a fake clock or init scripts before the first navigation.
import { getBrand } from '@matchkit/sdk/brands';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  axeViolations,
  describeViolations,
  horizontalOverflow,
  registerMember,
  useE2E,
  VIEWPORTS,
  type BrandId,
  type E2E,
} from './harness';

interface Watched {
  readonly context: BrowserContext;
  readonly page: Page;
  problems(): string[];
}

/** A new context (service workers allowed) and page, watched for console errors and exceptions. */
async function newTab(
  app: E2E,
  options: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' } = {},
): Promise<Watched> {
  const context = await app.browser.newContext({
    viewport: { ...(options.viewport ?? VIEWPORTS.desktop) },
    colorScheme: options.colorScheme ?? 'light',
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    serviceWorkers: 'allow',
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  return { context, page, problems: () => [...problems] };
}

interface Upload {
  readonly events: { event_type: string; user_id?: string; event_properties?: Record<string, unknown> }[];
  readonly raw: string;
}

/** Records every analytics upload of the page (and lets it through to the server). */
async function watchUploads(page: Page): Promise<Upload[]> {
  const uploads: Upload[] = [];
  await page.route('**/api/analytics', async (route) => {
    const raw = route.request().postData() ?? '';
    uploads.push({ raw, events: (JSON.parse(raw) as Upload).events });
    await route.continue();
  });
  return uploads;
}

/** How long one step of a journey may take on a loaded machine (the worker's install included). */
const STEP_TIMEOUT_MS = 45_000;

const eventsOf = (uploads: readonly Upload[]) => uploads.flatMap((u) => u.events);

/** Counts calls of Notification.requestPermission (set before any script of the page runs). */
const COUNT_PROMPTS = `(() => {
  window.__prompts = 0;
  if (!('Notification' in window)) return;
  const original = Notification.requestPermission.bind(Notification);
  Notification.requestPermission = (...args) => { window.__prompts += 1; return original(...args); };
})();`;

/** Makes the page believe it runs as an installed app: playwright-core cannot emulate display-mode. */
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

/**
 * Runs `work` while the page's clock is paused, moving the clock on 10 ms at a time (so the page's
 * own timers, axe's included, fire) but less than `budgetMs` of page time in all.
 */
async function withPausedClock<T>(page: Page, work: Promise<T>, budgetMs: number): Promise<T> {
  let done = false;
  const result = work.finally(() => {
    done = true;
  });
  for (let spent = 0; !done && spent < budgetMs; spent += 10) await page.clock.runFor(10);
  return result;
}

export function platformSuite(brand: BrandId): void {
  const catalogue = getBrand(brand);
  describe(`platform services, the ${brand} brand (${catalogue.displayName})`, () => {
    const e2e = useE2E(brand);
    const url = (path: string) => new URL(path, e2e().server.origin).href;

    it('the notification modal: a success in role="status", closed after 5 s of the page clock, not before; focus stays', async () => {
      const tab = await newTab(e2e());
      try {
        await tab.page.clock.install();
        await tab.page.goto(url('/settings'));
        await tab.page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
        // Both live regions exist, empty, before anything is announced.
        await expect(tab.page.locator('.notification-region[role="status"]').count()).resolves.toBe(1);
        await expect(tab.page.locator('.notification-region[role="alert"]').count()).resolves.toBe(1);
        expect(await tab.page.locator('.notification-region[role="status"]').textContent()).toBe('');

        // From here the page's time moves only when the test moves it.
        await tab.page.clock.pauseAt(new Date(Date.now() + 60_000));
        await tab.page.getByRole('button', { name: 'Allow analytics' }).click();
        const region = tab.page.locator('.notification-region[role="status"]');
        await region.getByText('Success').waitFor();
        await region.getByText('analytics is on', { exact: false }).waitFor();
        // Focus stays on what the member pressed (the button is replaced by "Stop analytics").
        expect(await tab.page.evaluate(() => document.activeElement?.closest('.notification-area') === null)).toBe(true);

        await tab.page.clock.runFor(4_900);
        expect(await region.getByText('Success').count()).toBe(1);
        await tab.page.clock.runFor(200);
        await region.getByText('Success').waitFor({ state: 'detached' });
        expect(await region.textContent()).toBe('');
        expect(tab.problems()).toEqual([]);
      } finally {
        await tab.context.close();
      }
    });

    it('the notification modal: the close button closes it; axe clean and no horizontal scroll on a phone in the dark theme', async () => {
      const tab = await newTab(e2e(), { viewport: VIEWPORTS.phone, colorScheme: 'dark' });
      try {
        await tab.page.clock.install();
        await tab.page.goto(url('/settings'));
        await tab.page.getByRole('button', { name: 'Decline' }).click({ timeout: 20_000 });
        // The page's timers stop here: the notification stays until the test moves the clock.
        await tab.page.clock.pauseAt(new Date(Date.now() + 60_000));
        await tab.page.getByRole('button', { name: 'Allow analytics' }).click({ timeout: 20_000 });
        const region = tab.page.locator('.notification-region[role="status"]');
        await region.getByText('Success').waitFor({ timeout: 20_000 });
        expect(await horizontalOverflow(tab.page)).toBe(0);
        // axe with the notification on screen: under 4 s of page time, so it is still there.
        expect(describeViolations(await withPausedClock(tab.page, axeViolations(tab.page), 4_000))).toEqual([]);
        expect(await region.getByText('Success').count()).toBe(1);
        await tab.page.getByRole('button', { name: 'Close notification' }).click({ timeout: 20_000 });
        await region.getByText('Success').waitFor({ state: 'detached', timeout: 5_000 });
        expect(tab.problems()).toEqual([]);
      } finally {
        await tab.context.close();
      }
    });

    it('analytics: nothing is sent or stored before consent; after Accept, page views and clicks go to /api/analytics, with no e-mail', async () => {
      const tab = await newTab(e2e());
      try {
        const uploads = await watchUploads(tab.page);
        await tab.page.goto(url('/'));
        await tab.page.getByRole('heading', { level: 1, name: catalogue.displayName }).waitFor();
        const banner = tab.page.getByRole('region', { name: 'Can we measure how you use the site?' });
        await banner.waitFor();
        expect(describeViolations(await axeViolations(tab.page))).toEqual([]);
        // Browse without answering: nothing sent, nothing stored but nothing at all.
        await tab.page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Contact' }).click();
        await tab.page.waitForTimeout(1_500);
        expect(uploads).toEqual([]);
        expect(await tab.page.evaluate(() => Object.keys(localStorage))).toEqual([]);

        await banner.getByRole('button', { name: 'Accept' }).click();
        await banner.waitFor({ state: 'detached' });
        await expect.poll(() => eventsOf(uploads).map((e) => e.event_type), { timeout: 10_000 }).toContain('page_view');
        await tab.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
        await expect.poll(() => eventsOf(uploads).filter((e) => e.event_type === 'click').length, { timeout: 10_000 }).toBeGreaterThan(0);
        await expect
          .poll(() => eventsOf(uploads).filter((e) => e.event_type === 'page_view').length, { timeout: 10_000 })
          .toBeGreaterThan(1);
        const pageViews = eventsOf(uploads).filter((e) => e.event_type === 'page_view');
        expect(pageViews.map((e) => e.event_properties?.brand)).toContain(brand);
        expect(pageViews.map((e) => e.event_properties?.path)).toContain('/');
        expect(uploads.every((u) => !u.raw.includes('@'))).toBe(true);

        // Remembered: no banner on the next load.
        await tab.page.reload();
        await tab.page.getByRole('heading', { level: 1 }).waitFor();
        expect(await banner.count()).toBe(0);
        expect(tab.problems()).toEqual([]);
      } finally {
        await tab.context.close();
      }
    });

    it('analytics: Decline is remembered and nothing is ever sent', async () => {
      const tab = await newTab(e2e());
      try {
        const uploads = await watchUploads(tab.page);
        await tab.page.goto(url('/'));
        await tab.page.getByRole('button', { name: 'Decline' }).click();
        await tab.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Plans' }).click();
        await tab.page.reload();
        await tab.page.getByRole('heading', { level: 1 }).waitFor();
        await tab.page.waitForTimeout(1_500);
        expect(await tab.page.getByRole('button', { name: 'Accept' }).count()).toBe(0);
        expect(uploads).toEqual([]);
        expect(await tab.page.evaluate(() => Object.keys(localStorage))).toEqual(['matchkit.consent.analytics']);
      } finally {
        await tab.context.close();
      }
    });

    it('push: no permission prompt on load; the prompt only on a press of "Turn on notifications"', { timeout: 120_000 }, async () => {
      const tab = await newTab(e2e());
      try {
        await tab.context.addInitScript(COUNT_PROMPTS);
        await tab.page.goto(url('/settings'));
        const state = tab.page.locator('[data-push-status]');
        await expect.poll(() => state.getAttribute('data-push-status'), { timeout: STEP_TIMEOUT_MS }).not.toBe('unknown');
        await tab.page.waitForTimeout(500);
        expect(await tab.page.evaluate(() => (window as unknown as { __prompts: number }).__prompts)).toBe(0);
        await tab.page.getByRole('button', { name: 'Turn on notifications' }).click();
        await expect
          // The press first registers the worker (it installs the app for offline use) and waits for it: slow on a busy machine.
          .poll(() => tab.page.evaluate(() => (window as unknown as { __prompts: number }).__prompts), { timeout: STEP_TIMEOUT_MS })
          .toBe(1);
        // Headless Chromium answers the prompt itself (no one to ask): blocked, said with a warning in role="alert".
        await expect.poll(() => state.getAttribute('data-push-status'), { timeout: 15_000 }).toMatch(/denied|default/);
        if ((await state.getAttribute('data-push-status')) === 'denied') {
          // Blocked: said with a warning, in the assertive region.
          await tab.page.locator('.notification-region[role="alert"]').getByText('Warning').waitFor();
        }
      } finally {
        await tab.context.close();
      }
    });

    it(
      'push: with the permission granted, the press registers the worker and turns notifications on (or says why not)',
      { timeout: 120_000 },
      async () => {
        const tab = await newTab(e2e());
        try {
          await tab.context.grantPermissions(['notifications'], { origin: e2e().server.origin });
          await tab.context.addInitScript(COUNT_PROMPTS);
          await tab.page.goto(url('/settings'));
          const state = tab.page.locator('[data-push-status]');
          await expect.poll(() => state.getAttribute('data-push-status'), { timeout: STEP_TIMEOUT_MS }).not.toBe('unknown');
          // A normal tab: no worker registered on load.
          expect(await tab.page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) === undefined)).toBe(true);
          await tab.page.getByRole('button', { name: 'Turn on notifications' }).click();
          await expect
            .poll(() => tab.page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL ?? null), {
              timeout: 20_000,
            })
            .toBe(url('/offline-worker.js'));
          // Granted already: no prompt. The subscription needs the browser's push service, which this
          // sandbox cannot reach: either subscribed, or the error notification in role="alert".
          await expect
            .poll(
              async () =>
                (await state.getAttribute('data-push-status')) === 'subscribed' ||
                (await tab.page.locator('.notification-region[role="alert"]').textContent()) !== '',
              { timeout: 20_000 },
            )
            .toBe(true);
          expect(await tab.page.evaluate(() => (window as unknown as { __prompts: number }).__prompts)).toBe(0);
          expect(['granted', 'subscribed']).toContain(await state.getAttribute('data-push-status'));
        } finally {
          await tab.context.close();
        }
      },
    );

    it('notification settings: each kind with push and email, push off until on here, essential mail always on; axe clean', async () => {
      const member = await registerMember(e2e().server.origin);
      const tab = await newTab(e2e());
      try {
        await tab.context.addCookies([{ name: '_opjwt', value: member.token, url: e2e().server.origin }]);
        await tab.page.goto(url('/settings'));
        await tab.page.getByRole('heading', { name: 'What we tell you about' }).waitFor();
        const weekly = tab.page.getByRole('switch', { name: 'Email: weekly summary' });
        await weekly.waitFor();
        expect(await weekly.isChecked()).toBe(false);
        expect(await tab.page.getByRole('switch', { name: 'Push notification: odds alerts' }).isDisabled()).toBe(true);
        await tab.page.getByText('Turn on notifications in this browser above').waitFor();
        expect(await tab.page.getByText('Email: always on (essential)').count()).toBe(2);
        await weekly.click();
        await expect.poll(() => weekly.isChecked(), { timeout: 10_000 }).toBe(true);
        expect(describeViolations(await axeViolations(tab.page))).toEqual([]);
      } finally {
        await tab.context.close();
      }
    });

    it('the installable app: the brand’s manifest and /offline-worker.js are served with the right types', async () => {
      const manifest = await fetch(url('/manifest.webmanifest'));
      expect(manifest.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
      expect(await manifest.json()).toMatchObject({
        name: catalogue.displayName,
        display: 'standalone',
        theme_color: catalogue.colors.accent,
      });
      const worker = await fetch(url('/offline-worker.js'));
      expect(worker.status).toBe(200);
      expect(worker.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(worker.headers.get('cache-control')).toBe('no-cache');
      const workerText = await worker.text();
      expect(workerText).toContain('precache');
      // Web push's handlers, imported by the worker (docs/notifications.md "Web push").
      expect(workerText).toContain('importScripts("/push-worker.js")');
      const pushWorker = await fetch(url('/push-worker.js'));
      expect(pushWorker.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      const handlers = await pushWorker.text();
      for (const event of ['push', 'notificationclick']) expect(handlers).toContain(`addEventListener('${event}'`);
      for (const icon of ['/icons/icon-192.png', '/icons/icon-512.png', '/icons/maskable-512.png']) {
        const res = await fetch(url(icon));
        expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/png']);
      }
      const html = await (await fetch(url('/'))).text();
      expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    });

    it('the worker registers in standalone display mode, and not in a normal tab', async () => {
      const normal = await newTab(e2e());
      const installed = await newTab(e2e());
      try {
        await normal.page.goto(url('/'));
        await normal.page.getByRole('heading', { level: 1 }).waitFor();
        await normal.page.waitForTimeout(1_000);
        expect(await normal.page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) === undefined)).toBe(true);

        await installed.context.addInitScript(STANDALONE);
        await installed.page.goto(url('/'));
        expect(await installed.page.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(true);
        const scriptURL = await installed.page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
        expect(scriptURL).toBe(url('/offline-worker.js'));
        expect(normal.problems()).toEqual([]);
        expect(installed.problems()).toEqual([]);
      } finally {
        await normal.context.close();
        await installed.context.close();
      }
    });
  });
}
