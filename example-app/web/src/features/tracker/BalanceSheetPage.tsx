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
import { balanceSheet, bookAccount, type AccountSheet, type BalanceChange, type BalanceEntryKind } from '@matchkit/sdk/tracker';
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
import { ArrowLeftRight, History as HistoryIcon, Plus, X } from 'lucide-react';
import { paths } from '../../app/paths';
import { DataTable, type DataColumn } from '../../components/table';
import { Badge, Button, Card, Field, IconButton, SelectField, SummaryFigure } from '../../components/ui';
import { formatPence } from '../../components/money';
import { Page } from '../../components/Page';
import { ErrorMessage, Loading, QueryState } from '../../components/Status';
import { IntegrationsPanel } from '../integrations';
import { useNotify } from '../notifications';
import { useSession } from '../session';
import { ToolGate } from '../tools';
import { invalidateTracker, MAX_BETS, trackerError, useAllTrackedBets } from './api/tracker';
import { isDay, londonMidnight, parsePounds } from './filters';
import { formatDay } from './labels';

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
            <p className="my-3 text-sm text-muted" role="note">
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

/** "1 account", "3 accounts". */
const count = (n: number, noun: string) => `${n.toLocaleString('en-GB')} ${noun}${n === 1 ? '' : 's'}`;

/** The summary strip: the server's totals over every account. */
function Totals({ data }: { readonly data: BalanceSheetQueryData }) {
  const t = data.balanceSheet.totals;
  const { accounts } = data.balanceSheet;
  const restricted = accounts.filter((a) => a.restricted).length;
  return (
    <section aria-labelledby="sheet-totals" className="mb-4">
      <h2 id="sheet-totals" className="sr-only">
        All accounts
      </h2>
      <dl className="m-0 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6" data-testid="sheet-totals">
        <SummaryFigure label="Balance" note={`${count(accounts.length, 'account')}${restricted === 0 ? '' : `, ${restricted} restricted`}`}>
          {formatPence(t.balance)}
        </SummaryFigure>
        <SummaryFigure label="Deposits">{formatPence(t.deposits)}</SummaryFigure>
        <SummaryFigure label="Withdrawals">{formatPence(t.withdrawals)}</SummaryFigure>
        <SummaryFigure label="Bonuses">{formatPence(t.bonuses)}</SummaryFigure>
        <SummaryFigure label="Adjustments">{formatPence(t.adjustments)}</SummaryFigure>
        <SummaryFigure label="Profit from bets">{formatPence(t.trackerProfit)}</SummaryFigure>
      </dl>
    </section>
  );
}

/** An account's row: the server's account and, once the bets are read, the sdk's sheet of it. */
interface AccountRow {
  readonly account: GqlAccountBalance;
  /** The account's history and sums; undefined while the bets load (or when they failed). */
  readonly sheet: AccountSheet | undefined;
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
  const [open, setOpen] = useState<string | null>(null);
  const rows = (kind: GqlAccountBalance['kind']): AccountRow[] =>
    accounts
      .filter((a) => a.kind === kind)
      .map((a) => ({ account: a, sheet: histories instanceof Map ? histories.get(a.account) : undefined }));
  const shown = open === null ? undefined : accounts.find((a) => a.account === open);
  const loading = histories === undefined && betsError === undefined;
  return (
    <>
      {histories instanceof Error ? <ErrorMessage error={histories} /> : null}
      {betsError === undefined ? null : <ErrorMessage error={betsError} />}
      <AccountTable
        kind="bookmaker"
        title="Bookmakers"
        rows={rows('bookmaker')}
        loading={loading}
        open={open}
        onOpen={setOpen}
        empty="No bookmaker accounts yet: add a deposit below, or record a bet."
      />
      <AccountTable
        kind="exchange"
        title="Exchanges"
        rows={rows('exchange')}
        loading={loading}
        open={open}
        onOpen={setOpen}
        empty="No exchange accounts yet."
      />
      {shown === undefined ? null : (
        <History
          key={shown.account}
          name={shown.displayName}
          sheet={histories instanceof Map ? histories.get(shown.account) : undefined}
          loading={loading}
          close={() => setOpen(null)}
        />
      )}
    </>
  );
}

/** "12 Aug 2025" of an account's last change, or a dash. */
const lastChange = (sheet: AccountSheet | undefined) => sheet?.history.at(-1)?.at;

