/**
 * Permission-gated push notifications: a store over an injectable messaging service that asks
 * for permission only from an explicit user action and treats a denied permission as a state,
 * plus a messaging service over the standard Push API.
 *
 * @packageDocumentation
 * @module @matchkit/sdk/push
 */
export {
  createPushManager,
  createWebPushMessaging,
  vapidKeyToBytes,
  type MessagingService,
  type PushManager,
  type PushManagerLike,
  type PushManagerOptions,
  type PushPermission,
  type PushRegistrationLike,
  type PushState,
  type PushSupport,
  type PushStatus,
  type PushSubscriptionJSONLike,
  type PushSubscriptionLike,
  type WebPushMessagingOptions,
} from './push';
export type { ReadableStore } from '../internal/store';
export type { Logger, StoreTimers } from '../internal/platform';
