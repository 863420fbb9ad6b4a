import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { MatchkitProvider } from '@matchkit/react';
import type { BrandId } from '@matchkit/sdk/brands';
import type { GraphQLClient } from '@matchkit/sdk/transport';
import { ToolRoute } from './ToolRoute';

// The tool route: a slug is looked up in the brand's own catalogue (the other brand's slugs are
// not found), and a tool the member's plan lacks shows its lock with the cheapest plan.

afterEach(cleanup);

function setup(brand: BrandId, path: string) {
  const member = { uid: { global: 'm1' }, capabilities: ['PA-CAP-006'], additionalCapabilities: [] };
  const transport: Pick<GraphQLClient, 'request'> = { request: () => Promise.resolve({ data: { me: member, brand } }) as never };
  const router = createMemoryRouter([{ path: '/:toolSlug', element: <ToolRoute /> }], { initialEntries: [path] });
  render(
    <MatchkitProvider brand={brand} transport={transport} queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </MatchkitProvider>,
  );
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
    ['primary', '/acca-finder'],
    ['secondary', '/acca-catcher'],
    ['primary', '/no-such-tool'],
  ] as const)('%s %s: the not-found page', (brand, path) => {
    setup(brand, path);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
  });
});
