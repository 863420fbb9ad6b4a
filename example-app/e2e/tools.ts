// Every tool route of a brand, in the browser, for one brand (one file per brand:
// tools.<brand>.test.ts). A member of the brand's top plan opens every tool page the catalogue
// has (`brand.tools` with a slug, and the calculator, profit tracker and balance sheet routes):
// each shows its heading (never the not-found page), its working state (a finder's live results),
// no console error (axe: the screenshot review, review.ts, on every tool route in four views, a
// finder on a dark 375 px phone among them). A member of the cheapest plan sees a dearer tool
// locked, with the cheapest plan that unlocks it, and the server leaves that tool's parts out of
// the odds feed it sends them (docs/feed.md).
import { getBrand, type Brand } from '@matchkit/sdk/brands';
import { availableTools, cheapestPlanFor, grantedCapabilities } from '@matchkit/sdk/entitlements';
import { feedPartsFor, finderTools, type FeedPart } from '@matchkit/sdk/matching';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql, registerMember, subscribeMember, useE2E, VIEWPORTS, type BrandId, type E2E, type Tab, type TestMember } from './harness';
import { checkPage } from './routes';

const TEST_TIMEOUT_MS = 180_000;
const STEP_TIMEOUT_MS = 30_000;

/** Every field of the snapshot that a part of the feed carries. */
const FEED_QUERY = `query ToolFeed {
  oddsSnapshot {
    backPrices { eachWay { places } boostedFrom bestOddsGuaranteed earlyPayout { goalsAhead } }
    exchangePrices { places back { odds } eachWayLay { odds } }
    betBuilders { id }
  }
}`;
interface FeedAnswer {
  readonly oddsSnapshot: {
    readonly backPrices: readonly { eachWay: unknown; boostedFrom: number | null; bestOddsGuaranteed: boolean; earlyPayout: unknown }[];
    readonly exchangePrices: readonly { places: number | null; back: unknown; eachWayLay: unknown }[];
    readonly betBuilders: readonly unknown[];
  };
}
/** Whether a snapshot carries a part of the feed (docs/feed.md's table). */
const PART_PRESENT: Record<FeedPart, (s: FeedAnswer['oddsSnapshot']) => boolean> = {
  exchangeBacks: (s) => s.exchangePrices.some((p) => p.back !== null),
  placeMarkets: (s) => s.exchangePrices.some((p) => p.places !== null),
  eachWay: (s) => s.backPrices.some((p) => p.eachWay !== null),
  eachWayLay: (s) => s.exchangePrices.some((p) => p.eachWayLay !== null),
  boosts: (s) => s.backPrices.some((p) => p.boostedFrom !== null),
  bestOddsGuaranteed: (s) => s.backPrices.some((p) => p.bestOddsGuaranteed),
  earlyPayout: (s) => s.backPrices.some((p) => p.earlyPayout !== null),
  betBuilders: (s) => s.betBuilders.length > 0,
};

/** A tool route and the heading its page shows (null: any heading but the not-found page's, for a page of another feature whose title the catalogue does not give). */
interface ToolRoute {
  readonly path: string;
  readonly heading: string | null;
  /** A finder of this feature: its live results (or its "nothing matches") must show. */
  readonly finder: boolean;
  /** The address opened instead: the other brand's slug for the same tool, which must redirect to `path`. */
  readonly via?: string;
  /** The table whose live rows the page shows (the oddsmatcher's; a finder's results are `finder`'s). */
  readonly rows?: string;
}

/** The oddsmatcher's table of live rows, by its accessible name. */
export const ODDSMATCHER_TABLE = 'Ranked back and lay matches';

/** The brand's tool routes: every catalogue tool with a page, then the calculator, tracker and balance-sheet routes. */
export function toolRoutes(brand: Brand): ToolRoute[] {
  const finders = new Set(finderTools.map((f) => f.key));
  // The acca tool is opened by the other brand's slug (the spec names `/acca-catcher`, the
  // secondary brand's catalogue `acca-finder`): it must land on this brand's, the query kept.
  const other = getBrand(brand.id === 'primary' ? 'secondary' : 'primary');
  const viaSlug = other.tools.find((t) => t.key === 'accaCatcher')?.slug;
  return [
    ...brand.tools
      .filter((t) => t.slug !== '')
      .map((t) => {
        const finder = finders.has(t.key) && t.key !== 'oddsmatcher';
        // A finder's 25 best rows: the same page, a smaller table for axe to walk.
        const query = finder ? '?rows=25' : '';
        const via = t.key === 'accaCatcher' && viaSlug !== undefined && viaSlug !== t.slug ? { via: `/${viaSlug}${query}` } : {};
        const rows = t.key === 'oddsmatcher' ? { rows: ODDSMATCHER_TABLE } : {};
        return { path: `/${t.slug}${query}`, heading: t.title, finder, ...via, ...rows };
      }),
    ...[brand.routes['calculator'], brand.routes['advancedCalculators'], brand.routes['profitTracker'], brand.routes['balanceSheet']]
      .filter((p): p is string => p !== undefined)
      .map((path) => ({ path, heading: null, finder: false })),
  ];
}

