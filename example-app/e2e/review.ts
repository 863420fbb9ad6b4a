// The screenshot review (issue 20), for one brand: every route of the app, signed out, signed in
// and as a member of the top plan (the tool routes, an advanced calculator, the dashboard and the
// account), and the first sale's page while it is on (the browser's clock fixed), at 1366 × 768
// and 375 × 812, in the light and the dark theme. Each page view gets every check of `checkPage`
// (its heading, its own title, the footer's help link, no horizontal scroll, no serious or
// critical axe finding, no console error), then the table check (no table cell cut; at 1366 px no
// table needing sideways scrolling), and is saved as `<brand>-<route>-<width>-<scheme>.png` in
// `SCREENS_DIR` (example-app/dist/screens/, printed at the end of the run by global-setup.ts). The
// copy check (`findIdentifiers`) reads each route's visible text at both widths.
//
// One browser context per width goes from route to route, each a full page load, and switches who
// is signed in by its session cookie. A route is loaded once per width, in the light scheme (its
// checks start once its network is at rest: `networkSettled`), and then seen in the dark one on
// the same load (`switchScheme`: `page.emulateMedia`, its colour transitions taken to their
// end): the dark theme is colour tokens under `prefers-color-scheme` and a `<picture>` source,
// both live, so the page is the one a dark load gives; a page that paints a canvas (the tracker's charts read their colours when
// they draw) is loaded again in the dark instead. axe runs all its rules in the light and the
// colour rules (`SCHEME_RULES`) in the dark. The width is not switched on a load: the data tables
// choose their columns for the screen's width when they mount. The routes of a template seen here
// once (the other plans', upgrades' and sales' pages, the other advanced calculators, the other
// guides) are visited by the phone's context too (`otherRoutes` of routes.ts: every check but axe,
// the copy check and the cut cells). A page whose clock is fixed gets a context of its own, as a context's clock
// cannot be given back. Every finding is also appended to findings.txt in that folder.
// `npm run docs:screens` makes docs/app.md's pictures from the primary brand's.
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { getBrand } from '@matchkit/sdk/brands';
import { saleWindow } from '@matchkit/sdk/sales';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  clippedTables,
  networkSettled,
  registerMember,
  SCHEME_RULES,
  SCREENS_DIR,
  subscribeMember,
  switchScheme,
  useE2E,
  VIEWPORTS,
  type BrandId,
  type Tab,
} from './harness';
import {
  catalogueRoutes,
  checkPage,
  FIRST_TUTORIAL,
  firstGuide,
  knownIdentifiers,
  otherRoutes,
  readContent,
  timed,
  type Content,
  type RouteCase,
  type Who,
} from './routes';
import { toolRoutes } from './tools';

/** One page view's time budget: a load, axe and a screenshot take 2 to 5 s on a loaded two-core machine. */
const VIEW_TIMEOUT_MS = 60_000;
/** One step of a page view (a load, a wait for an element). */
const STEP_TIMEOUT_MS = 20_000;

/** The two widths each route is loaded at; each load is seen in both schemes. */
export const REVIEW_WIDTHS = [VIEWPORTS.laptop, VIEWPORTS.phone] as const;
type Viewport = (typeof REVIEW_WIDTHS)[number];
/** The schemes, in the order a load sees them (the load itself is light). */
const SCHEMES = ['light', 'dark'] as const;

/** What the routes that depend on the server need: its seeded content and a member's referral code. */
interface Found {
  readonly content: Content;
  readonly referralCode: string;
}

/** A route as the review visits it. */
export interface ReviewRoute {
  /** The route's name in the screenshot's file name (and the test's). */
  readonly id: string;
  /** Its address and the page's h1 (null: the page's own, any but the not-found page's: a tool page of another feature). */
  readonly page: (found: Found) => { readonly path: string; readonly heading: string | null };
  readonly who: Who;
  /** The HTTP status of the load. */
  readonly status: number;
  /** A finder: its live results are waited for before the checks. */
  readonly finder: boolean;
  /** A table (by its name) whose live rows are waited for before the checks: the oddsmatcher's. */
  readonly rows?: string;
  /**
   * The browser's clock stands at this instant (a visitor's page, loaded in a context of its own:
   * a context's clock, once fixed, cannot be given back). Unset: the real clock.
   */
  readonly at?: Date;
}

/** The route's name in a file name: its path without the query, in lower-case words joined by '-'. */
export function routeId(path: string): string {
  const bare = path.split('?')[0] ?? '';
  const words = bare
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return words === '' ? 'home' : words;
}

