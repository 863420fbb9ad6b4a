// The route table (spec section 2). Every screen but the shell is loaded on demand: a feature's
// page module is its own chunk, fetched when its route is first visited. A feature adds its lines
// here and nowhere else.
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { Layout } from '../components/Layout';
import { RouteError } from './RouteError';

/** A route whose component is the named export `name` of a lazily imported module. */
function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => ({ Component: (await load())[name] as ComponentType }),
  };
}

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: (
      <Layout>
        <RouteError />
      </Layout>
    ),
    children: [
      { index: true, ...lazyPage(() => import('../features/dashboard/DashboardPage'), 'DashboardPage') },
      { path: 'settings', ...lazyPage(() => import('../features/settings/SettingsPage'), 'SettingsPage') },
      { path: '*', ...lazyPage(() => import('../features/not-found/NotFoundPage'), 'NotFoundPage') },
    ],
  },
];
