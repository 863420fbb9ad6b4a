// /calculator: the standard back/lay calculator (a free tool: no gate). Every figure is the sdk's
// backLay for what the member typed; the form lives in the address (app/paths.ts's
// calculatorPath, read back by ./link.ts), so a calculation can be shared or bookmarked, and a
// tool's click-through opens it filled in. It needs no server: an installed app shows it offline
// (features/pwa/offlineStart.ts). "Add to profit tracker" records the sdk's backLayBet.
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { WifiOff } from 'lucide-react';
import { useBrand } from '@matchkit/react';
import { backLay, MAX_MONEY, MAX_ODDS, roundForDisplay, type BackLayResult } from '@matchkit/sdk/calculators';
import { isValidationError, MatchkitError, type ValidationIssue } from '@matchkit/sdk/errors';
import { exchanges } from '@matchkit/sdk/exchanges';
import { backLayBet, trackerSources, type NewTrackedBet } from '@matchkit/sdk/tracker';
import { isTransportError } from '@matchkit/sdk/transport';
import { calculatorPath, loginThenBack } from '../../app/paths';
import { Page } from '../../components/Page';
import { Card, cx, Field, SelectField, Table, Td, Th } from '../../components/ui';
import { formatPence } from '../../components/money';
import { useOnline } from '../pwa';
import { useSession } from '../session';
import { AddToTracker, useToolAccess } from '../tools';
import {
  backLayInput,
  formFromLink,
  linkFromForm,
  parseDecimal,
  percentToFraction,
  readPence,
  readCalculatorLink,
  type CalculatorForm,
} from './link';

type NumberField = 'stake' | 'backOdds' | 'layOdds' | 'backCommission' | 'layCommission' | 'refund' | 'retention';
type DetailField = 'event' | 'market' | 'selection' | 'bookmaker' | 'exchange';

/** The sdk input path of each number field (backLay's validation issues name these). */
const SDK_PATH: Readonly<Record<string, NumberField>> = {
  backStake: 'stake',
  backOdds: 'backOdds',
  layOdds: 'layOdds',
  backCommission: 'backCommission',
  layCommission: 'layCommission',
  'refund.amount': 'refund',
  'refund.retention': 'retention',
};

const pounds = (pence: number) => formatPence(pence);
const MAX_POUNDS = pounds(MAX_MONEY);
const MAX_ODDS_TEXT = MAX_ODDS.toLocaleString('en-GB');

/** What the member reads for a bad number field, in the field's own units (pounds, odds, percent). */
const MESSAGES: Readonly<Record<NumberField, { readonly unreadable: string; readonly range: string }>> = {
  stake: { unreadable: 'Enter pounds and pence, such as 10.50.', range: `Enter a stake from £0 to ${MAX_POUNDS}.` },
  backOdds: { unreadable: 'Enter decimal odds, such as 3.2.', range: `Decimal odds must be more than 1 and at most ${MAX_ODDS_TEXT}.` },
  layOdds: { unreadable: 'Enter decimal odds, such as 3.3.', range: `Decimal odds must be more than 1 and at most ${MAX_ODDS_TEXT}.` },
  backCommission: { unreadable: 'Enter a percentage, such as 2.', range: 'Enter a commission from 0% to less than 100%.' },
  layCommission: { unreadable: 'Enter a percentage, such as 2.', range: 'Enter a commission from 0% to less than 100%.' },
  refund: { unreadable: 'Enter pounds and pence, such as 10.00.', range: `Enter a refund from £0 to ${MAX_POUNDS}.` },
  retention: { unreadable: 'Enter a percentage, such as 70.', range: 'Enter a share from 0% to 100%.' },
};

const READERS: Readonly<Record<NumberField, (text: string) => number>> = {
  stake: readPence,
  backOdds: parseDecimal,
  layOdds: parseDecimal,
  backCommission: percentToFraction,
  layCommission: percentToFraction,
  refund: readPence,
  retention: percentToFraction,
};

/** The member's message for one sdk issue against `field`. */
function messageFor(field: NumberField, text: string, issue: ValidationIssue): string {
  const m = MESSAGES[field];
  if (!Number.isFinite(READERS[field](text))) return m.unreadable;
  if (field === 'refund' && issue.message.includes('must not exceed')) return 'A refund cannot be more than the stake.';
  return m.range;
}

