import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceSheet, type BalanceAccountInput, type BalanceEntryInput, type TrackedBet, type TrackedLeg } from '@matchkit/sdk/tracker';
import { createTestApp, type TestApp } from '../../test/app';
import { inferKind, sheetAccounts } from './balance';
import type { AccountRow } from './queries';
import { betFromWire, type WireTrackedBet } from '@matchkit/app-contract';
import { RECORD, SETTLE, member, qualifierInput, type Member } from './test-support';

type Entry = { id: string; account: string; kind: BalanceEntryInput['kind']; amount: number; at: string; note: string | null };
type Sheet = {
  balanceSheet: {
    accounts: { account: string; kind: 'bookmaker' | 'exchange'; restricted: boolean; balance: number }[];
    entries: Entry[];
    totals: Record<string, number>;
  };
};

const SHEET = `query($from: DateTime, $to: DateTime) { balanceSheet(from: $from, to: $to) {
  accounts { account kind restricted balance } entries { id account kind amount at note }
  totals { deposits withdrawals bonuses adjustments net trackerProfit balance } } }`;
const SET_ACCOUNT = 'mutation($input: AccountInput!) { setAccount(input: $input) { account kind restricted balance } }';
const RESTRICT =
  'mutation($account: String!, $restricted: Boolean!) { setAccountRestricted(account: $account, restricted: $restricted) { account kind restricted balance } }';
const ADD = 'mutation($input: BalanceEntryInput!) { addBalanceEntry(input: $input) { id account kind amount at note } }';

