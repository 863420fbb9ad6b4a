// Product analytics: the web app's sdk analytics session (createAnalytics, after the visitor's
// consent) uploads its batches here, same origin (the CSP's connect-src 'self' allows nothing
// else), in Amplitude's Batch Event Upload format. Each batch is checked, what may be kept of each
// event is stored append-only with the daily rollups in one transaction (ingest.ts, events.ts,
// store.ts), and the administrators' dashboards read the rollups (funnel.ts). Raw events older
// than ANALYTICS_RETENTION_DAYS are deleted every hour; rollups and milestones stay.
import type { ModuleFactory, Resolvers } from '../module';
import { periodicPass } from '../../periodic';
import { ANALYTICS_PATH, createAnalyticsIngest } from './ingest';
import { adminFunnel, adminToolUsage } from './resolvers';
import typeDefs from './schema.graphql?raw';
import { pruneAnalytics } from './store';

export { ANALYTICS_PATH } from './ingest';

/** How often old raw events are deleted. */
export const ANALYTICS_PRUNE_INTERVAL_MS = 3_600_000;

export const analyticsModule: ModuleFactory = (deps) => {
  const ingest = createAnalyticsIngest(deps.logger);
  const prune = periodicPass('analytics retention', ANALYTICS_PRUNE_INTERVAL_MS, deps.logger, () =>
    pruneAnalytics(deps.db, deps.clock(), deps.config.analyticsRetentionDays),
  );
  return {
    name: 'analytics',
    typeDefs,
    resolvers: { Query: { adminFunnel, adminToolUsage } } satisfies Resolvers,
    routes: [{ method: 'POST', path: ANALYTICS_PATH, handle: (request, ctx) => ingest.handle(request, ctx) }],
    start: () => prune.start(),
    stop: () => prune.stop(),
  };
};
