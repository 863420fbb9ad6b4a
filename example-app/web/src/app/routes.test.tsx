import { cleanup, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, matchRoutes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GraphQLClient } from '@matchkit/sdk/transport';
import { APP_ROUTE_PATHS } from '@matchkit/app-contract/routes';
import { getBrand } from '@matchkit/sdk/brands';
import { routes } from './routes';
import { renderRouter } from '../testing/renderRouter';

// The route table against the catalogue's links: every quick link a brand turns on by default
// leads to a page of the app, not to the not-found page (the catch-all `*`, or a `:toolSlug`
// that is no tool of the brand). And against the contract's list of pages, which the server
// answers 200 (anything else 404).

/** The route a path ends at: its pattern, and the tool slug when it is a tool page. */
function leafOf(path: string): { readonly pattern: string; readonly toolSlug?: string } {
  const matches = matchRoutes(routes, path) ?? [];
  const leaf = matches[matches.length - 1];
  if (leaf === undefined) return { pattern: '(none)' };
  const pattern = leaf.route.index === true ? '/' : (leaf.route.path ?? '(layout)');
  return leaf.params['toolSlug'] === undefined ? { pattern } : { pattern, toolSlug: leaf.params['toolSlug'] };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the route table', () => {
  it('gives the home page a title of its own, not the brand name twice', async () => {
    const brand = getBrand('primary');
    const transport: Pick<GraphQLClient, 'request'> = { request: () => new Promise(() => {}) as never };
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    renderRouter(router, transport);
    await screen.findByRole('heading', { level: 1, name: brand.displayName }, { timeout: 10_000 });
    // The title is set by an effect after the page commits: on a busy run that is after the heading shows.
    await waitFor(() => expect(document.title).toBe(`Matched betting tools, calculators and guides · ${brand.displayName}`));
  });

  it('shows the shell while the first page loads, without React Router warning of a missing HydrateFallback', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const transport: Pick<GraphQLClient, 'request'> = {
      request: () => Promise.resolve({ data: { me: null, brand: 'primary' } }) as never,
    };
    const router = createMemoryRouter(routes, { initialEntries: ['/forum'] });
    renderRouter(router, transport);
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    await screen.findByRole('heading', { level: 1, name: "Members' forum" }, { timeout: 10_000 });
    expect(warn.mock.calls.map((c) => String(c[0])).filter((m) => m.includes('HydrateFallback'))).toEqual([]);
  });

  it("lists exactly the contract's pages, then the not-found catch-all", () => {
    const children = routes[0]?.children ?? [];
    const paths = children.map((r) => (r.index === true ? '/' : r.path === '*' ? '*' : `/${r.path ?? ''}`));
    expect(paths).toEqual([...APP_ROUTE_PATHS, '*']);
  });

  for (const id of ['primary', 'secondary'] as const) {
    it(`${id}: every default quick link opens a page of the app`, () => {
      const brand = getBrand(id);
      const slugs = new Set(brand.tools.map((t) => t.slug).filter((s) => s !== ''));
      const lost = brand.quickLinks
        .filter((q) => q.active)
        .filter((q) => {
          const leaf = leafOf(q.href);
          return leaf.pattern === '*' || leaf.pattern === '(none)' || (leaf.toolSlug !== undefined && !slugs.has(leaf.toolSlug));
        })
        .map((q) => `${q.name} (${q.href})`);
      expect(lost).toEqual([]);
    });
  }
});