type Outcome =
  | { readonly result: BackLayResult; readonly errors?: never; readonly empty?: never }
  | {
      readonly result?: never;
      /** A message per field the member typed something wrong in. */
      readonly errors: Partial<Record<NumberField, string>>;
      /** The fields still empty (not an error yet: nothing was typed). */
      readonly empty: readonly NumberField[];
    };

/** The sdk's figures for the form, or its validation issues as messages per field. */
function calculate(form: CalculatorForm): Outcome {
  try {
    return { result: backLay(backLayInput(form)) };
  } catch (error) {
    if (!isValidationError(error)) throw error;
    const errors: Partial<Record<NumberField, string>> = {};
    const empty: NumberField[] = [];
    for (const issue of error.issues) {
      const field = SDK_PATH[issue.path];
      if (field === undefined || errors[field] !== undefined || empty.includes(field)) continue;
      if (form[field].trim() === '') empty.push(field);
      else errors[field] = messageFor(field, form[field], issue);
    }
    return { errors, empty };
  }
}

const FIELD_NAMES: Readonly<Record<NumberField, string>> = {
  stake: 'the stake',
  backOdds: 'the back odds',
  layOdds: 'the lay odds',
  backCommission: 'the back commission',
  layCommission: 'the lay commission',
  refund: 'the refund',
  retention: 'the share of the refund you expect to keep',
};

/** "a", "a and b", "a, b and c". */
function list(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;
}

/** Money in pence as pounds, to the penny (the sdk's roundForDisplay: the calculators never round). */
const money = (pence: number): string => pounds(roundForDisplay(pence, 0));

const BET_TYPE_OPTIONS: readonly { readonly value: CalculatorForm['betType']; readonly label: string; readonly hint: string }[] = [
  { value: 'qualifying', label: 'Qualifying bet', hint: 'Your own money, to unlock an offer.' },
  { value: 'snr', label: 'Free bet (stake not returned)', hint: 'Only the winnings are paid.' },
  { value: 'sr', label: 'Free bet (stake returned)', hint: 'The winnings and the free bet’s stake are paid.' },
  { value: 'refund', label: 'Refund if it loses', hint: 'Your own money, refunded (often as a free bet) if it loses.' },
];

const STRATEGY_OPTIONS: readonly { readonly value: CalculatorForm['strategy']; readonly label: string; readonly hint: string }[] = [
  { value: 'normal', label: 'Normal', hint: 'The same result whichever way it goes.' },
  {
    value: 'underlay',
    label: 'Underlay',
    hint: 'Lay less, so that one outcome breaks even: more if the bookmaker wins, less if the exchange wins.',
  },
  {
    value: 'overlay',
    label: 'Overlay',
    hint: 'Lay more, so that one outcome breaks even: more if the exchange wins, less if the bookmaker wins.',
  },
];

const DETAIL_LABELS: Readonly<Record<DetailField, string>> = {
  event: 'Event',
  market: 'Market',
  selection: 'Selection',
  bookmaker: 'Bookmaker',
  exchange: 'Exchange',
};

const OWN_WRITE = 'calculatorForm';

