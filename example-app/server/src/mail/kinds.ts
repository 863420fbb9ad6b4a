// Which of the member's notification settings (the sdk's NotificationKind) governs each kind of
// mail. Whether a member can turn a message off is then the sdk's word (notificationSwitchable for
// email), never a second list kept here.
import type { NotificationKind } from '@matchkit/sdk/notifications';
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
