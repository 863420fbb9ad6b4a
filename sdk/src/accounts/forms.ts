// Whole-form validators of the account forms. Each checks every field and returns either the
// normalised input or EVERY bad field (in the order the form shows them), each named by the path
// the server's payload errors use (`input.email`, ...), so that a form can put each message next
// to its field whether it came from here or from the server.
import {
  readCloseConfirmation,
  readConfirmAdult,
  readCurrentPassword,
  readEmail,
  readGoal,
  readLogin,
  readName,
  readNewPassword,
  readResetToken,
  readUsername,
  type Checked,
  type GoalCatalogue,
} from './fields';

/**
 * One bad field of a form: its path (as in the server's payload errors, such as `input.email`)
 * and what to do about it.
 *
 * @example
 * ```ts
 * import type { FieldProblem } from '@matchkit/sdk/accounts';
 * const problem: FieldProblem = { field: 'input.email', message: 'Enter your email address.' };
 * ```
 */
export interface FieldProblem {
  /** The field's path, such as `input.email`. */
  readonly field: string;
  /** A sentence a person can act on. */
  readonly message: string;
}

/**
 * A form's normalised values, or every bad field in form order (never empty).
 *
 * @example
 * ```ts
 * import { validateLogin, type FormResult, type LoginForm } from '@matchkit/sdk/accounts';
 * const result: FormResult<LoginForm> = validateLogin({ login: '', password: '' });
 * if (!result.ok) result.problems.map((p) => p.field); // ['input.login', 'input.password']
 * ```
 */
export type FormResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problems: readonly FieldProblem[] };

/** Runs the readers of a form (paths as keys, in form order) into a FormResult. */
function collect<T>(checks: { readonly [K in keyof T]: readonly [string, Checked<T[K]>] }): FormResult<T> {
  const problems: FieldProblem[] = [];
  const value: Partial<Record<keyof T, unknown>> = {};
  for (const key of Object.keys(checks) as (keyof T)[]) {
    const [field, check] = checks[key];
    if (check.ok) value[key] = check.value;
    else problems.push({ field, message: check.message });
  }
  return problems.length === 0 ? { ok: true, value: value as T } : { ok: false, problems };
}

/**
 * The fields of the registration form as typed (the platform schema's `RegisterInput`).
 *
 * @example
 * ```ts
 * import type { RegistrationInput } from '@matchkit/sdk/accounts';
 * const input: RegistrationInput = {
 *   email: 'ada@example.com', username: 'ada', password: 'correct horse battery',
 *   firstName: 'Ada', lastName: 'Lovelace', confirmAdult: true,
 * };
 * ```
 */
export interface RegistrationInput {
  /** The email address as typed. */
  readonly email: string;
  /** The username as typed. */
  readonly username: string;
  /** The new password as typed. */
  readonly password: string;
  /** The first name as typed. */
  readonly firstName: string;
  /** The last name as typed. */
  readonly lastName: string;
  /** Must be true: the member confirms they are 18 or over. */
  readonly confirmAdult: boolean;
  /** The referral code of the landing page; never a reason to refuse the form (the server ignores a bad one). */
  readonly referralCode?: string | null | undefined;
  /** An id of the brand's onboarding goals, when chosen already (null or absent when not; an empty string is refused). */
  readonly goal?: string | null | undefined;
}

/**
 * A valid registration, normalised: email and username lower-cased, names trimmed, an absent goal
 * and an absent or blank referral code as null.
 *
 * @example
 * ```ts
 * import type { Registration } from '@matchkit/sdk/accounts';
 * const goalOf = (r: Registration) => r.goal ?? 'none yet';
 * ```
 */
export interface Registration {
  /** The email address, trimmed and lower-cased. */
  readonly email: string;
  /** The username, lower-cased. */
  readonly username: string;
  /** The password, exactly as typed. */
  readonly password: string;
  /** The first name, trimmed. */
  readonly firstName: string;
  /** The last name, trimmed. */
  readonly lastName: string;
  /** Always true: the member confirmed being 18 or over. */
  readonly confirmAdult: true;
  /** The referral code, trimmed (the server reads it with parseReferralCode), or null. */
  readonly referralCode: string | null;
  /** The goal id, or null when none was given. */
  readonly goal: string | null;
}

const optional = (raw: string | null | undefined): string | null =>
  raw === null || raw === undefined || raw.trim() === '' ? null : raw.trim();

/**
 * Checks the registration form: email, username, password, first name, last name, the 18+
 * confirmation and the goal (when given), in that order. The server reports the first of these
 * problems; a form shows them all.
 *
 * @example
 * ```ts
 * import { getBrand } from '@matchkit/sdk/brands';
 * import { validateRegistration } from '@matchkit/sdk/accounts';
 * const result = validateRegistration(
 *   { email: 'ada', username: 'ada', password: 'correct horse battery', firstName: 'Ada', lastName: 'Lovelace', confirmAdult: false },
 *   getBrand('primary'),
 * );
 * if (!result.ok) result.problems.map((p) => p.field); // ['input.email', 'input.confirmAdult']
 * ```
 */
