// Notification settings on the server: whether a member gets a kind on a channel (the sdk's
// notificationOn over the choices they stored), and sendPush, which the parts that tell members
// something (odds alerts, billing reminders, commission) call in the transaction of their change.
// Mail asks notificationAllowed before queueing a non-essential message; push asks it inside
// sendPush. Nothing is pushed to a member before they turn push on in a browser: without a stored
// subscription there is nowhere to send.
import { and, eq } from 'drizzle-orm';
import { notificationOn, type NotificationChannel, type NotificationKind, type NotificationSettings } from '@matchkit/sdk/notifications';
import { MatchkitValidationError, type ValidationIssue } from '@matchkit/sdk/errors';
import type { Db } from '../db/client';
import { notificationSettings } from '../db/schema';
import type { AppDeps } from '../kernel';
import { topicOf, type PushMessage } from '../push/delivery';
import { queuePush } from '../push/queue';
import { pushTargetsOf } from '../push/subscriptions';

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
 * Stores `userId`'s choice for `kind` on `channel` (an upsert: the newest choice wins). The caller
 * checks that the pair is switchable (`notificationSwitchable`); the member must exist.
 */
export async function setNotificationChoice(
  db: Db,
  choice: { readonly userId: string; readonly kind: NotificationKind; readonly channel: NotificationChannel; readonly enabled: boolean },
  now: number,
): Promise<void> {
  const row = { ...choice, updatedAt: new Date(now) };
  await db
    .insert(notificationSettings)
    .values(row)
    .onConflictDoUpdate({
      target: [notificationSettings.userId, notificationSettings.kind, notificationSettings.channel],
      set: { enabled: row.enabled, updatedAt: row.updatedAt },
    });
}

/** The largest push payload sent (JSON bytes): well under what push services carry (4 KB, less the encryption's overhead). */
export const MAX_PAYLOAD_BYTES = 3 * 1024;

/** The longest push body sent, characters (UTF-16 code units, as `String.length` counts): {@link pushMessage} refuses a longer one. */
export const MAX_PUSH_BODY = 500;

/**
 * `text` cut to at most `max` characters for a push: unchanged when it fits, else cut at the last
 * word boundary that leaves room for an ellipsis (mid-word only when the first word alone is too
 * long, and never inside a surrogate pair), with trailing spaces and commas dropped and `…` added.
 */
export function clipPushText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  // A high surrogate at the cut would leave half a character.
  if (end > 0 && /[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end--;
  const space = text.lastIndexOf(' ', end);
  if (space > 0) end = space;
  return `${text.slice(0, end).replace(/[\s,;:]+$/, '')}…`;
}

/** How long a push service keeps a push for an offline browser, per kind: an odds alert goes stale quickly. */
const TTL_SECONDS: Readonly<Record<NotificationKind, number>> = {
  'odds-alerts': 15 * 60,
  'billing-reminders': 24 * 60 * 60,
  commission: 24 * 60 * 60,
  'weekly-summary': 24 * 60 * 60,
  account: 24 * 60 * 60,
};

/**
 * The message for a payload, checked: a title and body, a url that is a path of this app (never
 * another origin), a tag, and all of it under MAX_PAYLOAD_BYTES as JSON.
 * @throws MatchkitValidationError naming each bad field
 */
export function pushMessage(kind: NotificationKind, payload: PushPayload): PushMessage {
  const issues: ValidationIssue[] = [];
  const text = (path: keyof PushPayload, max: number) => {
    const v: unknown = payload[path];
    if (typeof v !== 'string' || v.trim() === '' || v.length > max)
      issues.push({ path, message: `must be text of 1 to ${max} characters` });
  };
  text('title', 120);
  text('body', MAX_PUSH_BODY);
  text('tag', 64);
  text('url', 1024);
  if (typeof payload.url === 'string' && !(payload.url.startsWith('/') && !payload.url.startsWith('//') && !payload.url.includes('\\')))
    issues.push({ path: 'url', message: 'must be a path of this app, such as /oddsmatcher' });
  const body = JSON.stringify({ title: payload.title, body: payload.body, url: payload.url, tag: payload.tag });
  if (issues.length === 0 && Buffer.byteLength(body) > MAX_PAYLOAD_BYTES)
    issues.push({ path: 'body', message: `makes the push larger than ${MAX_PAYLOAD_BYTES} bytes` });
  if (issues.length > 0) throw new MatchkitValidationError('push payload', issues);
  return { body, topic: topicOf(payload.tag), urgency: kind === 'odds-alerts' ? 'high' : 'normal', ttlSeconds: TTL_SECONDS[kind] };
}

/**
 * Queues a push of `payload` to `userId` in `tx`, the transaction of the change that causes it,
 * when their `kind` push setting is on and they have a device to receive it (a live session's
 * subscription), both read in `tx`. Nothing is sent before `tx` commits, and a rolled-back change
 * queues nothing: the push worker (push/worker.ts) sends it afterwards to the devices the member
 * then has. Resolves with whether a push was queued. Nothing is queued while push is off.
 * @throws MatchkitValidationError for a bad payload (a programming error)
 */
export async function sendPush(
  deps: Pick<AppDeps, 'clock' | 'push'>,
  tx: Db,
  userId: string,
  kind: NotificationKind,
  payload: PushPayload,
): Promise<boolean> {
  const message = pushMessage(kind, payload);
  if (deps.push === null) return false;
  if (!(await notificationAllowed(tx, userId, kind, 'push'))) return false;
  const now = deps.clock();
  if ((await pushTargetsOf(tx, userId, now)).length === 0) return false;
  await queuePush(tx, { userId, kind, payload, ttlSeconds: message.ttlSeconds }, now);
  return true;
}
