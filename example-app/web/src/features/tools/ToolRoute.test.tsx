import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { MatchkitProvider } from '@matchkit/react';
import type { BrandId } from '@matchkit/sdk/brands';
import type { GraphQLClient } from '@matchkit/sdk/transport';
import { ToolRoute } from './ToolRoute';

// The tool route: a slug is looked up in the brand's own catalogue; another brand's slug for a tool
// this brand has redirects to this brand's slug (query kept), one for a tool it lacks is not found
// with links to the tools it has; a tool the member's plan lacks shows its lock with the cheapest plan.

afterEach(cleanup);

function setup(brand: BrandId, path: string) {
  const member = { uid: { global: 'm1' }, capabilities: ['PA-CAP-006'], additionalCapabilities: [] };
  const transport: Pick<GraphQLClient, 'request'> = { request: () => Promise.resolve({ data: { me: member, brand } }) as never };
  const router = createMemoryRouter(
    [
      {
        path: '/:toolSlug',
        element: (
          <>
            <ToolRoute />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <MatchkitProvider brand={brand} transport={transport} queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </MatchkitProvider>,
  );
}

/** The address the router ended at, for the redirect tests. */
function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="address">{pathname + search}</output>;
}

describe('ToolRoute', () => {
  it('shows a tool of the brand at its slug, locked for a plan without it, with the cheapest plan that has it', async () => {
    setup('primary', '/2up-master');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('2UP Master');
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toContain('2UP Master is in the Pro plan');
    expect(screen.getByRole('link', { name: 'Get Pro' }).getAttribute('href')).toBe('/subscribe/pro');
  });

  it('finds the secondary brand’s tools by its own slugs', async () => {
    setup('secondary', '/2up-ev');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('2UP EV');
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toContain('2UP EV is in the Pro plan');
  });

  it.each([
    ['secondary', '/acca-catcher?stake=5&bm=bet365', '/acca-finder?stake=5&bm=bet365', 'Acca Finder'],
    ['secondary', '/match-catcher', '/match-catcher', 'Match Catcher'],
    ['secondary', '/extra-place-catcher', '/extra-place', 'Extra Place Finder'],
    ['secondary', '/2up-master?rows=50', '/2up-ev?rows=50', '2UP EV'],
    ['secondary', '/oddsmatching', '/oddsmatcher', 'Oddsmatcher'],
    ['primary', '/acca-finder', '/acca-catcher', 'Acca Catcher'],
    ['primary', '/2up-ev', '/2up-master', '2UP Master'],
    ['primary', '/oddsmatcher?min=2', '/oddsmatching?min=2', 'Oddsmatcher'],
  ] as const)('%s %s: another brand’s slug for a tool it has redirects to its own (%s)', async (brand, path, to, title) => {
    setup(brand, path);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(title);
    expect(screen.getByRole('status', { name: 'address' }).textContent).toBe(to);
  });

  it('a slug of a tool the brand lacks is not found, with links to the tools it has', () => {
    setup('secondary', '/extra-place-master');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
    expect(screen.getByText(/There is no Extra Place Master at Steadyback/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Acca Finder' }).getAttribute('href')).toBe('/acca-finder');
    expect(screen.getByRole('link', { name: '2UP EV' }).getAttribute('href')).toBe('/2up-ev');
    expect(screen.queryByRole('link', { name: 'Extra Place Master' })).toBeNull();
    expect(screen.getByRole('status', { name: 'address' }).textContent).toBe('/extra-place-master');
  });

  it.each([
    ['primary', '/no-such-tool'],
    ['secondary', '/no-such-tool'],
  ] as const)('%s %s: the not-found page', (brand, path) => {
    setup(brand, path);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
  });
});
