// The balance sheet: money per bookmaker and exchange account (deposits, withdrawals, bonuses,
// adjustments and the profit of settled bets) with a running balance history, and the
// per-bookmaker 'restricted' (gubbed) flag.
import type { ValidationIssue } from '../errors/errors';
import { collect } from '../internal/validate';
import type { Pence } from '../model/schemas';
import type { InstantInput } from '../sales/sales';
import { anything, field, fields, instant, oneOf, text, unless } from './fields';
import { TEXT_LIMITS, addPence, amountSchema, profitSchema, throwIfAny, type TrackedBet, type TrackedBetInput } from './model';
import { bookAccount } from './accounts';
import { isPossible } from './outcomes';
import { collectBets, exactGroupProfits } from './settle';

/**
 * A bookmaker or exchange account of the member's books. Only a bookmaker can be `restricted`
 * ("gubbed": it limits the member's stakes or offers).
 *
 * @example
 * ```ts
 * import type { BalanceAccountInput } from '@matchkit/sdk/tracker';
 * const account: BalanceAccountInput = { name: 'bet-co', kind: 'bookmaker', restricted: true };
 * ```
 */
export interface BalanceAccountInput {
  /**
   * The account's name (non-empty). Accounts, entries and legs are matched by {@link bookAccount}'s
   * key, not by the text: `Smarkets` and `smarkets` are one exchange, so two accounts with one key
   * are refused.
   */
  readonly name: string;
  /** A bookmaker or an exchange. */
  readonly kind: 'bookmaker' | 'exchange';
  /**
   * True when the bookmaker restricts the member; only allowed on a bookmaker.
   * @defaultValue false
   */
  readonly restricted?: boolean;
}

/**
 * What a balance entry records: money in (`deposit`, `bonus`), money out (`withdrawal`), or a
 * signed correction (`adjustment`).
 *
 * @example
 * ```ts
 * import type { BalanceEntryKind } from '@matchkit/sdk/tracker';
 * const kind: BalanceEntryKind = 'deposit';
 * ```
 */
export type BalanceEntryKind = 'deposit' | 'withdrawal' | 'bonus' | 'adjustment';

/**
 * One entry of the balance sheet. `amount` is integer pence: positive for a deposit, a withdrawal
 * or a bonus (the kind gives the direction), signed for an adjustment.
 *
 * @example
 * ```ts
 * import type { BalanceEntryInput } from '@matchkit/sdk/tracker';
 * const entry: BalanceEntryInput = { id: 'e1', account: 'bet-co', kind: 'deposit', amount: 5000, at: Date.UTC(2025, 7, 1) };
 * ```
 */
export interface BalanceEntryInput {
  /** The entry's id (unique, non-empty). */
  readonly id: string;
  /** The account's name (one of the sheet's accounts, matched by {@link bookAccount}'s key). */
  readonly account: string;
  /** What the entry records. */
  readonly kind: BalanceEntryKind;
  /** The amount in integer pence. */
  readonly amount: Pence;
  /** When it happened. */
  readonly at: InstantInput;
  /** A free note. */
  readonly note?: string | null;
}

/**
 * Input of {@link balanceSheet}.
 *
 * @example
 * ```ts
 * import type { BalanceSheetInput } from '@matchkit/sdk/tracker';
 * const input: BalanceSheetInput = { accounts: [{ name: 'bet-co', kind: 'bookmaker' }], entries: [], bets: [] };
 * ```
 */
export interface BalanceSheetInput {
  /** Every account that an entry or a bet's leg names. */
  readonly accounts: readonly BalanceAccountInput[];
  /** The deposits, withdrawals, bonuses and adjustments. */
  readonly entries: readonly BalanceEntryInput[];
  /** The tracked bets; only settled ones move balances. */
  readonly bets: readonly TrackedBetInput[];
}

/**
 * One change of an account's balance, with the balance after it.
 *
 * @example
 * ```ts
 * import type { BalanceChange } from '@matchkit/sdk/tracker';
 * const line = (c: BalanceChange) => `${c.kind} ${c.change} -> ${c.balance}`;
 * ```
 */
export interface BalanceChange {
  /** When, in epoch milliseconds (an entry's `at`, a bet's `settledAt`). */
  readonly at: number;
  /** The entry's kind, or `bet` for a settled bet. */
  readonly kind: BalanceEntryKind | 'bet';
  /** The entry's or the bet's id. */
  readonly id: string;
  /** The signed change, in pence. */
  readonly change: Pence;
  /** The balance after the change, in pence. */
  readonly balance: Pence;
}

