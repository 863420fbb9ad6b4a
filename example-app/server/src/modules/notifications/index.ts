// Notifications: the member's settings per kind and channel (the sdk's policy and notificationOn
// over the choices stored in notification_settings), the VAPID public key browsers subscribe
// with, the browsers' push subscriptions, and the one-click unsubscribe of optional mail
// (unsubscribe.ts). Sending is notifications/settings.ts's sendPush.
import type { ModuleFactory, Resolvers } from '../module';
import { pushPublicKey, removePushSubscription, savePushSubscription } from './push';
import { notificationSettingsQuery, setNotificationSetting } from './settings';
import { unsubscribeRoutes } from './unsubscribe';
import typeDefs from './schema.graphql?raw';

export const notificationsModule: ModuleFactory = (deps) => ({
  name: 'notifications',
  typeDefs,
  resolvers: {
    Query: { pushPublicKey, notificationSettings: notificationSettingsQuery },
    Mutation: { setNotificationSetting, savePushSubscription, removePushSubscription },
  } satisfies Resolvers,
  routes: unsubscribeRoutes(deps),
});
