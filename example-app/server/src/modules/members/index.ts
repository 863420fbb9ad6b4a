// Members: the signed-in member and the User type. (Sign-up, sign-in and passwords: accounts.)
import type { ModuleFactory, Resolvers } from '../module';
import { me } from './me';
import { User } from './user';
import typeDefs from './schema.graphql?raw';

export const membersModule: ModuleFactory = () => ({
  name: 'members',
  typeDefs,
  resolvers: { Query: { me }, User } satisfies Resolvers,
});
