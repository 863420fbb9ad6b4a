// The referral code of the landing page (/refer?code=...), remembered for this tab's
// registration only (sessionStorage: it ends with the tab and is never shared with other tabs).
import { parseReferralCode } from '@matchkit/sdk/referrals';

const KEY = 'matchkit.referralCode';

/** Remembers a valid code (as the sdk normalised it). */
export function rememberReferralCode(code: string): void {
  try {
    window.sessionStorage.setItem(KEY, code);
  } catch {
    // Storage refused (private mode, quota): the code is still in the register link.
  }
}

/** The remembered code, if it is still a valid one. */
export function rememberedReferralCode(): string | null {
  let raw: string | null;
  try {
    raw = window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
  const parsed = parseReferralCode(raw);
  return parsed.ok ? parsed.code : null;
}
