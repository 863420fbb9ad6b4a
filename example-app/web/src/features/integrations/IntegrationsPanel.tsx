// The member's exchange integrations: the status of each (the sdk's integrations store over the
// REST check, rechecked whenever the window regains focus while this panel is on screen, through
// @matchkit/react's useIntegrations), a way to check again, and logout per integration. The store
// keeps its rules: a response with the error flag leaves the statuses as they were, a network
// failure is only logged.
import { useId, useState } from 'react';
import { LogOut, RefreshCw } from 'lucide-react';
import { useIntegrations, useMatchkit } from '@matchkit/react';
import { exchanges } from '@matchkit/sdk/exchanges';
import type { IntegrationsStore } from '@matchkit/sdk/integrations';
import type { IntegrationStatus } from '@matchkit/sdk/model';
import { describeError } from '../../components/errors';
import { Loading } from '../../components/Status';
import { Badge, Button, Card, ErrorState, type BadgeTone } from '../../components/ui';
import { useNotify } from '../notifications';

const STATUS_TEXT: Readonly<Record<IntegrationStatus, string>> = {
  connected: 'Connected',
  disconnected: 'Not connected',
  expired: 'Expired: sign in again at the exchange',
};

/** The status's badge colour, beside its words. */
const STATUS_TONE: Readonly<Record<IntegrationStatus, BadgeTone>> = {
  connected: 'success',
  disconnected: 'neutral',
  expired: 'warning',
};

export function IntegrationsPanel() {
  const { integrations } = useMatchkit();
  if (integrations === undefined) return null;
  return <Panel store={integrations} />;
}

function Panel({ store }: { readonly store: IntegrationsStore }) {
  const id = useId();
  const notify = useNotify();
  const { statuses, checking, checkedAt } = useIntegrations(store);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const name = (key: string) => exchanges.find((e) => e.name === key)?.displayName ?? key;
  const logout = async (key: string) => {
    setBusy(key);
    setError(null);
    try {
      await store.logout(key);
      notify('success', `Logged out of ${name(key)}.`);
    } catch (e) {
      setError(`Could not log out of ${name(key)}: ${describeError(e)}`);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card as="section" aria-labelledby={`${id}-title`} className="my-4">
      <h2 id={`${id}-title`} className="m-0 mb-1 text-xl font-semibold">
        Exchange integrations
      </h2>
      <p className="mt-0 text-sm text-muted">Checked when this page opens and again whenever you come back to it.</p>
      {statuses === null ? (
        checking ? (
          <Loading label="Checking your integrations…" />
        ) : (
          <ErrorState message="We could not check your integrations just now." />
        )
      ) : (
        <ul className="m-0 mb-4 grid list-none gap-2 p-0" aria-label="Integrations">
          {Object.entries(statuses).map(([key, status]) => (
            <li key={key} className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-control border border-border px-3 py-2">
              <span className="min-w-32 font-semibold">{name(key)}</span>
              <span className="flex-[1_1_10rem]">
                <Badge tone={STATUS_TONE[status]}>{STATUS_TEXT[status]}</Badge>
              </span>
              {status === 'disconnected' ? null : (
                <Button variant="secondary" size="sm" icon={LogOut} disabled={busy !== null} onClick={() => void logout(key)}>
                  {busy === key ? 'Logging out…' : `Log out of ${name(key)}`}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {error === null ? null : <ErrorState message={error} />}
      <p className="m-0 flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button variant="secondary" size="sm" icon={RefreshCw} disabled={checking} onClick={() => void store.refresh()}>
          {checking ? 'Checking…' : 'Check again'}
        </Button>
        {checkedAt === null ? null : (
          <span className="text-sm text-muted" role="status">
            Last checked at{' '}
            {new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(
              checkedAt,
            )}
          </span>
        )}
      </p>
    </Card>
  );
}