function AccountTable({
  kind,
  title,
  rows,
  loading,
  open,
  onOpen,
  empty,
}: {
  readonly kind: GqlAccountBalance['kind'];
  readonly title: string;
  readonly rows: readonly AccountRow[];
  readonly loading: boolean;
  readonly open: string | null;
  readonly onOpen: (account: string | null) => void;
  readonly empty: string;
}) {
  const headingId = useId();
  const { user } = useSession();
  const columns = useMemo<DataColumn<AccountRow>[]>(() => {
    // A sum of the sdk's sheet: "…" while the bets load, "—" when they could not be read.
    const figure = (id: string, header: string, pick: (s: AccountSheet) => number): DataColumn<AccountRow> => ({
      id,
      header,
      cell: (r) => (r.sheet === undefined ? (loading ? '…' : '—') : formatPence(pick(r.sheet))),
      sortValue: (r) => (r.sheet === undefined ? 0 : pick(r.sheet)),
      numeric: true,
      wideOnly: true,
      className: 'whitespace-nowrap',
    });
    return [
      {
        id: 'account',
        header: 'Account',
        rowHeader: true,
        cell: (r) => (
          <span className="inline-flex flex-wrap items-center gap-x-2">
            {r.account.displayName}
            {r.account.restricted ? <Badge tone="warning">Restricted</Badge> : null}
          </span>
        ),
        sortValue: (r) => r.account.displayName.toLowerCase(),
      },
      {
        id: 'balance',
        header: 'Balance',
        cell: (r) => formatPence(r.account.balance),
        sortValue: (r) => r.account.balance,
        numeric: true,
        className: 'font-semibold',
      },
      figure('deposits', 'Deposits', (s) => s.deposits),
      figure('withdrawals', 'Withdrawals', (s) => s.withdrawals),
      figure('bonuses', 'Bonuses', (s) => s.bonuses),
      figure('adjustments', 'Adjustments', (s) => s.adjustments),
      figure('bets', 'From bets', (s) => s.trackerProfit),
      {
        id: 'last',
        header: 'Last change',
        cell: (r) => {
          const at = lastChange(r.sheet);
          return at === undefined ? '—' : <time dateTime={new Date(at).toISOString()}>{formatDay(at)}</time>;
        },
        sortValue: (r) => lastChange(r.sheet) ?? 0,
        wideOnly: true,
        className: 'whitespace-nowrap',
      },
      ...(kind === 'bookmaker'
        ? [{ id: 'restricted', header: 'Restricted', cell: (r: AccountRow) => <RestrictedBox account={r.account} /> }]
        : []),
      {
        id: 'actions',
        header: 'Actions',
        headerHidden: true,
        alwaysShown: true,
        cell: (r) => <AccountActions account={r.account} historyOpen={open === r.account.account} onOpen={onOpen} />,
      },
    ];
  }, [kind, loading, open, onOpen]);
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h2 id={headingId} className="mb-2 text-lg font-semibold">
        {title} <span className="font-normal text-muted">({rows.length})</span>
      </h2>
      {kind === 'bookmaker' && rows.length > 0 ? (
        <p className="mt-0 mb-2 text-sm text-muted">Tick “Restricted” when a bookmaker limits your stakes or offers (gubbed).</p>
      ) : null}
      <DataTable
        id="balance-accounts"
        member={user?.uid.global ?? 'anonymous'}
        label={title}
        regionLabel={`Table of ${title.toLowerCase()}`}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.account.account}
        empty={empty}
        maxHeight="70vh"
        renderKey={open}
      />
    </section>
  );
}

/** The restricted flag of a bookmaker, named with it ("Restricted by Alder Bet"). */
function RestrictedBox({ account }: { readonly account: GqlAccountBalance }) {
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
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <input
        type="checkbox"
        className="size-4 accent-accent"
        aria-label={`Restricted by ${name}`}
        checked={chosen ?? account.restricted}
        disabled={restrict.isPending}
        aria-describedby={restrict.error === null ? undefined : `${id}-error`}
        onChange={(e) => {
          setChosen(e.target.checked);
          restrict.mutate({ account: account.account, restricted: e.target.checked });
        }}
      />
      {restrict.error === null ? null : (
        <span className="text-sm whitespace-normal text-danger" id={`${id}-error`} role="alert">
          {trackerError(restrict.error)}
        </span>
      )}
    </span>
  );
}