export function CalculatorPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [form, setForm] = useState<CalculatorForm>(() => formFromLink(readCalculatorLink(location.search)));
  // An address this page did not write (a link followed while here) is read into the form; the
  // page's own writes carry OWN_WRITE in their history state.
  const [seenKey, setSeenKey] = useState(location.key);
  if (location.key !== seenKey) {
    setSeenKey(location.key);
    if ((location.state as { readonly [OWN_WRITE]?: boolean } | null)?.[OWN_WRITE] !== true)
      setForm(formFromLink(readCalculatorLink(location.search)));
  }

  const update = (patch: Partial<CalculatorForm>) => {
    const next = { ...form, ...patch };
    setForm(next);
    void navigate(calculatorPath(linkFromForm(next)), { replace: true, preventScrollReset: true, state: { [OWN_WRITE]: true } });
  };

  const outcome = useMemo(() => calculate(form), [form]);
  const text = (field: NumberField) => ({
    value: form[field],
    onChange: (e: { readonly target: { readonly value: string } }) => update({ [field]: e.target.value }),
    error: outcome.errors?.[field],
    inputMode: 'decimal' as const,
    autoComplete: 'off',
  });
  const free = form.betType === 'snr' || form.betType === 'sr';

  return (
    <Page
      title="Matched betting calculator"
      lead="How much to lay at the exchange against a bookmaker bet, and what you end up with either way."
    >
      <OfflineNote />
      <BetSummary form={form} />
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-6">
        <form className="grid min-w-0 gap-4" onSubmit={(e) => e.preventDefault()} aria-label="Calculator">
          <Choice
            legend="Bet type"
            name="bet-type"
            options={BET_TYPE_OPTIONS}
            value={form.betType}
            onChange={(betType) => update({ betType })}
          />
          <Group legend="Bookmaker (back bet)">
            <Field label={free ? 'Free bet amount (£)' : 'Back stake (£)'} {...text('stake')} />
            <Field label="Back odds (decimal)" {...text('backOdds')} />
            <Field label="Back commission (%)" hint="Most bookmakers charge none." {...text('backCommission')} />
          </Group>
          <Group legend="Exchange (lay bet)">
            <Field label="Lay odds (decimal)" {...text('layOdds')} />
            <Field label="Lay commission (%)" {...text('layCommission')} />
          </Group>
          {form.betType === 'refund' ? (
            <Group legend="Refund">
              <Field label="Refund if it loses (£)" {...text('refund')} />
              <Field
                label="Share of the refund you expect to keep (%)"
                hint="100% for a cash refund; about 70% to 80% for a free-bet refund."
                {...text('retention')}
              />
            </Group>
          ) : null}
          <Choice
            legend="Lay strategy"
            name="strategy"
            options={STRATEGY_OPTIONS}
            value={form.strategy}
            onChange={(strategy) => update({ strategy })}
          />
        </form>
        <Result form={form} outcome={outcome} className="lg:sticky lg:top-4 lg:col-start-2 lg:row-span-2 lg:row-start-1" />
        <Record
          form={form}
          valid={outcome.result !== undefined}
          onDetail={(field, value) => update({ [field]: value })}
          className="lg:col-start-1"
        />
      </div>
      <p className="mt-6 max-w-reading text-sm text-muted">
        The figures assume both bets are matched at these odds and settled as stated. Gambling can be harmful: only stake what you can
        afford to lose.
      </p>
    </Page>
  );
}

/**
 * A fieldset drawn as a card, its legend the card's heading (floated, so that it sits inside the
 * card rather than on its border), its children two by two from a small tablet up.
 */
function Group({
  legend,
  gap = 'gap-x-4 gap-y-3',
  children,
}: {
  readonly legend: string;
  readonly gap?: string;
  readonly children: ReactNode;
}) {
  return (
    <fieldset className="m-0 min-w-0 rounded-card border border-border bg-surface p-4 shadow-card sm:p-5">
      <legend className="float-left mb-3 w-full p-0 text-lg font-semibold">{legend}</legend>
      <div className={cx('clear-both grid grid-cols-1 sm:grid-cols-2 [&>div]:mb-0', gap)}>{children}</div>
    </fieldset>
  );
}

function Choice<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  readonly legend: string;
  readonly name: string;
  readonly options: readonly { readonly value: T; readonly label: string; readonly hint: string }[];
  readonly value: T;
  readonly onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <Group legend={legend} gap="gap-2">
      {options.map((o) => (
        // The whole tile picks the option (the label's box covers it); the label alone names the radio.
        <div
          key={o.value}
          className="relative grid grid-cols-[auto_minmax(0,1fr)] content-start items-baseline gap-x-2 rounded-control border border-border px-3 py-2 hover:border-border-strong has-[:checked]:border-accent has-[:checked]:bg-accent-soft has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus"
        >
          <input
            type="radio"
            id={`${id}-${o.value}`}
            name={`${id}-${name}`}
            value={o.value}
            checked={value === o.value}
            onChange={() => onChange(o.value)}
            aria-describedby={`${id}-${o.value}-hint`}
            className="relative z-10 size-4 accent-accent"
          />
          <label htmlFor={`${id}-${o.value}`} className="cursor-pointer font-semibold after:absolute after:inset-0 after:content-['']">
            {o.label}
          </label>
          <p className="col-start-2 m-0 text-sm text-muted" id={`${id}-${o.value}-hint`}>
            {o.hint}
          </p>
        </div>
      ))}
    </Group>
  );
}