/** Every route of the brand, in the order the review visits them: signed out, then as a member, then as a top-plan member. */
export function reviewRoutes(brand: BrandId): ReviewRoute[] {
  const b = getBrand(brand);
  const catalogue = catalogueRoutes(brand, new Date()).filter((r) => r.axe !== false);
  const sale = b.sales[0];
  const of =
    (who: Who) =>
    (r: RouteCase): ReviewRoute => ({
      id: r.path === '/' && who !== 'visitor' ? 'dashboard' : routeId(r.path),
      page: () => ({ path: r.path, heading: r.heading }),
      who,
      status: r.status ?? 200,
      finder: false,
    });
  const routes: ReviewRoute[] = [
    ...catalogue.filter((r) => (r.who ?? 'visitor') === 'visitor').map(of('visitor')),
    // The first sale's page while it is on, at the middle of its window (the catalogue's /sale is
    // the real clock's: plain pricing between sales).
    ...(sale === undefined
      ? []
      : [
          {
            id: 'sale-on',
            page: () => ({ path: '/sale', heading: sale.salePageSections.title }),
            who: 'visitor' as const,
            status: 200,
            finder: false,
            at: new Date((saleWindow(sale).start + saleWindow(sale).endExclusive) / 2),
          },
        ]),
    {
      id: 'refer',
      page: (f) => ({ path: `/refer?code=${encodeURIComponent(f.referralCode)}`, heading: 'You have been invited' }),
      who: 'visitor',
      status: 200,
      finder: false,
    },
    {
      id: 'guide',
      page: (f) => {
        // The first tutorial, at its address under /offers/ (the other guides are otherRoutes', below).
        const guide = f.content.guides.find((g) => g.url === FIRST_TUTORIAL);
        return { path: FIRST_TUTORIAL, heading: guide?.title ?? 'the first guide (not listed)' };
      },
      who: 'visitor',
      status: 200,
      finder: false,
    },
    {
      id: 'guides',
      page: (f) => {
        // The first guide of /guides/:slug (the GuidePage route; the tutorials are read under /offers/).
        const guide = firstGuide(f.content);
        return { path: guide?.url ?? '/guides/none-listed', heading: guide?.title ?? 'a guide of /guides/ (none listed)' };
      },
      who: 'visitor',
      status: 200,
      finder: false,
    },
    {
      id: 'offer',
      page: (f) => ({ path: `/offers/${f.content.offer.category}/${f.content.offer.slug}`, heading: f.content.offer.title }),
      who: 'visitor',
      status: 200,
      finder: false,
    },
    ...catalogue.filter((r) => r.who === 'member' || r.path === '/').map(of('member')),
    // The dashboard and the account of a member with a plan (its term, its next payment, its
    // upgrades), and the pages of the plan's features (an advanced calculator).
    ...catalogue.filter((r) => r.who === 'pro' || r.path === '/' || r.path === '/user/account').map(of('pro')),
    ...toolRoutes(b).map((t) => ({
      id: routeId(t.path),
      page: () => t,
      who: 'pro' as const,
      status: 200,
      finder: t.finder,
      ...(t.rows === undefined ? {} : { rows: t.rows }),
    })),
  ];
  // A page seen both signed out and signed in (the calculator) is named apart the second time.
  const ids = new Set<string>();
  return routes.map((r) => {
    const id = ids.has(r.id) ? `${r.id}-${r.who}` : r.id;
    if (ids.has(id)) throw new Error(`two routes would share the screenshot name ${id}`);
    ids.add(id);
    return { ...r, id };
  });
}

/** The screenshot: the page from its top, at most four screens of it (a guide is many screens long). */
async function screenshot(page: Page, file: string, viewport: Viewport): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.screenshot({
    path: file,
    fullPage: true,
    clip: { x: 0, y: 0, width: viewport.width, height: Math.min(height, 4 * viewport.height) },
    animations: 'disabled',
    caret: 'hide',
  });
}

/**
 * The milliseconds a page view spent in each phase: 'goto' (the navigation to the load event),
 * 'heading' (its h1), 'finder' (a finder's results), 'idle' (the network at rest), 'scheme' (the
 * switch to the dark scheme and its images), 'page' (heading, title, help link, overflow), 'axe',
 * 'copy', 'tables' and 'screenshot'.
 */
type Times = Record<string, number>;
/** Chromium logs an error page's own status as a console error: that line is the status the review checks itself. */
function ownStatusLine(status: number, url: string): string {
  return `console error: Failed to load resource: the server responded with a status of ${status} () (${url}:0)`;
}

