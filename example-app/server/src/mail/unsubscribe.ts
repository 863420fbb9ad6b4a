// One-click unsubscribe (RFC 8058) for the mail a member can turn off (kinds.ts OPTIONAL_MAIL_KINDS):
// the message carries List-Unsubscribe with a link holding a token that names the member and the
// kind, signed with HMAC-SHA-256 under a key derived from JWT_SECRET (no expiry: changing JWT_SECRET
// revokes every link, and signs every member out with it), and List-Unsubscribe-Post. Essential
// mail carries neither.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { MailKind } from './mailer';
import { OPTIONAL_MAIL_KINDS } from './kinds';

/** The path of the unsubscribe page (GET: a button) and its one-click POST. */
export const UNSUBSCRIBE_PATH = '/api/mail/unsubscribe';

/** The unsubscribe key derived from `serverSecret` (JWT_SECRET). */
export function unsubscribeKey(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'matchkit', 'mail unsubscribe v1', 32));
}

function mac(key: Buffer, userId: string, kind: MailKind): Buffer {
  return createHmac('sha256', key).update(`${userId}\n${kind}`).digest();
}

/** The token naming member `userId` and mail `kind`: `{userId}.{kind}.{mac}` (base64url parts). */
export function unsubscribeToken(key: Buffer, userId: string, kind: MailKind): string {
  return `${Buffer.from(userId).toString('base64url')}.${kind}.${mac(key, userId, kind).toString('base64url')}`;
}

/** The member and kind a token names, or null when it is malformed, of an essential kind, or not signed with `key`. */
export function readUnsubscribeToken(key: Buffer, token: string): { readonly userId: string; readonly kind: MailKind } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [id, kind, given] = parts as [string, string, string];
  if (!OPTIONAL_MAIL_KINDS.has(kind as MailKind) || !/^[A-Za-z0-9_-]{1,200}$/.test(id) || !/^[A-Za-z0-9_-]{43}$/.test(given)) return null;
  const userId = Buffer.from(id, 'base64url').toString('utf8');
  const expected = mac(key, userId, kind as MailKind);
  const actual = Buffer.from(given, 'base64url');
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? { userId, kind: kind as MailKind } : null;
}

/** The unsubscribe link for mail of `kind` to `userId` under `publicOrigin` (the header's, and the footer's). */
export function unsubscribeUrl(key: Buffer, publicOrigin: string, userId: string, kind: MailKind): string {
  return `${publicOrigin}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(unsubscribeToken(key, userId, kind))}`;
}

/** The unsubscribe link of `kind` per member, for a pass that mails members (JWT_SECRET's key, PUBLIC_ORIGIN). */
export function unsubscribeLinks(
  config: { readonly publicOrigin: string; readonly secrets: { readonly JWT_SECRET: string } },
  kind: MailKind,
): (userId: string) => string {
  const key = unsubscribeKey(config.secrets.JWT_SECRET);
  return (userId) => unsubscribeUrl(key, config.publicOrigin, userId, kind);
}

/** The RFC 8058 headers of a message of `kind` to `userId`, linking under `publicOrigin`. */
export function unsubscribeHeaders(key: Buffer, publicOrigin: string, userId: string, kind: MailKind): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl(key, publicOrigin, userId, kind)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
