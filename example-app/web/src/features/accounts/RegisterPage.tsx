// /register: the registration form. Checked in the browser with the sdk's rules
// (@matchkit/sdk/accounts, the server's own), each message next to its field; the server's field
// errors (an email address already registered, ...) land next to the same fields. A referral code
// from the landing page (/refer?code=...) is filled in. On success the member is signed in (the
// server sets the cookie) and goes to onboarding, or to `next`.
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { matchkitQueryKey, useBrand, useMatchkit, useMatchkitMutation } from '@matchkit/react';
import { validateRegistration } from '@matchkit/sdk/accounts';
import { parseReferralCode } from '@matchkit/sdk/referrals';
import { MeQuery } from '@matchkit/sdk/transport';
import { goToNext, loginThenBack, paths, safeNext } from '../../app/paths';
import { describeError } from '../../components/errors';
import { Field } from '../../components/Field';
import { Page } from '../../components/Page';
import { forgetMemberData, useSession } from '../session';
import { RegisterMutation } from './api/register';
import { Button, LoadingState } from '../../components/ui';
import { AccountForm, FormActions } from './AccountForm';
import { FormAlert } from './FormAlert';
import { NewPasswordHint } from './PasswordStrength';

import { useFormErrors } from './form';
import { rememberedReferralCode } from './referral';

const FIELDS = [
  'input.firstName',
  'input.lastName',
  'input.username',
  'input.email',
  'input.password',
  'input.confirmAdult',
  'input.referralCode',
];

export function RegisterPage() {
  const brand = useBrand();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { queryClient } = useMatchkit();
  const { user } = useSession();
  const formRef = useRef<HTMLFormElement>(null);
  const errors = useFormErrors(formRef);
  const register = useMatchkitMutation(RegisterMutation);
  const nextParam = params.get('next');
  const destination = nextParam === null ? paths.onboarding : safeNext(nextParam);
  const [values, setValues] = useState(() => {
    const fromLink = parseReferralCode(params.get(brand.referral.codeParam));
    return {
      firstName: '',
      lastName: '',
      username: '',
      email: '',
      password: '',
      confirmAdult: false,
      referralCode: fromLink.ok ? fromLink.code : (rememberedReferralCode() ?? ''),
    };
  });
  const set = (name: keyof typeof values) => (event: { target: HTMLInputElement }) =>
    setValues((v) => ({ ...v, [name]: name === 'confirmAdult' ? event.target.checked : event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (register.isPending) return;
    const checked = validateRegistration(values, brand);
    if (!checked.ok) {
      errors.showProblems(checked.problems);
      return;
    }
    errors.clear();
    const { email, username, password, firstName, lastName, confirmAdult, referralCode } = checked.value;
    register.mutate(
      { input: { email, username, password, firstName, lastName, confirmAdult, referralCode } },
      {
        onSuccess: async (result) => {
          const payload = result.data.register;
          if (!payload.ok) {
            if (payload.error !== null) errors.showPayloadError(payload.error, FIELDS);
            else errors.showFormError('We could not create your account. Please try again.');
            return;
          }
          await forgetMemberData(queryClient);
          await queryClient.invalidateQueries({ queryKey: matchkitQueryKey(MeQuery) });
          await goToNext(destination, navigate);
        },
        onError: (error) => errors.showFormError(describeError(error)),
      },
    );
  };

  const err = (field: string) => errors.fields[`input.${field}`];
  return (
    <Page
      title="Create your account"
      lead={`Join ${brand.displayName}: offers, guides and the tools to track every bet. You must be 18 or over.`}
    >
      {user ? (
        <p className="max-w-reading">
          You are signed in as {user.username}. <Link to={paths.home}>Go to your dashboard</Link> or <Link to={paths.logout}>sign out</Link>{' '}
          to create another account.
        </p>
      ) : null}
      <AccountForm formRef={formRef} onSubmit={submit} label="Create your account">
        <FormAlert message={errors.form} />
        <Field
          label="First name"
          name="firstName"
          autoComplete="given-name"
          value={values.firstName}
          onChange={set('firstName')}
          error={err('firstName')}
        />
        <Field
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          value={values.lastName}
          onChange={set('lastName')}
          error={err('lastName')}
        />
        <Field
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          hint="3 to 32 letters, digits, dots, dashes or underscores."
          value={values.username}
          onChange={set('username')}
          error={err('username')}
        />
        <Field
          label="Email address"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={values.email}
          onChange={set('email')}
          error={err('email')}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint={<NewPasswordHint password={values.password} details={values} />}
          value={values.password}
          onChange={set('password')}
          error={err('password')}
        />
        <Field
          label="Referral code (optional)"
          name="referralCode"
          autoCapitalize="characters"
          spellCheck={false}
          hint="If a member invited you, their code is filled in from the invitation link."
          value={values.referralCode}
          onChange={set('referralCode')}
          error={err('referralCode')}
        />
        <Field
          label="I am 18 or over"
          name="confirmAdult"
          type="checkbox"
          required
          checked={values.confirmAdult}
          onChange={set('confirmAdult')}
          error={err('confirmAdult')}
        />
        <FormActions>
          <Button type="submit" disabled={register.isPending}>
            {register.isPending ? 'Creating your account…' : 'Create account'}
          </Button>
          <span>
            Already a member? <Link to={nextParam === null ? paths.login : loginThenBack(destination)}>Sign in</Link>
          </span>
        </FormActions>
        {register.isPending ? <LoadingState label="Creating your account…" /> : null}
      </AccountForm>
    </Page>
  );
}
