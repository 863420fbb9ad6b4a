// /forgot-password: asks for a reset link. The answer is the same whether the address has an
// account or not (the server tells nobody which addresses are registered).
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMatchkitMutation } from '@matchkit/react';
import { validatePasswordResetRequest } from '@matchkit/sdk/accounts';
import { paths } from '../../app/paths';
import { describeError } from '../../components/errors';
import { Field } from '../../components/Field';
import { Page } from '../../components/Page';
import { RequestPasswordResetMutation } from './api/passwordReset';
import { Button, Card } from '../../components/ui';
import { AccountForm, AccountLinks, FormActions } from './AccountForm';
import { FormAlert } from './FormAlert';
import { useFormErrors } from './form';

export function ForgotPasswordPage() {
  const formRef = useRef<HTMLFormElement>(null);
  const errors = useFormErrors(formRef);
  const request = useMatchkitMutation(RequestPasswordResetMutation);
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (request.isPending) return;
    const checked = validatePasswordResetRequest({ email });
    if (!checked.ok) {
      errors.showProblems(checked.problems);
      return;
    }
    errors.clear();
    request.mutate(checked.value, {
      onSuccess: (result) => {
        const payload = result.data.requestPasswordReset;
        if (payload.ok) setSentTo(checked.value.email);
        else if (payload.error !== null) errors.showPayloadError(payload.error, ['email']);
        else errors.showFormError('We could not send the link. Please try again.');
      },
      onError: (error) => errors.showFormError(describeError(error)),
    });
  };

  return (
    <Page
      title="Forgotten your password?"
      lead="Enter the email address of your account and we will send you a link to choose a new password."
    >
      {sentTo !== null ? (
        <Card className="max-w-reading" role="status">
          <p className="mt-0">
            If <strong>{sentTo}</strong> belongs to an account, we have sent it a link to choose a new password. The link works once, for
            one hour.
          </p>
          <p className="mb-0">Nothing arrived after a few minutes? Check your spam folder, or ask again.</p>
        </Card>
      ) : null}
      <AccountForm formRef={formRef} onSubmit={submit} label="Ask for a reset link">
        <FormAlert message={errors.form} />
        <Field
          label="Email address"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.fields['email']}
        />
        <FormActions>
          <Button type="submit" disabled={request.isPending}>
            {request.isPending ? 'Sending…' : sentTo === null ? 'Send me a reset link' : 'Send another link'}
          </Button>
        </FormActions>
      </AccountForm>
      <AccountLinks>
        <li>
          <Link to={paths.login}>Back to sign in</Link>
        </li>
      </AccountLinks>
    </Page>
  );
}
