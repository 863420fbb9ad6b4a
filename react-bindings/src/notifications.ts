import { useCallback, useMemo } from 'react';
import type { Notification, NotificationInput, NotificationsStore } from '@matchkit/sdk/notifications';
import { useStore } from './store';

/**
 * What {@link useNotifications} returns: the notification on screen and the store's two actions,
 * as callbacks that keep their identity for as long as the store does (safe in effect
 * dependencies and in memoised children's props).
 *
 * @example
 * ```tsx
 * import type { UseNotificationsResult } from '@matchkit/react';
 *
 * function CloseButton({ notifications }: { notifications: UseNotificationsResult }) {
 *   const { notification, close } = notifications;
 *   return notification ? <button onClick={() => close(notification.id)}>Close</button> : null;
 * }
 * ```
 */
export interface UseNotificationsResult {
  /** The notification on screen (`id`, `status`, `message`, `title`, `autoCloseMs`), or `null`. */
  readonly notification: Notification | null;
  /**
   * Shows a notification (the store's `show`): it replaces the one on screen and closes on its
   * own after the store's delay (5000 ms by default). Throws the sdk's `MatchkitValidationError`
   * naming every bad field of the input.
   */
  readonly show: (input: NotificationInput) => Notification;
  /**
   * Closes the notification on screen (the store's `close`); with an `id`, only if that one is
   * still on screen, so a stale close button cannot close a newer notification.
   */
  readonly close: (id?: number) => void;
}

/**
 * The notification modal in a component: re-renders when a notification is shown, replaced or
 * closed (by hand or by the store's auto-close timer), and hands out `show` and `close` as stable
 * callbacks. The store (from the sdk's `createNotificationsStore`) owns the timer and every rule;
 * this hook only reads it, so create the store once for the app (outside the component, or in a
 * provider) and dispose of it when the app goes away. Unmounting a component does not close the
 * notification: another component may be showing it.
 *
 * @param store - the notification store; pass the same object on every render
 * @returns the notification on screen and the stable `show` and `close`
 *
 * @example
 * ```tsx
 * import { createNotificationsStore } from '@matchkit/sdk/notifications';
 * import { useNotifications } from '@matchkit/react';
 *
 * const notifications = createNotificationsStore();
 *
 * function NotificationModal() {
 *   const { notification, close } = useNotifications(notifications);
 *   if (notification === null) return null;
 *   return (
 *     <div role="alertdialog" className={`modal modal-${notification.status}`}>
 *       {notification.title ? <h2>{notification.title}</h2> : null}
 *       <p>{notification.message}</p>
 *       <button onClick={() => close(notification.id)}>Close</button>
 *     </div>
 *   );
 * }
 *
 * function SaveButton() {
 *   const { show } = useNotifications(notifications);
 *   return <button onClick={() => show({ status: 'success', message: 'Bet saved' })}>Save</button>;
 * }
 * ```
 */
export function useNotifications(store: Pick<NotificationsStore, 'subscribe' | 'getSnapshot' | 'show' | 'close'>): UseNotificationsResult {
  const notification = useStore(store);
  const show = useCallback((input: NotificationInput) => store.show(input), [store]);
  const close = useCallback((id?: number) => store.close(id), [store]);
  return useMemo(() => ({ notification, show, close }), [notification, show, close]);
}
