// A table of tracked bets (open, or settled and void; the shared DataTable: sortable, columns kept
// per member), one row per bet with what it is, its profit and compact actions: settle, edit, void
// and delete, each a button named with the bet. The chosen action's form opens below the table.
// Settling sends one result per leg (the server settles it with the sdk's settleBet). Editing goes
// through the CSV import: the platform has no update mutation, and importBets replaces a bet with
// the same id in one transaction, so the edited bet keeps its id and is checked by the sdk exactly
// as an imported one (docs/app.md); an open bet's profit type is changed there (a 2UP bet paid
// early is potential).
import { useId, useMemo, useState, type FormEvent } from 'react';
import { betFromWire } from '@matchkit/app-contract';
import { useBrand, useMatchkit, useMatchkitMutation } from '@matchkit/react';
import { exportBetsCsv, type TrackedBetInput } from '@matchkit/sdk/tracker';
import {
  DeleteBetMutation,
  ImportBetsMutation,
  SettleBetMutation,
  VoidBetMutation,
  type GqlProfitType,
  type GqlTrackedBet,
} from '@matchkit/sdk/transport';
import { Ban, Check, Pencil, Trash2 } from 'lucide-react';
import { DataTable, type DataColumn } from '../../components/table';
import { CONTROL } from '../../components/Field';
import { Badge, Button, Field, IconButton, SelectField, type BadgeTone } from '../../components/ui';
import { formatPence, poundsText } from '../../components/money';
import { useNotify } from '../notifications';
import { useSession } from '../session';
import { invalidateTracker, trackerError } from './api/tracker';
import { LEG_FIELDSET, ProfitTypeSelect, SaveOrCancel } from './controls';
import { parseOdds, parsePercent, parsePounds } from './filters';
import { formatDayTime, legLabel, PROFIT_TYPE_LABELS, PROFIT_TYPE_SHORT, RESULT_LABELS, sourceLabel, STATUS_LABELS } from './labels';

type GqlLegResult = GqlTrackedBet['legs'][number]['result'];

type Panel = 'settle' | 'edit' | 'void' | 'delete';

/** Past this many bets the table draws only the rows in view. */
const VIRTUAL_FROM = 100;

const STATUS_TONES: Readonly<Record<GqlTrackedBet['status'], BadgeTone>> = { open: 'accent', settled: 'success', void: 'neutral' };

export function betTitle(bet: GqlTrackedBet): string {
  const what = [bet.event, bet.selection].filter((s) => s !== '').join(': ');
  return what === '' ? `Bet ${bet.id}` : what;
}

/** The cash staked on a bet: its backs' stakes, free bets left out (they are the bookmaker's money). */
const backStake = (bet: GqlTrackedBet) => bet.legs.reduce((sum, l) => (l.side === 'back' && l.freeBet === null ? sum + l.stake : sum), 0);