export function validateRegistration(input: RegistrationInput, brand: GoalCatalogue): FormResult<Registration> {
  const goal = input.goal;
  return collect<Registration>({
    email: ['input.email', readEmail(input.email)],
    username: ['input.username', readUsername(input.username)],
    password: ['input.password', readNewPassword(input.password)],
    firstName: ['input.firstName', readName(input.firstName, 'first')],
    lastName: ['input.lastName', readName(input.lastName, 'last')],
    confirmAdult: ['input.confirmAdult', readConfirmAdult(input.confirmAdult)],
    goal: ['input.goal', goal === null || goal === undefined ? { ok: true, value: null } : readGoal(brand, goal)],
    referralCode: ['input.referralCode', { ok: true, value: optional(input.referralCode) }],
  });
}

/**
 * The sign-in form (the platform schema's `LoginInput`).
 *
 * @example
 * ```ts
 * import type { LoginForm } from '@matchkit/sdk/accounts';
 * const form: LoginForm = { login: 'ada', password: 'correct horse battery' };
 * ```
 */
export interface LoginForm {
  /** An email address or a username. */
  readonly login: string;
  /** The password as typed. */
  readonly password: string;
}

/**
 * Checks the sign-in form: something typed in both fields (the login trimmed and lower-cased).
 * Whether they name a member is the server's answer.
 *
 * @example
 * ```ts
 * import { validateLogin } from '@matchkit/sdk/accounts';
 * validateLogin({ login: ' Ada ', password: 'x' }); // { ok: true, value: { login: 'ada', password: 'x' } }
 * ```
 */
export function validateLogin(input: LoginForm): FormResult<LoginForm> {
  return collect<LoginForm>({
    login: ['input.login', readLogin(input.login)],
    password: ['input.password', readCurrentPassword(input.password)],
  });
}

/**
 * The password-reset request form (`requestPasswordReset(email)`).
 *
 * @example
 * ```ts
 * import type { PasswordResetRequestForm } from '@matchkit/sdk/accounts';
 * const form: PasswordResetRequestForm = { email: 'ada@example.com' };
 * ```
 */
export interface PasswordResetRequestForm {
  /** The email address of the account. */
  readonly email: string;
}

/**
 * Checks the password-reset request form. The field is `email` (a plain argument of the
 * mutation, not an input object).
 *
 * @example
 * ```ts
 * import { validatePasswordResetRequest } from '@matchkit/sdk/accounts';
 * validatePasswordResetRequest({ email: '' }); // { ok: false, problems: [{ field: 'email', message: 'Enter your email address.' }] }
 * ```
 */
export function validatePasswordResetRequest(input: PasswordResetRequestForm): FormResult<PasswordResetRequestForm> {
  return collect<PasswordResetRequestForm>({ email: ['email', readEmail(input.email)] });
}

/**
 * The new-password form of a reset link (the platform schema's `ResetPasswordInput`).
 *
 * @example
 * ```ts
 * import type { PasswordResetForm } from '@matchkit/sdk/accounts';
 * const form: PasswordResetForm = { token: 'from-the-link', newPassword: 'correct horse battery' };
 * ```
 */
export interface PasswordResetForm {
  /** The token of the reset link. */
  readonly token: string;
  /** The new password as typed. */
  readonly newPassword: string;
}

/**
 * Checks the new-password form of a reset link: the new password first, then the token's shape.
 *
 * @example
 * ```ts
 * import { validatePasswordReset } from '@matchkit/sdk/accounts';
 * const result = validatePasswordReset({ token: 'nope', newPassword: 'short' });
 * if (!result.ok) result.problems.map((p) => p.field); // ['input.newPassword', 'input.token']
 * ```
 */
export function validatePasswordReset(input: PasswordResetForm): FormResult<PasswordResetForm> {
  return collect<PasswordResetForm>({
    newPassword: ['input.newPassword', readNewPassword(input.newPassword)],
    token: ['input.token', readResetToken(input.token)],
  });
}

/**
 * The change-of-name form (the platform schema's `ChangeNameInput`).
 *
 * @example
 * ```ts
 * import type { NameChangeForm } from '@matchkit/sdk/accounts';
 * const form: NameChangeForm = { firstName: 'Ada', lastName: 'Lovelace' };
 * ```
 */
export interface NameChangeForm {
  /** The first name as typed. */
  readonly firstName: string;
  /** The last name as typed. */
  readonly lastName: string;
}

/**
 * Checks the change-of-name form: first name, then last name, each trimmed (the rules of
 * {@link readName}).
 *
 * @example
 * ```ts
 * import { validateNameChange } from '@matchkit/sdk/accounts';
 * validateNameChange({ firstName: ' Ada ', lastName: 'King' }); // { ok: true, value: { firstName: 'Ada', lastName: 'King' } }
 * const r = validateNameChange({ firstName: '', lastName: '' });
 * if (!r.ok) r.problems.map((p) => p.field); // ['input.firstName', 'input.lastName']
 * ```
 */
