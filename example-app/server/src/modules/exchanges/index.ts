// Exchanges and quick links: each member's exchange on/off settings (the sdk's exchanges and their
// defaults, with the integration status) and their quick-links bar.
import type { ModuleFactory, Resolvers } from '../module';
import { myExchanges } from './my-exchanges';
import { myQuickLinks } from './my-quick-links';
import { setExchangeEnabled } from './set-exchange-enabled';
import { setQuickLinks } from './set-quick-links';
import typeDefs from './schema.graphql?raw';

export const exchangesModule: ModuleFactory = () => ({
  name: 'exchanges',
  typeDefs,
  resolvers: {
    Query: { myExchanges, myQuickLinks },
    Mutation: { setExchangeEnabled, setQuickLinks },
  } satisfies Resolvers,
});
