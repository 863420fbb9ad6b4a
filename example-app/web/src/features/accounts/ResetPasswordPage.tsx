// /reset-password?token=...: the page of the mailed link. Choosing a new password ends every
// session of the member and signs them in here. A link that has expired or has been used says so,
// with the way to ask for a new one.
import { useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { matchkitQueryKey, useMatchkit, useMatchkitMutation } from '@matchkit/react';
import { INVALID_RESET_LINK, readResetToken, validatePasswordReset } from '@matchkit/sdk/accounts';
import { MeQuery } from '@matchkit/sdk/transport';
import { paths } from '../../app/paths';
import { describeError } from '../../components/errors';
import { Field } from '../../components/Field';
import { Page } from '../../components/Page';
import { ResetPasswordMutation } from './api/passwordReset';
import { Button } from '../../components/ui';
import { AccountForm, AccountLinks, FormActions } from './AccountForm';
import { FormAlert } from './FormAlert';
import { NewPasswordHint } from './PasswordStrength';
import { useFormErrors } from './form';
import { forgetMemberData } from '../session';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { queryClient } = useMatchkit();
  const formRef = useRef<HTMLFormElement>(null);
  const errors = useFormErrors(formRef);
  const reset = useMatchkitMutation(ResetPasswordMutation);
  const [newPassword, setNewPassword] = useState('');
  /** After the reset: 'signed-in', or 'sign-in' when two-step sign-in asks for a code first. */
  const [done, setDone] = useState<'signed-in' | 'sign-in' | null>(null);
  const [linkRefused, setLinkRefused] = useState<string | null>(() => (readResetToken(token).ok ? null : INVALID_RESET_LINK));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reset.isPending) return;
    const checked = validatePasswordReset({ token, newPassword });
    if (!checked.ok) {
      errors.showProblems(checked.problems);
      return;
    }
    errors.clear();
    reset.mutate(
      { input: checked.value },
      {
        onSuccess: async (result) => {
          const payload = result.data.resetPassword;
          if (payload.ok) {
            setDone(payload.token === null ? 'sign-in' : 'signed-in');
            await forgetMemberData(queryClient);
            await queryClient.invalidateQueries({ queryKey: matchkitQueryKey(MeQuery) });
          } else if (payload.error?.field === 'input.token') {
            setLinkRefused(payload.error.message);
          } else if (payload.error) {
            errors.showPayloadError(payload.error, ['input.newPassword']);
          } else {
            errors.showFormError('We could not change your password. Please try again.');
          }
        },
        onError: (error) => errors.showFormError(describeError(error)),
      },
    );
  };

  if (done === 'sign-in') {
    return (
      <Page
        title="Choose a new password"
        lead="Your password has been changed and every device you used is now signed out. Sign in with your new password and a code from your authenticator app."
      >
        <AccountLinks>
          <li>
            <Link to={paths.login}>Sign in</Link>
          </li>
        </AccountLinks>
      </Page>
    );
  }
  if (done === 'signed-in') {
    return (
      <Page
        title="Choose a new password"
        lead="Your password has been changed and you are signed in. Any other device you used is now signed out."
      >
        <AccountLinks>
          <li>
            <Link to={paths.home}>Go to your dashboard</Link>
          </li>
          <li>
            <Link to={paths.account}>Your account</Link>
          </li>
        </AccountLinks>
      </Page>
    );
  }
  if (linkRefused !== null) {
    return (
      <Page title="Choose a new password">
        <FormAlert message={linkRefused} />
        <AccountLinks>
          <li>
            <Link to={paths.forgotPassword}>Ask for a new link</Link>
          </li>
          <li>
            <Link to={paths.login}>Sign in</Link>
          </li>
        </AccountLinks>
      </Page>
    );
  }
  return (
    <Page
      title="Choose a new password"
      lead="Choose a password you do not use anywhere else. Every device signed in to your account will be signed out."
    >
      <AccountForm formRef={formRef} onSubmit={submit} label="Reset your password">
        <FormAlert message={errors.form} />
        <Field
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          hint={<NewPasswordHint password={newPassword} />}
          value={newPassword}
          onChange={(e) => setNewPassword(e.target.value)}
          error={errors.fields['input.newPassword']}
        />
        <FormActions>
          <Button type="submit" disabled={reset.isPending}>
            {reset.isPending ? 'Saving…' : 'Save and sign in'}
          </Button>
        </FormActions>
      </AccountForm>
    </Page>
  );
}
