import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getBrand } from '../brands';
import {
  problemsByField,
  readConfirmAdult,
  readEmail,
  readName,
  readNewPassword,
  readUsername,
  validateLogin,
  validateAccountClosure,
  validateEmailChange,
  validateNameChange,
  validatePasswordChange,
  validatePasswordReset,
  validatePasswordResetRequest,
  validateRegistration,
  type RegistrationInput,
} from './index';

const brand = getBrand('primary');
const good: RegistrationInput = {
  email: ' Ada@Example.com',
  username: 'Ada_L',
  password: 'correct horse battery',
  firstName: ' Ada ',
  lastName: 'Lovelace',
  confirmAdult: true,
};

describe('validateRegistration', () => {
  it('returns the normalised registration when every field is good', () => {
    expect(validateRegistration({ ...good, referralCode: ' ada42 ', goal: 'goal-300-600' }, brand)).toEqual({
      ok: true,
      value: {
        email: 'ada@example.com',
        username: 'ada_l',
        password: 'correct horse battery',
        firstName: 'Ada',
        lastName: 'Lovelace',
        confirmAdult: true,
        referralCode: 'ada42',
        goal: 'goal-300-600',
      },
    });
  });
  it('treats a blank referral code and an absent goal as null, but refuses an empty goal', () => {
    const r = validateRegistration({ ...good, referralCode: '  ', goal: null }, brand);
    expect(r.ok && r.value.referralCode).toBe(null);
    expect(r.ok && r.value.goal).toBe(null);
    expect(validateRegistration({ ...good }, brand).ok).toBe(true);
    expect(validateRegistration({ ...good, goal: '' }, brand).ok).toBe(false);
  });
  it('names every bad field, in form order, with its path', () => {
    const r = validateRegistration(
      { email: 'x', username: 'a', password: 'short', firstName: '', lastName: '', confirmAdult: false, goal: 'rich' },
      brand,
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems.map((p) => p.field)).toEqual([
      'input.email',
      'input.username',
      'input.password',
      'input.firstName',
      'input.lastName',
      'input.confirmAdult',
      'input.goal',
    ]);
    expect(problemsByField(r.problems)['input.confirmAdult']).toBe('You must be 18 or over to join: confirm your age to continue.');
  });
  it("a registration form is refused exactly when one of its field readers refuses, with each reader's message", () => {
    const text = fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('ada@example.com', 'Ada', 'correct horse battery', ''));
    fc.assert(
      fc.property(text, text, text, text, text, fc.boolean(), (email, username, password, firstName, lastName, confirmAdult) => {
        const r = validateRegistration({ email, username, password, firstName, lastName, confirmAdult }, brand);
        const expected = [
          ['input.email', readEmail(email)],
          ['input.username', readUsername(username)],
          ['input.password', readNewPassword(password)],
          ['input.firstName', readName(firstName, 'first')],
          ['input.lastName', readName(lastName, 'last')],
          ['input.confirmAdult', readConfirmAdult(confirmAdult)],
        ] as const;
        const problems = expected.flatMap(([field, c]) => (c.ok ? [] : [{ field, message: c.message }]));
        if (problems.length === 0) expect(r.ok).toBe(true);
        else expect(r).toEqual({ ok: false, problems });
      }),
    );
  });
});

describe('validateLogin', () => {
  it('trims and lower-cases the login, keeps the password as typed', () => {
    expect(validateLogin({ login: ' ADA ', password: ' pw ' })).toEqual({ ok: true, value: { login: 'ada', password: ' pw ' } });
  });
  it('names both empty fields', () => {
    expect(validateLogin({ login: '', password: '' })).toEqual({
      ok: false,
      problems: [
        { field: 'input.login', message: 'Enter your email address or username.' },
        { field: 'input.password', message: 'Enter your password.' },
      ],
    });
  });
});

describe('validatePasswordResetRequest', () => {
  it('checks the email (a plain argument: field "email")', () => {
    expect(validatePasswordResetRequest({ email: 'ADA@example.com' })).toEqual({ ok: true, value: { email: 'ada@example.com' } });
    expect(validatePasswordResetRequest({ email: 'ada' })).toEqual({
      ok: false,
      problems: [{ field: 'email', message: 'Enter a valid email address, such as name@example.com.' }],
    });
  });
});

describe('validatePasswordReset', () => {
  it('checks the new password, then the token', () => {
    const token = 'a'.repeat(43);
    expect(validatePasswordReset({ token, newPassword: 'correct horse battery' })).toEqual({
      ok: true,
      value: { token, newPassword: 'correct horse battery' },
    });
    const r = validatePasswordReset({ token: 'bad', newPassword: 'short' });
    expect(r.ok ? [] : r.problems.map((p) => p.field)).toEqual(['input.newPassword', 'input.token']);
  });
});

describe('account settings forms', () => {
  it('validateNameChange trims both names and names each bad one', () => {
    expect(validateNameChange({ firstName: ' Ada ', lastName: ' King' })).toEqual({
      ok: true,
      value: { firstName: 'Ada', lastName: 'King' },
    });
    const r = validateNameChange({ firstName: ' ', lastName: 'L'.repeat(101) });
    expect(r.ok ? [] : r.problems).toEqual([
      { field: 'input.firstName', message: 'Enter your first name.' },
      { field: 'input.lastName', message: 'Your last name can be at most 100 characters.' },
    ]);
  });

  it('validatePasswordChange wants the current password typed and a new one of the rules', () => {
    expect(validatePasswordChange({ currentPassword: 'x', newPassword: 'correct horse battery' }).ok).toBe(true);
    const r = validatePasswordChange({ currentPassword: '', newPassword: 'short' });
    expect(r.ok ? [] : r.problems.map((p) => p.field)).toEqual(['input.currentPassword', 'input.newPassword']);
  });

  it('validateEmailChange normalises the new address and wants the current password', () => {
    expect(validateEmailChange({ newEmail: ' Ada@Example.ORG ', currentPassword: 'x' })).toEqual({
      ok: true,
      value: { newEmail: 'ada@example.org', currentPassword: 'x' },
    });
    const r = validateEmailChange({ newEmail: 'ada', currentPassword: '' });
    expect(r.ok ? [] : r.problems.map((p) => p.field)).toEqual(['input.newEmail', 'input.currentPassword']);
  });

  it('validateAccountClosure wants the password and the typed phrase', () => {
    expect(validateAccountClosure({ currentPassword: 'x', confirmation: 'Close my account' })).toEqual({
      ok: true,
      value: { currentPassword: 'x', confirmation: 'close my account' },
    });
    const r = validateAccountClosure({ currentPassword: '', confirmation: 'yes' });
    expect(r.ok ? [] : r.problems).toEqual([
      { field: 'input.currentPassword', message: 'Enter your password.' },
      { field: 'input.confirmation', message: 'Type \u201cclose my account\u201d to confirm.' },
    ]);
  });
});

describe('problemsByField', () => {
  it('keeps the first message of a repeated path', () => {
    expect(
      problemsByField([
        { field: 'a', message: 'one' },
        { field: 'a', message: 'two' },
        { field: 'b', message: 'three' },
      ]),
    ).toEqual({ a: 'one', b: 'three' });
  });
});
