// The browser's push subscription belongs to the browser, not to the member: it outlives a
// sign-out (which forgets it on the server, with the session) and a sign-in as someone else. So
// when a member is signed in on a tab whose browser already holds a subscription, it is posted
// again for them, once (SavePushSubscription moves an endpoint to the member who posts it). Turning
// push off (PushSettings, the push manager's disable) removes it as before. Nothing is loaded
// unless the browser has granted notifications: a visitor's first page only reads a permission.
import { useEffect, useMemo } from 'react';
import { useMatchkit } from '@matchkit/react';
import type { PushManager, PushSubscriptionJSONLike } from '@matchkit/sdk/push';
import { useSession } from '../session';

export interface PushRepostOptions {
  /** The tab's push manager: its refresh reads the browser's subscription (never prompts). */
  readonly push: Pick<PushManager<PushSubscriptionJSONLike>, 'refresh'>;
  /** Posts a subscription for the member signed in (SavePushSubscription). */
  readonly post: (subscription: PushSubscriptionJSONLike) => Promise<void>;
  /** The browser's notification permission (`Notification.permission`), undefined without the API. */
  readonly permission: () => string | undefined;
}

/**
 * Called with the tab's member each time it changes (null: signed out): posts the browser's
 * subscription for that member unless it was posted for them already since they signed in. A
 * failed post is tried again at the next change.
 */
export function createPushRepost({ push, post, permission }: PushRepostOptions): (memberId: string | null) => Promise<void> {
  /** The member and endpoint last posted, while that member stays signed in. */
  let posted: string | null = null;
  return async (memberId) => {
    if (memberId === null) {
      posted = null;
      return;
    }
    if (permission() !== 'granted') return;
    const { status, subscription } = await push.refresh();
    const endpoint = status === 'subscribed' ? subscription?.endpoint : undefined;
    if (subscription === null || endpoint === undefined) return;
    const key = `${memberId} ${endpoint}`;
    if (posted === key) return;
    posted = key;
    try {
      await post(subscription);
    } catch (error) {
      posted = null;
      console.warn('push: the subscription could not be posted again', error);
    }
  };
}

/** Posts the browser's subscription again whenever another member signs in (rendered once, in the layout). */
export function useRepostPushSubscription(): void {
  const { push, transport } = useMatchkit();
  const { user } = useSession();
  const memberId = user === undefined ? undefined : (user?.uid.global ?? null);
  const repost = useMemo(
    () =>
      push === undefined
        ? null
        : createPushRepost({
            // The app's manager (instances.ts) holds the browser's subscriptions as JSON.
            push: push as PushManager<PushSubscriptionJSONLike>,
            post: async (subscription) => (await import('./push')).postPushSubscription(transport, subscription),
            permission: () => (typeof Notification === 'undefined' ? undefined : Notification.permission),
          }),
    [push, transport],
  );
  useEffect(() => {
    if (memberId !== undefined) void repost?.(memberId);
  }, [memberId, repost]);
}
