// The referral code format, in one place. This file imports nothing, so that the user model's
// schema (sdk/src/model) can use the same pattern without pulling the referrals module in, and
// the referrals module can use it without pulling zod in.

/**
 * The shape of a referral code as stored and shown: 4 to 16 characters, each an upper-case
 * letter A-Z or a digit 0-9. Input is matched case-insensitively and normalised to upper case
 * first (see `parseReferralCode`); this pattern checks the normalised form. The user model's
 * `referAFriend.referralCode` is checked against it too.
 *
 * @example
 * ```ts
 * import { REFERRAL_CODE_PATTERN } from '@matchkit/sdk/referrals';
 * REFERRAL_CODE_PATTERN.test('ADA42'); // true
 * REFERRAL_CODE_PATTERN.test('ada42'); // false: the stored form is upper case
 * ```
 */
export const REFERRAL_CODE_PATTERN = /^[A-Z0-9]{4,16}$/;

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
