// The tab's real subscription client (the sdk's createSubscriptionClient, which speaks the
// graphql-transport-ws protocol itself), in a chunk of its own: instances.ts loads it through createLazySubscriptionClient on first use.
import { createSubscriptionClient, RefreshSessionMutation, type GraphQLClient, type SubscriptionClient } from '@matchkit/sdk/transport';

export function createAppSubscriptionClient(url: string, transport: Pick<GraphQLClient, 'request'>): SubscriptionClient {
  return createSubscriptionClient({
    url,
    // The server closes a socket 60 s before its token expires (4440): ask for a fresh one, which
    // also renews the `_opjwt` cookie, and the same subscriptions continue (docs/guides/transport.md).
    refreshToken: async () => {
      const { data } = await transport.request({ query: RefreshSessionMutation });
      return data.refreshSession.token ?? null;
    },
  });
}
