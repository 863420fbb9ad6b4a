// What the accounts module accepts, field by field. Each reader returns the normalised value or a
// message a person can act on; a mutation reports the first bad field of its input (in the order a
// form shows them) as a BAD_INPUT payload naming the field's path (input.email, ...).
import * as z from 'zod';
import type { Brand } from '@matchkit/sdk/brands';
import { failure } from '../module';

/** A field's value, or why it is not acceptable. */
export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const bad = <T>(message: string): Checked<T> => ({ ok: false, message });

/** Password length bounds, in characters (code points). */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;
const USERNAME = /^[A-Za-z0-9._-]{3,32}$/;
const emailShape = z.email();

/** Code points, so an emoji counts as one character. */
function length(s: string): number {
  return [...s].length;
}

/** An email address: trimmed, lower-cased, at most 254 characters, of the usual shape. */
export function readEmail(raw: string): Checked<string> {
  const value = raw.trim().toLowerCase();
  if (value === '') return bad('Enter your email address.');
  if (value.length > 254 || !emailShape.safeParse(value).success) return bad('Enter a valid email address, such as name@example.com.');
  return ok(value);
}

/** A username: 3 to 32 letters, digits, dots, dashes or underscores; stored lower-cased. */
export function readUsername(raw: string): Checked<string> {
  if (!USERNAME.test(raw)) return bad('Choose a username of 3 to 32 letters, digits, dots, dashes or underscores.');
  return ok(raw.toLowerCase());
}

/** A first or last name: 1 to 100 characters once trimmed. */
export function readName(raw: string, which: 'first' | 'last'): Checked<string> {
  const value = raw.trim();
  if (value === '') return bad(`Enter your ${which} name.`);
  if (length(value) > 100) return bad(`Your ${which} name can be at most 100 characters.`);
  if (/\p{Cc}/u.test(value)) return bad(`Your ${which} name cannot contain control characters.`);
  return ok(value);
}

/** A new password: 10 to 200 characters, taken as typed (no trimming). */
export function readNewPassword(raw: string): Checked<string> {
  const n = length(raw);
  if (n < PASSWORD_MIN) return bad(`Choose a password of at least ${PASSWORD_MIN} characters.`);
  if (n > PASSWORD_MAX) return bad(`A password can be at most ${PASSWORD_MAX} characters.`);
  return ok(raw);
}

/** An id of the brand's onboarding goals. */
export function readGoal(brand: Brand, raw: string): Checked<string> {
  const ids = brand.onboarding.goals.map((g) => g.id);
  return ids.includes(raw) ? ok(raw) : bad(`Choose one of the goals offered: ${ids.join(', ')}.`);
}

/** The BAD_INPUT payload for the first bad field of `checks` (field paths as keys), or null when all are good. */
export function firstBadField(checks: Readonly<Record<string, Checked<unknown>>>) {
  for (const [field, check] of Object.entries(checks)) {
    if (!check.ok) return failure('BAD_INPUT', check.message, field);
  }
  return null;
}
