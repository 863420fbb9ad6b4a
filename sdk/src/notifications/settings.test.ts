import { describe, expect, it } from 'vitest';
import { isValidationError } from '../errors';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  isNotificationKind,
  notificationOn,
  notificationSwitchable,
  type NotificationKind,
  type NotificationSettings,
} from '../notifications';

// The product's defaults, written out by hand from issue 23 (an independent reference, not read
// from NOTIFICATION_POLICY): [kind, push, email] with 'always' essential and 'never' not offered
// (nothing is sent there: no odds-alert email exists).
const EXPECTED: readonly (readonly [NotificationKind, string, string])[] = [
  ['odds-alerts', 'on', 'never'],
  ['billing-reminders', 'on', 'always'],
  ['commission', 'off', 'on'],
  ['weekly-summary', 'never', 'off'],
  ['account', 'never', 'always'],
];

describe('notification settings', () => {
  it('lists the five kinds and two channels', () => {
    expect(NOTIFICATION_KINDS).toEqual(EXPECTED.map(([kind]) => kind));
    expect(NOTIFICATION_CHANNELS).toEqual(['push', 'email']);
  });

  it.each(EXPECTED)('%s: push %s, email %s for a member who changed nothing', (kind, push, email) => {
    expect(notificationOn({}, kind, 'push')).toBe(push === 'on' || push === 'always');
    expect(notificationOn({}, kind, 'email')).toBe(email === 'on' || email === 'always');
    expect(notificationSwitchable(kind, 'push')).toBe(push === 'on' || push === 'off');
    expect(notificationSwitchable(kind, 'email')).toBe(email === 'on' || email === 'off');
  });

  it('a member’s choice overrides a switchable default either way', () => {
    const settings: NotificationSettings = {
      'odds-alerts': { push: false },
      commission: { push: true },
      'weekly-summary': { email: true },
    };
    expect(notificationOn(settings, 'odds-alerts', 'push')).toBe(false);
    expect(notificationOn(settings, 'commission', 'push')).toBe(true);
    expect(notificationOn(settings, 'weekly-summary', 'email')).toBe(true);
    expect(notificationOn(settings, 'commission', 'email')).toBe(true);
  });

  it('essential mail stays on and unavailable push stays off whatever the settings say', () => {
    const settings: NotificationSettings = { account: { email: false, push: true }, 'billing-reminders': { email: false } };
    expect(notificationOn(settings, 'account', 'email')).toBe(true);
    expect(notificationOn(settings, 'account', 'push')).toBe(false);
    expect(notificationOn(settings, 'billing-reminders', 'email')).toBe(true);
  });

  it('refuses an unknown kind or channel with an error naming the field', () => {
    const bad = (run: () => unknown): readonly string[] => {
      try {
        run();
      } catch (error) {
        if (isValidationError(error)) return error.issues.map((i) => i.path);
        throw error;
      }
      throw new Error('did not throw');
    };
    expect(bad(() => notificationOn({}, 'marketing' as NotificationKind, 'email'))).toEqual(['kind']);
    expect(bad(() => notificationOn({}, 'account', 'sms' as 'push'))).toEqual(['channel']);
    expect(bad(() => notificationSwitchable('x' as NotificationKind, 'y' as 'push'))).toEqual(['kind', 'channel']);
    expect(isNotificationKind('account')).toBe(true);
    expect(isNotificationKind('toString')).toBe(false);
  });
});
