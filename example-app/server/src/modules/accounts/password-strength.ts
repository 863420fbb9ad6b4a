// The strength check of a new password on the server: the estimate the web app shows as the member
// types (@matchkit/app-contract/password-strength), refusing what it calls too weak.
import { estimatePasswordStrength, passwordUserInputs } from '@matchkit/app-contract/password-strength';
import type { RequestContext } from '../../kernel';
import { failure } from '../module';

/** The member details a password must not be built from. */
export interface PasswordOwner {
  readonly firstName: string;
  readonly lastName: string;
  readonly username: string;
  readonly email: string;
}

/**
 * The BAD_INPUT payload naming `field` when `password` (as the sdk's readNewPassword returns it) is
 * too easy to guess for `owner` on this brand, with the reason in words; null when it is strong enough.
 */
export function weakPasswordFailure(ctx: RequestContext, password: string, owner: PasswordOwner, field: string) {
  const inputs = passwordUserInputs({ ...owner, brandName: ctx.brand.displayName });
  const strength = estimatePasswordStrength(password, inputs);
  return strength.acceptable ? null : failure('BAD_INPUT', `Choose a password that is harder to guess. ${strength.advice}`, field);
}
