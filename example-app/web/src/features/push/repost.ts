// The browser's push subscription belongs to the browser, not to the member: it outlives a
// sign-out (which forgets it on the server, with the session) and a sign-in as someone else. So
// the browser keeps which members turned push on here (pressing "Turn on notifications"; turning
// it off forgets them), and when one of them signs in on a tab whose browser holds a subscription,
// it is posted again for them, once (SavePushSubscription moves an endpoint to the member who
// posts it). Another member signing in gets nothing until they turn push on themselves. Nothing
// is loaded unless the browser has granted notifications: a visitor's first page only reads a
// permission.
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
  /** Whether the member turned push on in this browser (createPushOptIns' `has`). */
  readonly optedIn: (memberId: string) => boolean;
}

/** The localStorage key of the members (ids) who turned push on in this browser. */
export const PUSH_OPT_INS_KEY = 'matchkit.push.members';

/** The members who turned push on in this browser. */
export interface PushOptIns {
  has(memberId: string): boolean;
  add(memberId: string): void;
  remove(memberId: string): void;
}

/** The members who turned push on, kept in `storage` (unreadable or absent storage: none). */
export function createPushOptIns(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined): PushOptIns {
  const read = (): string[] => {
    try {
      const list: unknown = JSON.parse(storage?.getItem(PUSH_OPT_INS_KEY) ?? '[]');
      return Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : [];
    } catch {
      return [];
    }
  };
  const write = (ids: readonly string[]) => {
    try {
      storage?.setItem(PUSH_OPT_INS_KEY, JSON.stringify(ids));
    } catch (error) {
      console.warn('push: this browser could not keep who turned notifications on', error);
    }
  };
  return {
    has: (memberId) => read().includes(memberId),
    add: (memberId) => write([...new Set([...read(), memberId])]),
    remove: (memberId) => write(read().filter((id) => id !== memberId)),
  };
}

/** This browser's opt-ins (localStorage, when the page may use it). */
export function browserPushOptIns(): PushOptIns {
  let storage: Storage | undefined;
  try {
    storage = typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    storage = undefined;
  }
  return createPushOptIns(storage);
}

/**
 * Called with the tab's member each time it changes (null: signed out): posts the browser's
 * subscription for that member when they turned push on in this browser, unless it was posted for
 * them already since they signed in. A failed post is tried again at the next change.
 */
export function createPushRepost({ push, post, permission, optedIn }: PushRepostOptions): (memberId: string | null) => Promise<void> {
  /** The member and endpoint last posted, while that member stays signed in. */
  let posted: string | null = null;
  return async (memberId) => {
    if (memberId === null) {
      posted = null;
      return;
    }
    if (permission() !== 'granted' || !optedIn(memberId)) return;
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

/** Posts the browser's subscription again when a member who turned push on here signs in (rendered once, in the layout). */
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
            optedIn: (memberId) => browserPushOptIns().has(memberId),
          }),
    [push, transport],
  );
  useEffect(() => {
    if (memberId !== undefined) void repost?.(memberId);
  }, [memberId, repost]);
}
