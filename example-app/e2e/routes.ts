// The routes of the app that are not tool screens (spec section 2), for one brand, against the
// production build: `catalogueRoutes` lists them with their fixed headings (the list in the
// integrator's brief; guides and offers by their title from the server) and `checkPage` is what
// every page passes: its heading and title, no console error, no serious or critical axe
// violation, no horizontal scroll, a link to responsible-gambling help, and (when asked) no
// developer wording in its text. The screenshot review (review.ts) runs it on one route of each
// template in four views, and on the other routes of a template (`otherRoutes`: the other plans',
// upgrades' and sales' pages, the other advanced calculators, the other guides) on a 375 px phone
// without axe, in the same tab.
import { catalogueIdentifiers } from '@matchkit/app-contract';
import { createSimulatedFeed } from '@matchkit/app-contract/feed';
import { getBrand } from '@matchkit/sdk/brands';
import { activeSale, salePaymentLink } from '@matchkit/sdk/sales';
import { axeViolations, copyFindings, describeViolations, graphql, horizontalOverflow, type BrandId, type Tab } from './harness';

/** Who is signed in for a route: nobody, a member without a plan, or a member of the brand's top plan. */
export type Who = 'visitor' | 'member' | 'pro';

/** A route and what its page must show. */
export interface RouteCase {
  readonly path: string;
  /** The page's h1. */
  readonly heading: string;
  /** Who is signed in when it is visited (a visitor unless said). */
  readonly who?: Who;
  /** false: axe is skipped, as it ran on another page of the same template (the first plan, upgrade or sale link). */
  readonly axe?: boolean;
  /**
   * The HTTP status of the page's load: 200 unless said (an address that is no page of the app, or
   * names a guide, offer, calculator or subscribe link that does not exist, answers 404).
   */
  readonly status?: number;
}

/** The advanced calculator whose page the review checks with axe. */
const AXE_CALCULATOR = 'rule-4-calculator';

