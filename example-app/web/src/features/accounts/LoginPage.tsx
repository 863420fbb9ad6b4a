// /login: sign in by email address or username. A wrong login or password gets the server's one
// answer for both; too many attempts get the server's wait. Afterwards the member goes to `next`
// (a path of this site only: safeNext; a server route such as the forum's sign-in loads as a
// document) or the dashboard; a member already signed in (a kept session, renewed as the app
// starts) who is given `next` goes there at once. "Keep me signed in" makes the session last
// 30 days after its last use on this device; otherwise it ends with the browser (docs/security.md).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { matchkitQueryKey, useMatchkit, useMatchkitMutation } from '@matchkit/react';
import { validateLogin } from '@matchkit/sdk/accounts';
import { isTransportError, LoginMutation, MeQuery } from '@matchkit/sdk/transport';
import { goToNext, paths, safeNext } from '../../app/paths';
import { describeError, errorCode } from '../../components/errors';
import { Field } from '../../components/Field';
import { Page } from '../../components/Page';
import { Button, LoadingState } from '../../components/ui';
import { AccountForm, AccountLinks, FormActions } from './AccountForm';
import { FormAlert } from './FormAlert';
import { useFormErrors } from './form';
import { forgetMemberData, useSession } from '../session';
import { secondFactorChallenge, SecondFactorStep } from './SecondFactorStep';

/** What a failed sign-in says: the server's own words for a wrong login and for too many attempts. */
export function signInFailure(error: unknown): string {
  const code = errorCode(error);
  if ((code === 'UNAUTHENTICATED' || code === 'RATE_LIMITED') && isTransportError(error) && error.kind === 'graphql') {
    const message = error.graphQLErrors[0]?.message;
    if (message !== undefined && message !== '') return code === 'RATE_LIMITED' ? `${message} This protects your account.` : message;
  }
  return describeError(error);
}

/** How long a `next` the page went on to at once is not gone on to again in this tab. */
const CONTINUE_AGAIN_MS = 30_000;
const CONTINUED_KEY = 'matchkit.login.continued';

/** Whether this tab went on to `next` at once within CONTINUE_AGAIN_MS (storage refused: no). */
function continuedLately(next: string): boolean {
  try {
    const [at, to] = JSON.parse(sessionStorage.getItem(CONTINUED_KEY) ?? '[]') as [number?, string?];
    return to === next && typeof at === 'number' && Date.now() - at < CONTINUE_AGAIN_MS;
  } catch {
    return false;
  }
}

function markContinued(next: string): void {
  try {
    sessionStorage.setItem(CONTINUED_KEY, JSON.stringify([Date.now(), next]));
  } catch {
    // Storage refused: this tab goes without the guard.
  }
}

export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { queryClient } = useMatchkit();
  const formRef = useRef<HTMLFormElement>(null);
  const errors = useFormErrors(formRef);
  const login = useMatchkitMutation(LoginMutation);
  const nextParam = params.get('next');
  // Signed in already (the app renews a kept session as it starts, a stale token included), with
  // somewhere to go: straight on. The forum's sign-in sends a member whose 15-minute token has
  // lapsed here, and they arrive at the forum without typing their password again.
  // (Not once this form has signed them in: signedIn goes on itself.)
  // Once a tab only: sent back here for the same `next` within CONTINUE_AGAIN_MS (the server does not
  // take the session the app holds), the page shows the form rather than going round again.
  const { user } = useSession();
  const [signingIn, setSigningIn] = useState(false);
  const [wentLately] = useState(() => nextParam !== null && continuedLately(nextParam));
  const continuing = user !== null && user !== undefined && nextParam !== null && !signingIn && !wentLately;
  const went = useRef(false);
  useEffect(() => {
    // Once per page, React's development double effects included (a nonce is spent by its first use).
    if (!continuing || went.current) return;
    went.current = true;
    markContinued(nextParam);
    void goToNext(safeNext(nextParam), navigate);
  }, [continuing, nextParam, navigate]);
  const [values, setValues] = useState({ login: '', password: '' });
  const [keepSignedIn, setKeepSignedIn] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);
  const signedIn = async () => {
    setSigningIn(true);
    await forgetMemberData(queryClient);
    await queryClient.invalidateQueries({ queryKey: matchkitQueryKey(MeQuery) });
    await goToNext(safeNext(nextParam), navigate);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (login.isPending) return;
    const checked = validateLogin(values);
    if (!checked.ok) {
      errors.showProblems(checked.problems);
      return;
    }
    errors.clear();
    login.mutate(
      { input: { ...checked.value, keepSignedIn } },
      {
        onSuccess: signedIn,
        onError: (error) => {
          const second = secondFactorChallenge(error);
          if (second === null) errors.showFormError(signInFailure(error));
          else setChallenge(second);
        },
      },
    );
  };

  if (continuing)
    return (
      <Page title="Sign in" lead="You are signed in.">
        <LoadingState label="Taking you on…" />
      </Page>
    );
  const registerLink = nextParam === null ? paths.register : `${paths.register}?next=${encodeURIComponent(safeNext(nextParam))}`;
  return (
    <Page title="Sign in" lead="Sign in with your email address or username.">
      {challenge !== null ? (
        <SecondFactorStep
          challenge={challenge}
          keepSignedIn={keepSignedIn}
          onSignedIn={signedIn}
          onRestart={() => setChallenge(null)}
          describe={signInFailure}
        />
      ) : null}
      <div hidden={challenge !== null}>
        <AccountForm formRef={formRef} onSubmit={submit} label="Sign in">
          <FormAlert message={errors.form} />
          <Field
            label="Email address or username"
            name="login"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={values.login}
            onChange={(e) => setValues((v) => ({ ...v, login: e.target.value }))}
            error={errors.fields['input.login']}
          />
          <Field
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={values.password}
            onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
            error={errors.fields['input.password']}
          />
          <Field
            label="Keep me signed in"
            name="keepSignedIn"
            type="checkbox"
            checked={keepSignedIn}
            onChange={(e) => setKeepSignedIn(e.target.checked)}
            hint="For 30 days after you last visit, on this device. Leave it unticked on a shared computer."
          />
          <FormActions>
            <Button type="submit" disabled={login.isPending}>
              {login.isPending ? 'Signing in…' : 'Sign in'}
            </Button>
          </FormActions>
          {login.isPending ? <LoadingState label="Signing in…" /> : null}
        </AccountForm>
      </div>
      <AccountLinks>
        <li>
          <Link to={paths.forgotPassword}>Forgotten your password?</Link>
        </li>
        <li>
          New here? <Link to={registerLink}>Create your account</Link>
        </li>
      </AccountLinks>
    </Page>
  );
}
