// The tab's push manager (the sdk's createPushManager over the Push API). Nothing is asked of the
// browser until the member presses "Turn on notifications" (PushSettings): no prompt on load.
// The server has no push-subscription endpoint (docs/server.md), so the subscription stays in the
// browser (shown as on); docs/app.md says what a deployment adds to send pushes.
import { createPushManager, createWebPushMessaging, type PushManager, type PushSubscriptionJSONLike } from '@matchkit/sdk/push';

/**
 * The application server's public VAPID key (P-256, base64url). Public by design; its private half
 * is not kept anywhere, since this example sends no push: a deployment puts its own pair here and
 * on its server.
 */
export const VAPID_PUBLIC_KEY = 'BOc3nE8pQWaQEoqyV1PyNIjSIiQBO-wrQ4kOHqtoeZjPq9kkEhjl7hM8ZAKk-ZzBHPcnQXHbZ0C7X72XRdNhrwY';

export function createAppPushManager(): PushManager<PushSubscriptionJSONLike> {
  return createPushManager({
    messaging: createWebPushMessaging(),
    vapidKey: VAPID_PUBLIC_KEY,
    // A subscription would be sent to the server here; there is no endpoint for it yet.
    onSubscribe: () => undefined,
    timeoutMs: 10_000,
  });
}