export function validateNameChange(input: NameChangeForm): FormResult<NameChangeForm> {
  return collect<NameChangeForm>({
    firstName: ['input.firstName', readName(input.firstName, 'first')],
    lastName: ['input.lastName', readName(input.lastName, 'last')],
  });
}

/**
 * The change-of-password form (the platform schema's `ChangePasswordInput`).
 *
 * @example
 * ```ts
 * import type { PasswordChangeForm } from '@matchkit/sdk/accounts';
 * const form: PasswordChangeForm = { currentPassword: 'old one', newPassword: 'correct horse battery' };
 * ```
 */
export interface PasswordChangeForm {
  /** The current password as typed. */
  readonly currentPassword: string;
  /** The new password as typed. */
  readonly newPassword: string;
}

/**
 * Checks the change-of-password form: the current password typed, then the new one's rules
 * ({@link readNewPassword}). Whether the current one is right is the server's answer.
 *
 * @example
 * ```ts
 * import { validatePasswordChange } from '@matchkit/sdk/accounts';
 * const r = validatePasswordChange({ currentPassword: '', newPassword: 'short' });
 * if (!r.ok) r.problems.map((p) => p.field); // ['input.currentPassword', 'input.newPassword']
 * ```
 */
export function validatePasswordChange(input: PasswordChangeForm): FormResult<PasswordChangeForm> {
  return collect<PasswordChangeForm>({
    currentPassword: ['input.currentPassword', readCurrentPassword(input.currentPassword)],
    newPassword: ['input.newPassword', readNewPassword(input.newPassword)],
  });
}

/**
 * The change-of-address form (the platform schema's `ChangeEmailInput`).
 *
 * @example
 * ```ts
 * import type { EmailChangeForm } from '@matchkit/sdk/accounts';
 * const form: EmailChangeForm = { newEmail: 'ada@example.org', currentPassword: 'correct horse battery' };
 * ```
 */
export interface EmailChangeForm {
  /** The new address as typed. */
  readonly newEmail: string;
  /** The current password as typed. */
  readonly currentPassword: string;
}

/**
 * Checks the change-of-address form: the new address ({@link readEmail}, trimmed and lower-cased),
 * then the current password typed.
 *
 * @example
 * ```ts
 * import { validateEmailChange } from '@matchkit/sdk/accounts';
 * validateEmailChange({ newEmail: ' Ada@Example.org', currentPassword: 'x' }); // { ok: true, value: { newEmail: 'ada@example.org', currentPassword: 'x' } }
 * ```
 */
export function validateEmailChange(input: EmailChangeForm): FormResult<EmailChangeForm> {
  return collect<EmailChangeForm>({
    newEmail: ['input.newEmail', readEmail(input.newEmail)],
    currentPassword: ['input.currentPassword', readCurrentPassword(input.currentPassword)],
  });
}

/**
 * The account-closure form (the platform schema's `CloseAccountInput`).
 *
 * @example
 * ```ts
 * import type { AccountClosureForm } from '@matchkit/sdk/accounts';
 * const form: AccountClosureForm = { currentPassword: 'correct horse battery', confirmation: 'close my account' };
 * ```
 */
export interface AccountClosureForm {
  /** The current password as typed. */
  readonly currentPassword: string;
  /** The typed confirmation ({@link CLOSE_ACCOUNT_PHRASE}). */
  readonly confirmation: string;
}

/**
 * Checks the account-closure form: the current password typed, then the typed confirmation
 * ({@link readCloseConfirmation}).
 *
 * @example
 * ```ts
 * import { validateAccountClosure } from '@matchkit/sdk/accounts';
 * const r = validateAccountClosure({ currentPassword: 'x', confirmation: 'yes' });
 * if (!r.ok) r.problems.map((p) => p.field); // ['input.confirmation']
 * ```
 */
export function validateAccountClosure(input: AccountClosureForm): FormResult<AccountClosureForm> {
  return collect<AccountClosureForm>({
    currentPassword: ['input.currentPassword', readCurrentPassword(input.currentPassword)],
    confirmation: ['input.confirmation', readCloseConfirmation(input.confirmation)],
  });
}

/**
 * The problems of a form as a map from field path to its message (the first message when a path
 * repeats), for showing each next to its field.
 *
 * @example
 * ```ts
 * import { problemsByField } from '@matchkit/sdk/accounts';
 * problemsByField([{ field: 'email', message: 'Enter your email address.' }]); // { email: 'Enter your email address.' }
 * ```
 */
export function problemsByField(problems: readonly FieldProblem[]): Readonly<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const p of problems) out[p.field] ??= p.message;
  return out;
}