export function BetList({
  title,
  bets,
  empty,
}: {
  readonly title: string;
  readonly bets: readonly GqlTrackedBet[];
  readonly empty: string;
}) {
  const headingId = useId();
  const brand = useBrand();
  const { user } = useSession();
  const [chosen, setChosen] = useState<{ readonly id: string; readonly panel: Panel } | null>(null);
  const open = chosen === null ? undefined : bets.find((b) => b.id === chosen.id);
  const columns = useMemo<DataColumn<GqlTrackedBet>[]>(
    () => [
      {
        id: 'placed',
        header: 'Placed',
        cell: (b) => <time dateTime={b.placedAt}>{formatDayTime(b.placedAt)}</time>,
        sortValue: (b) => Date.parse(b.placedAt),
        className: 'whitespace-nowrap',
      },
      {
        id: 'bet',
        header: 'Bet',
        // At least 10rem wide, so that on a phone the table scrolls in its box rather than squeeze
        // the name to a word a line.
        cell: (b) => (
          <span className="block min-w-40">
            {betTitle(b)}
            {b.note === null ? null : <span className="block text-sm font-normal text-muted">{b.note}</span>}
          </span>
        ),
        rowHeader: true,
        sortValue: (b) => betTitle(b),
      },
      { id: 'market', header: 'Market', cell: (b) => b.market, wideOnly: true, sortValue: (b) => b.market },
      {
        id: 'tool',
        header: 'Tool',
        cell: (b) => sourceLabel(brand, b.source),
        wideOnly: true,
        sortValue: (b) => sourceLabel(brand, b.source),
      },
      {
        id: 'type',
        header: 'Type',
        cell: (b) => <span title={PROFIT_TYPE_LABELS[b.profitType]}>{PROFIT_TYPE_SHORT[b.profitType]}</span>,
        sortValue: (b) => PROFIT_TYPE_SHORT[b.profitType],
        wideOnly: true,
      },
      {
        id: 'status',
        header: 'Status',
        cell: (b) => <Badge tone={STATUS_TONES[b.status]}>{STATUS_LABELS[b.status]}</Badge>,
        sortValue: (b) => STATUS_LABELS[b.status],
      },
      { id: 'stake', header: 'Staked', cell: (b) => formatPence(backStake(b)), numeric: true, sortValue: backStake },
      {
        id: 'profit',
        header: 'Profit',
        cell: (b) =>
          b.status === 'void' ? (
            'None (void)'
          ) : b.status === 'open' ? (
            <span className="text-muted" title="Expected profit">
              {formatPence(b.expectedProfit)} expected
            </span>
          ) : (
            formatPence(b.settledProfit ?? 0)
          ),
        numeric: true,
        sortValue: (b) => (b.status === 'void' ? 0 : (b.settledProfit ?? b.expectedProfit)),
      },
      {
        id: 'legs',
        header: 'Legs',
        cell: (b) =>
          b.legs.map((l) => `${legLabel(l)}${l.result === 'pending' ? '' : `: ${RESULT_LABELS[l.result].toLowerCase()}`}`).join('; '),
        defaultHidden: true,
      },
      {
        id: 'actions',
        header: 'Actions',
        headerHidden: true,
        alwaysShown: true,
        cell: (b) => <RowActions bet={b} current={chosen?.id === b.id ? chosen.panel : null} choose={setChosen} />,
      },
    ],
    [brand, chosen],
  );
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h2 id={headingId} className="mb-2 text-lg font-semibold">
        {title} <span className="text-muted font-normal">({bets.length})</span>
      </h2>
      <DataTable
        id="tracker-bets"
        member={user?.uid.global ?? 'anonymous'}
        label={title}
        regionLabel={`Table of ${title.toLowerCase()}`}
        columns={columns}
        rows={bets}
        rowKey={(b) => b.id}
        empty={empty}
        maxHeight="70vh"
        // Thousands of bets stay quick: past a hundred only the rows in view are drawn.
        {...(bets.length > VIRTUAL_FROM ? { virtual: { rowHeight: 45, height: '70vh' } } : {})}
        renderKey={chosen}
      />
      {open === undefined || chosen === null ? null : (
        <div className="mt-3 rounded-control border border-border bg-surface p-4">
          <h3 className="mb-2 font-semibold">{betTitle(open)}</h3>
          {chosen.panel === 'settle' ? <SettleForm key={open.id} bet={open} close={() => setChosen(null)} /> : null}
          {chosen.panel === 'edit' ? <EditForm key={open.id} bet={open} close={() => setChosen(null)} /> : null}
          {chosen.panel === 'void' || chosen.panel === 'delete' ? (
            <Confirm key={`${open.id}-${chosen.panel}`} bet={open} action={chosen.panel} close={() => setChosen(null)} />
          ) : null}
        </div>
      )}
    </section>
  );
}

/** A bet's actions: compact buttons, each named with the bet ("Settle Arsenal v Spurs: Arsenal"). */
function RowActions({
  bet,
  current,
  choose,
}: {
  readonly bet: GqlTrackedBet;
  readonly current: Panel | null;
  readonly choose: (next: { readonly id: string; readonly panel: Panel } | null) => void;
}) {
  const title = betTitle(bet);
  const toggle = (panel: Panel) => choose(current === panel ? null : { id: bet.id, panel });
  const button = (panel: Panel, label: string, icon: typeof Check) => (
    <IconButton size="sm" icon={icon} label={`${label} ${title}`} aria-expanded={current === panel} onClick={() => toggle(panel)} />
  );
  return (
    <span className="inline-flex gap-1">
      {bet.status === 'void' ? null : button('settle', bet.status === 'settled' ? 'Correct result of' : 'Settle', Check)}
      {button('edit', 'Edit', Pencil)}
      {bet.status === 'void' ? null : button('void', 'Void', Ban)}
      {button('delete', 'Delete', Trash2)}
    </span>
  );
}

function useTrackerMutationDone(close: () => void, message: string) {
  const { queryClient } = useMatchkit();
  const notify = useNotify();
  return () => {
    invalidateTracker(queryClient);
    notify('success', message);
    close();
  };
}

/** The instant to settle or void at: now, never before the bet was placed. */
function nowFor(bet: GqlTrackedBet): string {
  return new Date(Math.max(Date.now(), Date.parse(bet.placedAt))).toISOString();
}

