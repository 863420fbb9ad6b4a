// The rules of the account forms, field by field: what registration, sign-in and password reset
// accept, and the message a person reads when a value is not acceptable. The server checks its
// input with these same readers, so the browser and the server never disagree. Each reader
// returns the normalised value (an email address trimmed and lower-cased, ...) or a message.
import * as v from 'valibot';
import * as s from '../internal/schemas';

/**
 * A field's normalised value, or why it is not acceptable (a sentence a person can act on).
 *
 * @example
 * ```ts
 * import { readEmail, type Checked } from '@matchkit/sdk/accounts';
 * const email: Checked<string> = readEmail(' Ada@Example.com ');
 * if (email.ok) email.value; // 'ada@example.com'
 * ```
 */
export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const bad = <T>(message: string): Checked<T> => ({ ok: false, message });

/**
 * The length bounds of a new password, counted in characters (Unicode code points of its NFKC
 * form, so an emoji, or a letter with a combining accent, counts as one).
 *
 * @example
 * ```ts
 * import { PASSWORD_LENGTH } from '@matchkit/sdk/accounts';
 * PASSWORD_LENGTH.min; // 10
 * ```
 */
export const PASSWORD_LENGTH = {
  /** The fewest characters a new password may have. */
  min: 10,
  /** The most characters a new password may have. */
  max: 200,
} as const;

/**
 * The longest email address accepted, in characters (the limit of the mail standards).
 *
 * @example
 * ```ts
 * import { EMAIL_MAX_LENGTH } from '@matchkit/sdk/accounts';
 * EMAIL_MAX_LENGTH; // 254
 * ```
 */
export const EMAIL_MAX_LENGTH = 254;

/**
 * The longest first or last name accepted, in characters once trimmed.
 *
 * @example
 * ```ts
 * import { NAME_MAX_LENGTH } from '@matchkit/sdk/accounts';
 * NAME_MAX_LENGTH; // 100
 * ```
 */
export const NAME_MAX_LENGTH = 100;

/**
 * The shape of a username as typed: 3 to 32 letters, digits, dots, dashes or underscores. It is
 * stored lower-cased.
 *
 * @example
 * ```ts
 * import { USERNAME_PATTERN } from '@matchkit/sdk/accounts';
 * USERNAME_PATTERN.test('ada.l'); // true
 * USERNAME_PATTERN.test('a b'); // false
 * ```
 */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,32}$/;

/**
 * The onboarding goals of a brand, as the goal reader needs them (a `Brand` of
 * `@matchkit/sdk/brands` is one).
 *
 * @example
 * ```ts
 * import type { GoalCatalogue } from '@matchkit/sdk/accounts';
 * const catalogue: GoalCatalogue = { onboarding: { goals: [{ id: 'goal-300-600' }] } };
 * ```
 */
export interface GoalCatalogue {
  /** The brand's onboarding content. */
  readonly onboarding: {
    /** The goals a member may choose from. */
    readonly goals: readonly { readonly id: string }[];
  };
}

/** Code points, so an emoji counts as one character. */
function codePoints(s: string): number {
  return [...s].length;
}

/**
 * An email address: trimmed, lower-cased, at most 254 characters, of the usual `name@domain`
 * shape.
 *
 * @example
 * ```ts
 * import { readEmail } from '@matchkit/sdk/accounts';
 * readEmail(' Ada@Example.com '); // { ok: true, value: 'ada@example.com' }
 * readEmail('ada'); // { ok: false, message: 'Enter a valid email address, such as name@example.com.' }
 * ```
 */
export function readEmail(raw: string): Checked<string> {
  const value = raw.trim().toLowerCase();
  if (value === '') return bad('Enter your email address.');
  if (value.length > EMAIL_MAX_LENGTH || !s.EMAIL_PATTERN.test(value)) return bad('Enter a valid email address, such as name@example.com.');
  return ok(value);
}

/**
 * A username: 3 to 32 letters, digits, dots, dashes or underscores (not trimmed); the value is
 * lower-cased, as it is stored.
 *
 * @example
 * ```ts
 * import { readUsername } from '@matchkit/sdk/accounts';
 * readUsername('Ada_L'); // { ok: true, value: 'ada_l' }
 * readUsername('ad').ok; // false
 * ```
 */
export function readUsername(raw: string): Checked<string> {
  if (!USERNAME_PATTERN.test(raw)) return bad('Choose a username of 3 to 32 letters, digits, dots, dashes or underscores.');
  return ok(raw.toLowerCase());
}

/**
 * A first or last name: 1 to 100 characters once trimmed, with no control characters.
 *
 * @example
 * ```ts
 * import { readName } from '@matchkit/sdk/accounts';
 * readName('  Ada ', 'first'); // { ok: true, value: 'Ada' }
 * readName('', 'last'); // { ok: false, message: 'Enter your last name.' }
 * ```
 */
