// The routes of the app that are not tool screens (spec section 2), for one brand, against the
// production build: `catalogueRoutes` lists them with their fixed headings (the list in the
// integrator's brief; guides and offers by their title from the server) and `checkPage` is what
// every page passes: its heading and title, no console error, no serious or critical axe
// violation, no horizontal scroll, a link to responsible-gambling help. The screenshot review
// (review.ts) runs it on one route of each template in four views; this suite runs it, without
// axe, on the other routes of a template (the other plans', upgrades' and sales' pages, the other
// guides) on a 375 px phone. Members-only routes are visited signed in: a member registered
// through GraphQL, whose `_opjwt` cookie is put into the browser context. One file per brand
// (routes.<brand>.test.ts).
import { getBrand } from '@matchkit/sdk/brands';
import { activeSale, salePaymentLink } from '@matchkit/sdk/sales';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  describeViolations,
  graphql,
  registerMember,
  horizontalOverflow,
  useE2E,
  VIEWPORTS,
  type BrandId,
  type Tab,
  type TestMember,
} from './harness';

/**
 * Time for one page: opening, the heading, axe. About 3 s on an idle two-core machine; axe alone
 * took 15 s when other builds shared it.
 */
const PAGE_TIMEOUT_MS = 60_000;

/** A route and what its page must show. */
export interface RouteCase {
  readonly path: string;
  /** The page's h1. */
  readonly heading: string;
  /** Visited signed in as a member. */
  readonly member?: boolean;
  /** false: axe is skipped, as it ran on another page of the same template (the first plan, upgrade or sale link). */
  readonly axe?: boolean;
  /** The HTTP status of the page's load: 200 unless said (an address that is no page of the app answers 404). */
  readonly status?: number;
}

/** The routes of a brand whose heading follows from the catalogue alone (no server data). */
export function catalogueRoutes(brand: BrandId, now: Date): RouteCase[] {
  const b = getBrand(brand);
  const label = (tier: string) => b.plans.find((p) => p.name === tier)?.label ?? b.tiers.find((t) => t.id === tier)?.label ?? tier;
  const sale = activeSale(b.sales, now);
  return [
    { path: '/', heading: b.displayName },
    { path: '/login', heading: 'Sign in' },
    { path: '/register', heading: 'Create your account' },
    { path: '/logout', heading: 'You have signed out' },
    { path: '/forgot-password', heading: 'Forgotten your password?' },
    { path: '/reset-password?token=not-a-real-token', heading: 'Choose a new password' },
    { path: '/welcome', heading: `Welcome to ${b.displayName}`, member: true },
    { path: '/user/account', heading: 'Your account', member: true },
    { path: '/user/refer-a-friend', heading: 'Refer a friend', member: true },
    { path: '/pro', heading: 'Plans and prices' },
    { path: '/affiliates', heading: 'Affiliate programme' },
    { path: '/forum', heading: "Members' forum" },
    { path: '/settings', heading: 'Settings' },
    { path: '/calculator', heading: 'Matched betting calculator' },
    ...b.plans.map((p, i) => ({ path: `/subscribe/${p.name}`, heading: `Subscribe: ${p.label}`, member: true, axe: i === 0 })),
    ...b.upgrades.map((u, i) => ({ path: `/subscribe/${u.slug}`, heading: `Upgrade to ${label(u.to)}`, member: true, axe: i === 0 })),
    // A sale link of each of the brand's sales (its first plan), as the server's clock finds it.
    ...b.sales.flatMap((s, i) => {
      const plan = s.plans[0];
      if (plan === undefined) return [];
      return [
        {
          path: salePaymentLink(s, plan.plan),
          heading:
            sale?.id === s.id && sale.paymentLinkUniqParam === s.paymentLinkUniqParam ? s.salePageSections.title : 'This sale has ended',
          member: true,
          axe: i === 0,
        },
      ];
    }),
    { path: '/contact', heading: 'Contact us' },
    { path: '/terms-of-service', heading: 'Terms of service' },
    { path: '/refund-policy', heading: 'Refund policy' },
    { path: '/privacy-policy', heading: 'Privacy policy' },
    { path: '/responsible-gambling', heading: 'Responsible gambling' },
    { path: '/no-such-page/at-all', heading: 'Page not found', status: 404 },
    { path: '/offers/sportsbook-signup-offers/no-such-offer', heading: 'Page not found' },
  ];
}

/** The seeded content the routes show, as the server lists it. */
export interface Content {
  readonly guides: readonly { slug: string; title: string; url: string }[];
  readonly offer: { title: string; category: string; slug: string };
}

export async function readContent(origin: string): Promise<Content> {
  const { data } = await graphql<{
    guides: { nodes: { slug: string; title: string; url: string }[] };
    offers: { nodes: { title: string; category: string; slug: string }[] };
  }>(
    origin,
    `query RouteContent {
      guides(first: 100) { nodes { slug title url } }
      offers(category: "sportsbook-signup-offers", first: 1) { nodes { title category slug } }
    }`,
  );
  const offer = data.offers.nodes[0];
  if (offer === undefined) throw new Error('the server has no sportsbook offer');
  return { guides: data.guides.nodes, offer };
}

