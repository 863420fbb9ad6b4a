// The optional kinds of mail come from the sdk's notification policy through MAIL_SETTING.
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_POLICY } from '@matchkit/sdk/notifications';
import { isMailKind, MAIL_KINDS, MAIL_SETTING, OPTIONAL_MAIL_KINDS } from './kinds';

describe('the kinds of mail', () => {
  it('a member can turn off the commission and weekly-summary mail, and nothing essential', () => {
    expect([...OPTIONAL_MAIL_KINDS].sort()).toEqual(['commission-payable', 'weekly-summary']);
    for (const kind of ['verify-email', 'receipt', 'refund', 'cancellation', 'trial-ending', 'renewal-failed', 'welcome'] as const)
      expect(OPTIONAL_MAIL_KINDS.has(kind), kind).toBe(false);
  });

  it('belong to settings the sdk offers by email', () => {
    expect(MAIL_KINDS).toHaveLength(13);
    for (const kind of MAIL_KINDS) expect(NOTIFICATION_POLICY[MAIL_SETTING[kind]].email, kind).not.toBe('never');
    expect(isMailKind('receipt')).toBe(true);
    expect(isMailKind('toString')).toBe(false);
  });
});
