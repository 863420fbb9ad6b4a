/**
 * The notification modal's store: success, error and warning notifications that close on their
 * own after the brand's delay (5000 ms), one at a time. And the member's notification settings:
 * kinds, channels, the product's defaults and essential messages, and `notificationOn`, shared by
 * the app's settings page and the server that sends push and mail.
 *
 * @packageDocumentation
 * @module @matchkit/sdk/notifications
 */
export {
  createNotificationsStore,
  type Notification,
  type NotificationInput,
  type NotificationStatus,
  type NotificationsStore,
  type NotificationsStoreOptions,
} from './notifications';
export {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_POLICY,
  isNotificationKind,
  notificationOn,
  notificationSwitchable,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPolicy,
  type NotificationSettings,
} from './settings';
export type { ReadableStore } from '../internal/store';
export type { Logger, StoreTimers } from '../internal/platform';
