// /user/balance-sheet, "Balance sheet" (the profit tracker's feature): the balance at each
// bookmaker and exchange (the server's balanceSheet), each account's history (the sdk's
// balanceSheet over the same entries and the member's tracked bets: deposits, withdrawals, bonuses,
// adjustments and each settled bet's share, with the running balance), the restricted flag of a
// bookmaker (setAccountRestricted), a form to add an entry, and the exchange integrations panel.
// Accounts are the server's, one per key of the catalogue (the sdk's bookAccount: `Smarkets` and
// `smarkets` are one exchange), and shown by their display names (`Alder Bet`, not `alder-bet`).
import { useId, useMemo, useState, type FormEvent } from 'react';
import { betFromWire } from '@matchkit/app-contract';
import { matchkitQueryKey, useMatchkit, useMatchkitMutation, useMatchkitQuery } from '@matchkit/react';
import { balanceSheet, bookAccount, type AccountSheet, type BalanceEntryKind } from '@matchkit/sdk/tracker';
import {
  AddBalanceEntryMutation,
  BalanceSheetQuery,
  SetAccountMutation,
  SetAccountRestrictedMutation,
  type BalanceSheetQueryData,
  type GqlAccountBalance,
  type GqlTrackedBet,
} from '@matchkit/sdk/transport';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { formatPence } from '../../components/money';
import { Page } from '../../components/Page';
import { ErrorMessage, Loading, QueryState } from '../../components/Status';
import { IntegrationsPanel } from '../integrations';
import { useNotify } from '../notifications';
import { ToolGate } from '../tools';
import { invalidateTracker, MAX_BETS, trackerError, useAllTrackedBets } from './api/tracker';
import { isDay, londonMidnight, parsePounds } from './filters';
import { formatDay, signedPence } from './labels';
import './tracker.css';

export function BalanceSheetPage() {
  return (
    <Page title="Balance sheet" lead="What you hold at each bookmaker and exchange, how it got there, and which bookmakers restrict you.">
      <ToolGate
        feature="profitTracker"
        name="The balance sheet"
        about={
          <p>
            The balance sheet keeps your deposits, withdrawals and bonuses at each bookmaker and exchange, adds each settled bet’s share,
            and marks the bookmakers that restrict you.
          </p>
        }
      >
        <Sheet />
        <IntegrationsPanel />
      </ToolGate>
    </Page>
  );
}

const ENTRY_LABELS: Readonly<Record<BalanceEntryKind | 'bet', string>> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  bonus: 'Bonus',
  adjustment: 'Adjustment',
  bet: 'Settled bet',
};

/** The settled bets only: the others do not move a balance. */
const SETTLED = { status: 'settled' } as const;

export function Sheet() {
  const sheet = useMatchkitQuery(BalanceSheetQuery, {});
  const bets = useAllTrackedBets(SETTLED);
  const partial = bets.data !== undefined && bets.data.totalCount > bets.data.bets.length ? bets.data : null;
  return (
    <QueryState query={sheet} loadingLabel="Loading your balance sheet…">
      {(r) => (
        <>
          <Totals data={r.data} />
          {partial === null ? null : (
            <p className="hint" role="note">
              Each account’s history below covers your newest {partial.bets.length.toLocaleString('en-GB')} of{' '}
              {partial.totalCount.toLocaleString('en-GB')} settled bets (at most {MAX_BETS.toLocaleString('en-GB')} are read at once), so
              its running balance leaves out the older ones. The balances are the server’s, over every bet.
            </p>
          )}
          <Accounts data={r.data} bets={bets.data?.bets} betsError={bets.status === 'error' ? bets.error : undefined} />
          <AddEntry accounts={r.data.balanceSheet.accounts} />
        </>
      )}
    </QueryState>
  );
}

function Totals({ data }: { readonly data: BalanceSheetQueryData }) {
  const t = data.balanceSheet.totals;
  return (
    <section aria-labelledby="sheet-totals" className="tracker-section">
      <h2 id="sheet-totals">All accounts</h2>
      <dl className="facts tracker-totals" data-testid="sheet-totals">
        <div>
          <dt>Balance</dt>
          <dd>{signedPence(t.balance)}</dd>
        </div>
        <div>
          <dt>Deposits</dt>
          <dd>{formatPence(t.deposits)}</dd>
        </div>
        <div>
          <dt>Withdrawals</dt>
          <dd>{formatPence(t.withdrawals)}</dd>
        </div>
        <div>
          <dt>Bonuses</dt>
          <dd>{formatPence(t.bonuses)}</dd>
        </div>
        <div>
          <dt>Adjustments</dt>
          <dd>{signedPence(t.adjustments)}</dd>
        </div>
        <div>
          <dt>Profit from settled bets</dt>
          <dd>{signedPence(t.trackerProfit)}</dd>
        </div>
      </dl>
    </section>
  );
}

