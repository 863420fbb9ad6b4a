// The referral code format, in one place. The pattern itself lives in the model (model/referral-code.ts),
// below the referrals module, so that the user model's schema uses it without importing upward;
// this file imports nothing else, so the referrals module uses it without pulling a schema library in.

export { REFERRAL_CODE_PATTERN } from '../model/referral-code';

/**
 * The shortest and longest referral code, and the length of a generated one.
 *
 * @example
 * ```ts
 * import { REFERRAL_CODE_LENGTH } from '@matchkit/sdk/referrals';
 * REFERRAL_CODE_LENGTH.generated; // 8
 * ```
 */
export const REFERRAL_CODE_LENGTH = {
  /** The fewest characters a code may have. */
  min: 4,
  /** The most characters a code may have. */
  max: 16,
  /** The length `generateReferralCode` uses unless told otherwise. */
  generated: 8,
} as const;

/**
 * The 31 characters a generated code is drawn from: the digits and upper-case letters without
 * the look-alikes 0, O, 1, I and L, so a code read aloud or copied by hand is not mistyped as
 * another. (Codes chosen by people may use any of A-Z and 0-9.)
 *
 * @example
 * ```ts
 * import { REFERRAL_CODE_ALPHABET } from '@matchkit/sdk/referrals';
 * REFERRAL_CODE_ALPHABET.length; // 31
 * ```
 */
export const REFERRAL_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
