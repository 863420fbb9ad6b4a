// @vitest-environment node
// Issue 20, defect 8: what a finder table shows a member. Every header, cell and row label of every
// finder tool of both brands, on the simulated feed, is read as text and checked for identifiers:
// no bookmaker or exchange key ("alder-bet"), no camelCase code name, no slug. And a figure that is
// a signed profit (the sdk's qualifyingLoss, negative for a loss) is named as a profit, not as a
// "loss" that shows a minus sign.
import { isValidElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getBrand } from '@matchkit/sdk/brands';
import { grantedCapabilities } from '@matchkit/sdk/entitlements';
import { indexMarketSnapshot } from '@matchkit/sdk/matching';
import { createSimulatedFeed, steamBaseline } from '@matchkit/app-contract/feed';
import { findIdentifiers } from '@matchkit/app-contract';
import { finderSpecs, readFilterValues, type FinderRunContext } from './index';

const NOON = Date.UTC(2026, 5, 1, 12);
const feed = createSimulatedFeed({ seed: 7, clock: () => NOON });
const now = feed.snapshot().market;
const market = indexMarketSnapshot(now);
const earlier = steamBaseline(now, feed.snapshotAt(feed.seq - 240).market);
const bookmakers = [...new Set(now.backPrices.map((p) => p.bookmaker))].sort();
/** The feed's keys a member must never read: bookmakers and exchanges. */
const keys = new Set([...now.backPrices.map((p) => p.bookmaker), ...now.exchangePrices.map((p) => p.exchange)]);

const text = (node: ReactNode): string =>
  isValidElement(node) ? renderToStaticMarkup(<>{node}</>).replace(/<[^>]+>/g, ' ') : String(node ?? '');

describe.each(['primary', 'secondary'] as const)('the %s brand’s finder tables', (brandId) => {
  const brand = getBrand(brandId);
  const tools = brand.tools.filter((t) => t.slug !== '' && finderSpecs[t.key] !== undefined);

  it.each(tools.map((t) => [t.key, t] as const))('%s: headers, cells and row labels show no key or code name', (_key, tool) => {
    const spec = finderSpecs[tool.key];
    if (spec === undefined) throw new Error('no spec');
    const ctx: FinderRunContext = {
      market,
      stake: 1000,
      limit: 5,
      bookmaker: spec.offerBookmaker === true ? (bookmakers[0] ?? '') : '',
      exchangeSettings: {},
      user: { capabilities: brand.plans.flatMap((p) => grantedCapabilities(brand, p)), additionalCapabilities: [] },
      earlier,
      at: NOON,
    };
    const { rows } = spec.run(ctx, readFilterValues(spec.filters, new URLSearchParams()).values);
    expect(rows.length).toBeGreaterThan(0);
    const shown = [
      ...spec.columns.map((c) => text(c.header)),
      ...rows.flatMap((r) => [spec.label(r), ...spec.columns.map((c) => text(c.cell(r)))]),
    ];
    expect(shown.flatMap((s) => findIdentifiers(s, keys).map((f) => `${f} in "${s}"`))).toEqual([]);
  });

  it.each(tools.map((t) => [t.key, t] as const))('%s: a signed profit is not headed as a loss', (_key, tool) => {
    const spec = finderSpecs[tool.key];
    if (spec === undefined) throw new Error('no spec');
    const ql = spec.columns.find((c) => c.id === 'ql');
    if (ql === undefined) return;
    expect(text(ql.header)).not.toMatch(/loss/i);
    expect(text(ql.header)).toMatch(/profit/i);
  });
});
