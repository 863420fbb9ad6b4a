// Reading the casino forms' text fields. Only the reading of what was typed lives here (a number,
// a percent to a fraction; pounds by the app's one reader, components/money); every rule about the values (what a stake, a balance, an RTP
// may be) is the sdk's, whose validation issues are put next to the field they name.
import { isValidationError } from '@matchkit/sdk/errors';
import type { ReferenceSlotProfile, SlotInput } from '@matchkit/sdk/casino';
import { referenceSlot } from '@matchkit/sdk/casino';

/** A number typed by a member: digits with an optional decimal point (commas as thousands separators allowed); NaN otherwise. */
export function readNumber(text: string): number {
  const t = text.trim().replaceAll(',', '');
  return /^\d+(\.\d+)?$|^\.\d+$/.test(t) ? Number(t) : NaN;
}

/** The message for a field the member left empty or typed badly, before the sdk sees it. */
export function unreadable(text: string, what: string): string {
  return text.trim() === '' ? `Enter ${what}.` : `Enter ${what} as a number, such as the example.`;
}

/** Field errors from an sdk validation error: `map` turns an issue's path into a form field (or undefined to ignore it). */
export function fieldErrors<F extends string>(error: unknown, map: (path: string) => F | undefined): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  if (!isValidationError(error)) throw error;
  for (const issue of error.issues) {
    const field = map(issue.path);
    if (field !== undefined && out[field] === undefined) out[field] = sentence(issue.message);
  }
  return out;
}

/** An sdk message ("must be at least 1") as a sentence ("Must be at least 1."); the sdk says amounts in pounds ("(£100.00)"). */
function sentence(message: string): string {
  const s = message.charAt(0).toUpperCase() + message.slice(1);
  return /[.!?)]$/.test(s) ? s : `${s}.`;
}

export const PROFILES: readonly ReferenceSlotProfile[] = ['low', 'medium', 'high'];

/** What a member reads for each reference slot (the select is labelled with the word volatility). */
export function profileLabel(profile: ReferenceSlotProfile): string {
  const slot = referenceSlot(profile);
  const name = { low: 'Low', medium: 'Medium', high: 'High' }[profile];
  return `${name} (top prize ${slot.maxMultiplier}x)`;
}

/**
 * The slot of a volatility profile at an RTP: the reference paytable itself at its own RTP (96%),
 * otherwise a slot designed by the sdk with the profile's volatility and hit rate at that RTP.
 */
export function slotFor(profile: ReferenceSlotProfile, rtp: number): SlotInput {
  const reference = referenceSlot(profile);
  if (Math.abs(rtp - reference.rtp) < 1e-9) return profile;
  return { rtp, volatility: reference.volatility, hitRate: reference.hitRate };
}

/** A random seed for a new session (an unsigned 32-bit integer). */
export function randomSeed(): number {
  const one = new Uint32Array(1);
  crypto.getRandomValues(one);
  return one[0] ?? 0;
}