/** An account's actions: its history below the table, and moving it to the other list. */
function AccountActions({
  account,
  historyOpen,
  onOpen,
}: {
  readonly account: GqlAccountBalance;
  readonly historyOpen: boolean;
  readonly onOpen: (account: string | null) => void;
}) {
  const { queryClient } = useMatchkit();
  const notify = useNotify();
  const name = account.displayName;
  // The server guesses the kind of an account only a bet names (an exchange by the exchanges' names); the member can correct it.
  const otherKind = account.kind === 'bookmaker' ? 'exchange' : 'bookmaker';
  const setKind = useMatchkitMutation(SetAccountMutation, {
    onSuccess: () => {
      invalidateTracker(queryClient);
      notify('success', `${name} is now listed as ${otherKind === 'exchange' ? 'an exchange' : 'a bookmaker'}.`);
    },
    onError: (e) => notify('error', trackerError(e)),
  });
  return (
    // One above the other on a phone, so that the row fits the screen without scrolling sideways.
    <span className="inline-flex flex-col gap-1 sm:flex-row">
      <IconButton
        size="sm"
        icon={HistoryIcon}
        label={`History of ${name}`}
        aria-expanded={historyOpen}
        onClick={() => onOpen(historyOpen ? null : account.account)}
      />
      <IconButton
        size="sm"
        icon={ArrowLeftRight}
        label={otherKind === 'exchange' ? `Move ${name} to exchanges` : `Move ${name} to bookmakers`}
        disabled={setKind.isPending}
        onClick={() =>
          setKind.mutate({
            input: { account: account.account, kind: otherKind, ...(otherKind === 'exchange' ? { restricted: false } : {}) },
          })
        }
      />
    </span>
  );
}

const HISTORY_COLUMNS: readonly DataColumn<BalanceChange>[] = [
  {
    id: 'date',
    header: 'Date',
    rowHeader: true,
    cell: (h) => <time dateTime={new Date(h.at).toISOString()}>{formatDay(h.at)}</time>,
    className: 'whitespace-nowrap',
  },
  { id: 'what', header: 'What', cell: (h) => ENTRY_LABELS[h.kind] },
  { id: 'change', header: 'Change', cell: (h) => formatPence(h.change), numeric: true },
  { id: 'balance', header: 'Balance', cell: (h) => formatPence(h.balance), numeric: true },
];

/** One account's changes in time order with the running balance (the sdk's sheet), below the tables. */
function History({
  name,
  sheet,
  loading,
  close,
}: {
  readonly name: string;
  readonly sheet: AccountSheet | undefined;
  readonly loading: boolean;
  readonly close: () => void;
}) {
  const headingId = useId();
  const { user } = useSession();
  return (
    <Card as="section" aria-labelledby={headingId} className="mt-4">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id={headingId} className="m-0 text-lg font-semibold">
          {name}: history
        </h2>
        <IconButton size="sm" icon={X} label={`Close the history of ${name}`} onClick={close} />
      </div>
      {loading ? (
        <Loading label="Loading history…" />
      ) : (
        <DataTable
          id="balance-history"
          member={user?.uid.global ?? 'anonymous'}
          label={`${name}: history`}
          regionLabel={`Table of the changes at ${name}`}
          columns={HISTORY_COLUMNS}
          rows={sheet?.history ?? []}
          rowKey={(h) => `${h.kind}-${h.id}`}
          empty="Nothing recorded here yet."
          maxHeight="50vh"
        />
      )}
    </Card>
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
        `${ENTRY_LABELS[r.data.addBalanceEntry.kind]} of ${formatPence(r.data.addBalanceEntry.amount)} added to ${bookAccount(r.data.addBalanceEntry.account).displayName}.`,
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
  return (
    <Card as="section" aria-labelledby={`${id}-title`} className="mt-6">
      <h2 id={`${id}-title`} className="m-0 mb-3 text-lg font-semibold">
        Add an entry
      </h2>
      <form onSubmit={submit} noValidate>
        <div className="grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-2 lg:grid-cols-5 [&>div]:mb-0">
          <Field
            label="Bookmaker or exchange"
            list={`${id}-accounts`}
            value={account}
            autoComplete="off"
            onChange={(e) => setAccount(e.target.value)}
            error={errors.account}
          />
          <SelectField label="Type of entry" value={kind} onChange={(e) => setKind(e.target.value as BalanceEntryKind)}>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {ENTRY_LABELS[k]}
              </option>
            ))}
          </SelectField>
          <Field
            label="Amount (£)"
            inputMode="decimal"
            hint={kind === 'adjustment' ? 'Negative to take money off, such as -3.20.' : undefined}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={errors.amount}
          />
          <Field label="Date (UK)" type="date" value={day} onChange={(e) => setDay(e.target.value)} error={errors.day} />
          <Field label="Note (optional)" value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
        <datalist id={`${id}-accounts`}>
          {accounts.map((a) => (
            <option key={a.account} value={a.displayName} />
          ))}
        </datalist>
        {add.error === null ? null : (
          <p className="mt-3 mb-0 text-danger" role="alert">
            {trackerError(add.error)}
          </p>
        )}
        <div className="mt-4 flex flex-wrap items-center gap-4">
          <Button type="submit" icon={Plus} disabled={add.isPending}>
            {add.isPending ? 'Adding…' : 'Add entry'}
          </Button>
          <Link to={paths.profitTracker}>Back to the profit tracker</Link>
        </div>
      </form>
    </Card>
  );
}
