// The app's root: the sdk instances of this tab in <MatchkitProvider>, for the brand the server
// serves, around the router.
import { useMemo } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { MatchkitProvider } from '@matchkit/react';
import type { BrandId } from '@matchkit/sdk/brands';
import type { AppInstances } from './instances';
import { routes } from './routes';

export function App({ brand, instances }: { readonly brand: BrandId; readonly instances: AppInstances }) {
  const router = useMemo(() => createBrowserRouter(routes), []);
  return (
    <MatchkitProvider
      brand={brand}
      transport={instances.transport}
      queryClient={instances.queryClient}
      subscriptions={instances.subscriptions}
      notifications={instances.notifications}
      analytics={instances.analytics}
      push={instances.push}
      integrations={instances.integrations}
    >
      <RouterProvider router={router} />
    </MatchkitProvider>
  );
}
