/**
 * The notification modal's store: success, error and warning notifications that close on their
 * own after the brand's delay (5000 ms), one at a time.
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
export type { ReadableStore } from '../internal/store';
export type { Logger, StoreTimers } from '../internal/platform';
