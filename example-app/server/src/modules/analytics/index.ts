// Product analytics: the web app's sdk analytics session (createAnalytics, after the visitor's
// consent) uploads its batches here, same origin (the CSP's connect-src 'self' allows nothing
// else), in Amplitude's Batch Event Upload format. Each batch is checked, what may be kept of each
// event is stored append-only with the daily rollups in one transaction (ingest.ts, events.ts,
// store.ts), and the administrators' dashboards read the rollups (funnel.ts). Raw events older
// than ANALYTICS_RETENTION_DAYS are deleted every hour; rollups and milestones stay. With
// ANALYTICS_FORWARD_URL, stored events are also forwarded to that provider (forward.ts).
import type { ModuleFactory, Resolvers } from '../module';
import { periodicPass } from '../../periodic';
import { forwardOnce } from './forward';
import { ANALYTICS_PATH, createAnalyticsIngest } from './ingest';
import { adminAnalyticsForwarding, adminFunnel, adminRetryRefusedAnalytics, adminToolUsage } from './resolvers';
import typeDefs from './schema.graphql?raw';
import { pruneAnalytics } from './store';

export { ANALYTICS_PATH } from './ingest';

/** How often old raw events are deleted. */
export const ANALYTICS_PRUNE_INTERVAL_MS = 3_600_000;
/** Batches a forwarding pass sends at most before it waits for the next. */
const FORWARD_BATCHES_A_PASS = 20;

export const analyticsModule: ModuleFactory = (deps) => {
  const ingest = createAnalyticsIngest(deps.logger);
  const prune = periodicPass('analytics retention', ANALYTICS_PRUNE_INTERVAL_MS, deps.logger, () =>
    pruneAnalytics(deps.db, deps.clock(), deps.config.analyticsRetentionDays),
  );
  const target = deps.config.analyticsForward;
  const forward =
    target === null
      ? null
      : periodicPass('analytics forwarding', target.intervalMs, deps.logger, async () => {
          for (let i = 0; i < FORWARD_BATCHES_A_PASS; i++) {
            const outcome = await forwardOnce(deps.db, target, deps.clock());
            if (outcome.kind === 'retry' || outcome.kind === 'refused')
              deps.logger.warn(
                { analyticsForward: { outcome: outcome.kind, events: outcome.events, reason: outcome.reason } },
                'analytics forwarding',
              );
            if (outcome.kind !== 'sent') return;
          }
        });
  return {
    name: 'analytics',
    typeDefs,
    resolvers: {
      Query: { adminFunnel, adminToolUsage, adminAnalyticsForwarding },
      Mutation: { adminRetryRefusedAnalytics },
    } satisfies Resolvers,
    routes: [{ method: 'POST', path: ANALYTICS_PATH, handle: (request, ctx) => ingest.handle(request, ctx) }],
    start: () => {
      prune.start();
      forward?.start();
    },
    stop: async () => {
      await prune.stop();
      await forward?.stop();
    },
  };
};
