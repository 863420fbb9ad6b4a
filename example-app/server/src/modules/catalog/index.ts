// The brand's catalogue as the sdk defines it: plans, sales, tools, exchanges. Read-only.
import type { ModuleFactory, Resolvers } from '../module';
import { exchangeList, providerList } from './exchanges';
import { plans } from './plans';
import { activeSaleAt, sales } from './sales';
import { myTools, tools } from './tools';
import typeDefs from './schema.graphql?raw';

export const catalogModule: ModuleFactory = (deps) => ({
  name: 'catalog',
  typeDefs,
  resolvers: {
    Query: {
      brand: () => deps.brand.id,
      plans,
      sales,
      activeSale: activeSaleAt,
      tools,
      myTools,
      exchanges: exchangeList,
      exchangeProviders: providerList,
    },
  } satisfies Resolvers,
});