/**
 * One account of the balance sheet: its sums by kind, its balance and its history.
 *
 * @example
 * ```ts
 * import type { AccountSheet } from '@matchkit/sdk/tracker';
 * const gubbed = (a: AccountSheet) => a.restricted;
 * ```
 */
export interface AccountSheet {
  /** The account's key ({@link bookAccount}): `smarkets`, `alder-bet`, `bet-co`. */
  readonly account: string;
  /** The name to show: the catalogue's display name (`Smarkets`, `Alder Bet`), else the account's name as written. */
  readonly displayName: string;
  /** Bookmaker or exchange. */
  readonly kind: 'bookmaker' | 'exchange';
  /** Whether the bookmaker restricts the member (always false for an exchange). */
  readonly restricted: boolean;
  /** Sum of deposits, in pence. */
  readonly deposits: Pence;
  /** Sum of withdrawals, in pence (positive). */
  readonly withdrawals: Pence;
  /** Sum of bonuses, in pence. */
  readonly bonuses: Pence;
  /** Sum of adjustments, in pence (signed). */
  readonly adjustments: Pence;
  /** The account's share of the settled bets' profit, in pence (signed). */
  readonly trackerProfit: Pence;
  /** deposits − withdrawals + bonuses + adjustments + trackerProfit, in pence. */
  readonly balance: Pence;
  /** Every change, in time order, each with the running balance. */
  readonly history: readonly BalanceChange[];
}

/**
 * Totals of the balance sheet over every account: the GraphQL `BalanceTotals` type (the transport's
 * `BalanceSheetQuery` result uses this declaration).
 *
 * @example
 * ```ts
 * import type { BalanceTotals } from '@matchkit/sdk/tracker';
 * const t: BalanceTotals = { deposits: 0, withdrawals: 0, bonuses: 0, adjustments: 0, net: 0, trackerProfit: 0, balance: 0 };
 * ```
 */
export interface BalanceTotals {
  /** Sum of deposits, in pence. */
  readonly deposits: Pence;
  /** Sum of withdrawals, in pence. */
  readonly withdrawals: Pence;
  /** Sum of bonuses, in pence. */
  readonly bonuses: Pence;
  /** Sum of adjustments, in pence. */
  readonly adjustments: Pence;
  /** deposits − withdrawals + bonuses + adjustments, in pence. */
  readonly net: Pence;
  /** The settled profit of the settled bets, in pence (the sum of their `settledProfit`). */
  readonly trackerProfit: Pence;
  /** net + trackerProfit: the sum of the accounts' balances, in pence. */
  readonly balance: Pence;
}

/**
 * The balance sheet ({@link balanceSheet}).
 *
 * @example
 * ```ts
 * import type { BalanceSheet } from '@matchkit/sdk/tracker';
 * const restricted = (s: BalanceSheet) => s.accounts.filter((a) => a.restricted).map((a) => a.account);
 * ```
 */
export interface BalanceSheet {
  /** One entry per account, in the input's order. */
  readonly accounts: readonly AccountSheet[];
  /** The totals over every account. */
  readonly totals: BalanceTotals;
}

interface Entry {
  readonly id: string;
  readonly account: string;
  readonly kind: BalanceEntryKind;
  readonly amount: number;
  readonly at: number;
}

const KINDS: readonly BalanceEntryKind[] = ['deposit', 'withdrawal', 'bonus', 'adjustment'];

/** An entry: an adjustment's amount is signed, the others' more than 0. */
const entrySchema = /* @__PURE__ */ fields<Entry>(
  {
    id: [text(true, TEXT_LIMITS.id), ''],
    account: [text(true, TEXT_LIMITS.account), ''],
    kind: [oneOf(KINDS), 'deposit'],
    amount: [anything, 0],
    at: [instant, NaN],
    note: [unless(text(false, TEXT_LIMITS.note), null, undefined, null), null],
  },
  {
    rules: {
      amount: (x, t) => {
        const given = x.amount; // as given (the field reads anything)
        x.amount = t.read(x.kind === 'adjustment' ? profitSchema : amountSchema, given, 0, 'amount');
        if (x.kind !== 'adjustment' && x.amount === 0 && given === 0) t.report(`a ${x.kind as string} must be more than 0 pence`, 'amount');
      },
    },
  },
);

/** An account: only a bookmaker can be restricted. */
const accountSchema = /* @__PURE__ */ fields<{ name: string; kind: 'bookmaker' | 'exchange'; restricted: boolean }>(
  {
    name: [text(true, TEXT_LIMITS.account), ''],
    kind: [oneOf(['bookmaker', 'exchange'] as const), 'bookmaker'],
    restricted: [
      field(
        (x) => (x === undefined || typeof x === 'boolean' ? '' : 'expected a boolean'),
        (x) => x === true,
      ),
      false,
    ],
  },
  {
    rules: {
      restricted: (x, t) => {
        if (x.restricted === true && x.kind === 'exchange') t.report('only a bookmaker can be restricted', 'restricted');
      },
    },
  },
);

