// Test support (only tests import it): renders a memory router inside the app's provider, as the
// app does, over a transport the test gives, with queries that do not retry.
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { GraphQLClient } from '@matchkit/sdk/transport';
import { MatchkitProvider } from '@matchkit/react';
import { RouterProvider, type createMemoryRouter } from 'react-router';

/** Renders `router` for the primary brand (or `brand`) with `transport` answering every request. */
export function renderRouter(
  router: ReturnType<typeof createMemoryRouter>,
  transport: Pick<GraphQLClient, 'request'>,
  brand: 'primary' | 'secondary' = 'primary',
): ReturnType<typeof render> {
  return render(
    <MatchkitProvider brand={brand} transport={transport} queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </MatchkitProvider>,
  );
}