/** The routes of a brand whose heading follows from the catalogue alone (no server data). */
export function catalogueRoutes(brand: BrandId, now: Date): RouteCase[] {
  const b = getBrand(brand);
  const label = (tier: string) => b.plans.find((p) => p.name === tier)?.label ?? b.tiers.find((t) => t.id === tier)?.label ?? tier;
  const sale = activeSale(b.sales, now);
  const axeCalculator = b.calculators.some((c) => c.slug === AXE_CALCULATOR) ? AXE_CALCULATOR : b.calculators[0]?.slug;
  return [
    { path: '/', heading: b.displayName },
    { path: '/login', heading: 'Sign in' },
    { path: '/register', heading: 'Create your account' },
    { path: '/logout', heading: 'You have signed out' },
    { path: '/forgot-password', heading: 'Forgotten your password?' },
    { path: '/reset-password?token=not-a-real-token', heading: 'Choose a new password' },
    { path: '/welcome', heading: `Welcome to ${b.displayName}`, who: 'member' },
    { path: '/user/account', heading: 'Your account', who: 'member' },
    { path: '/user/refer-a-friend', heading: 'Refer a friend', who: 'member' },
    { path: '/pro', heading: 'Plans and prices' },
    // The sale page as the browser's clock finds it (plain pricing between sales, and on a brand with none).
    { path: '/sale', heading: sale === undefined ? 'No sale on at the moment' : sale.salePageSections.title },
    { path: '/affiliates', heading: 'Affiliate programme' },
    { path: '/forum', heading: "Members' forum" },
    { path: '/settings', heading: 'Settings' },
    { path: '/user/alerts', heading: 'Your alerts', who: 'pro' },
    { path: '/calculator', heading: 'Matched betting calculator' },
    ...b.plans.map((p, i) => ({ path: `/subscribe/${p.name}`, heading: `Subscribe: ${p.label}`, who: 'member' as const, axe: i === 0 })),
    ...b.upgrades.map((u, i) => ({
      path: `/subscribe/${u.slug}`,
      heading: `Upgrade to ${label(u.to)}`,
      who: 'member' as const,
      axe: i === 0,
    })),
    // A sale link of each of the brand's sales (its first plan), as the server's clock finds it.
    ...b.sales.flatMap((s, i) => {
      const plan = s.plans[0];
      if (plan === undefined) return [];
      return [
        {
          path: salePaymentLink(s, plan.plan),
          heading:
            sale?.id === s.id && sale.paymentLinkUniqParam === s.paymentLinkUniqParam ? s.salePageSections.title : 'This sale has ended',
          who: 'member' as const,
          axe: i === 0,
        },
      ];
    }),
    // Every advanced calculator, as a member of the top plan (whose plan has the feature); axe on
    // the Rule 4 page (its forms and the comparison table only it has), the first one otherwise.
    ...b.calculators.map((c) => ({
      path: `/advanced-calculators/${c.slug}`,
      heading: c.title,
      who: 'pro' as const,
      axe: c.slug === axeCalculator,
    })),
    { path: '/advanced-calculators/no-such-calculator', heading: 'Calculator not found', who: 'pro', axe: false, status: 404 },
    { path: '/contact', heading: 'Contact us' },
    { path: '/terms-of-service', heading: 'Terms of service' },
    { path: '/refund-policy', heading: 'Refund policy' },
    { path: '/privacy-policy', heading: 'Privacy policy' },
    { path: '/responsible-gambling', heading: 'Responsible gambling' },
    { path: '/no-such-page/at-all', heading: 'Page not found', status: 404 },
    { path: '/offers/sportsbook-signup-offers/no-such-offer', heading: 'Page not found', status: 404 },
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

/** The training tutorial the review sees in full (read under /offers/, spec section 2). */
export const FIRST_TUTORIAL = '/offers/sportsbook-signup-offers/tutorial-1-the-basic-idea';

/** The guide of /guides/:slug the review sees in full: the first one listed (the other guides are `otherRoutes`'). */
export function firstGuide(content: Content): Content['guides'][number] | undefined {
  return content.guides.find((g) => g.url.startsWith('/guides/'));
}

/**
 * The words of a brand's catalogue and of the simulated feed that are code (a slug or key with a
 * hyphen or a capital inside: "platinum-upgrade", "alder-bet", "over-under-2-5"), for the copy
 * check: none may stand as a word in what a page shows.
 */
export function knownIdentifiers(brand: BrandId): ReadonlySet<string> {
  const market = createSimulatedFeed({ seed: 7, clock: () => Date.UTC(2026, 5, 1, 12) }).snapshot().market;
  const keys = [
    ...market.events.map((e) => e.sport),
    ...market.markets.map((m) => m.type),
    ...market.backPrices.map((p) => p.bookmaker),
    ...market.exchangePrices.map((p) => p.exchange),
  ].filter((k) => /^[a-z0-9]+(?:[-_][a-z0-9]+)+$|^[a-z]+[A-Z]/.test(k));
  return new Set([...catalogueIdentifiers(getBrand(brand)), ...keys]);
}

/** What to check on a page besides its heading, title, help link, overflow and console. */
export interface PageChecks {
  /** false skips axe (the slowest check) for a page whose template another test already ran it on; a list runs those rules only. */
  readonly axe?: boolean | readonly string[];
  /** Only the console problems after this many count. */
  readonly since?: number;
  /** The copy check: the page's visible text holds no developer wording (`findIdentifiers`, with these known identifiers). */
  readonly copy?: ReadonlySet<string>;
  /** Where to add the milliseconds each check took ('page': heading, title, help link, overflow; 'axe'; 'copy'), for a timing log. */
  readonly times?: Record<string, number>;
}

/** Runs `work`, adding the milliseconds it took to `times[name]` (when there is a `times`). */
export async function timed<T>(times: Record<string, number> | undefined, name: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await work();
  } finally {
    if (times !== undefined) times[name] = (times[name] ?? 0) + Date.now() - started;
  }
}

/** The checks every page passes; returns what failed, as lines (empty when all passed). */
export async function checkPage(tab: Tab, heading: string, { axe = true, since = 0, copy, times }: PageChecks = {}): Promise<string[]> {
  const { page } = tab;
  const failures: string[] = [];
  const started = Date.now();
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
  if (times !== undefined) times['page'] = (times['page'] ?? 0) + Date.now() - started;
  if (axe !== false) {
    const violations = await timed(times, 'axe', () => axeViolations(page, undefined, axe === true ? {} : { rules: axe }));
    failures.push(...describeViolations(violations).map((v) => `axe: ${v}`));
  }
  if (copy !== undefined) failures.push(...(await timed(times, 'copy', () => copyFindings(page, copy))));
  failures.push(...tab.problems().slice(since));
  return failures;
}

/**
 * The routes of a template whose first route the screenshot review sees in full (review.ts): the
 * other plans', upgrades' and sale links' purchase pages (members' pages), the other advanced
 * calculators and the unknown one (a member of the top plan's), and every guide but the two seen
 * in full (`FIRST_TUTORIAL`, `firstGuide`). The review visits them on the phone, light, with every
 * check but axe, the copy check and the cut cells.
 */
export function otherRoutes(brand: BrandId, content: Content): RouteCase[] {
  return [
    ...catalogueRoutes(brand, new Date()).filter((r) => r.axe === false),
    ...content.guides
      .filter((g) => g.url !== FIRST_TUTORIAL && g.url !== firstGuide(content)?.url)
      .map((g) => ({ path: g.url, heading: g.title, axe: false })),
  ];
}