export function readName(raw: string, which: 'first' | 'last'): Checked<string> {
  const value = raw.trim();
  if (value === '') return bad(`Enter your ${which} name.`);
  if (codePoints(value) > NAME_MAX_LENGTH) return bad(`Your ${which} name can be at most ${NAME_MAX_LENGTH} characters.`);
  if (/\p{Cc}/u.test(value)) return bad(`Your ${which} name cannot contain control characters.`);
  return ok(value);
}

/**
 * A new password, NFKC-normalised first (so a letter typed with a combining accent and the same
 * letter typed precomposed are one password, and count as one character), then counted: 10 to 200
 * characters (code points), not only spaces, and not one character repeated. Never trimmed. The
 * value is the normalised password, the one the server hashes (its hasher normalises the same way,
 * so hashes made before this rule still verify).
 *
 * @example
 * ```ts
 * import { readNewPassword } from '@matchkit/sdk/accounts';
 * readNewPassword('correct horse').ok; // true
 * readNewPassword('short'); // { ok: false, message: 'Choose a password of at least 10 characters.' }
 * readNewPassword('e\u0301'.repeat(5)).ok; // false: 5 characters once normalised
 * readNewPassword('aaaaaaaaaa').ok; // false: one character repeated
 * ```
 */
export function readNewPassword(raw: string): Checked<string> {
  const value = raw.normalize('NFKC');
  const chars = [...value];
  if (chars.length < PASSWORD_LENGTH.min) return bad(`Choose a password of at least ${PASSWORD_LENGTH.min} characters.`);
  if (chars.length > PASSWORD_LENGTH.max) return bad(`A password can be at most ${PASSWORD_LENGTH.max} characters.`);
  if (/^\s+$/u.test(value)) return bad('Choose a password that is not only spaces.');
  if (chars.every((c) => c === chars[0])) return bad('Choose a password that is not one character repeated.');
  return ok(value);
}

const CONFIRM_ADULT_MESSAGE = 'You must be 18 or over to join: confirm your age to continue.';

/**
 * The confirmation that the member is 18 or over: only `true` is accepted.
 *
 * @example
 * ```ts
 * import { readConfirmAdult } from '@matchkit/sdk/accounts';
 * readConfirmAdult(true); // { ok: true, value: true }
 * readConfirmAdult(false).ok; // false
 * ```
 */
export function readConfirmAdult(raw: unknown): Checked<true> {
  return raw === true ? ok(true) : bad(CONFIRM_ADULT_MESSAGE);
}

/**
 * An id of the brand's onboarding goals.
 *
 * @example
 * ```ts
 * import { getBrand } from '@matchkit/sdk/brands';
 * import { readGoal } from '@matchkit/sdk/accounts';
 * readGoal(getBrand('primary'), 'goal-300-600'); // { ok: true, value: 'goal-300-600' }
 * readGoal(getBrand('primary'), 'rich').ok; // false
 * ```
 */
export function readGoal(brand: GoalCatalogue, raw: string): Checked<string> {
  const ids = brand.onboarding.goals.map((g) => g.id);
  return ids.includes(raw) ? ok(raw) : bad(`Choose one of the goals offered: ${ids.join(', ')}.`);
}

/**
 * What a member signs in with: an email address or a username, trimmed and lower-cased (an `@`
 * means an email address). Only emptiness is refused here: whether it names a member is the
 * server's answer.
 *
 * @example
 * ```ts
 * import { readLogin } from '@matchkit/sdk/accounts';
 * readLogin(' Ada '); // { ok: true, value: 'ada' }
 * readLogin('  ').ok; // false
 * ```
 */
export function readLogin(raw: string): Checked<string> {
  const value = raw.trim().toLowerCase();
  return value === '' ? bad('Enter your email address or username.') : ok(value);
}

/**
 * A password typed to sign in: anything but the empty string, taken as typed.
 *
 * @example
 * ```ts
 * import { readCurrentPassword } from '@matchkit/sdk/accounts';
 * readCurrentPassword('').ok; // false
 * ```
 */
export function readCurrentPassword(raw: string): Checked<string> {
  return raw === '' ? bad('Enter your password.') : ok(raw);
}

/** The shape of a reset link's token: 32 random bytes, base64url. */
const RESET_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The message for a reset link that cannot be used (malformed, expired or used already).
 *
 * @example
 * ```ts
 * import { INVALID_RESET_LINK } from '@matchkit/sdk/accounts';
 * INVALID_RESET_LINK.startsWith('This reset link'); // true
 * ```
 */
export const INVALID_RESET_LINK = 'This reset link has expired or has been used already. Ask for a new one.';

/**
 * The token of a password reset link (`/reset-password?token=...`): 43 base64url characters.
 * Whether it is still usable is the server's answer.
 *
 * @example
 * ```ts
 * import { readResetToken } from '@matchkit/sdk/accounts';
 * readResetToken('x').ok; // false
 * ```
 */
export function readResetToken(raw: string): Checked<string> {
  return RESET_TOKEN.test(raw) ? ok(raw) : bad(INVALID_RESET_LINK);
}

