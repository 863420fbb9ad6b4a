// The administrators' audit log (audit.ts): written by every admin mutation, read by the console.
import type { ModuleFactory, Resolvers } from '../module';
import { adminAuditLog } from './resolvers';
import typeDefs from './schema.graphql?raw';

export const auditModule: ModuleFactory = () => ({
  name: 'audit',
  typeDefs,
  resolvers: { Query: { adminAuditLog } } satisfies Resolvers,
});
