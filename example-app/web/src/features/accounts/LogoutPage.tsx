// /logout: signs out this device (its session ends on the server and its cookies are cleared;
// the member's other devices stay signed in), then forgets everything this tab had cached about
// them. Signing out everywhere is its own action on the account page.
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useMatchkit, useMatchkitMutation } from '@matchkit/react';
import { LogoutMutation } from '@matchkit/sdk/transport';
import { paths } from '../../app/paths';
import { ErrorMessage, Loading } from '../../components/Status';
import { Page } from '../../components/Page';
import { AccountLinks } from './AccountForm';

export function LogoutPage() {
  const { queryClient } = useMatchkit();
  const logout = useMatchkitMutation(LogoutMutation, {
    onSuccess: async () => {
      // Nothing of the member stays in this tab: unused answers go, the ones on screen (the
      // member's own query among them) are emptied and asked again, now signed out.
      queryClient.removeQueries({ type: 'inactive' });
      await queryClient.resetQueries();
    },
  });
  const started = useRef(false);
  const { mutate } = logout;
  useEffect(() => {
    // Once, even under StrictMode's second run of effects.
    if (started.current) return;
    started.current = true;
    mutate({});
  }, [mutate]);

  if (logout.isError) {
    return (
      <Page title="We could not sign you out">
        <ErrorMessage error={logout.error} retry={() => logout.mutate({})} />
      </Page>
    );
  }
  if (!logout.isSuccess) {
    return (
      <Page title="Signing you out">
        <Loading label="Signing you out…" />
      </Page>
    );
  }
  return (
    <Page title="You have signed out" lead="You are signed out on this device. Thank you for visiting.">
      <AccountLinks>
        <li>
          <Link to={paths.login}>Sign in again</Link>
        </li>
        <li>
          <Link to={paths.home}>Go to the home page</Link>
        </li>
      </AccountLinks>
    </Page>
  );
}