/**
 * The message for an email link (an address confirmation or a change of address) that cannot be
 * used: malformed, expired, used already or replaced by a newer one.
 *
 * @example
 * ```ts
 * import { INVALID_EMAIL_LINK } from '@matchkit/sdk/accounts';
 * INVALID_EMAIL_LINK.startsWith('This link'); // true
 * ```
 */
export const INVALID_EMAIL_LINK = 'This link has expired or has been used already. Ask for a new one from your account page.';

/**
 * The token of an email link (`/verify-email?token=...`, `/confirm-email?token=...`): 43
 * base64url characters, as a reset token. Whether it is still usable is the server's answer.
 *
 * @example
 * ```ts
 * import { readEmailToken } from '@matchkit/sdk/accounts';
 * readEmailToken('x').ok; // false
 * readEmailToken('a'.repeat(43)).ok; // true
 * ```
 */
export function readEmailToken(raw: string): Checked<string> {
  return RESET_TOKEN.test(raw) ? ok(raw) : bad(INVALID_EMAIL_LINK);
}

/**
 * What a member types to confirm closing their account, compared without regard to case or the
 * spaces around it.
 *
 * @example
 * ```ts
 * import { CLOSE_ACCOUNT_PHRASE } from '@matchkit/sdk/accounts';
 * CLOSE_ACCOUNT_PHRASE; // 'close my account'
 * ```
 */
export const CLOSE_ACCOUNT_PHRASE = 'close my account';

/**
 * The typed confirmation of an account closure: {@link CLOSE_ACCOUNT_PHRASE}, in any case, with
 * spaces around it allowed.
 *
 * @example
 * ```ts
 * import { readCloseConfirmation } from '@matchkit/sdk/accounts';
 * readCloseConfirmation(' Close my account ').ok; // true
 * readCloseConfirmation('yes').ok; // false
 * ```
 */
export function readCloseConfirmation(raw: string): Checked<string> {
  return raw.trim().toLowerCase() === CLOSE_ACCOUNT_PHRASE ? ok(CLOSE_ACCOUNT_PHRASE) : bad(`Type “${CLOSE_ACCOUNT_PHRASE}” to confirm.`);
}

/**
 * A valibot schema of strings that accepts what `read` accepts, outputs its normalised value and
 * reports its message, for form libraries that take schemas: the reader is the one description of
 * the field, the schema its wrapper.
 */
function schemaOf<T>(read: (raw: string) => Checked<T>) {
  return v.pipe(
    s.string(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const checked = read(dataset.value);
      if (checked.ok) return checked.value;
      addIssue({ message: checked.message });
      return NEVER;
    }),
  );
}

/**
 * {@link readEmail} as a valibot schema: parses to the normalised address.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { emailSchema } from '@matchkit/sdk/accounts';
 * v.parse(emailSchema, ' Ada@Example.com '); // 'ada@example.com'
 * ```
 */
export const emailSchema = schemaOf(readEmail);

/**
 * {@link readUsername} as a valibot schema: parses to the lower-cased username.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { usernameSchema } from '@matchkit/sdk/accounts';
 * v.safeParse(usernameSchema, 'a').success; // false
 * ```
 */
export const usernameSchema = schemaOf(readUsername);

/**
 * {@link readName} for a first name, as a valibot schema.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { firstNameSchema } from '@matchkit/sdk/accounts';
 * v.parse(firstNameSchema, ' Ada '); // 'Ada'
 * ```
 */
export const firstNameSchema = schemaOf((raw) => readName(raw, 'first'));

/**
 * {@link readName} for a last name, as a valibot schema.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { lastNameSchema } from '@matchkit/sdk/accounts';
 * v.safeParse(lastNameSchema, '').issues?.[0]?.message; // 'Enter your last name.'
 * ```
 */
export const lastNameSchema = schemaOf((raw) => readName(raw, 'last'));

/**
 * {@link readNewPassword} as a valibot schema.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { newPasswordSchema } from '@matchkit/sdk/accounts';
 * v.safeParse(newPasswordSchema, 'short').success; // false
 * ```
 */
export const newPasswordSchema = schemaOf(readNewPassword);

/**
 * {@link readConfirmAdult} as a valibot schema: only `true` passes.
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { confirmAdultSchema } from '@matchkit/sdk/accounts';
 * v.safeParse(confirmAdultSchema, false).success; // false
 * ```
 */
export const confirmAdultSchema = s.literal(true, CONFIRM_ADULT_MESSAGE);

/**
 * A valibot schema of a goal id of `brand` ({@link readGoal}).
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { getBrand } from '@matchkit/sdk/brands';
 * import { goalSchema } from '@matchkit/sdk/accounts';
 * v.safeParse(goalSchema(getBrand('secondary')), 'goal-500-1000').success; // true
 * ```
 */
export function goalSchema(brand: GoalCatalogue) {
  return schemaOf((raw) => readGoal(brand, raw));
}
