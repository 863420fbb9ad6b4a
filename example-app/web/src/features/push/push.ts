// The tab's push manager (the sdk's createPushManager over the Push API). Nothing is asked of the
// browser until the member presses "Turn on notifications" (PushSettings): no prompt on load.
// The application server's VAPID public key comes from the server (PushPublicKey), never from the
// bundle; a new subscription is posted to the server (SavePushSubscription) and forgotten there
// when the member turns push off (RemovePushSubscription); one the browser held already is posted
// again for each member who signs in (repost.ts). docs/notifications.md "Web push".
import { createPushManager, createWebPushMessaging, type PushManager, type PushSubscriptionJSONLike } from '@matchkit/sdk/push';
import {
  PushPublicKeyQuery,
  RemovePushSubscriptionMutation,
  SavePushSubscriptionMutation,
  type GraphQLClient,
} from '@matchkit/sdk/transport';

/** Why push is unavailable when the server sends none (PUSH=off): the settings say so plainly. */
export const PUSH_OFF_REASON = 'this site does not send notifications';

/** Posts the browser's subscription for the member signed in (SavePushSubscription); throws when it is incomplete or refused. */
export async function postPushSubscription(
  transport: Pick<GraphQLClient, 'request'>,
  subscription: PushSubscriptionJSONLike,
): Promise<void> {
  const { endpoint, keys, expirationTime } = subscription;
  if (endpoint === undefined || keys?.['p256dh'] === undefined || keys['auth'] === undefined)
    throw new Error('push: the browser gave a subscription without an endpoint or keys');
  const result = await transport.request({
    query: SavePushSubscriptionMutation,
    variables: { input: { endpoint, p256dh: keys['p256dh'], auth: keys['auth'], expirationTime: expirationTime ?? null } },
  });
  if (result.data?.savePushSubscription !== true) throw new Error('push: the server did not keep the subscription');
}

/** The tab's push manager, with the server's public key (one request, when push is first used). */
export async function createAppPushManager(transport: Pick<GraphQLClient, 'request'>): Promise<PushManager<PushSubscriptionJSONLike>> {
  const { data } = await transport.request({ query: PushPublicKeyQuery });
  const key = data?.pushPublicKey ?? null;
  const web = createWebPushMessaging();
  return createPushManager({
    // Without a key the server sends nothing: the manager says unsupported, with the reason, and
    // never subscribes (its key is then never read).
    messaging: key === null ? { ...web, isSupported: () => ({ supported: false, reason: PUSH_OFF_REASON }) } : web,
    vapidKey: key ?? 'none',
    onSubscribe: (subscription) => postPushSubscription(transport, subscription),
    onUnsubscribe: async (subscription) => {
      if (subscription.endpoint !== undefined)
        await transport.request({ query: RemovePushSubscriptionMutation, variables: { endpoint: subscription.endpoint } });
    },
    timeoutMs: 10_000,
  });
}