/** Where the bet comes from, when the link says (a tool's click-through). */
function BetSummary({ form }: { readonly form: CalculatorForm }) {
  const exchange = exchanges.find((e) => e.name === form.exchange)?.displayName ?? form.exchange;
  const facts: [string, string][] = [
    ['Event', form.event],
    ['Market', form.market],
    ['Selection', form.selection],
    ['Bookmaker', form.bookmaker],
    ['Exchange', exchange],
  ];
  const shown = facts.filter(([, v]) => v.trim() !== '');
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="calculator-bet-title">
      <h2 id="calculator-bet-title" className="visually-hidden">
        The bet
      </h2>
      <dl className="m-0 mb-4 flex flex-wrap gap-x-5 gap-y-1 rounded-control border border-l-4 border-border border-l-accent bg-surface px-3 py-2">
        {shown.map(([term, value]) => (
          <div key={term} className="flex gap-1.5">
            <dt className="text-muted">{term}</dt>
            <dd className="m-0 font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Result({ form, outcome, className }: { readonly form: CalculatorForm; readonly outcome: Outcome; readonly className?: string }) {
  const r = outcome.result;
  let summary: string;
  if (r === undefined) {
    const wrong = Object.keys(outcome.errors ?? {}).length > 0;
    const empty = outcome.empty ?? [];
    summary = wrong
      ? 'Fix the fields marked above to see the result.'
      : `Enter ${list(empty.map((f) => FIELD_NAMES[f]))} to see the result.`;
  } else {
    const worse = Math.min(r.profitIfWins, r.profitIfLoses);
    summary = `Lay ${money(r.layStake)} at ${form.layOdds.trim()}, liability ${money(r.liability)}. If the bookmaker wins: ${money(r.profitIfWins)}. If the exchange wins: ${money(r.profitIfLoses)}. Profit: ${money(worse)}${form.strategy === 'normal' ? '' : ' at least'}.`;
  }
  return (
    <Card as="section" aria-labelledby="calculator-result-title" className={cx('border-t-4 border-t-accent', className)}>
      <h2 id="calculator-result-title" className="m-0 mb-3 text-lg font-semibold">
        Result
      </h2>
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {summary}
      </p>
      {r === undefined ? (
        <p className="m-0 text-muted" aria-hidden="true">
          {summary}
        </p>
      ) : (
        <>
          <dl className="m-0 grid grid-cols-2 gap-3">
            <Fact term="Lay stake" testId="lay-stake" large>
              {money(r.layStake)}
            </Fact>
            <Fact term="Liability" testId="liability">
              {money(r.liability)}
            </Fact>
            <Fact term={form.strategy === 'normal' ? 'Profit' : 'Profit (the worse outcome)'} testId="profit">
              {money(Math.min(r.profitIfWins, r.profitIfLoses))}
            </Fact>
          </dl>
          <Table caption="Profit in each outcome" captionHidden className="mt-4">
            <thead>
              <tr>
                <Th>Outcome</Th>
                <Th numeric>Profit</Th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <Th scope="row">Bookmaker wins (your back bet wins)</Th>
                <Td numeric className="font-semibold" data-testid="profit-if-wins">
                  {money(r.profitIfWins)}
                </Td>
              </tr>
              <tr>
                <Th scope="row">Exchange wins (your lay wins)</Th>
                <Td numeric className="font-semibold" data-testid="profit-if-loses">
                  {money(r.profitIfLoses)}
                </Td>
              </tr>
            </tbody>
          </Table>
        </>
      )}
    </Card>
  );
}

/** One figure of the result; `large` for the one the member acts on (the lay stake), across the card. */
function Fact({
  term,
  testId,
  large = false,
  children,
}: {
  readonly term: string;
  readonly testId: string;
  readonly large?: boolean;
  readonly children: ReactNode;
}) {
  return (
    <div className={cx('min-w-0 rounded-control bg-surface-muted px-3 py-2', large && 'col-span-2')}>
      <dt className="text-sm text-muted">{term}</dt>
      <dd className={cx('m-0 font-semibold whitespace-nowrap tabular-nums', large ? 'text-3xl' : 'text-xl')} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** A small notice while the browser is offline or the server cannot be reached. */
function OfflineNote() {
  const online = useOnline();
  const { status, error } = useSession();
  const unreachable = status === 'error' && isTransportError(error) && error.kind === 'network';
  if (online && !unreachable) return null;
  return (
    <p className="m-0 mb-4 flex items-start gap-2 rounded-control border border-warning bg-warning-bg px-3 py-2" role="status">
      <WifiOff aria-hidden="true" focusable="false" size={18} className="mt-0.5 shrink-0 text-warning" />
      <span>
        <strong>Offline.</strong> The calculator works without a connection; recording a bet needs one.
      </span>
    </p>
  );
}

/** "Add to profit tracker", with the bet's details (filled in by a tool's link). */
function Record({
  form,
  valid,
  onDetail,
  className,
}: {
  readonly form: CalculatorForm;
  readonly valid: boolean;
  readonly onDetail: (field: DetailField, value: string) => void;
  readonly className?: string;
}) {
  const { user } = useSession();
  const brand = useBrand();
  const access = useToolAccess({ feature: 'profitTracker' });
  const location = useLocation();
  const [tried, setTried] = useState(false);
  const online = useOnline();
  let body: ReactNode;
  if (user === null) {
    body = (
      <p className="m-0">
        <Link to={loginThenBack(`${location.pathname}${location.search}`)}>Sign in</Link> to record this bet in your profit tracker.
      </p>
    );
  } else if (user === undefined) {
    body = <p className="m-0 text-muted">{online ? 'Checking your account…' : 'Recording a bet needs a connection.'}</p>;
  } else if (!access.allowed) {
    body = (
      <AddToTracker
        bet={() => {
          throw new Error('not allowed');
        }}
      />
    );
  } else {
    const missing = (field: DetailField) => tried && form[field].trim() === '';
    const bet = (): NewTrackedBet => {
      setTried(true);
      const empty = (Object.keys(DETAIL_LABELS) as DetailField[]).filter((f) => form[f].trim() === '');
      if (empty.length > 0) {
        throw new MatchkitError('validation', `Fill in the ${list(empty.map((f) => DETAIL_LABELS[f].toLowerCase()))} to record the bet.`);
      }
      return backLayBet({
        // The link's tool when the brand has that tracker source, else a bet recorded by hand.
        source: trackerSources(brand).includes(form.source) ? form.source : 'manual',
        event: form.event.trim(),
        market: form.market.trim(),
        selection: form.selection.trim(),
        bookmaker: form.bookmaker.trim(),
        exchange: form.exchange.trim(),
        calculation: backLayInput(form),
        placedAt: Date.now(),
      });
    };
    const known = exchanges.some((e) => e.name === form.exchange);
    body = (
      <>
        <fieldset className="m-0 mb-2 min-w-0 border-0 p-0">
          <legend className="mb-2 p-0 font-semibold">Bet details</legend>
          <div className="grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-2 [&>div]:mb-0">
            {(['event', 'market', 'selection', 'bookmaker'] as const).map((field) => (
              <Field
                key={field}
                label={DETAIL_LABELS[field]}
                value={form[field]}
                onChange={(e) => onDetail(field, e.target.value)}
                error={missing(field) ? `Enter the ${DETAIL_LABELS[field].toLowerCase()}.` : undefined}
                autoComplete="off"
              />
            ))}
            <ExchangeSelect
              value={form.exchange}
              known={known}
              error={missing('exchange') ? 'Choose the exchange.' : undefined}
              onChange={(v) => onDetail('exchange', v)}
            />
          </div>
        </fieldset>
        <AddToTracker bet={bet} disabled={!valid} />
      </>
    );
  }
  return (
    <Card as="section" aria-labelledby="calculator-record-title" className={className}>
      <h2 id="calculator-record-title" className="m-0 mb-3 text-lg font-semibold">
        Profit tracker
      </h2>
      {body}
    </Card>
  );
}

function ExchangeSelect({
  value,
  known,
  error,
  onChange,
}: {
  readonly value: string;
  readonly known: boolean;
  readonly error: string | undefined;
  readonly onChange: (value: string) => void;
}) {
  return (
    <SelectField label="Exchange" value={value} error={error} onChange={(e) => onChange(e.target.value)}>
      <option value="">Choose…</option>
      {exchanges.map((e) => (
        <option key={e.name} value={e.name}>
          {e.displayName}
        </option>
      ))}
      {known || value === '' ? null : <option value={value}>{value}</option>}
    </SelectField>
  );
}
