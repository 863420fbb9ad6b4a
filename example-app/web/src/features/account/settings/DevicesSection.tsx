// "Signed-in devices" on the account page: each device the member is signed in on, in words
// ("Chrome on Linux, last active 5 minutes ago, this device"), each with "Sign out"; and "Sign out
// everywhere" (every device, this one too), behind a confirmation. Signing out this device, or
// everywhere, leaves the account for the signed-out page.
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { LogOut } from 'lucide-react';
import { matchkitQueryKey, useMatchkit, useMatchkitMutation, useMatchkitQuery } from '@matchkit/react';
import { paths } from '../../../app/paths';
import { describeError } from '../../../components/errors';
import { QueryState } from '../../../components/Status';
import { Button, Card, ErrorState } from '../../../components/ui';
import { Dialog } from '../../../components/ui/Dialog';
import { EndSessionMutation, LogoutEverywhereMutation, MySessionsQuery, type SignedInDevice } from '../api/sessions';
import { SETTINGS_H2, SETTINGS_SECTION } from './layout';

const KINDS: Record<SignedInDevice['deviceType'], string> = {
  COMPUTER: 'A computer',
  PHONE: 'A phone',
  TABLET: 'A tablet',
  OTHER: 'A device',
};

/** "Chrome on Linux", "Safari on iOS", "A phone": what the browser said of itself, in words. */
export function deviceName(d: Pick<SignedInDevice, 'browser' | 'os' | 'deviceType'>): string {
  if (d.browser !== null && d.os !== null) return `${d.browser} on ${d.os}`;
  if (d.browser !== null) return d.browser;
  if (d.os !== null) return `${KINDS[d.deviceType]} on ${d.os}`;
  return KINDS[d.deviceType];
}

const UNITS: readonly (readonly [Intl.RelativeTimeFormatUnit, number])[] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "just now", "5 minutes ago", "2 days ago". */
export function sinceInWords(at: number, now: number): string {
  const ago = Math.max(0, now - at);
  if (ago < 60_000) return 'just now';
  const [unit, size] = UNITS.find(([, ms]) => ago >= ms) ?? (['minute', 60_000] as const);
  return new Intl.RelativeTimeFormat('en-GB', { numeric: 'always' }).format(-Math.floor(ago / size), unit);
}

/** The line describing a device. */
export function deviceLine(d: SignedInDevice, now: number): string {
  const seen = d.current ? 'active now' : `last active ${sinceInWords(Date.parse(d.lastSeenAt), now)}`;
  return `${deviceName(d)}, ${seen}${d.current ? ', this device' : ''}`;
}

export function DevicesSection() {
  const headingId = useId();
  const query = useMatchkitQuery(MySessionsQuery);
  const { queryClient } = useMatchkit();
  const navigate = useNavigate();
  const end = useMatchkitMutation(EndSessionMutation);
  const everywhere = useMatchkitMutation(LogoutEverywhereMutation);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const signedOut = async () => {
    queryClient.removeQueries({ type: 'inactive' });
    await navigate(paths.logout);
  };
  const endOne = (device: SignedInDevice) => {
    setProblem(null);
    if (device.current) {
      void navigate(paths.logout);
      return;
    }
    end.mutate(
      { id: device.id },
      {
        onSuccess: ({ data }) => {
          if (!data.endSession.ok) setProblem(data.endSession.error?.message ?? 'That did not work. Please try again.');
          void queryClient.invalidateQueries({ queryKey: matchkitQueryKey(MySessionsQuery) });
        },
        onError: (error) => setProblem(describeError(error)),
      },
    );
  };
  return (
    <Card as="section" className={SETTINGS_SECTION} aria-labelledby={headingId}>
      <h2 id={headingId} className={SETTINGS_H2}>
        Signed-in devices
      </h2>
      <p className="mt-0 max-w-reading">
        You are signed in on these devices. If you do not recognise one, sign it out and change your password.
      </p>
      <QueryState query={query} loadingLabel="Loading your devices…">
        {({ data: { mySessions } }) => (
          <ul className="m-0 mb-3 grid list-none gap-2 p-0">
            {mySessions.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 rounded-control border border-border px-3 py-2">
                <span>
                  {deviceLine(d, Date.now())}
                  {d.ipAddress === null ? null : <span className="block text-sm text-muted">IP address {d.ipAddress}</span>}
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => endOne(d)}
                  disabled={end.isPending}
                  aria-label={`Sign out ${deviceName(d)}${d.current ? ' (this device)' : ''}`}
                >
                  Sign out
                </Button>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {problem === null ? null : <ErrorState className="mb-3" message={problem} />}
      <Button variant="danger" icon={LogOut} onClick={() => setConfirming(true)}>
        Sign out everywhere
      </Button>
      <Dialog
        isOpen={confirming}
        onOpenChange={setConfirming}
        role="alertdialog"
        size="sm"
        title="Sign out everywhere?"
        footer={(close) => (
          <>
            <Button variant="secondary" onClick={close}>
              Stay signed in
            </Button>
            <Button
              variant="danger"
              disabled={everywhere.isPending}
              onClick={() => everywhere.mutate({}, { onSuccess: signedOut, onError: (error) => setProblem(describeError(error)) })}
            >
              {everywhere.isPending ? 'Signing out…' : 'Sign out everywhere'}
            </Button>
          </>
        )}
      >
        <p className="m-0">Every device signed in to your account is signed out, this one too. You can sign in again at any time.</p>
      </Dialog>
    </Card>
  );
}
