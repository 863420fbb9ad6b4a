// The members' forum: a Discourse forum at FORUM_URL that members are signed in to by this server
// (DiscourseConnect, sso.ts), or, without FORUM_URL, none (the app's /forum page says so).
import type { ModuleFactory, Resolvers } from '../module';
import { forumLinkOf, forumSsoRoute } from './sso';
import typeDefs from './schema.graphql?raw';

export const forumModule: ModuleFactory = (deps) => {
  const route = forumSsoRoute(deps);
  const url = deps.config.forum === null ? null : forumLinkOf(deps);
  return {
    name: 'forum',
    typeDefs,
    resolvers: { Query: { forumUrl: () => url } } satisfies Resolvers,
    routes: route === null ? [] : [route],
  };
};