function SettleForm({ bet, close }: { readonly bet: GqlTrackedBet; readonly close: () => void }) {
  const [results, setResults] = useState<(GqlLegResult | '')[]>(bet.legs.map((l) => (l.result === 'pending' ? '' : l.result)));
  const [missing, setMissing] = useState(false);
  const done = useTrackerMutationDone(close, 'The bet is settled.');
  const settle = useMatchkitMutation(SettleBetMutation, { onSuccess: done });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (results.some((r) => r === '')) {
      setMissing(true);
      return;
    }
    settle.mutate({ input: { id: bet.id, results: results as GqlLegResult[], settledAt: nowFor(bet) } });
  };
  return (
    <form onSubmit={submit} aria-label={`Settle ${betTitle(bet)}`} noValidate>
      <p className="m-0 mb-4 text-sm text-muted">
        The result of each leg, for that leg: a lay wins when its selection loses. The profit is worked out for you.
      </p>
      {bet.legs.map((leg, i) => {
        const invalid = missing && results[i] === '';
        return (
          <SelectField
            key={i}
            label={`Leg ${i + 1} result: ${legLabel(leg)}`}
            value={results[i] ?? ''}
            error={invalid ? 'Choose this leg’s result.' : undefined}
            onChange={(e) => setResults((rs) => rs.map((r, j) => (j === i ? (e.target.value as GqlLegResult | '') : r)))}
          >
            <option value="">Choose…</option>
            <option value="won">Won</option>
            <option value="lost">Lost</option>
            <option value="void">Void (stake returned)</option>
          </SelectField>
        );
      })}
      {bothWon(bet, results) ? (
        <p className="m-0 mb-4 text-sm text-muted" role="note">
          A matched bet’s back and lay cannot both win. If this bet paid out early (2UP) or an extra place came in, change its type to
          Potential with Edit, then settle it.
        </p>
      ) : null}
      {settle.error === null ? null : (
        <p className="m-0 mb-4 text-sm text-danger" role="alert">
          {trackerError(settle.error)}
        </p>
      )}
      <SaveOrCancel label="Save result" pending={settle.isPending} onCancel={close} />
    </form>
  );
}

/** Whether the chosen results have a back and a lay both won on a matched (guaranteed) bet, which the tracker refuses. */
function bothWon(bet: GqlTrackedBet, results: readonly (GqlLegResult | '')[]): boolean {
  const won = (side: 'back' | 'lay') => bet.legs.some((l, i) => l.side === side && results[i] === 'won');
  return bet.profitType === 'guaranteed' && won('back') && won('lay');
}

function Confirm({ bet, action, close }: { readonly bet: GqlTrackedBet; readonly action: 'void' | 'delete'; readonly close: () => void }) {
  const done = useTrackerMutationDone(close, action === 'void' ? 'The bet is void.' : 'The bet is deleted.');
  const voidBet = useMatchkitMutation(VoidBetMutation, { onSuccess: done });
  const deleteBet = useMatchkitMutation(DeleteBetMutation, { onSuccess: done });
  const m = action === 'void' ? voidBet : deleteBet;
  const go = () =>
    action === 'void' ? voidBet.mutate({ input: { id: bet.id, voidedAt: nowFor(bet) } }) : deleteBet.mutate({ id: bet.id });
  return (
    <div role="group" aria-label={action === 'void' ? 'Void this bet' : 'Delete this bet'}>
      <p>
        {action === 'void'
          ? 'Void this bet? It will count for nothing in your totals, and cannot be settled afterwards.'
          : 'Delete this bet from your tracker? This cannot be undone.'}
      </p>
      {m.error === null ? null : (
        <p className="m-0 mb-4 text-sm text-danger" role="alert">
          {trackerError(m.error)}
        </p>
      )}
      <p className="flex flex-wrap gap-2">
        <Button variant={action === 'delete' ? 'danger' : 'primary'} onClick={go} disabled={m.isPending}>
          {action === 'void' ? 'Void bet' : 'Delete bet'}
        </Button>
        <Button variant="secondary" onClick={close}>
          Keep it
        </Button>
      </p>
    </div>
  );
}

interface LegDraft {
  readonly account: string;
  readonly odds: string;
  readonly stake: string;
  readonly commission: string;
}

