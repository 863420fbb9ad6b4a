// The stored form of a referral code: used by the user model's schema (schemas.ts) and, re-exported,
// by the referrals module (referrals/code.ts). It imports nothing, so neither pulls the other in.

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