/** A list of what the sheet reads: `message` when it is not an array. */
const arrayOf = (message: string) => field<readonly unknown[]>((x) => (Array.isArray(x) ? '' : message));

/** The sheet's input: what is not an object reads as one without lists, each refused. */
const sheetSchema = /* @__PURE__ */ fields<{ accounts: readonly unknown[]; entries: readonly unknown[]; bets: unknown }>(
  {
    accounts: [arrayOf('expected an array of accounts'), []],
    entries: [arrayOf('expected an array of entries'), []],
    bets: [anything, undefined],
  },
  { allAbsent: true },
);

/**
 * Splits a settled bet's profit between the accounts of its legs so that the parts sum to its
 * settled profit exactly: each account gets the floor of its legs' exact profit, and the pennies
 * left over (at most one per account) go to the accounts with the largest fractional parts (ties
 * by account name).
 */
/** The catalogue's display name of a listed account, else the name as written (trimmed). */
const displayName = (name: string): string => bookAccount(name).displayName;

function allocate(bet: TrackedBet): Map<string, number> {
  const exact = new Map<string, { n: bigint; k: number }>();
  // Each group is named by its account's bookAccount key, as the sheet's accounts are.
  for (const { account, profit: p } of exactGroupProfits(bet.legs)) {
    const prev = exact.get(account);
    if (prev === undefined) exact.set(account, p);
    else {
      const k = Math.max(prev.k, p.k);
      exact.set(account, { n: prev.n * 10n ** BigInt(k - prev.k) + p.n * 10n ** BigInt(k - p.k), k });
    }
  }
  const K = Math.max(0, ...[...exact.values()].map((e) => e.k));
  const d = 10n ** BigInt(K);
  const parts = [...exact.entries()].map(([account, e]) => {
    const n = e.n * 10n ** BigInt(K - e.k);
    let q = n / d;
    if (n % d !== 0n && n < 0n) q -= 1n;
    return { account, floor: Number(q), frac: n - q * d };
  });
  let left = (bet.settledProfit ?? 0) - parts.reduce((s, p) => s + p.floor, 0);
  const order = [...parts].sort((a, b) => (a.frac > b.frac ? -1 : a.frac < b.frac ? 1 : a.account < b.account ? -1 : 1));
  const out = new Map(parts.map((p) => [p.account, p.floor]));
  for (const p of order) {
    if (left <= 0) break;
    out.set(p.account, (out.get(p.account) ?? 0) + 1);
    left -= 1;
  }
  return out;
}

/**
 * The balance sheet of the member's books: per account, the deposits, withdrawals, bonuses,
 * adjustments and the profit of settled bets, with a running balance history, and the totals.
 *
 * Balances start at 0. An entry moves its account's balance on its `at`: a deposit or a bonus
 * adds its amount, a withdrawal subtracts it, an adjustment adds its signed amount. A settled bet
 * moves the balance of each account its legs were placed at on its `settledAt`, by that account's
 * share of the bet's settled profit: the exact profit of the account's legs, rounded so that the
 * shares sum to the bet's `settledProfit` to the penny (floor each share, then one more penny to
 * the largest remainders). Open and void bets move nothing. The history is in time order; at the
 * same instant entries come before bets, then by id.
 *
 * Accounts, entries and legs are matched by {@link bookAccount}'s key, not by their text: a leg at
 * `Smarkets` moves the account `smarkets`. Each sheet is named by that key (`account`) and shown by
 * `displayName`: the catalogue's name for a bookmaker or exchange it lists, else the account's name
 * as written.
 *
 * @param input - the accounts, the entries and the bets
 * @returns one sheet per account and the totals
 * @throws MatchkitValidationError naming every bad field: an unknown or duplicate account, a
 *   restricted exchange, a non-positive deposit, a bad bet (`bets.2.legs.0.account`, ...)
 *
 * @example
 * ```ts
 * import { balanceSheet } from '@matchkit/sdk/tracker';
 * const sheet = balanceSheet({
 *   accounts: [{ name: 'alder-bet', kind: 'bookmaker', restricted: true }],
 *   entries: [{ id: 'e1', account: 'Alder Bet', kind: 'deposit', amount: 5000, at: Date.UTC(2025, 7, 1) }],
 *   bets: [],
 * });
 * sheet.accounts[0]?.balance; // 5000
 * sheet.accounts[0]?.displayName; // 'Alder Bet'
 * ```
 */