/**
 * The checks every page passes; returns what failed, as lines (empty when all passed). `axe`
 * false skips axe (the slowest check) for a page whose template another test already ran it on.
 */
export async function checkPage(
  tab: Tab,
  heading: string,
  { axe = true, since = 0 }: { readonly axe?: boolean; readonly since?: number } = {},
): Promise<string[]> {
  const { page } = tab;
  const failures: string[] = [];
  try {
    await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor({ timeout: 5_000 });
  } catch {
    const shown = await page
      .getByRole('heading', { level: 1 })
      .allTextContents()
      .catch(() => []);
    failures.push(`heading "${heading}" not shown (h1: ${JSON.stringify(shown)}, url ${page.url()})`);
    return failures;
  }
  // Every page has a title of its own: "{page} · {brand}", never one part twice ("Brightlay · Brightlay").
  const title = await page.title();
  const parts = title.split(' · ');
  if (parts.length !== 2 || parts[0] === parts[1] || parts.some((p) => p.trim() === ''))
    failures.push(`document title "${title}" is not "{page} · {brand}"`);
  const help = page.getByRole('contentinfo').getByRole('link', { name: /responsible gambling/i });
  if ((await help.count()) === 0) failures.push('no link to responsible-gambling help in the footer');
  else if ((await help.first().getAttribute('href')) !== '/responsible-gambling')
    failures.push('the help link does not lead to /responsible-gambling');
  const overflow = await horizontalOverflow(page);
  if (overflow !== 0) failures.push(`horizontal scroll: ${overflow} px wider than the viewport`);
  if (axe) failures.push(...describeViolations(await axeViolations(page)).map((v) => `axe: ${v}`));
  failures.push(...tab.problems().slice(since));
  return failures;
}

/** The all-routes suite for one brand. */
export function routesSuite(brand: BrandId): void {
  describe(`the ${brand} brand, every non-tool route`, () => {
    const e2e = useE2E(brand);
    let member: TestMember | undefined;
    let content: Content | undefined;
    const signedIn = () => {
      if (member === undefined) throw new Error('no member was registered');
      return member;
    };
    beforeAll(async () => {
      member = await registerMember(e2e().server.origin, { tag: 'routes' });
      content = await readContent(e2e().server.origin);
    });
    // One tab per kind of visit (signed in or not, theme, viewport), reused from route to route:
    // each visit is a full page load, and only the problems since it count.
    const tabs = new Map<string, Tab>();
    afterAll(async () => {
      for (const tab of tabs.values()) await tab.close();
    });

    /** Opens `path` on a 375 px phone (signed in when asked) and runs the checks. */
    const visit = async (
      path: string,
      heading: string,
      asMember: boolean,
      colorScheme: 'light' | 'dark' = 'light',
      {
        axe = true,
        viewport = VIEWPORTS.phone,
        expect: expected = 200,
      }: { readonly axe?: boolean; readonly viewport?: { width: number; height: number }; readonly expect?: number } = {},
    ) => {
      const url = new URL(path, e2e().server.origin).href;
      const key = `${asMember} ${colorScheme} ${viewport.width}`;
      let tab = tabs.get(key);
      if (tab === undefined) {
        // A new tab starts on the home page, so that the visit itself is a navigation whose status is read here.
        tab = await e2e().open('/', { viewport, colorScheme, ...(asMember ? { member: signedIn() } : {}) });
        tabs.set(key, tab);
      }
      const reused: Tab = tab;
      const since = reused.problems().length;
      const response = await reused.page.goto(url);
      const got = response?.status();
      const status = got !== expected ? [`navigation to ${url}: HTTP ${got ?? 'no response'}, not ${expected}`] : [];
      // Chromium logs an expected error status of the page itself as a console error: that one line is the status checked above.
      const own = `console error: Failed to load resource: the server responded with a status of ${expected} () (${url}:0)`;
      const failures = await checkPage(reused, heading, { axe, since });
      return [...status, ...(expected === 200 ? failures : failures.filter((f) => f !== own))];
    };

    // Each route's page is reviewed whole in four views by review.ts (the screenshot review): its
    // heading, title, status, help link, overflow, axe and tables at 1366 and 375 px, light and
    // dark. Here, the pages of a template the review saw on another route, on a phone, light.
    for (const route of catalogueRoutes(brand, new Date()).filter((r) => r.axe === false)) {
      it(`${route.path}${route.member === true ? ' (signed in)' : ''}: "${route.heading}"`, { timeout: PAGE_TIMEOUT_MS }, async () => {
        expect(await visit(route.path, route.heading, route.member === true, 'light', { axe: false, expect: route.status ?? 200 })).toEqual(
          [],
        );
      });
    }

    // The guides share one template, which the review checks on the first guide; each other
    // guide is checked here for everything else.
    it('every other guide, by its title', { timeout: 10 * PAGE_TIMEOUT_MS }, async () => {
      const others = (content?.guides ?? []).filter((g) => g.slug !== 'tutorial-1-the-basic-idea');
      expect(others.length).toBeGreaterThanOrEqual(8);
      const failures: string[] = [];
      for (const guide of others)
        failures.push(...(await visit(guide.url, guide.title, false, 'light', { axe: false })).map((f) => `${guide.url}: ${f}`));
      expect(failures).toEqual([]);
    });
  });
}