function Accounts({
  data,
  bets,
  betsError,
}: {
  readonly data: BalanceSheetQueryData;
  readonly bets: readonly GqlTrackedBet[] | undefined;
  readonly betsError: unknown;
}) {
  const { accounts, entries } = data.balanceSheet;
  // Each account's history: the sdk's balanceSheet over the server's accounts and entries and the
  // member's bets (its balances are the server's, which uses the same function).
  const histories = useMemo(() => {
    if (bets === undefined) return undefined;
    try {
      const sheet = balanceSheet({
        accounts: accounts.map((a) => ({ name: a.account, kind: a.kind, restricted: a.restricted })),
        entries: entries.map((e) => ({ id: e.id, account: e.account, kind: e.kind, amount: e.amount, at: Date.parse(e.at), note: e.note })),
        // Only settled bets move balances, and the server's sheet names exactly their accounts
        // (an open bet's accounts are not on it yet).
        bets: bets.filter((b) => b.status === 'settled').map(betFromWire),
      });
      return new Map(sheet.accounts.map((a) => [a.account, a]));
    } catch (error) {
      return error;
    }
  }, [accounts, entries, bets]);
  const bookmakers = accounts.filter((a) => a.kind === 'bookmaker');
  const exchanges = accounts.filter((a) => a.kind === 'exchange');
  return (
    <>
      {histories instanceof Error ? <ErrorMessage error={histories} /> : null}
      {betsError === undefined ? null : <ErrorMessage error={betsError} />}
      {[
        { title: 'Bookmakers', list: bookmakers },
        { title: 'Exchanges', list: exchanges },
      ].map(({ title, list }) => (
        <section key={title} aria-labelledby={`sheet-${title}`} className="tracker-section">
          <h2 id={`sheet-${title}`}>{title}</h2>
          {list.length === 0 ? (
            <p>
              {title === 'Bookmakers' ? 'No bookmaker accounts yet: add a deposit below, or record a bet.' : 'No exchange accounts yet.'}
            </p>
          ) : (
            <ul className="account-list">
              {list.map((a) => (
                <li key={a.account}>
                  <AccountCard
                    account={a}
                    history={histories instanceof Map ? histories.get(a.account) : undefined}
                    loading={histories === undefined && betsError === undefined}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </>
  );
}

function AccountCard({
  account,
  history,
  loading,
}: {
  readonly account: GqlAccountBalance;
  readonly history: AccountSheet | undefined;
  readonly loading: boolean;
}) {
  const id = useId();
  const { queryClient } = useMatchkit();
  const notify = useNotify();
  const name = account.displayName;
  // The box shows the member's choice at once, until the refreshed sheet has it (or the change failed).
  const [chosen, setChosen] = useState<boolean | null>(null);
  const restrict = useMatchkitMutation(SetAccountRestrictedMutation, {
    onSuccess: async (r) => {
      notify(
        'success',
        r.data.setAccountRestricted.restricted ? `${name} is marked restricted.` : `${name} is no longer marked restricted.`,
      );
      invalidateTracker(queryClient);
      await queryClient.refetchQueries({ queryKey: matchkitQueryKey(BalanceSheetQuery) });
      setChosen(null);
    },
    onError: () => setChosen(null),
  });
  const restricted = chosen ?? account.restricted;
  // The server guesses the kind of an account only a bet names (an exchange by the exchanges' names); the member can correct it.
  const otherKind = account.kind === 'bookmaker' ? 'exchange' : 'bookmaker';
  const setKind = useMatchkitMutation(SetAccountMutation, {
    onSuccess: () => {
      invalidateTracker(queryClient);
      notify('success', `${name} is now listed as ${otherKind === 'exchange' ? 'an exchange' : 'a bookmaker'}.`);
    },
  });
  return (
    <article className="account-card" aria-labelledby={`${id}-name`}>
      <h3 id={`${id}-name`}>
        {name}
        {account.restricted ? <span className="badge">Restricted</span> : null}
      </h3>
      <p className="account-balance">
        Balance: <strong>{signedPence(account.balance)}</strong>
      </p>
      {account.kind === 'bookmaker' ? (
        <div className="field field-checkbox">
          <input
            id={`${id}-restricted`}
            type="checkbox"
            checked={restricted}
            disabled={restrict.isPending}
            aria-describedby={`${id}-restricted-hint`}
            onChange={(e) => {
              setChosen(e.target.checked);
              restrict.mutate({ account: account.account, restricted: e.target.checked });
            }}
          />
          <label htmlFor={`${id}-restricted`}>Restricted by {name}</label>
          <p className="hint" id={`${id}-restricted-hint`}>
            Tick when the bookmaker limits your stakes or offers (gubbed).
          </p>
          {restrict.error === null ? null : (
            <p className="field-error" role="alert">
              {trackerError(restrict.error)}
            </p>
          )}
        </div>
      ) : null}
      <p className="actions">
        <button
          type="button"
          className="secondary"
          disabled={setKind.isPending}
          onClick={() =>
            setKind.mutate({
              input: { account: account.account, kind: otherKind, ...(otherKind === 'exchange' ? { restricted: false } : {}) },
            })
          }
        >
          {otherKind === 'exchange' ? `Move ${name} to exchanges` : `Move ${name} to bookmakers`}
        </button>
      </p>
      {setKind.error === null ? null : (
        <p className="field-error" role="alert">
          {trackerError(setKind.error)}
        </p>
      )}
      {loading ? (
        <Loading label="Loading history…" />
      ) : history === undefined ? null : history.history.length === 0 ? (
        <p className="hint">Nothing recorded here yet.</p>
      ) : (
        <details>
          <summary>History ({history.history.length})</summary>
          <div className="table-scroll" role="region" aria-label={`${name} history`} tabIndex={0}>
            <table>
              <caption className="visually-hidden">{name}: history</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">What</th>
                  <th scope="col">Change</th>
                  <th scope="col">Balance</th>
                </tr>
              </thead>
              <tbody>
                {history.history.map((h) => (
                  <tr key={`${h.kind}-${h.id}`}>
                    <th scope="row">
                      <time dateTime={new Date(h.at).toISOString()}>{formatDay(h.at)}</time>
                    </th>
                    <td>{ENTRY_LABELS[h.kind]}</td>
                    <td>{signedPence(h.change)}</td>
                    <td>{signedPence(h.balance)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </article>
  );
}

const KINDS: readonly BalanceEntryKind[] = ['deposit', 'withdrawal', 'bonus', 'adjustment'];

function todayInLondon(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    Date.now(),
  );
}

function AddEntry({ accounts }: { readonly accounts: readonly GqlAccountBalance[] }) {
  const id = useId();
  const { queryClient } = useMatchkit();
  const notify = useNotify();
  const [account, setAccount] = useState('');
  const [kind, setKind] = useState<BalanceEntryKind>('deposit');
  const [amount, setAmount] = useState('');
  const [day, setDay] = useState(todayInLondon);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'account' | 'amount' | 'day', string>>>({});
  const add = useMatchkitMutation(AddBalanceEntryMutation, {
    onSuccess: (r) => {
      invalidateTracker(queryClient);
      notify(
        'success',
        `${ENTRY_LABELS[r.data.addBalanceEntry.kind]} of ${signedPence(r.data.addBalanceEntry.amount)} added to ${bookAccount(r.data.addBalanceEntry.account).displayName}.`,
      );
      setAmount('');
      setNote('');
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errs: typeof errors = {};
    if (account.trim() === '') errs.account = 'Enter the bookmaker or exchange.';
    const pence = parsePounds(amount, kind === 'adjustment' ? { signed: true } : { positive: true });
    if (typeof pence === 'string') errs.amount = pence;
    else if (pence === 0) errs.amount = 'Enter an amount other than 0.';
    if (!isDay(day)) errs.day = 'Enter a date, such as 2025-08-01.';
    setErrors(errs);
    if (Object.keys(errs).length > 0) return;
    // Midday UK time of the chosen day: the entry falls on that day whatever the clocks do.
    const at = new Date(Date.parse(londonMidnight(day)) + 12 * 3_600_000).toISOString();
    add.mutate({ input: { account: account.trim(), kind, amount: pence as number, at, note: note.trim() === '' ? null : note.trim() } });
  };
  const err = (key: keyof typeof errors) =>
    errors[key] === undefined ? {} : { 'aria-invalid': true as const, 'aria-describedby': `${id}-${key}-error` };
  const msg = (key: keyof typeof errors) =>
    errors[key] === undefined ? null : (
      <p className="field-error" id={`${id}-${key}-error`}>
        {errors[key]}
      </p>
    );
  return (
    <section aria-labelledby={`${id}-title`} className="tracker-section">
      <h2 id={`${id}-title`}>Add an entry</h2>
      <form onSubmit={submit} noValidate className="entry-form">
        <div className="field">
          <label htmlFor={`${id}-account`}>Bookmaker or exchange</label>
          <input
            id={`${id}-account`}
            list={`${id}-accounts`}
            value={account}
            autoComplete="off"
            onChange={(e) => setAccount(e.target.value)}
            {...err('account')}
          />
          <datalist id={`${id}-accounts`}>
            {accounts.map((a) => (
              <option key={a.account} value={a.displayName} />
            ))}
          </datalist>
          {msg('account')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-kind`}>Type of entry</label>
          <select id={`${id}-kind`} value={kind} onChange={(e) => setKind(e.target.value as BalanceEntryKind)}>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {ENTRY_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-amount`}>Amount (£)</label>
          {kind === 'adjustment' ? (
            <p className="hint" id={`${id}-amount-hint`}>
              Negative to take money off, such as -3.20.
            </p>
          ) : null}
          <input id={`${id}-amount`} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} {...err('amount')} />
          {msg('amount')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-day`}>Date (UK)</label>
          <input id={`${id}-day`} type="date" value={day} onChange={(e) => setDay(e.target.value)} {...err('day')} />
          {msg('day')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-note`}>Note (optional)</label>
          <input id={`${id}-note`} value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
        {add.error === null ? null : (
          <p className="field-error" role="alert">
            {trackerError(add.error)}
          </p>
        )}
        <p className="actions">
          <button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Adding…' : 'Add entry'}
          </button>
          <Link to={paths.profitTracker}>Back to the profit tracker</Link>
        </p>
      </form>
    </section>
  );
}