/** The page object: one signed-in tab of the brand, moved from tool to tool. */
class ToolsTab {
  private constructor(
    private readonly e2e: E2E,
    readonly tab: Tab,
  ) {}

  static async open(e2e: E2E, member: TestMember, path: string): Promise<ToolsTab> {
    const tab = await e2e.open(path, { member, viewport: VIEWPORTS.desktop });
    tab.page.setDefaultTimeout(STEP_TIMEOUT_MS);
    return new ToolsTab(e2e, tab);
  }

  get page(): Page {
    return this.tab.page;
  }

  /** Goes to `path` (a full load) and returns the problems seen from then on. */
  async goto(path: string): Promise<number> {
    const since = this.tab.problems().length;
    await this.page.goto(new URL(path, this.e2e.server.origin).href);
    return since;
  }

  /**
   * Goes to `path` inside the app, as its links do (the router follows the address; the app, its
   * session and its chunks stay loaded), once the page shows `heading`; returns the problems seen
   * from then on.
   */
  async navigate(path: string, heading: string): Promise<number> {
    const since = this.tab.problems().length;
    await this.page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await this.page
      .getByRole('heading', { level: 1, name: heading, exact: true })
      .or(this.page.getByRole('heading', { level: 1, name: 'Page not found' }))
      .first()
      .waitFor();
    return since;
  }

  /** The page's h1, once there is one. */
  async heading(): Promise<string> {
    const h1 = this.page.getByRole('heading', { level: 1 });
    await h1.first().waitFor();
    return (await h1.first().textContent()) ?? '';
  }

  /** A finder's live results: its table, or its message that nothing matches now. */
  async finderResults(title: string): Promise<void> {
    await this.page
      .getByRole('region', { name: `${title} results` })
      .or(this.page.getByText(/^Nothing matches right now/))
      .first()
      .waitFor();
  }

  /**
   * Checks the page: the heading (exactly, whatever its case), the footer's help link, no horizontal
   * scroll, no console error. axe: the screenshot review (review.ts) runs it on every tool route in
   * four views; here only on the pages only this suite reaches (`axe`: a locked tool).
   */
  async check(heading: string, since: number, { axe = false }: { readonly axe?: boolean } = {}): Promise<string[]> {
    return checkPage(this.tab, heading, { since, axe });
  }
}