export function balanceSheet(input: BalanceSheetInput): BalanceSheet {
  const issues: ValidationIssue[] = [];
  const root = collect(sheetSchema, input, issues);
  const accounts = root.accounts.map((x, n) => collect(accountSchema, x, issues, `accounts.${n}`));
  // One account per key of the catalogue: `Smarkets` and `smarkets` are one exchange.
  const keyOf = (name: string) => bookAccount(name).key;
  const names = new Map<string, number>();
  accounts.forEach((a, n) => {
    const first = names.get(keyOf(a.name));
    if (first !== undefined && a.name !== '') {
      const same = (accounts[first] as { name: string }).name === a.name;
      issues.push({
        path: `accounts.${n}.name`,
        message: same ? `duplicates accounts.${first}` : `names the same account as accounts.${first}`,
      });
    } else names.set(keyOf(a.name), n);
  });
  const known = (name: string) => name === '' || names.has(keyOf(name));

  const entries = root.entries.map((x, n) => collect(entrySchema, x, issues, `entries.${n}`));
  const ids = new Map<string, number>();
  entries.forEach((e, n) => {
    if (!known(e.account)) issues.push({ path: `entries.${n}.account`, message: `is not one of the accounts` });
    const first = ids.get(e.id);
    if (first !== undefined && e.id !== '') issues.push({ path: `entries.${n}.id`, message: `duplicates the id of entries.${first}` });
    else ids.set(e.id, n);
  });

  const bets = collectBets(root.bets, issues);
  bets.forEach((b, n) =>
    b.legs.forEach((l, m) => {
      if (!known(l.account)) issues.push({ path: `bets.${n}.legs.${m}.account`, message: 'is not one of the accounts' });
    }),
  );
  throwIfAny(issues, 'balanceSheet input');

  type Move = { at: number; rank: number; id: string; kind: BalanceEntryKind | 'bet'; account: string; change: number };
  const moves: Move[] = entries.map((e) => ({
    at: e.at,
    rank: 0,
    id: e.id,
    kind: e.kind,
    account: keyOf(e.account),
    change: e.kind === 'withdrawal' ? -e.amount : e.amount,
  }));
  for (const bet of bets) {
    if (bet.status !== 'settled' || !isPossible(bet)) continue; // an impossible stored bet moves no account
    for (const [account, change] of allocate(bet))
      moves.push({ at: bet.settledAt ?? 0, rank: 1, id: bet.id, kind: 'bet', account, change });
  }
  moves.sort((a, b) => a.at - b.at || a.rank - b.rank || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

  const byAccount = new Map<string, Move[]>();
  for (const m of moves) {
    const list = byAccount.get(m.account);
    if (list === undefined) byAccount.set(m.account, [m]);
    else list.push(m);
  }
  const add = (a: number, b: number) => addPence(a, b, 'balanceSheet input');
  const sheets = accounts.map((a) => {
    let balance = 0;
    const sums = { deposit: 0, withdrawal: 0, bonus: 0, adjustment: 0, bet: 0 };
    const history: BalanceChange[] = [];
    for (const m of byAccount.get(keyOf(a.name)) ?? []) {
      balance = add(balance, m.change);
      sums[m.kind] = add(sums[m.kind], m.kind === 'withdrawal' ? -m.change : m.change);
      history.push(Object.freeze({ at: m.at, kind: m.kind, id: m.id, change: m.change, balance }));
    }
    return Object.freeze({
      account: keyOf(a.name),
      displayName: displayName(a.name),
      kind: a.kind,
      restricted: a.restricted,
      deposits: sums.deposit,
      withdrawals: sums.withdrawal,
      bonuses: sums.bonus,
      adjustments: sums.adjustment,
      trackerProfit: sums.bet,
      balance,
      history: Object.freeze(history),
    });
  });
  const sum = (f: (s: AccountSheet) => number) => sheets.reduce((t, s) => add(t, f(s)), 0);
  const deposits = sum((s) => s.deposits);
  const withdrawals = sum((s) => s.withdrawals);
  const bonuses = sum((s) => s.bonuses);
  const adjustments = sum((s) => s.adjustments);
  const trackerProfit = sum((s) => s.trackerProfit);
  const net = add(add(add(deposits, -withdrawals), bonuses), adjustments);
  return Object.freeze({
    accounts: Object.freeze(sheets),
    totals: Object.freeze({ deposits, withdrawals, bonuses, adjustments, net, trackerProfit, balance: add(net, trackerProfit) }),
  });
}
