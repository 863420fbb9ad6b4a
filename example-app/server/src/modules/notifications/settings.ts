import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_POLICY,
  isNotificationKind,
  notificationOn,
  notificationSwitchable,
  type NotificationChannel,
} from '@matchkit/sdk/notifications';
import type { MutationSetNotificationSettingArgs, NotificationChannel as GqlChannel } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { notificationSettingsOf, setNotificationChoice } from '../../notifications/settings';
import { refusal, requireViewer } from '../module';

const CHANNEL: Readonly<Record<GqlChannel, NotificationChannel>> = { PUSH: 'push', EMAIL: 'email' };
const GQL_CHANNEL: Readonly<Record<NotificationChannel, GqlChannel>> = { push: 'PUSH', email: 'EMAIL' };

async function settingsOf(ctx: RequestContext, userId: string) {
  const settings = await notificationSettingsOf(ctx.db, userId);
  return NOTIFICATION_KINDS.flatMap((kind) =>
    NOTIFICATION_CHANNELS.map((channel) => ({
      kind,
      channel: GQL_CHANNEL[channel],
      enabled: notificationOn(settings, kind, channel),
      switchable: notificationSwitchable(kind, channel),
      offered: NOTIFICATION_POLICY[kind][channel] !== 'never',
    })),
  );
}

/** Query.notificationSettings: every kind on both channels for the signed-in member (their choice, else the default). */
export async function notificationSettingsQuery(_: unknown, __: unknown, ctx: RequestContext) {
  return settingsOf(ctx, requireViewer(ctx));
}

/** Mutation.setNotificationSetting: stores one choice; BAD_INPUT naming `kind` (unknown) or `channel` (not switchable there). */
export async function setNotificationSetting(_: unknown, args: MutationSetNotificationSettingArgs, ctx: RequestContext) {
  const userId = requireViewer(ctx);
  if (!isNotificationKind(args.kind)) throw refusal('BAD_INPUT', `kind must be one of ${NOTIFICATION_KINDS.join(', ')}`, 'kind');
  const channel = CHANNEL[args.channel];
  if (!notificationSwitchable(args.kind, channel))
    throw refusal('BAD_INPUT', `${args.kind} cannot be switched on or off for ${channel}`, 'channel');
  await setNotificationChoice(ctx.db, { userId, kind: args.kind, channel, enabled: args.enabled }, ctx.now);
  return settingsOf(ctx, userId);
}
