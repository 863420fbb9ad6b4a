// The member's exchange integrations: the status of each (the sdk's integrations store over the
// REST check, rechecked whenever the window regains focus while this panel is on screen, through
// @matchkit/react's useIntegrations), a way to check again, and logout per integration. The store
// keeps its rules: a response with the error flag leaves the statuses as they were, a network
// failure is only logged.
import { useId, useState } from 'react';
import { useIntegrations, useMatchkit } from '@matchkit/react';
import { exchanges } from '@matchkit/sdk/exchanges';
import type { IntegrationsStore } from '@matchkit/sdk/integrations';
import type { IntegrationStatus } from '@matchkit/sdk/model';
import { describeError } from '../../components/errors';
import { Loading } from '../../components/Status';
import { useNotify } from '../notifications';
import './integrations.css';

const STATUS_TEXT: Readonly<Record<IntegrationStatus, string>> = {
  connected: 'Connected',
  disconnected: 'Not connected',
  expired: 'Expired: sign in again at the exchange',
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
    <section aria-labelledby={`${id}-title`} className="tracker-section integrations">
      <h2 id={`${id}-title`}>Exchange integrations</h2>
      <p className="hint">Checked when this page opens and again whenever you come back to it.</p>
      {statuses === null ? (
        checking ? (
          <Loading label="Checking your integrations…" />
        ) : (
          <p role="alert">We could not check your integrations just now.</p>
        )
      ) : (
        <ul className="integration-list" aria-label="Integrations">
          {Object.entries(statuses).map(([key, status]) => (
            <li key={key} className={`integration integration-${status}`}>
              <span className="integration-name">{name(key)}</span>
              <span className="integration-status">{STATUS_TEXT[status]}</span>
              {status === 'disconnected' ? null : (
                <button type="button" className="secondary" disabled={busy !== null} onClick={() => void logout(key)}>
                  {busy === key ? 'Logging out…' : `Log out of ${name(key)}`}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {error === null ? null : (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <p className="actions">
        <button type="button" className="secondary" disabled={checking} onClick={() => void store.refresh()}>
          {checking ? 'Checking…' : 'Check again'}
        </button>
        {checkedAt === null ? null : (
          <span className="hint" role="status">
            Last checked at{' '}
            {new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(
              checkedAt,
            )}
          </span>
        )}
      </p>
    </section>
  );
}
