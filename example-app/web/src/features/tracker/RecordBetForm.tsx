// "Record a bet by hand": a bet placed without one of the tools (source `manual`): a back at a
// bookmaker and, optionally, its lay at an exchange, with the profit the member expects. The
// server checks it with the sdk's parseBet and says what is wrong (BAD_INPUT), shown here.
import { useId, useState, type FormEvent } from 'react';
import { useMatchkit, useMatchkitMutation } from '@matchkit/react';
import { RecordBetMutation, type GqlProfitType } from '@matchkit/sdk/transport';
import { useNotify } from '../notifications/useNotify';
import { invalidateTracker, trackerError } from './api/tracker';
import { parseOdds, parsePercent, parsePounds, PROFIT_TYPES } from './filters';
import { PROFIT_TYPE_LABELS } from './labels';

type Key = 'event' | 'selection' | 'bookmaker' | 'backOdds' | 'backStake' | 'exchange' | 'layOdds' | 'layStake' | 'commission' | 'expected';

const EMPTY: Readonly<Record<Key | 'market' | 'note', string>> = {
  event: '',
  market: '',
  selection: '',
  bookmaker: '',
  backOdds: '',
  backStake: '',
  exchange: '',
  layOdds: '',
  layStake: '',
  commission: '0',
  expected: '',
  note: '',
};

export function RecordBetForm() {
  const id = useId();
  const { queryClient } = useMatchkit();
  const notify = useNotify();
  const [values, setValues] = useState(EMPTY);
  const [profitType, setProfitType] = useState<GqlProfitType>('guaranteed');
  const [withLay, setWithLay] = useState(true);
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const record = useMatchkitMutation(RecordBetMutation, {
    onSuccess: () => {
      invalidateTracker(queryClient);
      notify('success', 'The bet is in your profit tracker.', 'Bet recorded');
      setValues(EMPTY);
    },
  });
  const set = (key: keyof typeof EMPTY) => (v: string) => setValues((all) => ({ ...all, [key]: v }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errs: Partial<Record<Key, string>> = {};
    const need = (key: Key, message: string) => {
      if (values[key].trim() === '') errs[key] = message;
    };
    need('event', 'Enter the event, such as Arsenal v Spurs.');
    need('selection', 'Enter what you backed.');
    need('bookmaker', 'Enter the bookmaker.');
    const num = <T,>(key: Key, parsed: T | string): T | undefined => {
      if (typeof parsed === 'string') {
        errs[key] = parsed;
        return undefined;
      }
      return parsed;
    };
    const backOdds = num('backOdds', parseOdds(values.backOdds));
    const backStake = num('backStake', parsePounds(values.backStake, { positive: true }));
    const expected = num('expected', parsePounds(values.expected, { signed: true }));
    let lay: { odds: number; stake: number; commission: number } | undefined;
    if (withLay) {
      need('exchange', 'Enter the exchange.');
      const odds = num('layOdds', parseOdds(values.layOdds));
      const stake = num('layStake', parsePounds(values.layStake, { positive: true }));
      const commission = num('commission', parsePercent(values.commission));
      if (odds !== undefined && stake !== undefined && commission !== undefined) lay = { odds, stake, commission };
    }
    setErrors(errs);
    if (Object.keys(errs).length > 0 || backOdds === undefined || backStake === undefined || expected === undefined) return;
    record.mutate({
      input: {
        source: 'manual',
        profitType,
        event: values.event.trim(),
        market: values.market.trim(),
        selection: values.selection.trim(),
        legs: [
          { role: 'qualifying', side: 'back', account: values.bookmaker.trim(), odds: backOdds, stake: backStake, commission: 0, result: 'pending' },
          ...(lay === undefined ? [] : [{ role: 'qualifying' as const, side: 'lay' as const, account: values.exchange.trim(), odds: lay.odds, stake: lay.stake, commission: lay.commission, result: 'pending' as const }]),
        ],
        expectedProfit: expected,
        placedAt: new Date().toISOString(),
        note: values.note.trim() === '' ? null : values.note.trim(),
      },
    });
  };

  const field = (key: Key | 'market' | 'note', label: string, decimal = false) => {
    const error = key === 'market' || key === 'note' ? undefined : errors[key];
    return (
      <div className="field">
        <label htmlFor={`${id}-${key}`}>{label}</label>
        <input
          id={`${id}-${key}`}
          value={values[key]}
          inputMode={decimal ? 'decimal' : undefined}
          onChange={(e) => set(key)(e.target.value)}
          aria-invalid={error === undefined ? undefined : true}
          aria-describedby={error === undefined ? undefined : `${id}-${key}-error`}
        />
        {error === undefined ? null : (
          <p className="field-error" id={`${id}-${key}-error`}>
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <details className="tracker-section record-bet">
      <summary>Record a bet by hand</summary>
      <form onSubmit={submit} noValidate aria-label="Record a bet by hand">
        {field('event', 'Event')}
        {field('market', 'Market (optional)')}
        {field('selection', 'Selection')}
        <div className="field">
          <label htmlFor={`${id}-type`}>Profit type</label>
          <select id={`${id}-type`} value={profitType} onChange={(e) => setProfitType(e.target.value as GqlProfitType)}>
            {PROFIT_TYPES.map((t) => (
              <option key={t} value={t}>
                {PROFIT_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="bet-leg-fields">
          <legend>Back bet</legend>
          {field('bookmaker', 'Bookmaker')}
          {field('backOdds', 'Odds (decimal)', true)}
          {field('backStake', 'Stake (£)', true)}
        </fieldset>
        <div className="field field-checkbox">
          <input id={`${id}-with-lay`} type="checkbox" checked={withLay} onChange={(e) => setWithLay(e.target.checked)} />
          <label htmlFor={`${id}-with-lay`}>Laid at an exchange</label>
        </div>
        {withLay ? (
          <fieldset className="bet-leg-fields">
            <legend>Lay bet</legend>
            {field('exchange', 'Exchange')}
            {field('layOdds', 'Lay odds (decimal)', true)}
            {field('layStake', 'Lay stake (£)', true)}
            {field('commission', 'Commission (%)', true)}
          </fieldset>
        ) : null}
        {field('expected', 'Expected profit (£, negative for a qualifying loss)', true)}
        {field('note', 'Note (optional)')}
        {record.error === null ? null : (
          <p className="field-error" role="alert">
            {trackerError(record.error)}
          </p>
        )}
        <p className="actions">
          <button type="submit" disabled={record.isPending}>
            {record.isPending ? 'Recording…' : 'Record bet'}
          </button>
        </p>
      </form>
    </details>
  );
}
