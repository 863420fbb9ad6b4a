// The tab's real subscription client (the sdk's createSubscriptionClient, which speaks the
// graphql-transport-ws protocol itself), in a chunk of its own: instances.ts loads it through createLazySubscriptionClient on first use.
import { createSubscriptionClient, type SubscriptionClient } from '@matchkit/sdk/transport';
import type { SessionRenewal } from './renewal';

export function createAppSubscriptionClient(url: string, renewal: Pick<SessionRenewal, 'renew'>): SubscriptionClient {
  return createSubscriptionClient({
    url,
    // The server closes a socket 60 s before its token expires (4440): the tab's one renewal
    // (renewal.ts: refreshSession, which also renews the cookies) gives a fresh token, and the same
    // subscriptions continue (docs/guides/transport.md).
    refreshToken: () => renewal.renew(),
  });
}
