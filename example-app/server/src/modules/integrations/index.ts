// Integrations: the member's status per exchange integration over REST (spec section 7) and on
// User.integrations, and a simulated connect (this example has no real exchange to sign in to).
import type { ModuleFactory, Resolvers } from '../module';
import { integrationRoutes } from './routes';
import { userIntegrations } from './user-integrations';
import typeDefs from './schema.graphql?raw';

export const integrationsModule: ModuleFactory = () => ({
  name: 'integrations',
  typeDefs,
  resolvers: { User: { integrations: userIntegrations } } satisfies Resolvers,
  routes: integrationRoutes,
});
