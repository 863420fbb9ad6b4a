// The member's exchanges for the oddsmatcher: which exchanges take part (the server's exchange
// settings, MyExchanges / SetExchangeEnabled; an exchange the member never set follows its
// default, as the sdk's enabledExchanges reads it) and the commission the member pays at each
// (kept in this browser per member; empty means the exchange's own rate from the feed).
import { useState } from 'react';
import { matchkitQueryKey, useMatchkit, useMatchkitMutation } from '@matchkit/react';
import { enabledExchanges, exchanges as catalogue } from '@matchkit/sdk/exchanges';
import { ExchangesQuery, SetExchangeEnabledMutation } from '@matchkit/sdk/transport';
import { Field } from '../../components/Field';
import { describeError } from '../../components/errors';
import { percentToFraction } from './presets';

export interface ExchangeSettingsProps {
  /** The member's settings (exchange to on/off) as the server has them. */
  readonly settings: Readonly<Record<string, boolean>>;
  /** True while the settings are being fetched. */
  readonly loading: boolean;
  readonly commissions: Readonly<Record<string, number>>;
  readonly onCommissions: (next: Record<string, number>) => void;
  /** The feed's commission per exchange, shown as the default. */
  readonly feedCommissions: Readonly<Record<string, number>>;
}

const percent = (fraction: number) => String(Number((fraction * 100).toFixed(4)));

export function ExchangeSettings({ settings, loading, commissions, onCommissions, feedCommissions }: ExchangeSettingsProps) {
  const { queryClient } = useMatchkit();
  const [error, setError] = useState<string | null>(null);
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(Object.entries(commissions).map(([k, v]) => [k, percent(v)])),
  );
  const toggle = useMatchkitMutation(SetExchangeEnabledMutation, {
    onSuccess: () => {
      setError(null);
      void queryClient.invalidateQueries({ queryKey: matchkitQueryKey(ExchangesQuery) });
    },
    onError: (e) => setError(describeError(e)),
  });
  const enabled = new Set(enabledExchanges(settings).map((e) => e.name));

  const commissionError = (name: string): string | undefined => {
    const text = texts[name] ?? '';
    if (text.trim() === '') return undefined;
    return percentToFraction(text) === null ? 'Enter a percentage from 0 to less than 100, such as 2.' : undefined;
  };
  const setCommission = (name: string, text: string) => {
    setTexts((t) => ({ ...t, [name]: text }));
    const fraction = percentToFraction(text);
    const others = Object.fromEntries(Object.entries(commissions).filter(([k]) => k !== name));
    if (text.trim() === '') onCommissions(others);
    else if (fraction !== null) onCommissions({ ...others, [name]: fraction });
  };

  return (
    <fieldset className="om-exchanges rounded-control border border-border">
      <legend>Your exchanges</legend>
      <p className="m-0 mb-2 text-sm text-muted">
        Only the exchanges ticked are matched. Leave a commission empty to use the exchange’s own rate.
      </p>
      <ul className="om-exchange-list m-0 grid list-none grid-cols-[repeat(auto-fill,minmax(14rem,1fr))] gap-x-6 p-0">
        {catalogue.map((e) => (
          <li key={e.name}>
            <Field
              label={e.displayName}
              type="checkbox"
              checked={enabled.has(e.name)}
              disabled={loading || toggle.isPending}
              onChange={(ev) => toggle.mutate({ exchange: e.name, enabled: ev.target.checked })}
            />
            <Field
              label={`${e.displayName} commission (%)`}
              inputMode="decimal"
              value={texts[e.name] ?? ''}
              placeholder={feedCommissions[e.name] === undefined ? '' : percent(feedCommissions[e.name] ?? 0)}
              error={commissionError(e.name)}
              onChange={(ev) => setCommission(e.name, ev.target.value)}
            />
          </li>
        ))}
      </ul>
      {error === null ? null : (
        <p className="m-0 text-sm text-danger" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
