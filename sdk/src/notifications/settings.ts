import { MatchkitValidationError } from '../errors/errors';

/**
 * What a member can be told about, as chosen in the notification settings (not one mail
 * template each): `odds-alerts` (a saved alert matched), `billing-reminders` (trial ending,
 * renewal failed), `commission` (commission payable), `weekly-summary` (the week's profit) and
 * `account` (verification, address and password changes, receipts, cancellation, refund, welcome).
 *
 * @example
 * ```ts
 * import type { NotificationKind } from '@matchkit/sdk/notifications';
 * const kind: NotificationKind = 'odds-alerts';
 * ```
 */
export type NotificationKind = 'odds-alerts' | 'billing-reminders' | 'commission' | 'weekly-summary' | 'account';

/**
 * Every notification kind, in the order the settings list them.
 *
 * @example
 * ```ts
 * import { NOTIFICATION_KINDS } from '@matchkit/sdk/notifications';
 * NOTIFICATION_KINDS.includes('commission'); // true
 * ```
 */
export const NOTIFICATION_KINDS: readonly NotificationKind[] = Object.freeze([
  'odds-alerts',
  'billing-reminders',
  'commission',
  'weekly-summary',
  'account',
]);

/**
 * How a notification reaches the member: a web push to the devices where they turned push on, or
 * an email.
 *
 * @example
 * ```ts
 * import type { NotificationChannel } from '@matchkit/sdk/notifications';
 * const channel: NotificationChannel = 'push';
 * ```
 */
export type NotificationChannel = 'push' | 'email';

/**
 * Both channels, push first (the order of the settings' switches).
 *
 * @example
 * ```ts
 * import { NOTIFICATION_CHANNELS } from '@matchkit/sdk/notifications';
 * NOTIFICATION_CHANNELS.length; // 2
 * ```
 */
export const NOTIFICATION_CHANNELS: readonly NotificationChannel[] = Object.freeze(['push', 'email']);

/**
 * What the product does with one kind on one channel: `on` and `off` are switchable defaults;
 * `always` is essential (shown as always on, not switchable, no unsubscribe link); `never` is not
 * offered on that channel.
 *
 * @example
 * ```ts
 * import type { NotificationPolicy } from '@matchkit/sdk/notifications';
 * const switchable = (p: NotificationPolicy) => p === 'on' || p === 'off';
 * ```
 */
export type NotificationPolicy = 'on' | 'off' | 'always' | 'never';

/**
 * The product's policy per kind and channel. Only what the law and the product need is on by
 * default: account and billing mail are essential; odds alerts push (the reason to turn push on);
 * commission mail; the weekly summary is opt-in. `never` wherever nothing is sent on that channel
 * (odds alerts by email, the weekly summary and account messages by push), so no switch is offered
 * that does nothing.
 *
 * @example
 * ```ts
 * import { NOTIFICATION_POLICY } from '@matchkit/sdk/notifications';
 * NOTIFICATION_POLICY.account.email; // 'always'
 * NOTIFICATION_POLICY['weekly-summary'].email; // 'off'
 * NOTIFICATION_POLICY['odds-alerts'].email; // 'never': no odds-alert email exists
 * ```
 */
export const NOTIFICATION_POLICY: Readonly<Record<NotificationKind, Readonly<Record<NotificationChannel, NotificationPolicy>>>> =
  Object.freeze({
    'odds-alerts': Object.freeze({ push: 'on', email: 'never' }),
    'billing-reminders': Object.freeze({ push: 'on', email: 'always' }),
    commission: Object.freeze({ push: 'off', email: 'on' }),
    'weekly-summary': Object.freeze({ push: 'never', email: 'off' }),
    account: Object.freeze({ push: 'never', email: 'always' }),
  } as const);

/**
 * A member's choices: only what they changed from the defaults, by kind then channel. Choices
 * for an essential (`always`) or unavailable (`never`) channel are ignored.
 *
 * @example
 * ```ts
 * import type { NotificationSettings } from '@matchkit/sdk/notifications';
 * const settings: NotificationSettings = { 'weekly-summary': { email: true } };
 * ```
 */
export type NotificationSettings = Readonly<Partial<Record<NotificationKind, Readonly<Partial<Record<NotificationChannel, boolean>>>>>>;

/**
 * True when `value` is one of {@link NOTIFICATION_KINDS}.
 *
 * @example
 * ```ts
 * import { isNotificationKind } from '@matchkit/sdk/notifications';
 * isNotificationKind('commission'); // true
 * isNotificationKind('marketing'); // false
 * ```
 */
export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

function policyOf(kind: NotificationKind, channel: NotificationChannel): NotificationPolicy {
  const issues = [];
  if (!isNotificationKind(kind)) issues.push({ path: 'kind', message: `must be one of ${NOTIFICATION_KINDS.join(', ')}` });
  if (channel !== 'push' && channel !== 'email') issues.push({ path: 'channel', message: 'must be push or email' });
  if (issues.length > 0) throw new MatchkitValidationError('notification kind and channel', issues);
  return NOTIFICATION_POLICY[kind][channel];
}

/**
 * Whether the member may switch this kind on this channel (`on` or `off` by policy).
 *
 * @throws MatchkitValidationError naming `kind` or `channel` when either is unknown
 * @example
 * ```ts
 * import { notificationSwitchable } from '@matchkit/sdk/notifications';
 * notificationSwitchable('account', 'email'); // false: essential
 * notificationSwitchable('commission', 'push'); // true
 * ```
 */
export function notificationSwitchable(kind: NotificationKind, channel: NotificationChannel): boolean {
  const policy = policyOf(kind, channel);
  return policy === 'on' || policy === 'off';
}

/**
 * Whether `kind` is on for `channel` for a member with these settings: `always` is on and `never`
 * off whatever the settings say; otherwise the member's choice, else the default. For push this
 * is the setting only: nothing is pushed to a device where the member has not turned push on.
 *
 * @param settings - the member's changed choices (`{}` for someone who changed nothing)
 * @throws MatchkitValidationError naming `kind` or `channel` when either is unknown
 * @example
 * ```ts
 * import { notificationOn } from '@matchkit/sdk/notifications';
 * notificationOn({}, 'odds-alerts', 'push'); // true: on by default
 * notificationOn({ 'odds-alerts': { push: false } }, 'odds-alerts', 'push'); // false
 * notificationOn({ account: { email: false } }, 'account', 'email'); // true: essential
 * ```
 */
export function notificationOn(settings: NotificationSettings, kind: NotificationKind, channel: NotificationChannel): boolean {
  const policy = policyOf(kind, channel);
  if (policy === 'always') return true;
  if (policy === 'never') return false;
  const chosen = settings?.[kind]?.[channel];
  return typeof chosen === 'boolean' ? chosen : policy === 'on';
}