function EditForm({ bet, close }: { readonly bet: GqlTrackedBet; readonly close: () => void }) {
  const id = useId();
  const open = bet.status === 'open';
  const [event, setEvent] = useState(bet.event);
  const [market, setMarket] = useState(bet.market);
  const [selection, setSelection] = useState(bet.selection);
  const [note, setNote] = useState(bet.note ?? '');
  const [profitType, setProfitType] = useState<GqlProfitType>(bet.profitType);
  const [expected, setExpected] = useState(poundsText(bet.expectedProfit));
  const [legs, setLegs] = useState<LegDraft[]>(
    bet.legs.map((l) => ({
      account: l.account,
      odds: String(l.odds),
      stake: poundsText(l.stake),
      commission: String(Number((l.commission * 100).toFixed(4))),
    })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const done = useTrackerMutationDone(close, 'The bet is saved.');
  const save = useMatchkitMutation(ImportBetsMutation, {
    onSuccess: (r) => {
      const errs = r.data.importBets.errors;
      if (errs.length === 0) done();
      else setProblem(errs.map((e) => `${e.column ?? 'the bet'}: ${e.message}`).join(' '));
    },
    onError: (e) => setProblem(trackerError(e)),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    const errs: Record<string, string> = {};
    const expectedPence = open ? parsePounds(expected, { signed: true }) : bet.expectedProfit;
    if (typeof expectedPence === 'string') errs['expected'] = expectedPence;
    const parsedLegs = legs.map((l, i) => {
      const odds = open ? parseOdds(l.odds) : (bet.legs[i]?.odds ?? 0);
      const stake = open ? parsePounds(l.stake, { positive: true }) : (bet.legs[i]?.stake ?? 0);
      const commission = open ? parsePercent(l.commission) : (bet.legs[i]?.commission ?? 0);
      if (typeof odds === 'string') errs[`leg-${i}-odds`] = odds;
      if (typeof stake === 'string') errs[`leg-${i}-stake`] = stake;
      if (typeof commission === 'string') errs[`leg-${i}-commission`] = commission;
      if (open && l.account.trim() === '') errs[`leg-${i}-account`] = 'Enter the bookmaker or exchange.';
      return { odds, stake, commission, account: open ? l.account.trim() : (bet.legs[i]?.account ?? '') };
    });
    setErrors(errs);
    if (Object.keys(errs).length > 0) return;
    const base = betFromWire(bet);
    const edited: TrackedBetInput = {
      ...base,
      event: event.trim(),
      market: market.trim(),
      selection: selection.trim(),
      note: note.trim() === '' ? null : note.trim(),
      profitType,
      expectedProfit: expectedPence as number,
      legs: base.legs.map((l, i) => ({ ...l, ...(parsedLegs[i] as { odds: number; stake: number; commission: number; account: string }) })),
    };
    let csv: string;
    try {
      // The sdk checks the whole bet (and names every bad field) before anything is sent.
      csv = exportBetsCsv([edited]);
    } catch (error) {
      setProblem(trackerError(error));
      return;
    }
    save.mutate({ csv });
  };

  const text = (label: string, value: string, set: (v: string) => void, key: string, extra: { inputMode?: 'decimal' } = {}) => (
    <Field key={key} label={label} value={value} onChange={(e) => set(e.target.value)} error={errors[key]} {...extra} />
  );
  const setLeg = (i: number, field: keyof LegDraft) => (v: string) =>
    setLegs((ls) => ls.map((l, j) => (j === i ? { ...l, [field]: v } : l)));

  return (
    <form onSubmit={submit} aria-label={`Edit ${betTitle(bet)}`} noValidate>
      {text('Event', event, setEvent, 'event')}
      {text('Market', market, setMarket, 'market')}
      {text('Selection', selection, setSelection, 'selection')}
      <ProfitTypeSelect value={profitType} onChange={setProfitType} />
      {open ? (
        <>
          {text('Expected profit (£, negative for a qualifying loss)', expected, setExpected, 'expected', { inputMode: 'decimal' })}
          {legs.map((l, i) => (
            <fieldset key={i} className={LEG_FIELDSET}>
              <legend>
                Leg {i + 1}: {bet.legs[i]?.side === 'lay' ? 'lay' : 'back'}
              </legend>
              {text('Bookmaker or exchange', l.account, setLeg(i, 'account'), `leg-${i}-account`)}
              {text('Odds (decimal)', l.odds, setLeg(i, 'odds'), `leg-${i}-odds`, { inputMode: 'decimal' })}
              {text('Stake (£)', l.stake, setLeg(i, 'stake'), `leg-${i}-stake`, { inputMode: 'decimal' })}
              {text('Commission (%)', l.commission, setLeg(i, 'commission'), `leg-${i}-commission`, { inputMode: 'decimal' })}
            </fieldset>
          ))}
        </>
      ) : (
        <p className="m-0 mb-4 text-sm text-muted">
          A settled bet’s stakes and odds stay as they settled; correct its result with “Correct result”.
        </p>
      )}
      <div className="mb-4 flex max-w-md flex-col gap-1">
        <label htmlFor={`${id}-note`} className="font-medium">
          Note
        </label>
        <textarea id={`${id}-note`} className={CONTROL} value={note} rows={2} onChange={(e) => setNote(e.target.value)} />
      </div>
      {problem === null ? null : (
        <p className="m-0 mb-4 text-sm text-danger" role="alert">
          {problem}
        </p>
      )}
      <SaveOrCancel label="Save changes" pending={save.isPending} onCancel={close} />
    </form>
  );
}
