// A list of tracked bets (open, or settled and void), each with what it is, its legs, its profit
// and what the member can do with it: settle (a result per leg; the server settles it with the
// sdk's settleBet), edit, void and delete. Editing goes through the CSV import: the platform has no
// update mutation, and importBets replaces a bet with the same id in one transaction, so the edited
// bet keeps its id and is checked by the sdk exactly as an imported one (docs/app.md).
import { useId, useState, type FormEvent } from 'react';
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
import { useNotify } from '../notifications';
import { invalidateTracker, trackerError } from './api/tracker';
import { ProfitTypeSelect, SaveOrCancel } from './controls';
import { parseOdds, parsePercent, parsePounds } from './filters';
import { formatDayTime, legLabel, PROFIT_TYPE_LABELS, RESULT_LABELS, signedPence, sourceLabel, STATUS_LABELS } from './labels';

type GqlLegResult = GqlTrackedBet['legs'][number]['result'];

/** Bets shown at first, and added by each "Show more": a member with thousands of bets gets a page that stays quick. */
const STEP = 50;

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
  const [shown, setShown] = useState(STEP);
  const left = bets.length - shown;
  return (
    <section aria-labelledby={headingId} className="tracker-section">
      <h2 id={headingId}>
        {title} <span className="count">({bets.length})</span>
      </h2>
      {bets.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <>
          <ul className="bet-list">
            {bets.slice(0, shown).map((bet) => (
              <li key={bet.id}>
                <BetCard bet={bet} />
              </li>
            ))}
          </ul>
          {left > 0 ? (
            <p className="actions">
              <button type="button" className="secondary" onClick={() => setShown((n) => n + STEP)}>
                Show {Math.min(STEP, left)} more ({left} not shown)
              </button>
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

type Panel = 'settle' | 'edit' | 'void' | 'delete' | null;

function betTitle(bet: GqlTrackedBet): string {
  const what = [bet.event, bet.selection].filter((s) => s !== '').join(': ');
  return what === '' ? `Bet ${bet.id}` : what;
}

function BetCard({ bet }: { readonly bet: GqlTrackedBet }) {
  const brand = useBrand();
  const headingId = useId();
  const [panel, setPanel] = useState<Panel>(null);
  const toggle = (p: Exclude<Panel, null>) => setPanel((open) => (open === p ? null : p));
  return (
    <article className={`bet-card bet-${bet.status}`} aria-labelledby={headingId}>
      <h3 id={headingId}>{betTitle(bet)}</h3>
      <dl className="facts bet-facts">
        <div>
          <dt>Status</dt>
          <dd>{STATUS_LABELS[bet.status]}</dd>
        </div>
        <div>
          <dt>{bet.status === 'open' ? 'Expected profit' : 'Profit'}</dt>
          <dd>{bet.status === 'void' ? 'None (void)' : signedPence(bet.settledProfit ?? bet.expectedProfit)}</dd>
        </div>
        <div>
          <dt>Type</dt>
          <dd>{PROFIT_TYPE_LABELS[bet.profitType]}</dd>
        </div>
        <div>
          <dt>Tool</dt>
          <dd>{sourceLabel(brand, bet.source)}</dd>
        </div>
        {bet.market === '' ? null : (
          <div>
            <dt>Market</dt>
            <dd>{bet.market}</dd>
          </div>
        )}
        <div>
          <dt>Placed</dt>
          <dd>
            <time dateTime={bet.placedAt}>{formatDayTime(bet.placedAt)}</time>
          </dd>
        </div>
        {bet.settledAt === null ? null : (
          <div>
            <dt>{bet.status === 'void' ? 'Voided' : 'Settled'}</dt>
            <dd>
              <time dateTime={bet.settledAt}>{formatDayTime(bet.settledAt)}</time>
            </dd>
          </div>
        )}
      </dl>
      <ol className="bet-legs" aria-label="Legs">
        {bet.legs.map((leg, i) => (
          <li key={i}>
            {legLabel(leg)}
            {leg.result === 'pending' ? null : `: ${RESULT_LABELS[leg.result].toLowerCase()}`}
          </li>
        ))}
      </ol>
      {bet.note === null ? null : <p className="bet-note">{bet.note}</p>}
      <div className="actions bet-actions">
        {bet.status === 'void' ? null : (
          <button type="button" className="secondary" aria-expanded={panel === 'settle'} onClick={() => toggle('settle')}>
            {bet.status === 'settled' ? 'Correct result' : 'Settle'}
          </button>
        )}
        <button type="button" className="secondary" aria-expanded={panel === 'edit'} onClick={() => toggle('edit')}>
          Edit
        </button>
        {bet.status === 'void' ? null : (
          <button type="button" className="secondary" aria-expanded={panel === 'void'} onClick={() => toggle('void')}>
            Void
          </button>
        )}
        <button type="button" className="secondary" aria-expanded={panel === 'delete'} onClick={() => toggle('delete')}>
          Delete
        </button>
      </div>
      {panel === 'settle' ? <SettleForm bet={bet} close={() => setPanel(null)} /> : null}
      {panel === 'edit' ? <EditForm bet={bet} close={() => setPanel(null)} /> : null}
      {panel === 'void' || panel === 'delete' ? <Confirm bet={bet} action={panel} close={() => setPanel(null)} /> : null}
    </article>
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
  const id = useId();
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
    <form className="bet-panel" onSubmit={submit} aria-label={`Settle ${betTitle(bet)}`} noValidate>
      <p className="hint">The result of each leg, for that leg: a lay wins when its selection loses. The profit is worked out for you.</p>
      {bet.legs.map((leg, i) => {
        const invalid = missing && results[i] === '';
        return (
          <div className="field" key={i}>
            <label htmlFor={`${id}-leg-${i}`}>
              Leg {i + 1} result: {legLabel(leg)}
            </label>
            <select
              id={`${id}-leg-${i}`}
              value={results[i] ?? ''}
              aria-invalid={invalid ? true : undefined}
              aria-describedby={invalid ? `${id}-leg-${i}-error` : undefined}
              onChange={(e) => setResults((rs) => rs.map((r, j) => (j === i ? (e.target.value as GqlLegResult | '') : r)))}
            >
              <option value="">Choose…</option>
              <option value="won">Won</option>
              <option value="lost">Lost</option>
              <option value="void">Void (stake returned)</option>
            </select>
            {invalid ? (
              <p className="field-error" id={`${id}-leg-${i}-error`}>
                Choose this leg’s result.
              </p>
            ) : null}
          </div>
        );
      })}
      {settle.error === null ? null : (
        <p className="field-error" role="alert">
          {trackerError(settle.error)}
        </p>
      )}
      <SaveOrCancel label="Save result" pending={settle.isPending} onCancel={close} />
    </form>
  );
}

function Confirm({ bet, action, close }: { readonly bet: GqlTrackedBet; readonly action: 'void' | 'delete'; readonly close: () => void }) {
  const done = useTrackerMutationDone(close, action === 'void' ? 'The bet is void.' : 'The bet is deleted.');
  const voidBet = useMatchkitMutation(VoidBetMutation, { onSuccess: done });
  const deleteBet = useMatchkitMutation(DeleteBetMutation, { onSuccess: done });
  const m = action === 'void' ? voidBet : deleteBet;
  const go = () =>
    action === 'void' ? voidBet.mutate({ input: { id: bet.id, voidedAt: nowFor(bet) } }) : deleteBet.mutate({ id: bet.id });
  return (
    <div className="bet-panel" role="group" aria-label={action === 'void' ? 'Void this bet' : 'Delete this bet'}>
      <p>
        {action === 'void'
          ? 'Void this bet? It will count for nothing in your totals, and cannot be settled afterwards.'
          : 'Delete this bet from your tracker? This cannot be undone.'}
      </p>
      {m.error === null ? null : (
        <p className="field-error" role="alert">
          {trackerError(m.error)}
        </p>
      )}
      <p className="actions">
        <button type="button" onClick={go} disabled={m.isPending}>
          {action === 'void' ? 'Void bet' : 'Delete bet'}
        </button>
        <button type="button" className="secondary" onClick={close}>
          Keep it
        </button>
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

const pounds = (pence: number) => (pence / 100).toFixed(2);

function EditForm({ bet, close }: { readonly bet: GqlTrackedBet; readonly close: () => void }) {
  const id = useId();
  const open = bet.status === 'open';
  const [event, setEvent] = useState(bet.event);
  const [market, setMarket] = useState(bet.market);
  const [selection, setSelection] = useState(bet.selection);
  const [note, setNote] = useState(bet.note ?? '');
  const [profitType, setProfitType] = useState<GqlProfitType>(bet.profitType);
  const [expected, setExpected] = useState(pounds(bet.expectedProfit));
  const [legs, setLegs] = useState<LegDraft[]>(
    bet.legs.map((l) => ({
      account: l.account,
      odds: String(l.odds),
      stake: pounds(l.stake),
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
    <div className="field" key={key}>
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        value={value}
        onChange={(e) => set(e.target.value)}
        aria-invalid={errors[key] === undefined ? undefined : true}
        aria-describedby={errors[key] === undefined ? undefined : `${id}-${key}-error`}
        {...extra}
      />
      {errors[key] === undefined ? null : (
        <p className="field-error" id={`${id}-${key}-error`}>
          {errors[key]}
        </p>
      )}
    </div>
  );
  const setLeg = (i: number, field: keyof LegDraft) => (v: string) =>
    setLegs((ls) => ls.map((l, j) => (j === i ? { ...l, [field]: v } : l)));

  return (
    <form className="bet-panel" onSubmit={submit} aria-label={`Edit ${betTitle(bet)}`} noValidate>
      {text('Event', event, setEvent, 'event')}
      {text('Market', market, setMarket, 'market')}
      {text('Selection', selection, setSelection, 'selection')}
      <ProfitTypeSelect idPrefix={id} value={profitType} onChange={setProfitType} />
      {open ? (
        <>
          {text('Expected profit (£, negative for a qualifying loss)', expected, setExpected, 'expected', { inputMode: 'decimal' })}
          {legs.map((l, i) => (
            <fieldset key={i} className="bet-leg-fields">
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
        <p className="hint">A settled bet’s stakes and odds stay as they settled; correct its result with “Correct result”.</p>
      )}
      <div className="field">
        <label htmlFor={`${id}-note`}>Note</label>
        <textarea id={`${id}-note`} value={note} rows={2} onChange={(e) => setNote(e.target.value)} />
      </div>
      {problem === null ? null : (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <SaveOrCancel label="Save changes" pending={save.isPending} onCancel={close} />
    </form>
  );
}
