// The profit tracker and balance sheet: tracked bets with legs, their settlement, totals (GraphQL
// and the REST totals endpoints), the balance sheet, CSV export and import, and live changes. Every
// rule comes from @matchkit/sdk/tracker; this module stores, gates and serves.
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
import typeDefs from './schema.graphql?raw';

export const trackerModule: ModuleFactory = () => ({
  name: 'tracker',
  typeDefs,
  resolvers: {
    Query: { trackedBets, trackerTotals, balanceSheet },
    Mutation: { recordBet, settleBet, voidBet, deleteBet, setAccount, setAccountRestricted, addBalanceEntry, importBets },
    Subscription: { trackedBetChanged },
  } satisfies Resolvers,
  routes: trackerRoutes,
});
