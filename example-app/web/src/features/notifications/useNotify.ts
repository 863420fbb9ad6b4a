// How a feature shows a notification: `const notify = useNotify(); notify('success', 'Saved')`.
// It goes through the tab's sdk notifications store (the one the modal renders), so every rule
// (one at a time, closes after 5 s, input checked) stays in the sdk. Code outside React may call
// `instances.notifications.show(...)` directly.
import { useCallback } from 'react';
import { useMatchkit } from '@matchkit/react';
import type { Notification, NotificationStatus } from '@matchkit/sdk/notifications';

export type Notify = (status: NotificationStatus, message: string, title?: string) => Notification | null;

export function useNotify(): Notify {
  const { notifications } = useMatchkit();
  return useCallback<Notify>(
    (status, message, title) =>
      notifications === undefined ? null : notifications.show(title === undefined ? { status, message } : { status, message, title }),
    [notifications],
  );
}
