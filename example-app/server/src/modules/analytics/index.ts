// Analytics ingestion: the web app's sdk analytics session (createAnalytics, after the visitor's
// consent) uploads its batches here, same origin (the CSP's connect-src 'self' allows nothing
// else), in Amplitude's Batch Event Upload format. This example keeps no event: it checks the
// batch, counts the events by type in memory and logs one line per batch with those counts only,
// never an event's properties. A deployment that wants a
// real product-analytics store forwards the checked batch from `ingest` instead.
import type { ModuleFactory } from '../module';
import { ANALYTICS_PATH, createAnalyticsIngest } from './ingest';

export { ANALYTICS_PATH } from './ingest';

export const analyticsModule: ModuleFactory = (deps) => {
  const ingest = createAnalyticsIngest(deps.logger);
  return {
    name: 'analytics',
    routes: [{ method: 'POST', path: ANALYTICS_PATH, handle: (request) => ingest.handle(request) }],
  };
};
