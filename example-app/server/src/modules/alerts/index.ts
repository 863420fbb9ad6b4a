// Odds alerts (issue 23): a member's saved "tell me when a match rates at least X%", evaluated
// against every feed patch with the sdk's oddsmatcher (runner.ts, evaluate.ts) and pushed through
// the notification settings' sendPush (kind odds-alerts), at most once per match and alert.
// Matches a day past their event's start are pruned every hour.
import type { ModuleFactory, Resolvers } from '../module';
import { sendPush } from '../../notifications/settings';
import { periodicPass } from '../../periodic';
import { pruneAlertMatches } from './alerts';
import { alertResolvers } from './resolvers';
import { createAlertRunner } from './runner';
import typeDefs from './schema.graphql?raw';

/** How often the matches of long-started events are pruned. */
export const PRUNE_INTERVAL_MS = 3_600_000;

export const alertsModule: ModuleFactory = (deps) => {
  const runner = createAlertRunner(deps, async (userId, payload, tx) => {
    await sendPush(deps, tx, userId, 'odds-alerts', payload);
  });
  const prune = periodicPass('odds alert match prune', PRUNE_INTERVAL_MS, deps.logger, () => pruneAlertMatches(deps.db, deps.clock()));
  return {
    name: 'alerts',
    typeDefs,
    resolvers: alertResolvers((change) => runner.announce(change)) satisfies Resolvers,
    start: async () => {
      await runner.start();
      prune.start();
    },
    stop: async () => {
      await prune.stop();
      await runner.stop();
    },
  };
};
