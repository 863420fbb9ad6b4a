// Odds alerts (issue 23): a member's saved "tell me when a match rates at least X%", evaluated
// against every feed patch with the sdk's oddsmatcher (runner.ts, evaluate.ts) and pushed through
// the notification settings' sendPush (kind odds-alerts), at most once per match and alert.
import type { ModuleFactory, Resolvers } from '../module';
import { sendPush } from '../../notifications/settings';
import { alertResolvers } from './resolvers';
import { createAlertRunner } from './runner';
import typeDefs from './schema.graphql?raw';

export const alertsModule: ModuleFactory = (deps) => {
  const runner = createAlertRunner(deps, (userId, payload) => sendPush(deps, userId, 'odds-alerts', payload));
  return {
    name: 'alerts',
    typeDefs,
    resolvers: alertResolvers((change) => runner.announce(change)) satisfies Resolvers,
    start: () => runner.start(),
    stop: () => runner.stop(),
  };
};
