import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { getBrand } from '../brands';
import {
  confirmAdultSchema,
  emailSchema,
  goalSchema,
  INVALID_RESET_LINK,
  lastNameSchema,
  newPasswordSchema,
  readConfirmAdult,
  readCurrentPassword,
  readEmail,
  readGoal,
  readLogin,
  readName,
  readNewPassword,
  readResetToken,
  readUsername,
  usernameSchema,
} from './index';

describe('readEmail', () => {
  it('trims and lower-cases a valid address', () => {
    expect(readEmail('  Ada.Lovelace@Example.CO.UK ')).toEqual({ ok: true, value: 'ada.lovelace@example.co.uk' });
  });
  it('asks for an address when nothing is typed', () => {
    expect(readEmail('   ')).toEqual({ ok: false, message: 'Enter your email address.' });
  });
  it.each(['ada', 'ada@', '@example.com', 'ada@example', 'a da@example.com', 'ada@@example.com'])(
    'refuses %j with an example of the shape',
    (raw) => {
      expect(readEmail(raw)).toEqual({ ok: false, message: 'Enter a valid email address, such as name@example.com.' });
    },
  );
  it('refuses an address over 254 characters and accepts one of exactly 254', () => {
    const at254 = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`;
    expect(at254).toHaveLength(254);
    expect(readEmail(at254).ok).toBe(true);
    expect(readEmail(`x${at254}`).ok).toBe(false);
  });
});

describe('readUsername', () => {
  it('accepts 3 to 32 letters, digits, dots, dashes and underscores, lower-cased', () => {
    expect(readUsername('Ada.L-9_x')).toEqual({ ok: true, value: 'ada.l-9_x' });
    expect(readUsername('abc').ok).toBe(true);
    expect(readUsername('a'.repeat(32)).ok).toBe(true);
  });
  it.each(['ab', 'a'.repeat(33), 'ada lovelace', ' ada', 'ada!', 'adé'])('refuses %j', (raw) => {
    expect(readUsername(raw)).toEqual({ ok: false, message: 'Choose a username of 3 to 32 letters, digits, dots, dashes or underscores.' });
  });
});

describe('readName', () => {
  it('trims and keeps the case', () => {
    expect(readName('  Ada ', 'first')).toEqual({ ok: true, value: 'Ada' });
  });
  it('names the field in each message', () => {
    expect(readName(' ', 'first')).toEqual({ ok: false, message: 'Enter your first name.' });
    expect(readName('', 'last')).toEqual({ ok: false, message: 'Enter your last name.' });
    expect(readName('x'.repeat(101), 'last')).toEqual({ ok: false, message: 'Your last name can be at most 100 characters.' });
    expect(readName('Ada\u0007', 'first')).toEqual({ ok: false, message: 'Your first name cannot contain control characters.' });
  });
  it('counts an emoji as one character', () => {
    expect(readName('😀'.repeat(100), 'first').ok).toBe(true);
  });
});

describe('readNewPassword', () => {
  it('accepts 10 to 200 code points, spaces included and never trimmed', () => {
    expect(readNewPassword('  ten chars')).toEqual({ ok: true, value: '  ten chars' });
    expect(readNewPassword('xy'.repeat(100)).ok).toBe(true);
    expect(readNewPassword('😀🙂'.repeat(100)).ok).toBe(true);
  });
  it('says the bound it missed', () => {
    expect(readNewPassword('123456789')).toEqual({ ok: false, message: 'Choose a password of at least 10 characters.' });
    expect(readNewPassword('xy'.repeat(100) + 'z')).toEqual({ ok: false, message: 'A password can be at most 200 characters.' });
  });
  it('counts after NFKC normalisation: e + combining accent five times is 5 characters, not 10', () => {
    expect(readNewPassword('e\u0301'.repeat(5))).toEqual({ ok: false, message: 'Choose a password of at least 10 characters.' });
    expect(readNewPassword('caf\u0065\u0301 r\u0065\u0301sum\u0065\u0301')).toEqual({ ok: true, value: 'café résumé' });
  });
  it('refuses a password of spaces only', () => {
    expect(readNewPassword(' '.repeat(10))).toEqual({ ok: false, message: 'Choose a password that is not only spaces.' });
    expect(readNewPassword('\u00a0\t '.repeat(4))).toEqual({ ok: false, message: 'Choose a password that is not only spaces.' });
  });
  it('refuses one character repeated', () => {
    expect(readNewPassword('a'.repeat(10))).toEqual({ ok: false, message: 'Choose a password that is not one character repeated.' });
    expect(readNewPassword('😀'.repeat(12))).toEqual({ ok: false, message: 'Choose a password that is not one character repeated.' });
  });
});

describe('readConfirmAdult', () => {
  it('accepts only true', () => {
    expect(readConfirmAdult(true)).toEqual({ ok: true, value: true });
    for (const raw of [false, 'true', 1, null, undefined]) {
      expect(readConfirmAdult(raw)).toEqual({ ok: false, message: 'You must be 18 or over to join: confirm your age to continue.' });
    }
  });
});

describe('readGoal', () => {
  it.each(['primary', 'secondary'] as const)('accepts each goal of the %s brand and lists them when refusing', (id) => {
    const brand = getBrand(id);
    for (const goal of brand.onboarding.goals) expect(readGoal(brand, goal.id)).toEqual({ ok: true, value: goal.id });
    expect(readGoal(brand, 'rich')).toEqual({
      ok: false,
      message: `Choose one of the goals offered: ${brand.onboarding.goals.map((g) => g.id).join(', ')}.`,
    });
  });
  it('names the three goals of the reference brands', () => {
    expect(readGoal(getBrand('primary'), '').ok).toBe(false);
    expect(getBrand('primary').onboarding.goals.map((g) => g.id)).toEqual(['goal-300-600', 'goal-500-1000', 'goal-1000-2000']);
  });
});

describe('sign-in and reset fields', () => {
  it('readLogin trims and lower-cases; refuses nothing typed', () => {
    expect(readLogin(' Ada@Example.com ')).toEqual({ ok: true, value: 'ada@example.com' });
    expect(readLogin(' ')).toEqual({ ok: false, message: 'Enter your email address or username.' });
  });
  it('readCurrentPassword refuses only the empty string', () => {
    expect(readCurrentPassword(' ')).toEqual({ ok: true, value: ' ' });
    expect(readCurrentPassword('')).toEqual({ ok: false, message: 'Enter your password.' });
  });
  it('readResetToken accepts 43 base64url characters', () => {
    expect(readResetToken('A'.repeat(43)).ok).toBe(true);
    expect(readResetToken('-_'.repeat(21) + 'z').ok).toBe(true);
    expect(readResetToken('A'.repeat(42))).toEqual({ ok: false, message: INVALID_RESET_LINK });
    expect(readResetToken('A'.repeat(42) + '=')).toEqual({ ok: false, message: INVALID_RESET_LINK });
  });
});

describe('the valibot schemas', () => {
  it("parse to the normalised value and report the reader's message", () => {
    expect(v.parse(emailSchema, ' Ada@Example.com ')).toBe('ada@example.com');
    expect(v.parse(usernameSchema, 'ADA')).toBe('ada');
    expect(v.safeParse(lastNameSchema, '').issues?.[0]?.message).toBe('Enter your last name.');
    expect(v.safeParse(newPasswordSchema, 'short').issues?.[0]?.message).toBe('Choose a password of at least 10 characters.');
    expect(v.safeParse(emailSchema, 42).success).toBe(false);
  });
  it("confirmAdultSchema passes only true, with the reader's message", () => {
    expect(v.safeParse(confirmAdultSchema, true).success).toBe(true);
    expect(v.safeParse(confirmAdultSchema, false).issues?.[0]?.message).toBe(
      readConfirmAdult(false).ok ? '' : 'You must be 18 or over to join: confirm your age to continue.',
    );
  });
  it('goalSchema takes the brand', () => {
    expect(v.safeParse(goalSchema(getBrand('secondary')), 'goal-500-1000').success).toBe(true);
    expect(v.safeParse(goalSchema(getBrand('secondary')), 'goal-1').success).toBe(false);
  });
});
