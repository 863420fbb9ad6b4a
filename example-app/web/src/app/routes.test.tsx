import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getBrand } from '@matchkit/sdk/brands';
import { routes } from './routes';

// The route table against the catalogue's links: every quick link a brand turns on by default
// leads to a page of the app, not to the not-found page (the catch-all `*`, or a `:toolSlug`
// that is no tool of the brand).

/** The route a path ends at: its pattern, and the tool slug when it is a tool page. */
function leafOf(path: string): { readonly pattern: string; readonly toolSlug?: string } {
  const matches = matchRoutes(routes, path) ?? [];
  const leaf = matches[matches.length - 1];
  if (leaf === undefined) return { pattern: '(none)' };
  const pattern = leaf.route.index === true ? '/' : (leaf.route.path ?? '(layout)');
  return leaf.params['toolSlug'] === undefined ? { pattern } : { pattern, toolSlug: leaf.params['toolSlug'] };
}

describe('the route table', () => {
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
