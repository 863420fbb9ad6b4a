// The strength of a new password, in words, as the member types: the estimate the server refuses
// the weakest passwords with (@matchkit/app-contract/password-strength, zxcvbn-ts). Its dictionaries
// are large, so the estimator is loaded on first use, only on pages with a new-password field, and
// never with the first page. The words sit in a status region (announced politely) inside the
// field's hint, which the input is described by; a five-step bar repeats the score for the eye.
import { useEffect, useState } from 'react';
import { useBrand } from '@matchkit/react';
import type * as Estimator from '@matchkit/app-contract/password-strength';
import type { PasswordStrength } from '@matchkit/app-contract/password-strength';
import { PASSWORD_LENGTH } from '@matchkit/sdk/accounts';
import { cx } from '../../components/ui/cx';

let loading: Promise<typeof Estimator> | null = null;
/** The estimator module, loaded once. */
function loadEstimator(): Promise<typeof Estimator> {
  loading ??= import('@matchkit/app-contract/password-strength').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** The member details a password should not be built from (as typed so far). */
export interface PasswordDetails {
  readonly firstName?: string;
  readonly lastName?: string;
  readonly username?: string;
  readonly email?: string;
}

/** The estimate of `password` for the member of `details`; null while it is empty or the estimator loads. */
export function usePasswordStrength(password: string, details: PasswordDetails): PasswordStrength | null {
  const brand = useBrand();
  const [estimate, setEstimate] = useState<{ password: string; strength: PasswordStrength } | null>(null);
  const { firstName, lastName, username, email } = details;
  useEffect(() => {
    if (password === '') return;
    let current = true;
    loadEstimator()
      .then(({ estimatePasswordStrength, passwordUserInputs }) => {
        const inputs = passwordUserInputs({ firstName, lastName, username, email, brandName: brand.displayName });
        if (current) setEstimate({ password, strength: estimatePasswordStrength(password.normalize('NFKC'), inputs) });
      })
      .catch(() => {
        // Without the estimator the form still works: the server checks the strength.
      });
    return () => {
      current = false;
    };
  }, [password, firstName, lastName, username, email, brand.displayName]);
  return password === '' || estimate === null ? null : estimate.strength;
}

const BAR = ['bg-danger', 'bg-danger', 'bg-warning', 'bg-success', 'bg-success'] as const;

/** The estimate of `password` in words (with a bar), for a new-password field's hint. */
export function PasswordStrengthNote({ password, details }: { readonly password: string; readonly details: PasswordDetails }) {
  const strength = usePasswordStrength(password, details);
  return (
    <span className="mt-1 block">
      <span role="status" className="block">
        {strength === null ? null : (
          <>
            Strength: <strong>{strength.label}</strong>. {strength.advice}
          </>
        )}
      </span>
      {strength === null ? null : (
        <span aria-hidden="true" className="mt-1 flex max-w-48 gap-1">
          {[0, 1, 2, 3, 4].map((step) => (
            <span
              key={step}
              className={cx('h-1 flex-1 rounded-full', step <= strength.score ? BAR[strength.score] : 'bg-surface-sunken')}
            />
          ))}
        </span>
      )}
    </span>
  );
}

/** The hint of a new-password field: the rule, then the estimate of what is typed. */
export function NewPasswordHint({
  password,
  details = {},
  note,
}: {
  readonly password: string;
  readonly details?: PasswordDetails;
  /** A sentence more after the rule. */
  readonly note?: string;
}) {
  return (
    <>
      At least {PASSWORD_LENGTH.min} characters, hard to guess: a few unrelated words work well.{note === undefined ? null : ` ${note}`}
      <PasswordStrengthNote password={password} details={details} />
    </>
  );
}