/** The review of one brand (review.<brand>.test.ts). */
export function reviewSuite(brand: BrandId): void {
  describe(`the ${brand} brand's screenshot review: every route at 1366 and 375 px, light and dark`, () => {
    const e2e = useE2E(brand);
    /** The session token of each member, as the browser last held it. */
    const tokens: Partial<Record<Exclude<Who, 'visitor'>, string>> = {};
    let found: Found | undefined;
    const routes = reviewRoutes(brand);
    const known = knownIdentifiers(brand);
    /** Every page view's phases, summed; and when the first view started. */
    const totals: Times = {};
    let views = 0;
    let startedAt = 0;
    beforeAll(async () => {
      const origin = e2e().server.origin;
      const top = getBrand(brand).plans.at(-1);
      if (top === undefined) throw new Error(`${brand} has no plans`);
      const [member, pro] = await Promise.all([registerMember(origin, { tag: 'review' }), registerMember(origin, { tag: 'reviewpro' })]);
      await subscribeMember(origin, pro, top.name);
      tokens.member = member.token;
      tokens.pro = pro.token;
      found = { content: await readContent(origin), referralCode: member.referralCode };
      mkdirSync(SCREENS_DIR, { recursive: true });
      startedAt = Date.now();
    });
    afterAll(() => {
      const s = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
      console.warn(`screenshot review, ${brand}: ${views} page views in ${s(Date.now() - startedAt)} (${describeTimes(totals, s)})`);
    });

    for (const viewport of REVIEW_WIDTHS) {
      describe(`${viewport.width} px`, () => {
        let tab: Tab | undefined;
        let signedIn: Who = 'visitor';
        afterAll(async () => {
          const held = (await tab?.context.cookies())?.find((c) => c.name === '_opjwt')?.value;
          if (signedIn !== 'visitor' && held !== undefined && held !== '') tokens[signedIn] = held;
          await tab?.close();
        });

        /** The width's one tab, signed in as `who` (its session cookie swapped), in the light scheme. */
        const tabAs = async (who: Who): Promise<Tab> => {
          if (tab === undefined) {
            // A new tab starts on the home page, so that each route is a navigation whose status is read.
            tab = await e2e().open('/', { viewport, colorScheme: 'light' });
            tab.page.setDefaultTimeout(STEP_TIMEOUT_MS);
          }
          if (who !== signedIn) {
            // The server renews a session's token after half its 15 minutes and refuses the old one
            // from then on: the newest one the browser holds is the member's from now on.
            const held = (await tab.context.cookies()).find((c) => c.name === '_opjwt')?.value;
            if (signedIn !== 'visitor' && held !== undefined && held !== '') tokens[signedIn] = held;
            await tab.context.clearCookies();
            const token = who === 'visitor' ? undefined : tokens[who];
            if (token !== undefined) await tab.context.addCookies([{ name: '_opjwt', value: token, url: e2e().server.origin }]);
            signedIn = who;
          }
          await tab.page.emulateMedia({ colorScheme: 'light' });
          return tab;
        };

        /** A tab of its own, signed out, whose clock stands at `at`; closed when the test ends. */
        const tabAt = async (at: Date): Promise<Tab> => {
          const t = await e2e().open('/', { viewport, colorScheme: 'light' });
          onTestFinished(() => t.close());
          t.page.setDefaultTimeout(STEP_TIMEOUT_MS);
          await t.page.clock.setFixedTime(at);
          return t;
        };

        /** Loads the route (or loads it again): its status, its h1 (the heading it must be), a finder's results, the network at rest. */
        const load = async (t: Tab, route: ReviewRoute, url: string, expected: string | null, times: Times) => {
          const { page } = t;
          const response = await timed(times, 'goto', () => page.goto(url));
          const failures: string[] = [];
          if (response?.status() !== route.status) failures.push(`HTTP ${response?.status() ?? 'no response'}, not ${route.status}`);
          const h1 = page.getByRole('heading', { level: 1 }).first();
          await timed(times, 'heading', () => h1.waitFor());
          const heading = expected ?? (await h1.textContent()) ?? '';
          if (expected === null && heading === 'Page not found') failures.push('the not-found page');
          if (route.finder)
            await timed(times, 'finder', () =>
              page
                .getByRole('region', { name: `${heading} results` })
                .or(page.getByText(/^Nothing matches right now/))
                .first()
                .waitFor(),
            );
          const { rows } = route;
          if (rows !== undefined)
            await timed(times, 'finder', () => page.getByRole('table', { name: rows }).getByRole('row').nth(2).waitFor());
          await timed(times, 'idle', () => networkSettled(page));
          return { failures, heading };
        };

        for (const route of routes) {
          // No second attempt: a page view is not a race, and a failed one is a finding.
          it(`${route.id} (${route.who}), light and dark`, { timeout: VIEW_TIMEOUT_MS, retry: 0 }, async () => {
            if (found === undefined) throw new Error('the review has no server content');
            const { path, heading: expected } = route.page(found);
            const t = route.at === undefined ? await tabAs(route.who) : await tabAt(route.at);
            const { page } = t;
            const url = new URL(path, e2e().server.origin).href;
            const own = ownStatusLine(route.status, url);
            const lines: string[] = [];
            let since = t.problems().length;
            let times: Times = {};
            let { failures, heading } = await load(t, route, url, expected, times);
            for (const scheme of SCHEMES) {
              if (scheme !== 'light') {
                since = t.problems().length;
                times = {};
                // Its colour transitions taken to their end: axe reads colours.
                await timed(times, 'scheme', () => switchScheme(page, scheme));
                if ((await page.locator('canvas').count()) > 0) ({ failures, heading } = await load(t, route, url, expected, times));
                // The images of the scheme (a <picture>'s dark source) are loaded before the screenshot,
                // but for lazy ones, which a dark load would not have loaded either.
                await timed(times, 'scheme', () =>
                  page.waitForFunction(() => [...document.images].every((i) => i.complete || i.loading === 'lazy')),
                );
              }
              const checks = {
                since,
                axe: scheme === 'light' ? true : SCHEME_RULES,
                ...(scheme === 'light' ? { copy: known } : {}),
                times,
              };
              failures.push(...(await checkPage(t, heading, checks)).filter((f) => route.status === 200 || f !== own));
              failures.push(
                ...(await timed(times, 'tables', () => clippedTables(page, { tableWidth: viewport.width === VIEWPORTS.laptop.width }))),
              );
              await timed(times, 'screenshot', () =>
                screenshot(page, join(SCREENS_DIR, `${brand}-${route.id}-${viewport.width}-${scheme}.png`), viewport),
              );
              views += 1;
              for (const [phase, ms] of Object.entries(times)) totals[phase] = (totals[phase] ?? 0) + ms;
              if (process.env['E2E_TIMES'] !== undefined) console.warn(`${route.id} ${viewport.width} ${scheme}: ${describeTimes(times)}`);
              lines.push(...failures.map((f) => `${viewport.width} ${scheme} ${path} (${route.who}): ${f}`));
              failures = [];
            }
            if (lines.length > 0) appendFileSync(join(SCREENS_DIR, 'findings.txt'), lines.map((l) => `${brand} ${l}\n`).join(''));
            expect(lines).toEqual([]);
          });
        }

        if (viewport === VIEWPORTS.phone) {
          // The other routes of a template seen above, in this tab (light): every check but axe (the
          // template's was run above), the copy check and the cut cells.
          it(
            'the other pages of a template: plans, upgrades, sale links, calculators, guides',
            { timeout: 20 * VIEW_TIMEOUT_MS },
            async () => {
              if (found === undefined) throw new Error('the review has no server content');
              const failures: string[] = [];
              for (const other of otherRoutes(brand, found.content)) {
                const t = await tabAs(other.who ?? 'visitor');
                const since = t.problems().length;
                const url = new URL(other.path, e2e().server.origin).href;
                const response = await t.page.goto(url);
                const status = other.status ?? 200;
                if (response?.status() !== status)
                  failures.push(`${other.path}: HTTP ${response?.status() ?? 'no response'}, not ${status}`);
                const own = ownStatusLine(status, url);
                failures.push(
                  ...(await checkPage(t, other.heading, { axe: false, since, copy: known }))
                    .filter((f) => status === 200 || f !== own)
                    .map((f) => `${other.path}: ${f}`),
                );
                // No table cell cut (a phone's table may scroll sideways: its width is the laptop's check).
                failures.push(...(await clippedTables(t.page, { tableWidth: false })).map((f) => `${other.path}: ${f}`));
              }
              expect(failures).toEqual([]);
            },
          );
        }
      });
    }
  });
}

/** A view's (or the review's) phases, each as "phase 120 ms" (or in the unit `unit` writes). */
function describeTimes(times: Times, unit: (ms: number) => string = (ms) => `${ms} ms`): string {
  return Object.entries(times)
    .map(([phase, ms]) => `${phase} ${unit(ms)}`)
    .join(', ');
}
