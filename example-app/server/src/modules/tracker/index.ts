// The profit tracker and balance sheet: tracked bets with legs, their settlement, totals (GraphQL
// and the REST totals endpoints), the balance sheet, CSV export and import, and live changes. Every
// rule comes from @matchkit/sdk/tracker; this module stores, gates and serves. It also runs the
// weekly-summary mail pass (weekly-summary.ts) every minute.
import { unsubscribeLinks } from '../../mail/unsubscribe';
import { periodicPass } from '../../periodic';
import type { ModuleFactory, Resolvers } from '../module';
import { addBalanceEntry } from './add-balance-entry';
import { balanceSheet } from './balance-sheet';
import { deleteBet } from './delete-bet';
import { importBets } from './import-bets';
import { recordBet } from './record-bet';
import { trackerRoutes } from './routes';
import { setAccount } from './set-account';
import { setAccountRestricted } from './set-account-restricted';
import { settleBet } from './settle-bet';
import { trackedBetChanged } from './tracked-bet-changed';
import { trackedBets } from './tracked-bets';
import { trackerTotals } from './tracker-totals';
import { voidBet } from './void-bet';
import { runWeeklySummaryPass } from './weekly-summary';
import typeDefs from './schema.graphql?raw';

/** How often the weekly-summary pass looks for summaries due (it sends on Monday from 08:00 London). */
export const WEEKLY_SUMMARY_INTERVAL_MS = 60_000;

export const trackerModule: ModuleFactory = (deps) => {
  const links = unsubscribeLinks(deps.config, 'weekly-summary');
  const summaries = periodicPass('weekly-summary pass', WEEKLY_SUMMARY_INTERVAL_MS, deps.logger, () =>
    runWeeklySummaryPass(deps, deps.clock(), links),
  );
  return {
    name: 'tracker',
    typeDefs,
    resolvers: {
      Query: { trackedBets, trackerTotals, balanceSheet },
      Mutation: { recordBet, settleBet, voidBet, deleteBet, setAccount, setAccountRestricted, addBalanceEntry, importBets },
      Subscription: { trackedBetChanged },
    } satisfies Resolvers,
    routes: trackerRoutes,
    start: () => summaries.start(),
    stop: () => summaries.stop(),
  };
};