export function toolsSuite(brandId: BrandId): void {
  const brand = getBrand(brandId);
  const top = brand.plans[brand.plans.length - 1];
  const cheapest = brand.plans[0];
  if (top === undefined || cheapest === undefined) throw new Error(`${brandId} has no plans`);
  // The tool shown locked: the first of the pro plan's tools whose feed parts the cheapest plan
  // does not receive (primary: extra place master's locked each-way lays; secondary: lucky
  // finder EV's exchange back prices), so that the server's refusal can be seen in the feed.
  const basicParts = feedPartsFor(
    availableTools(brand, { capabilities: grantedCapabilities(brand, cheapest), additionalCapabilities: [] }).map((t) => t.key),
  );
  const lockedParts = (key: string) => feedPartsFor([key]).filter((p) => !basicParts.includes(p));
  const locked = brand.tools.find(
    (t) => t.slug !== '' && cheapestPlanFor(brand, t.capability)?.name === 'pro' && lockedParts(t.key).length > 0,
  );
  if (locked === undefined) throw new Error(`${brandId} has no pro tool reading a part of the feed that ${cheapest.name} does not`);

  describe(`the ${brandId} brand: every tool route`, { timeout: TEST_TIMEOUT_MS }, () => {
    const e2e = useE2E(brandId);
    let pro: TestMember;
    let basic: TestMember;
    const tabs: ToolsTab[] = [];
    beforeAll(async () => {
      const origin = e2e().server.origin;
      [pro, basic] = await Promise.all([registerMember(origin, { tag: 'toolpro' }), registerMember(origin, { tag: 'toolbasic' })]);
      await Promise.all([subscribeMember(origin, pro, top.name), subscribeMember(origin, basic, cheapest.name)]);
    });
    afterAll(async () => {
      for (const t of tabs) await t.tab.close();
    });

    it(`a ${top.label} member uses every tool route: its heading, its results, no console error; a finder row to the tracker and the calculator`, async () => {
      const routes = toolRoutes(brand);
      expect(routes.length).toBeGreaterThan(10);
      // The tool pages are reached inside the app, as a member moves from tool to tool (each
      // page's own data, chunk and ranking worker are still loaded afresh); the first, and the
      // pages of other features (whose heading the catalogue does not give), by a full load.
      const first = routes[0];
      if (first === undefined) throw new Error('no routes');
      const tools = await ToolsTab.open(e2e(), pro, first.via ?? first.path);
      tabs.push(tools);
      const failures: string[] = [];
      for (const [i, route] of routes.entries()) {
        const started = Date.now();
        const opened = route.via ?? route.path;
        const since = i === 0 ? 0 : route.heading === null ? await tools.goto(opened) : await tools.navigate(opened, route.heading);
        const shown = await tools.heading();
        const at = new URL(tools.page.url());
        if (at.pathname + at.search !== route.path) failures.push(`${opened}: at ${at.pathname + at.search}, not ${route.path}`);
        if (shown === 'Page not found') {
          failures.push(`${route.path}: the not-found page`);
          continue;
        }
        if (route.heading !== null && shown.toLowerCase() !== route.heading.toLowerCase())
          failures.push(`${route.path}: heading "${shown}", not "${route.heading}"`);
        if (route.finder) {
          await tools.finderResults(shown);
          // The prices are said to be simulated, and the tool says what it ranks by.
          await tools.page.getByText('Simulated prices: not real bookmaker or exchange odds').waitFor();
          await tools.page
            .getByText(/^Ranked by/)
            .first()
            .waitFor();
        }
        failures.push(...(await tools.check(shown, since)).map((f) => `${route.path}: ${f}`));
        if (process.env['E2E_TIMES'] !== undefined) console.warn(route.path, Date.now() - started);
      }
      expect(failures).toEqual([]);

      // A finder's row: the match catcher's first row, recorded in the tracker, then opened in the calculator with its prices.
      const catcher = brand.tools.find((t) => t.key === 'matchCatcher');
      if (catcher === undefined) throw new Error('no match catcher');
      await tools.navigate(`/${catcher.slug}?rows=25`, catcher.title);
      await tools.finderResults(catcher.title);
      // Held still, so the first row is the same row from reading it to pressing its buttons.
      await tools.page.getByRole('checkbox', { name: 'Pause updates' }).check();
      const row = tools.page
        .getByRole('region', { name: `${catcher.title} results` })
        .getByRole('row')
        .nth(1);
      // The event is the row's header; the cells: #, selection, back, lay, ...
      await row.getByRole('rowheader').waitFor();
      const back = (await row.getByRole('cell').nth(2).locator('.finder-strong').textContent()) ?? '';
      const lay = (await row.getByRole('cell').nth(3).locator('.finder-strong').textContent()) ?? '';
      // Its tracker button records the bet with the tool's tracker source (read back from the server).
      const selection = (await row.getByRole('cell').nth(1).textContent()) ?? '';
      await row.getByRole('button', { name: /^Add to tracker: / }).click();
      await tools.page.getByText('The bet is in your profit tracker.').first().waitFor();
      const { data } = await graphql<{ trackedBets: { nodes: { source: string; selection: string; legs: { odds: number }[] }[] } }>(
        e2e().server.origin,
        'query { trackedBets(first: 5) { nodes { source selection legs { odds } } } }',
        {},
        pro.token,
      );
      expect(data.trackedBets.nodes.map((b) => [b.source, b.selection, b.legs[0]?.odds])).toEqual([
        [catcher.profitTrackerSource, selection, Number(back)],
      ]);
      await row.getByRole('link', { name: /^Calculator:/ }).click();
      await tools.page.waitForURL(/\/calculator\?/);
      expect(Number(await tools.page.getByLabel('Back odds (decimal)').inputValue())).toBe(Number(back));
      expect(Number(await tools.page.getByLabel('Lay odds (decimal)').inputValue())).toBe(Number(lay));
      expect(new URL(tools.page.url()).searchParams.get('src')).toBe(catcher.profitTrackerSource);
    });

    it(`a ${cheapest.label} member sees ${locked.title} locked with the cheapest plan, and the server leaves its parts out of their feed`, async () => {
      const origin = e2e().server.origin;
      const plan = cheapestPlanFor(brand, locked.capability);
      if (plan === undefined) throw new Error(`no plan unlocks ${locked.key}`);
      const tools = await ToolsTab.open(e2e(), basic, `/${locked.slug}`);
      tabs.push(tools);
      await tools.page.getByRole('heading', { level: 2, name: `${locked.title} is in the ${plan.label} plan` }).waitFor();
      await tools.page.getByRole('link', { name: `Get ${plan.label}` }).waitFor();
      expect(await tools.page.getByRole('region', { name: `${locked.title} results` }).count()).toBe(0);
      expect(await tools.check(locked.title, 0, { axe: true })).toEqual([]);

      // The server: each part of the feed only the locked tool's plan reads is absent from this
      // member's snapshot, and present in the top plan member's (docs/feed.md).
      const parts = lockedParts(locked.key);
      expect(parts.length).toBeGreaterThan(0);
      const [mine, theirs] = await Promise.all([
        graphql<FeedAnswer>(origin, FEED_QUERY, {}, basic.token),
        graphql<FeedAnswer>(origin, FEED_QUERY, {}, pro.token),
      ]);
      expect(mine.data.oddsSnapshot.backPrices.length).toBeGreaterThan(0);
      for (const part of parts) {
        expect({ part, present: PART_PRESENT[part](mine.data.oddsSnapshot) }).toEqual({ part, present: false });
        expect({ part, present: PART_PRESENT[part](theirs.data.oddsSnapshot) }).toEqual({ part, present: true });
      }
    });
  });
}
