// Which of the member's notification settings (the sdk's NotificationKind) governs each kind of
// mail. Whether a member can turn a message off is then the sdk's word (notificationSwitchable for
// email): OPTIONAL_MAIL_KINDS is derived from it here, and the queue (the unsubscribe headers),
// the templates (the unsubscribe link) and the unsubscribe route all read that one set.
import { notificationSwitchable, type NotificationKind } from '@matchkit/sdk/notifications';
import type { MailKind } from './mailer';

/** The notification setting each kind of mail belongs to (docs/notifications.md "Messages"). */
export const MAIL_SETTING: Readonly<Record<MailKind, NotificationKind>> = {
  'verify-email': 'account',
  'email-change': 'account',
  'email-changed': 'account',
  'password-reset': 'account',
  'password-changed': 'account',
  welcome: 'account',
  receipt: 'account',
  refund: 'account',
  cancellation: 'account',
  'trial-ending': 'billing-reminders',
  'renewal-failed': 'billing-reminders',
  'commission-payable': 'commission',
  'weekly-summary': 'weekly-summary',
};

/** Whether `value` is a kind of mail the server sends. */
export function isMailKind(value: string): value is MailKind {
  return Object.hasOwn(MAIL_SETTING, value);
}

/** Every kind of mail, in MAIL_SETTING's order. */
export const MAIL_KINDS: readonly MailKind[] = Object.keys(MAIL_SETTING).filter(isMailKind);

/**
 * The kinds a member can turn off: those whose setting the sdk lets a member switch for email. Their
 * mail carries the one-click unsubscribe link and headers; every other kind is essential.
 */
export const OPTIONAL_MAIL_KINDS: ReadonlySet<MailKind> = new Set(
  MAIL_KINDS.filter((kind) => notificationSwitchable(MAIL_SETTING[kind], 'email')),
);
