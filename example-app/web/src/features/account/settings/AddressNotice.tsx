// The notice at the top of the account page until the member's address is confirmed: where the
// link went, and "Send again" (limited by the server; its refusal is shown beside the button). The
// forum page shows it too, with its own reason (the forum needs a confirmed address).
import { useState } from 'react';
import { Mail } from 'lucide-react';
import { useMatchkitMutation, useMatchkitQuery } from '@matchkit/react';
import { ErrorMessage } from '../../../components/Status';
import { Button, Card, ErrorState } from '../../../components/ui';
import { AddressStatusQuery, SendVerificationEmailMutation } from '../api/settings';
import { SETTINGS_SECTION } from './layout';

/** What the account page says waits for a confirmed address. */
const ACCOUNT_REASON = 'Until then we cannot pay referral commission or change your address.';

export function AddressNotice({
  why = ACCOUNT_REASON,
  className = SETTINGS_SECTION,
}: {
  readonly why?: string;
  readonly className?: string;
}) {
  const status = useMatchkitQuery(AddressStatusQuery);
  const me = status.data?.data?.me ?? null;
  const send = useMatchkitMutation(SendVerificationEmailMutation);
  const [answer, setAnswer] = useState<{ readonly ok: boolean; readonly message: string } | null>(null);
  if (me === null || me.emailVerified) return null;
  const sendAgain = () =>
    send.mutate(
      {},
      {
        onSuccess: ({ data }) => {
          const outcome = data.sendVerificationEmail;
          setAnswer(
            outcome.ok
              ? { ok: true, message: `We have sent a new link to ${me.email}.` }
              : { ok: false, message: outcome.error?.message ?? 'We could not send the link. Please try again.' },
          );
        },
      },
    );
  return (
    <Card as="section" tone="highlighted" className={className} aria-label="Confirm your email address">
      <p className="mt-0 flex items-start gap-2">
        <Mail aria-hidden="true" className="mt-1 size-5 shrink-0" />
        <span>
          Please confirm your email address: open the link we sent to <strong>{me.email}</strong>. {why}
        </span>
      </p>
      <Button variant="secondary" onClick={sendAgain} disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send again'}
      </Button>
      <div aria-live="polite">{answer?.ok === true ? <p className="mb-0">{answer.message}</p> : null}</div>
      {answer?.ok === false ? <ErrorState className="mt-3" message={answer.message} /> : null}
      {send.status === 'error' ? <ErrorMessage error={send.error} /> : null}
    </Card>
  );
}