describe('the balance sheet', () => {
  let t: TestApp;
  let m: Member;
  const entries: Entry[] = [];
  const bets: WireTrackedBet[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    m = await member(t);
    for (const input of [
      { account: 'bet-co', kind: 'bookmaker' },
      { account: 'smarkets', kind: 'exchange' },
    ]) {
      const r = await t.gql(SET_ACCOUNT, { input }, { token: m.token });
      expect(r.errors).toBeUndefined();
    }
    for (const input of [
      { account: 'bet-co', kind: 'deposit', amount: 5000, at: '2026-02-01T09:00:00Z', note: 'first deposit' },
      { account: 'smarkets', kind: 'deposit', amount: 20000, at: '2026-02-01T09:05:00Z' },
      { account: 'bet-co', kind: 'bonus', amount: 1000, at: '2026-02-03T09:00:00Z' },
      { account: 'bet-co', kind: 'withdrawal', amount: 2500, at: '2026-03-01T09:00:00Z' },
      { account: 'smarkets', kind: 'adjustment', amount: -37, at: '2026-03-01T10:00:00Z' },
      // An account with no row yet: a bookmaker by the inferred kind.
      { account: 'punt-hub', kind: 'deposit', amount: 1500, at: '2026-03-01T11:00:00Z' },
    ]) {
      const r = await t.gql<{ addBalanceEntry: Entry }>(ADD, { input }, { token: m.token });
      expect(r.errors).toBeUndefined();
      entries.push(r.data?.addBalanceEntry as Entry);
    }
    // Two settled bets (one in February, one in March, one with legs at an unnamed exchange), one open.
    const legs = (back: string, lay: string) => [
      { role: 'qualifying', side: 'back', account: back, odds: 3, stake: 1000, result: 'pending' },
      { role: 'qualifying', side: 'lay', account: lay, odds: 3.2, stake: 943, commission: 0.02, result: 'pending' },
    ];
    const plan: [Record<string, unknown>, string | null][] = [
      [{ legs: legs('bet-co', 'smarkets'), placedAt: '2026-02-05T12:00:00Z' }, '2026-02-05T17:00:00Z'],
      [{ legs: legs('punt-hub', 'betfair'), placedAt: '2026-03-01T12:00:00Z' }, '2026-03-01T17:00:00Z'],
      [{ legs: legs('bet-co', 'smarkets'), placedAt: '2026-03-01T13:00:00Z' }, null],
    ];
    for (const [overrides, settledAt] of plan) {
      const r = await t.gql<{ recordBet: WireTrackedBet }>(RECORD, { input: qualifierInput(overrides) }, { token: m.token });
      let b = r.data?.recordBet as WireTrackedBet;
      if (settledAt !== null) {
        const s = await t.gql<{ settleBet: WireTrackedBet }>(
          SETTLE,
          { input: { id: b['id'], results: ['won', 'lost'], settledAt } },
          { token: m.token },
        );
        b = s.data?.settleBet as WireTrackedBet;
      }
      bets.push(b);
    }
  });
  afterAll(() => t.stop());

  const sdkEntries = (list: Entry[]): BalanceEntryInput[] => list.map((e) => ({ ...e, at: Date.parse(e.at) }));
  const sdkBets = () => bets.map(betFromWire);
  const accounts = (restrictedBetCo = false): BalanceAccountInput[] => [
    { name: 'bet-co', kind: 'bookmaker', restricted: restrictedBetCo },
    { name: 'betfair', kind: 'exchange', restricted: false },
    { name: 'punt-hub', kind: 'bookmaker', restricted: false },
    { name: 'smarkets', kind: 'exchange', restricted: false },
  ];

  it('answers the sdk balanceSheet over the same accounts, entries and settled bets (all time)', async () => {
    const r = await t.gql<Sheet>(SHEET, {}, { token: m.token });
    expect(r.errors).toBeUndefined();
    const expected = balanceSheet({ accounts: accounts(), entries: sdkEntries(entries), bets: sdkBets() });
    expect(r.data?.balanceSheet.totals).toEqual(expected.totals);
    expect(r.data?.balanceSheet.accounts).toEqual(
      expected.accounts.map((a) => ({ account: a.account, kind: a.kind, restricted: a.restricted, balance: a.balance })),
    );
    expect(r.data?.balanceSheet.entries).toEqual(entries);
    // The settled bets moved balances: each back won 2000, each lay lost 943 × 2.2 = 2074.6.
    expect(expected.totals.trackerProfit).toBe(2 * -75);
  });

  it('answers a period: the entries dated in it and the bets settled in it', async () => {
    const from = '2026-03-01T00:00:00Z';
    const to = '2026-04-01T00:00:00+01:00';
    const r = await t.gql<Sheet>(SHEET, { from, to }, { token: m.token });
    const inPeriod = entries.filter((e) => Date.parse(e.at) >= Date.parse(from) && Date.parse(e.at) < Date.parse(to));
    const settledIn = sdkBets().filter((b) => b.status === 'settled' && (b.settledAt as number) >= Date.parse(from));
    const expected = balanceSheet({ accounts: accounts(), entries: sdkEntries(inPeriod), bets: settledIn });
    expect(r.data?.balanceSheet.totals).toEqual(expected.totals);
    expect(r.data?.balanceSheet.entries.map((e) => e.id)).toEqual(inPeriod.map((e) => e.id));
    const bad = await t.gql<Sheet>(SHEET, { from: to, to: from }, { token: m.token });
    expect(bad.errors?.[0]).toMatchObject({ message: 'to: must not be before from', extensions: { code: 'BAD_INPUT' } });
  });

  it('flags a bookmaker restricted (and back), keeps the flag when setAccount leaves it out, and refuses to restrict an exchange', async () => {
    const on = await t.gql<{ setAccountRestricted: { restricted: boolean; balance: number } }>(
      RESTRICT,
      { account: 'bet-co', restricted: true },
      { token: m.token },
    );
    expect(on.data?.setAccountRestricted).toMatchObject({ account: 'bet-co', kind: 'bookmaker', restricted: true });
    const allTime = balanceSheet({ accounts: accounts(true), entries: sdkEntries(entries), bets: sdkBets() });
    expect(on.data?.setAccountRestricted.balance).toBe(allTime.accounts.find((a) => a.account === 'bet-co')?.balance);

    const kept = await t.gql<{ setAccount: { restricted: boolean } }>(
      SET_ACCOUNT,
      { input: { account: 'bet-co', kind: 'bookmaker' } },
      { token: m.token },
    );
    expect(kept.data?.setAccount.restricted).toBe(true);
    const sheet = await t.gql<Sheet>(SHEET, {}, { token: m.token });
    expect(sheet.data?.balanceSheet.accounts.find((a) => a.account === 'bet-co')?.restricted).toBe(true);

    const exchange = await t.gql(RESTRICT, { account: 'smarkets', restricted: true }, { token: m.token });
    expect(exchange.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    expect(exchange.errors?.[0]?.message).toMatch(/- restricted: only a bookmaker can be restricted/);
    // An exchange of the sdk's list with no row is an exchange too.
    const inferred = await t.gql(RESTRICT, { account: 'betfair', restricted: true }, { token: m.token });
    expect(inferred.errors?.[0]?.message).toMatch(/- restricted: only a bookmaker can be restricted/);
    const toExchange = await t.gql(SET_ACCOUNT, { input: { account: 'bet-co', kind: 'exchange' } }, { token: m.token });
    expect(toExchange.errors?.[0]?.message).toMatch(/- restricted: only a bookmaker can be restricted/);

    const off = await t.gql<{ setAccountRestricted: { restricted: boolean } }>(
      RESTRICT,
      { account: 'bet-co', restricted: false },
      { token: m.token },
    );
    expect(off.data?.setAccountRestricted.restricted).toBe(false);
  });

  it('refuses bad entries and accounts with BAD_INPUT naming the field, and stores nothing', async () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      [
        ADD,
        { input: { account: 'bet-co', kind: 'deposit', amount: 0, at: '2026-03-01T00:00:00Z' } },
        /- amount: a deposit must be more than 0 pence/,
      ],
      [ADD, { input: { account: 'bet-co', kind: 'withdrawal', amount: -5, at: '2026-03-01T00:00:00Z' } }, /- amount: must not be negative/],
      [ADD, { input: { account: '', kind: 'deposit', amount: 5, at: '2026-03-01T00:00:00Z' } }, /- account: must not be empty/],
      [
        ADD,
        { input: { account: 'bet-co', kind: 'deposit', amount: 5, at: '2026-03-01T00:00:00Z', note: 'a\u0000b' } },
        // Refused at the edge (control-characters.ts), before the sdk's own check.
        /^note must not contain control characters \(found U\+0000\)/,
      ],
      [SET_ACCOUNT, { input: { account: ' ', kind: 'bookmaker' } }, /- account: must not be empty/],
      [SET_ACCOUNT, { input: { account: 'x'.repeat(101), kind: 'bookmaker' } }, /- account: must be at most 100 characters/],
    ];
    for (const [doc, vars, message] of cases) {
      const r = await t.gql(doc, vars, { token: m.token });
      expect(r.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
      expect(r.errors?.[0]?.message).toMatch(message);
    }
    const sheet = await t.gql<Sheet>(SHEET, {}, { token: m.token });
    expect(sheet.data?.balanceSheet.entries).toHaveLength(entries.length);
    expect(sheet.data?.balanceSheet.accounts.map((a) => a.account)).toEqual(['bet-co', 'betfair', 'punt-hub', 'smarkets']);
  });

  it("keeps one member's books from another", async () => {
    const other = await member(t);
    const r = await t.gql<Sheet>(SHEET, {}, { token: other.token });
    expect(r.data?.balanceSheet).toEqual({
      accounts: [],
      entries: [],
      totals: balanceSheet({ accounts: [], entries: [], bets: [] }).totals,
    });
  });

  it('matches accounts by the catalogue’s keys, not their text, and names them by display name (defect 10)', async () => {
    const own = await member(t);
    const NAMED = `query { balanceSheet { accounts { account displayName kind restricted balance } } }`;
    const legs = [
      { role: 'qualifying', side: 'back', account: 'Alder Bet', odds: 3, stake: 1000, result: 'pending' },
      { role: 'qualifying', side: 'lay', account: 'Smarkets', odds: 3.2, stake: 943, commission: 0.02, result: 'pending' },
    ];
    const rec = await t.gql<{ recordBet: WireTrackedBet }>(RECORD, { input: qualifierInput({ legs }) }, { token: own.token });
    const settled = await t.gql<{ settleBet: WireTrackedBet }>(
      SETTLE,
      { input: { id: rec.data?.recordBet['id'], results: ['lost', 'won'], settledAt: '2026-03-01T17:00:00Z' } },
      { token: own.token },
    );
    expect(settled.errors).toBeUndefined();
    for (const [doc, vars] of [
      [ADD, { input: { account: 'smarkets', kind: 'deposit', amount: 10_000, at: '2026-03-01T09:00:00Z' } }],
      [ADD, { input: { account: 'alder-bet', kind: 'deposit', amount: 5000, at: '2026-03-01T09:00:00Z' } }],
      [SET_ACCOUNT, { input: { account: 'SMARKETS', kind: 'exchange' } }],
      [RESTRICT, { account: 'ALDER BET', restricted: true }],
    ] as const) {
      const r = await t.gql(doc, vars, { token: own.token });
      expect(r.errors).toBeUndefined();
    }
    const r = await t.gql<{ balanceSheet: { accounts: unknown[] } }>(NAMED, {}, { token: own.token });
    expect(r.data?.balanceSheet.accounts).toEqual([
      { account: 'alder-bet', displayName: 'Alder Bet', kind: 'bookmaker', restricted: true, balance: 5000 - 1000 },
      { account: 'smarkets', displayName: 'Smarkets', kind: 'exchange', restricted: false, balance: 10_000 + 924 },
    ]);
  });

  it('reads rows saved under two spellings of one key as one account, and adds the accounts only legs name', () => {
    const row = (name: string, kind: AccountRow['kind'], restricted: boolean) => ({ userId: 'u', name, kind, restricted }) as AccountRow;
    const bet = { ...(sdkBets()[0] as TrackedBet), legs: [{ ...(sdkBets()[0]?.legs[0] as TrackedLeg), account: 'Cedar Bet' }] };
    expect(
      sheetAccounts(
        [row('Alder Bet', 'bookmaker', false), row('alder-bet', 'bookmaker', true), row('Smarkets', 'exchange', false)],
        [{ account: 'SMARKETS' }],
        [bet],
      ),
    ).toEqual([
      { name: 'Alder Bet', kind: 'bookmaker', restricted: true },
      { name: 'Cedar Bet', kind: 'bookmaker', restricted: false },
      { name: 'Smarkets', kind: 'exchange', restricted: false },
    ]);
  });

  it('infers the kind of an account without a row from the sdk exchange list', () => {
    expect(inferKind('Smarkets')).toBe('exchange');
    expect(inferKind('betconnect')).toBe('exchange');
    expect(inferKind('bet-co')).toBe('bookmaker');
  });
});
