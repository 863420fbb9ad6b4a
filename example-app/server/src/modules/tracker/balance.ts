// The balance-sheet service: accounts, entries and the sheet itself, computed by the sdk's
// balanceSheet (which also validates every account and entry before one is stored).
//
// Accounts are matched by the sdk's bookAccount key, as the sdk's balanceSheet matches them:
// `Smarkets` and `smarkets` are one exchange, so a row is found by its key, whatever spelling it
// was saved with (a new row keeps the spelling it was first written with, which names an account
// the catalogue does not list).
//
// The sdk's sheet needs a kind for every account a bet's leg names. Members name accounts freely on
// their legs, so an account without a row of its own is shown with the kind bookAccount gives: an
// exchange of the catalogue (matchbook, betdaq, smarkets, betfair, betconnect) is an exchange,
// anything else a bookmaker, never restricted; setAccount corrects it. The same rule creates the
// row when a member flags such an account or adds an entry to it.
import {
  bookAccount,
  balanceSheet,
  type AccountSheet,
  type BalanceAccountInput,
  type BalanceEntryInput,
  type BalanceSheet,
  type TrackedBet,
} from '@matchkit/sdk/tracker';
import type { Db } from '../../db/client';
import type { AccountInput, AccountKind, BalanceEntryInput as GqlBalanceEntryInput } from '../../generated/resolvers';
import { newId } from '../../ids';
import {
  loadAccounts,
  loadBetsSettledIn,
  loadEntries,
  lockAccount,
  saveAccount,
  insertEntry,
  type AccountRow,
  type BalanceEntryRow,
} from './queries';
import { refuseNul, validated } from './validation';

/** The kind of an account that has no row: an exchange of the sdk's catalogue, else a bookmaker. */
export function inferKind(name: string): AccountKind {
  return bookAccount(name).kind;
}

const keyOf = (name: string): string => bookAccount(name).key;

/**
 * The accounts the sheet needs, one per key, in key order: the member's rows (rows saved under two
 * spellings of one key, before keys were matched, are one account: the first row's name and kind,
 * restricted if either is), then every other account an entry or a leg names.
 */
export function sheetAccounts(
  rows: readonly AccountRow[],
  entries: readonly { account: string }[],
  bets: readonly TrackedBet[],
): BalanceAccountInput[] {
  const out = new Map<string, BalanceAccountInput>();
  for (const r of rows) {
    const key = keyOf(r.name);
    const seen = out.get(key);
    if (seen === undefined) out.set(key, { name: r.name, kind: r.kind, restricted: r.restricted });
    else if (r.restricted && seen.kind === 'bookmaker') out.set(key, { ...seen, restricted: true });
  }
  const named = [...entries.map((e) => e.account), ...bets.flatMap((b) => b.legs.map((l) => l.account))];
  for (const name of named)
    if (!out.has(keyOf(name))) out.set(keyOf(name), { name: name.trim(), kind: inferKind(name), restricted: false });
  return [...out.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, account]) => account);
}

/** The member's row of the account `name` names (by its key), locked until the transaction ends, or null. */
async function lockByKey(tx: Db, userId: string, name: string): Promise<AccountRow | null> {
  const key = keyOf(name);
  const same = (await loadAccounts(tx, userId)).filter((r) => keyOf(r.name) === key);
  const row = same.find((r) => r.name === name) ?? same[0];
  return row === undefined ? null : lockAccount(tx, userId, row.name);
}

/** An entry row as the sdk's entry input. */
export function entryInput(row: BalanceEntryRow): BalanceEntryInput {
  return { id: row.id, account: row.account, kind: row.kind, amount: row.amount, at: row.at.getTime(), note: row.note };
}

