// The pages of the mailed address links: /verify-email?token=... confirms the member's address,
// /confirm-email?token=... moves the account to the new address it was sent to.
// The link is used once, when the page opens (a mail client's preview fetches the page, never runs
// it); a link that has expired or has been used says so, with the way to a new one.
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMatchkit, useMatchkitMutation } from '@matchkit/react';
import { INVALID_EMAIL_LINK, readEmailToken } from '@matchkit/sdk/accounts';
import type { TypedDocumentString } from '@matchkit/sdk/transport';
import { paths } from '../../app/paths';
import { describeError } from '../../components/errors';
import { Page } from '../../components/Page';
import { LoadingState } from '../../components/ui';
import { AccountLinks } from './AccountForm';
import { FormAlert } from './FormAlert';
import { ConfirmEmailChangeMutation, VerifyEmailMutation, type LinkOutcome } from './api/emailLinks';

interface EmailLinkProps<Field extends string> {
  readonly title: string;
  readonly document: TypedDocumentString<LinkOutcome<Field>, { readonly token: string }>;
  readonly field: Field;
  readonly working: string;
  readonly done: string;
}

function EmailLink<Field extends string>({ title, document, field, working, done }: EmailLinkProps<Field>) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { queryClient } = useMatchkit();
  const mutation = useMatchkitMutation(document);
  const [state, setState] = useState<{ readonly ok: true } | { readonly ok: false; readonly message: string } | null>(() =>
    readEmailToken(token).ok ? null : { ok: false, message: INVALID_EMAIL_LINK },
  );
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || state !== null) return;
    sent.current = true;
    mutation.mutate(
      { token },
      {
        onSuccess: async ({ data }) => {
          const outcome = data[field];
          setState(outcome.ok ? { ok: true } : { ok: false, message: outcome.error?.message ?? INVALID_EMAIL_LINK });
          // The member's details (confirmed or not, their address) are read again wherever shown.
          if (outcome.ok) await queryClient.invalidateQueries();
        },
        onError: (error) => setState({ ok: false, message: describeError(error) }),
      },
    );
  }, [mutation, token, field, state, queryClient]);

  return (
    <Page title={title} lead={state?.ok === true ? done : undefined}>
      {state === null ? <LoadingState label={working} /> : null}
      {state !== null && !state.ok ? <FormAlert message={state.message} /> : null}
      {state === null ? null : (
        <AccountLinks>
          <li>
            <Link to={paths.account}>Your account</Link>
          </li>
          <li>
            <Link to={paths.home}>Go to your dashboard</Link>
          </li>
        </AccountLinks>
      )}
    </Page>
  );
}

export function VerifyEmailPage() {
  return (
    <EmailLink
      title="Confirm your email address"
      document={VerifyEmailMutation}
      field="verifyEmail"
      working="Confirming your email address…"
      done="Thank you: your email address is confirmed."
    />
  );
}

export function ConfirmEmailPage() {
  return (
    <EmailLink
      title="Confirm your new email address"
      document={ConfirmEmailChangeMutation}
      field="confirmEmailChange"
      working="Changing your email address…"
      done="Thank you: your account now uses this email address."
    />
  );
}
