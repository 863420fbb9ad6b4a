// The member's notification settings: per kind, a push switch and an email switch. Essential
// messages show as always on (not switchable); a kind not sent on a channel says so. Push switches
// are disabled, with the reason, until push is on in this browser (PushSettings above them): a
// push setting only matters on devices where the member turned push on. The kinds, defaults and
// what is essential are the sdk's (@matchkit/sdk/notifications); the server stores only changes.
import { useState } from 'react';
import { matchkitQueryKey, useMatchkit, useMatchkitMutation, useMatchkitQuery, usePushState } from '@matchkit/react';
import type { NotificationKind } from '@matchkit/sdk/notifications';
import type { PushManager } from '@matchkit/sdk/push';
import { NotificationSettingsQuery, SetNotificationSettingMutation } from '@matchkit/sdk/transport';
import { describeError } from '../../components/errors';
import { Card, ErrorState, Field, LoadingState } from '../../components/ui';
import { useSession } from '../session';

/** What each kind is, in a member's words. */
const KINDS: Readonly<Record<NotificationKind, { readonly title: string; readonly about: string }>> = {
  'odds-alerts': { title: 'Odds alerts', about: 'When a match reaches the rating you saved an alert for.' },
  'billing-reminders': { title: 'Billing reminders', about: 'Your free trial ending soon, or a renewal payment that failed.' },
  commission: { title: 'Commission', about: 'When referral commission becomes payable to you.' },
  'weekly-summary': { title: 'Weekly summary', about: 'Your profit over the past week, every Monday.' },
  account: { title: 'Account and payments', about: 'Confirming your email, password changes, receipts, cancellations and refunds.' },
};

export function NotificationSettings() {
  const { user } = useSession();
  const { push } = useMatchkit();
  if (user === null || user === undefined) return null;
  return push === undefined ? <Settings pushOn={false} /> : <WithPush manager={push} />;
}

function WithPush({ manager }: { readonly manager: PushManager }) {
  return <Settings pushOn={usePushState(manager).status === 'subscribed'} />;
}

function Settings({ pushOn }: { readonly pushOn: boolean }) {
  const { queryClient } = useMatchkit();
  const query = useMatchkitQuery(NotificationSettingsQuery);
  const [error, setError] = useState<string | null>(null);
  const change = useMatchkitMutation(SetNotificationSettingMutation, {
    onSuccess: () => {
      setError(null);
      void queryClient.invalidateQueries({ queryKey: matchkitQueryKey(NotificationSettingsQuery) });
    },
    onError: (e) => setError(describeError(e)),
  });
  const settings = query.data?.data.notificationSettings ?? [];
  const pushReason =
    query.data?.data.pushPublicKey === null
      ? 'This site does not send push notifications.'
      : 'Turn on notifications in this browser above to choose which ones are pushed here.';

  return (
    <Card as="section" className="my-4" aria-labelledby="notification-kinds-title">
      <h2 id="notification-kinds-title" className="m-0 mb-2 text-xl font-semibold">
        What we tell you about
      </h2>
      {query.isPending ? <LoadingState label="Loading your notification settings" /> : null}
      {query.isError ? <ErrorState message={describeError(query.error)} /> : null}
      {pushOn || query.isPending ? null : <p className="mt-0 text-sm text-muted">{pushReason}</p>}
      <ul className="m-0 grid list-none gap-4 p-0">
        {Object.entries(KINDS).map(([kind, words]) => {
          const of = (channel: 'PUSH' | 'EMAIL') => settings.find((s) => s.kind === kind && s.channel === channel);
          return (
            <li key={kind}>
              <fieldset className="m-0 rounded-control border border-border p-3">
                <legend className="font-semibold">{words.title}</legend>
                <p className="m-0 mb-2 text-sm text-muted">{words.about}</p>
                {(['PUSH', 'EMAIL'] as const).map((channel) => {
                  const s = of(channel);
                  const name = channel === 'PUSH' ? 'Push notification' : 'Email';
                  if (s === undefined) return null;
                  if (!s.offered) return <p key={channel} className="m-0 text-sm">{`${name}: not sent`}</p>;
                  if (!s.switchable) return <p key={channel} className="m-0 text-sm">{`${name}: always on (essential)`}</p>;
                  return (
                    <Field
                      key={channel}
                      label={`${name}: ${words.title.toLowerCase()}`}
                      type="checkbox"
                      role="switch"
                      checked={s.enabled}
                      disabled={change.isPending || (channel === 'PUSH' && !pushOn)}
                      onChange={(ev) => change.mutate({ kind, channel, enabled: ev.target.checked })}
                    />
                  );
                })}
              </fieldset>
            </li>
          );
        })}
      </ul>
      {error === null ? null : (
        <p className="m-0 text-sm text-danger" role="alert">
          {error}
        </p>
      )}
    </Card>
  );
}