/** The member's balance sheet over [from, to): entries at instants in it, bets settled in it. */
export async function loadSheet(
  db: Db,
  userId: string,
  from: Date | null,
  to: Date | null,
): Promise<{ sheet: BalanceSheet; entries: BalanceEntryRow[] }> {
  const rows = await loadAccounts(db, userId);
  const entries = await loadEntries(db, userId, from, to);
  const bets = await loadBetsSettledIn(db, userId, from, to);
  const sheet = balanceSheet({ accounts: sheetAccounts(rows, entries, bets), entries: entries.map(entryInput), bets });
  return { sheet, entries };
}

/** One account's all-time balance, as AccountBalance. */
async function accountBalance(db: Db, userId: string, name: string): Promise<AccountSheet> {
  const { sheet } = await loadSheet(db, userId, null, null);
  const found = sheet.accounts.find((a) => a.account === keyOf(name));
  if (found === undefined) throw new Error('a saved account is missing from the balance sheet');
  return found;
}

/** The sdk's paths of a one-account check (`accounts.0.kind`) as the GraphQL argument names. */
const accountPath = (path: string): string => {
  const field = path.replace(/^accounts\.0\./, '');
  return field === 'name' ? 'account' : field;
};

/** Validates an account with the sdk (a non-empty name of at most 100 characters; only a bookmaker may be restricted). */
function checkAccount(account: BalanceAccountInput): void {
  validated(() => balanceSheet({ accounts: [account], entries: [], bets: [] }), accountPath);
}

/** Creates or updates an account; `restricted` absent keeps the stored flag (false for a new account). */
export async function setAccount(db: Db, userId: string, input: AccountInput): Promise<AccountSheet> {
  refuseNul({ account: input.account });
  await db.transaction(async (tx) => {
    const existing = await lockByKey(tx, userId, input.account);
    const restricted = input.restricted ?? existing?.restricted ?? false;
    const account = { name: existing?.name ?? input.account.trim(), kind: input.kind, restricted };
    checkAccount(account);
    await saveAccount(tx, userId, account);
  });
  return accountBalance(db, userId, input.account);
}

/** Flags an account restricted or clears the flag (an account without a row gets one, of the inferred kind). */
export async function setAccountRestricted(db: Db, userId: string, name: string, restricted: boolean): Promise<AccountSheet> {
  refuseNul({ account: name });
  await db.transaction(async (tx) => {
    const existing = await lockByKey(tx, userId, name);
    const account = { name: existing?.name ?? name.trim(), kind: existing?.kind ?? inferKind(name), restricted };
    checkAccount(account);
    await saveAccount(tx, userId, account);
  });
  return accountBalance(db, userId, name);
}

/** The sdk's paths of a one-entry check (`entries.0.amount`) as the GraphQL input's field names. */
const entryPath = (path: string): string =>
  path.startsWith('entries.0.') ? path.slice('entries.0.'.length) : path === 'accounts.0.name' ? 'account' : path;

/**
 * Adds an entry, validated by the sdk's balanceSheet (a positive deposit, withdrawal or bonus; a
 * signed adjustment; a real instant). The account gets a row of the inferred kind if it had none.
 */
export async function addBalanceEntry(db: Db, userId: string, input: GqlBalanceEntryInput): Promise<BalanceEntryRow> {
  refuseNul({ account: input.account, note: input.note });
  return db.transaction(async (tx) => {
    const existing = await lockByKey(tx, userId, input.account);
    const account = {
      name: existing?.name ?? input.account.trim(),
      kind: existing?.kind ?? inferKind(input.account),
      restricted: existing?.restricted ?? false,
    };
    const note = input.note === undefined || input.note === null || input.note === '' ? null : input.note;
    const row: BalanceEntryRow = {
      id: newId('be'),
      userId,
      account: input.account,
      kind: input.kind,
      amount: input.amount,
      at: input.at,
      note,
    };
    validated(() => balanceSheet({ accounts: [account], entries: [entryInput(row)], bets: [] }), entryPath);
    if (existing === null) await saveAccount(tx, userId, account);
    await insertEntry(tx, row);
    return row;
  });
}
