// The second step of signing in when two-step sign-in is on: the password was right (the server
// answered SECOND_FACTOR_REQUIRED with a challenge for this attempt), and a code from the member's
// authenticator app, or a recovery code, now finishes the sign-in.
import { useRef, useState, type FormEvent } from 'react';
import { useMatchkitMutation } from '@matchkit/react';
import { isTransportError } from '@matchkit/sdk/transport';
import { errorCode } from '../../components/errors';
import { Field } from '../../components/Field';
import { Button, LoadingState } from '../../components/ui';
import { AccountForm, FormActions } from './AccountForm';
import { FormAlert } from './FormAlert';
import { useFormErrors } from './form';
import { CompleteSignInMutation } from './api/second-factor';

/** The challenge of a sign-in refused for want of a second step, or null for any other failure. */
export function secondFactorChallenge(error: unknown): string | null {
  if (errorCode(error) !== 'SECOND_FACTOR_REQUIRED' || !isTransportError(error)) return null;
  const challenge = error.graphQLErrors[0]?.extensions?.['challenge'];
  return typeof challenge === 'string' ? challenge : null;
}

export function SecondFactorStep({
  challenge,
  keepSignedIn,
  onSignedIn,
  onRestart,
  describe,
}: {
  readonly challenge: string;
  /** "Keep me signed in" as ticked on the sign-in form (the session is made only now). */
  readonly keepSignedIn: boolean;
  /** The sign-in page's words for a failure (the server's own for a wrong code and for too many). */
  readonly describe: (error: unknown) => string;
  readonly onSignedIn: () => Promise<void>;
  readonly onRestart: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const errors = useFormErrors(formRef);
  const complete = useMatchkitMutation(CompleteSignInMutation);
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (complete.isPending) return;
    if (code.trim() === '') {
      errors.showProblems([{ field: 'input.code', message: 'Enter the code from your authenticator app, or a recovery code.' }]);
      return;
    }
    errors.clear();
    complete.mutate(
      { input: { challenge, code: code.trim(), keepSignedIn } },
      {
        onSuccess: () => onSignedIn(),
        onError: (error) => {
          const message = describe(error);
          if (errorCode(error) === 'UNAUTHENTICATED' && message.startsWith('That code'))
            errors.showProblems([{ field: 'input.code', message }]);
          else errors.showFormError(message);
        },
      },
    );
  };
  return (
    <AccountForm formRef={formRef} onSubmit={submit} label="Enter your code">
      <FormAlert message={errors.form} />
      <p className="mt-0">Your password is right. Now enter the 6-digit code from your authenticator app.</p>
      <Field
        label="Code from your app, or a recovery code"
        name="code"
        autoComplete="one-time-code"
        autoFocus
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={errors.fields['input.code']}
      />
      <FormActions>
        <Button type="submit" disabled={complete.isPending}>
          {complete.isPending ? 'Checking…' : 'Continue'}
        </Button>
        <Button type="button" variant="secondary" onClick={onRestart}>
          Start again
        </Button>
      </FormActions>
      {complete.isPending ? <LoadingState label="Checking your code…" /> : null}
    </AccountForm>
  );
}
