// The admin console's sections: each a tab of /admin and its own lazily loaded chunk. Adding a
// section is one line here (its path under /admin, its tab's label, its component's module and
// export name); AdminArea makes the tab and the route from this list.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface AdminSection {
  /** Its path under /admin (its own sub-routes below it). */
  readonly path: string;
  /** The tab's label, and the page title's second part. */
  readonly label: string;
  readonly Component: LazyExoticComponent<ComponentType>;
}

/** The export `name` of the module `load` imports, as a lazily loaded component. */
function section<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { path: 'members', label: 'Members', Component: section(() => import('./members/MembersSection'), 'MembersSection') },
  { path: 'commission', label: 'Commission', Component: section(() => import('./commission/CommissionSection'), 'CommissionSection') },
  { path: 'affiliates', label: 'Affiliates', Component: section(() => import('./affiliates/AffiliatesSection'), 'AffiliatesSection') },
  { path: 'content', label: 'Content', Component: section(() => import('./content/ContentSection'), 'ContentSection') },
  { path: 'analytics', label: 'Analytics', Component: section(() => import('./analytics/AnalyticsSection'), 'AnalyticsSection') },
  { path: 'sales', label: 'Sales', Component: section(() => import('./sales/SalesSection'), 'SalesSection') },
  { path: 'operations', label: 'Operations', Component: section(() => import('./ops/OperationsSection'), 'OperationsSection') },
  { path: 'audit', label: 'Audit log', Component: section(() => import('./audit/AuditSection'), 'AuditSection') },
];
