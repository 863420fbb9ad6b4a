// Operations for administrators: the delivery queues' depth and recent errors (queues.ts). The
// feed's sources are read through the public feedStatus query.
import type { ModuleFactory, Resolvers } from '../module';
import { adminQueueDepths, adminQueueErrors } from './queues';
import typeDefs from './schema.graphql?raw';

export const operationsModule: ModuleFactory = () => ({
  name: 'operations',
  typeDefs,
  resolvers: { Query: { adminQueueDepths, adminQueueErrors } } satisfies Resolvers,
});
