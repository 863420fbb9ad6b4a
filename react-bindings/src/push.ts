import { useEffect } from 'react';
import type { PushManager, PushState } from '@matchkit/sdk/push';
import { useStore } from './store';

/**
 * Where push notifications stand, in a component: the push manager's snapshot (`status`,
 * `subscription`, `busy`, `error`), re-rendering when it changes. When the manager has read
 * nothing yet (status `unknown`), the hook calls its `refresh()` once on mount, which reads
 * support, permission and any existing subscription and never prompts. Prompting stays a user
 * action: call `manager.enable()` from a click handler. A denied permission is the status
 * `denied`, not an error.
 *
 * @typeParam TSubscription - the subscription's type, as the messaging service returns it
 * @param manager - the push manager from the sdk's `createPushManager`; pass the same object on
 * every render
 * @returns the manager's snapshot
 *
 * @example
 * ```tsx
 * import { createPushManager, createWebPushMessaging } from '@matchkit/sdk/push';
 * import { usePushState } from '@matchkit/react';
 *
 * const push = createPushManager({
 *   messaging: createWebPushMessaging(),
 *   vapidKey: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
 * });
 *
 * function PushToggle() {
 *   const { status, busy } = usePushState(push);
 *   if (status === 'unsupported') return null;
 *   if (status === 'denied') return <p>Notifications are blocked in your browser settings.</p>;
 *   if (status === 'subscribed') return <button disabled={busy} onClick={() => void push.disable()}>Turn off alerts</button>;
 *   return <button disabled={busy} onClick={() => void push.enable()}>Turn on alerts</button>;
 * }
 * ```
 */
export function usePushState<TSubscription = unknown>(
  manager: Pick<PushManager<TSubscription>, 'subscribe' | 'getSnapshot' | 'refresh'>,
): PushState<TSubscription> {
  useEffect(() => {
    // Never rejects and never prompts; a second call while one runs shares it.
    if (manager.getSnapshot().status === 'unknown') void manager.refresh();
  }, [manager]);
  return useStore(manager);
}
