// "Record a bet by hand": a bet placed without one of the tools (source `manual`): a back at a
// bookmaker and, optionally, its lay at an exchange. With a lay the legs determine the expected
// profit, so the sdk computes it and the form shows it (recordBet.ts); a back alone (an EV or
// potential bet) has the profit the member expects typed in. The server checks the bet with the
// sdk's parseBet; its BAD_INPUT issues are shown beside the fields they name, the rest in a summary.
import { useId, useState, type FormEvent } from 'react';
import { useMatchkit, useMatchkitMutation } from '@matchkit/react';
import { RecordBetMutation, type GqlProfitType } from '@matchkit/sdk/transport';
import { useNotify } from '../notifications';
import { formatPence } from '../../components/money';
import { invalidateTracker, trackerError } from './api/tracker';
import { LEG_FIELDSET, ProfitTypeSelect } from './controls';
import { Button, Field } from '../../components/ui';
import { parseOdds, parsePercent, parsePounds } from './filters';
import { lockedIn, placeIssues, type RecordField } from './recordBet';

type Key = RecordField;

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
    onError: (error) => {
      const placed = placeIssues(error);
      if (placed !== null) setErrors(placed.fields);
    },
    onSuccess: () => {
      invalidateTracker(queryClient);
      notify('success', 'The bet is in your profit tracker.', 'Bet recorded');
      setValues(EMPTY);
    },
  });
  const set = (key: keyof typeof EMPTY) => (v: string) => setValues((all) => ({ ...all, [key]: v }));

  /** The lay stake and profit the legs lock in, as the sdk computes them, when every leg figure reads. */
  const locked = (() => {
    if (!withLay) return null;
    const backOdds = parseOdds(values.backOdds);
    const backStake = parsePounds(values.backStake, { positive: true });
    const layOdds = parseOdds(values.layOdds);
    const layStake = values.layStake.trim() === '' ? null : parsePounds(values.layStake, { positive: true });
    const commission = parsePercent(values.commission);
    if (
      typeof backOdds === 'string' ||
      typeof backStake === 'string' ||
      typeof layOdds === 'string' ||
      typeof layStake === 'string' ||
      typeof commission === 'string'
    )
      return null;
    return lockedIn({ odds: backOdds, stake: backStake }, { odds: layOdds, stake: layStake, commission });
  })();

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
    let expected: number | undefined;
    let lay: { odds: number; stake: number; commission: number } | undefined;
    if (withLay) {
      need('exchange', 'Enter the exchange.');
      const odds = num('layOdds', parseOdds(values.layOdds));
      if (values.layStake.trim() !== '') num('layStake', parsePounds(values.layStake, { positive: true }));
      const commission = num('commission', parsePercent(values.commission));
      if (odds !== undefined && commission !== undefined && locked !== null) {
        lay = { odds, stake: locked.layStake, commission };
        expected = locked.expectedProfit;
      }
    } else {
      expected = num('expected', parsePounds(values.expected, { signed: true }));
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
          {
            role: 'qualifying',
            side: 'back',
            account: values.bookmaker.trim(),
            odds: backOdds,
            stake: backStake,
            commission: 0,
            result: 'pending',
          },
          ...(lay === undefined
            ? []
            : [
                {
                  role: 'qualifying' as const,
                  side: 'lay' as const,
                  account: values.exchange.trim(),
                  odds: lay.odds,
                  stake: lay.stake,
                  commission: lay.commission,
                  result: 'pending' as const,
                },
              ]),
        ],
        expectedProfit: expected,
        placedAt: new Date().toISOString(),
        note: values.note.trim() === '' ? null : values.note.trim(),
      },
    });
  };

  const field = (key: Key, label: string, decimal = false) => {
    const error = errors[key];
    return (
      <Field
        label={label}
        value={values[key]}
        inputMode={decimal ? 'decimal' : undefined}
        onChange={(e) => set(key)(e.target.value)}
        error={error}
      />
    );
  };

  const placed = record.error === null ? null : placeIssues(record.error);
  const summary =
    record.error === null
      ? null
      : placed === null
        ? trackerError(record.error)
        : placed.rest.length > 0
          ? `The bet was not recorded: ${placed.rest.join('; ')}`
          : 'The bet was not recorded: see the fields marked above.';

  return (
    <details className="my-6">
      <summary className="cursor-pointer text-lg font-semibold">Record a bet by hand</summary>
      <form className="mt-4" onSubmit={submit} noValidate aria-label="Record a bet by hand">
        {field('event', 'Event')}
        {field('market', 'Market (optional)')}
        {field('selection', 'Selection')}
        <ProfitTypeSelect value={profitType} onChange={setProfitType} />
        <fieldset className={LEG_FIELDSET}>
          <legend>Back bet</legend>
          {field('bookmaker', 'Bookmaker')}
          {field('backOdds', 'Odds (decimal)', true)}
          {field('backStake', 'Stake (£)', true)}
        </fieldset>
        <Field label="Laid at an exchange" type="checkbox" checked={withLay} onChange={(e) => setWithLay(e.target.checked)} />
        {withLay ? (
          <fieldset className={LEG_FIELDSET}>
            <legend>Lay bet</legend>
            {field('exchange', 'Exchange')}
            {field('layOdds', 'Lay odds (decimal)', true)}
            {field('layStake', 'Lay stake (£, blank for the calculator’s)', true)}
            {field('commission', 'Commission (%)', true)}
            <div className="mb-4 flex max-w-md flex-col gap-1">
              <span id={`${id}-locked-label`} className="font-medium">
                Expected profit
              </span>{' '}
              <output id={`${id}-locked`} aria-labelledby={`${id}-locked-label`} aria-live="polite">
                {locked === null
                  ? 'Worked out from the back and lay once their odds and stakes are in.'
                  : `${formatPence(locked.expectedProfit)}${values.layStake.trim() === '' ? ` with a lay stake of ${formatPence(locked.layStake)}` : ''} (the worse of the two outcomes)`}
              </output>
              {errors.expected === undefined ? null : <p className="m-0 text-sm text-danger">{errors.expected}</p>}
            </div>
          </fieldset>
        ) : (
          field('expected', 'Expected profit (£, negative for a qualifying loss)', true)
        )}
        {field('note', 'Note (optional)')}
        {summary === null ? null : (
          <p className="m-0 mb-4 text-sm text-danger" role="alert">
            {summary}
          </p>
        )}
        <p className="flex flex-wrap gap-2">
          <Button type="submit" disabled={record.isPending}>
            {record.isPending ? 'Recording…' : 'Record bet'}
          </Button>
        </p>
      </form>
    </details>
  );
}
