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
import { withdrawQueuedMail } from '../mail/queue';
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
 * Stores `userId`'s choice for `kind` on `channel` (an upsert: the newest choice wins), and when it
 * turns email off, withdraws that kind's mail still queued for them, in one transaction. The caller
 * checks that the pair is switchable (`notificationSwitchable`); the member must exist.
 */
export async function setNotificationChoice(
  db: Db,
  choice: { readonly userId: string; readonly kind: NotificationKind; readonly channel: NotificationChannel; readonly enabled: boolean },
  now: number,
): Promise<void> {
  const row = { ...choice, updatedAt: new Date(now) };
  await db.transaction(async (tx) => {
    await tx
      .insert(notificationSettings)
      .values(row)
      .onConflictDoUpdate({
        target: [notificationSettings.userId, notificationSettings.kind, notificationSettings.channel],
        set: { enabled: row.enabled, updatedAt: row.updatedAt },
      });
    // Email turned off: what is still queued of it is not sent either (with the choice, or not at all).
    if (choice.channel === 'email' && !choice.enabled) await withdrawQueuedMail(tx, choice.userId, choice.kind, now);
  });
}

/**
 * The largest push payload sent, UTF-8 bytes of its JSON (the plaintext the push is encrypted
 * from). A web push message is one 4,096-byte aes128gcm record (RFC 8291, RFC 8188), which less
 * its 86-byte header, 16-byte tag and 1-byte padding delimiter leaves 3,993 bytes of plaintext;
 * 3,072 keeps a margin under that for services that count otherwise.
 */
export const MAX_PAYLOAD_BYTES = 3 * 1024;

/** The longest push body sent, characters (UTF-16 code units, as `String.length` counts): {@link pushMessage} refuses a longer one. */
export const MAX_PUSH_BODY = 500;

/** The payload as sent: its JSON (what {@link MAX_PAYLOAD_BYTES} counts, in UTF-8). */
function payloadJson(payload: PushPayload): string {
  return JSON.stringify({ title: payload.title, body: payload.body, url: payload.url, tag: payload.tag });
}

/** The UTF-8 bytes `text` takes inside a JSON string (escapes included, quotes not). */
const jsonBytes = (text: string) => Buffer.byteLength(JSON.stringify(text)) - 2;

/** How much of a push text may be kept: UTF-16 code units and UTF-8 bytes of its JSON string. */
export interface PushTextLimits {
  readonly chars: number;
  readonly bytes: number;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
const ELLIPSIS = '…';
const SPACE = /^\s+$/;
const TRAILING = /^[\s,;:]+$/;

/**
 * `text` cut to `limits` for a push: unchanged when it fits, else whole graphemes (never half a
 * surrogate pair, an emoji sequence or a letter and its accent) up to the last word boundary that
 * leaves room for an ellipsis (mid-word only when the first word alone is too long), with
 * trailing spaces and commas dropped and `…` added; `''` when not even the ellipsis fits.
 * @throws RangeError naming the limit that is not a whole number, 0 or more (NaN, negative)
 */
export function clipPushText(text: string, limits: PushTextLimits): string {
  for (const limit of ['chars', 'bytes'] as const) {
    const n = limits[limit];
    if (!Number.isInteger(n) || n < 0) throw new RangeError(`limits.${limit} must be a whole number, 0 or more: got ${n}`);
  }
  if (text.length <= limits.chars && jsonBytes(text) <= limits.bytes) return text;
  const roomChars = limits.chars - ELLIPSIS.length;
  const roomBytes = limits.bytes - jsonBytes(ELLIPSIS);
  if (roomChars < 0 || roomBytes < 0) return '';
  const kept: string[] = [];
  let chars = 0;
  let bytes = 0;
  /** How many graphemes end at the last word boundary seen (0: none past the start). */
  let boundary = 0;
  for (const { segment } of graphemes.segment(text)) {
    const space = SPACE.test(segment);
    if (chars + segment.length > roomChars || bytes + jsonBytes(segment) > roomBytes) {
      // The grapheme that does not fit is a space: all that is kept ends a word.
      if (space) boundary = kept.length;
      break;
    }
    if (space) boundary = kept.length;
    kept.push(segment);
    chars += segment.length;
    bytes += jsonBytes(segment);
  }
  if (boundary > 0) kept.length = boundary;
  while (kept.length > 0 && TRAILING.test(kept[kept.length - 1] as string)) kept.pop();
  return `${kept.join('')}${ELLIPSIS}`;
}

/**
 * `payload` with its body clipped ({@link clipPushText}) so that the payload as sent fits
 * {@link MAX_PAYLOAD_BYTES} and the body {@link MAX_PUSH_BODY}: a body built from the feed's names
 * is clipped here, never refused by {@link pushMessage}.
 * @throws MatchkitValidationError naming `title` and `url` when they leave no room for a body
 */
export function fitPushPayload(payload: PushPayload): PushPayload {
  const rest = Buffer.byteLength(payloadJson({ ...payload, body: '' }));
  const room = MAX_PAYLOAD_BYTES - rest;
  // A body clipped to nothing would be refused as `body`: the fault is the fields around it.
  const body = room < 0 ? '' : clipPushText(payload.body, { chars: MAX_PUSH_BODY, bytes: room });
  if (body === '')
    throw new MatchkitValidationError('push payload', [
      { path: 'title', message: `with url and tag, leaves no room for a body in ${MAX_PAYLOAD_BYTES} bytes` },
      { path: 'url', message: `with title and tag, leaves no room for a body in ${MAX_PAYLOAD_BYTES} bytes` },
    ]);
  return { ...payload, body };
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
  const body = payloadJson(payload);
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
