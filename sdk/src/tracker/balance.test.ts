import { describe, expect, it } from 'vitest';
import { validationPaths } from '../internal/testing/validation';
import { balanceSheet, settleBet, type BalanceAccountInput, type TrackedBetInput } from './index';
import { qualifier } from './testing/arbitraries';

const ACCOUNTS: BalanceAccountInput[] = [
  { name: 'bet-co', kind: 'bookmaker', restricted: true },
  { name: 'punt-hub', kind: 'bookmaker' },
  { name: 'smarkets', kind: 'exchange' },
];
const day = (d: number, h = 12) => Date.UTC(2025, 7, d, h);

describe('balanceSheet', () => {
  // The £10 qualifier at 3.0 laid for £9.43 at 3.2 (2%), settled when the selection lost:
  // bet-co loses 1000, smarkets wins 943 × 0.98 = 924.14; the bet settles to -76 (-75.86 rounded).
  const bet = settleBet(qualifier(1000, 3, 943, 3.2, 0.02), { at: day(11, 17), results: ['lost', 'won'] });

  it('keeps each account’s sums, balance and running history, and the totals', () => {
    const sheet = balanceSheet({
      accounts: ACCOUNTS,
      entries: [
        { id: 'e1', account: 'bet-co', kind: 'deposit', amount: 5000, at: day(1) },
        { id: 'e2', account: 'smarkets', kind: 'deposit', amount: 10_000, at: day(1) },
        { id: 'e3', account: 'bet-co', kind: 'bonus', amount: 1000, at: day(11, 18) },
        { id: 'e4', account: 'bet-co', kind: 'withdrawal', amount: 2000, at: day(20) },
        { id: 'e5', account: 'smarkets', kind: 'adjustment', amount: -14, at: day(21), note: 'fee' },
      ],
      bets: [bet],
    });
    const [betCo, puntHub, smarkets] = sheet.accounts;
    expect(betCo).toMatchObject({
      restricted: true,
      deposits: 5000,
      withdrawals: 2000,
      bonuses: 1000,
      adjustments: 0,
      trackerProfit: -1000,
      balance: 3000,
    });
    expect(betCo?.history.map((h) => [h.kind, h.change, h.balance])).toEqual([
      ['deposit', 5000, 5000],
      ['bet', -1000, 4000],
      ['bonus', 1000, 5000],
      ['withdrawal', -2000, 3000],
    ]);
    expect(puntHub).toMatchObject({ restricted: false, balance: 0, history: [] });
    // smarkets' exact 924.14 takes the floor, 924: the shares -1000 + 924 = -76 equal the bet's profit.
    expect(smarkets).toMatchObject({ restricted: false, deposits: 10_000, adjustments: -14, trackerProfit: 924, balance: 10_910 });
    expect(sheet.totals).toEqual({
      deposits: 15_000,
      withdrawals: 2000,
      bonuses: 1000,
      adjustments: -14,
      net: 13_986,
      trackerProfit: -76,
      balance: 13_910,
    });
  });

  it('gives the leftover penny to the account with the largest remainder', () => {
    // Won at the bookmaker: bet-co +2000, smarkets -943 × 2.2 = -2074.6 (floor -2075, remainder 0.4);
    // the bet settles to -74.6 -> -75 = 2000 + (-2075): no penny left over.
    const won = settleBet(qualifier(1000, 3, 943, 3.2, 0.02), { at: day(11, 17), results: ['won', 'lost'] });
    const sheet = balanceSheet({ accounts: ACCOUNTS, entries: [], bets: [won] });
    expect(sheet.accounts.map((a) => a.trackerProfit)).toEqual([2000, 0, -2075]);
    // Two lays of 1p at 60% commission winning 0.4p each at two exchanges: the bet settles to 1p,
    // and the penny goes to the first account by name when the remainders tie.
    const twoLays = settleBet(
      {
        ...qualifier(0, 2, 0, 2, 0),
        legs: [
          { role: 'qualifying', side: 'back', account: 'punt-hub', odds: 2, stake: 0, result: 'lost' },
          { role: 'qualifying', side: 'lay', account: 'smarkets', odds: 2, stake: 1, commission: 0.6, result: 'won' },
          { role: 'qualifying', side: 'lay', account: 'bet-co', odds: 2, stake: 1, commission: 0.6, result: 'won' },
        ],
      },
      { at: day(12) },
    );
    expect(balanceSheet({ accounts: ACCOUNTS, entries: [], bets: [twoLays] }).accounts.map((a) => a.trackerProfit)).toEqual([1, 0, 0]);
  });

  it('moves nothing for open and void bets', () => {
    const open = qualifier(1000, 3, 943, 3.2, 0.02);
    const sheet = balanceSheet({ accounts: ACCOUNTS, entries: [], bets: [open, { ...bet, id: 'v', status: 'void', settledProfit: null }] });
    expect(sheet.totals.balance).toBe(0);
  });

  it('orders the history by instant, entries before bets at the same instant', () => {
    const sheet = balanceSheet({
      accounts: ACCOUNTS,
      entries: [{ id: 'e1', account: 'bet-co', kind: 'deposit', amount: 1000, at: day(11, 17) }],
      bets: [bet],
    });
    expect(sheet.accounts[0]?.history.map((h) => h.id)).toEqual(['e1', 'q1']);
  });

  it('names every bad field: a restricted exchange, duplicate and unknown accounts, bad amounts, a bad bet', () => {
    const bad: TrackedBetInput = {
      ...qualifier(1000, 3, 943, 3.2, 0.02),
      legs: [{ role: 'qualifying', side: 'back', account: 'paddy', odds: 3, stake: 1000, result: 'pending' }],
    };
    expect(
      validationPaths(() =>
        balanceSheet({
          accounts: [...ACCOUNTS, { name: 'betfair', kind: 'exchange', restricted: true }, { name: 'punt-hub', kind: 'bookmaker' }],
          entries: [
            { id: 'e1', account: 'nowhere', kind: 'deposit', amount: 0, at: day(1) },
            { id: 'e1', account: 'bet-co', kind: 'withdrawal', amount: -5, at: day(1) },
            { id: 'e3', account: 'bet-co', kind: 'gift' as 'bonus', amount: 1.5, at: Number.NaN },
          ],
          bets: [bad],
        }),
      ),
    ).toEqual([
      'accounts.3.restricted',
      'accounts.4.name',
      'entries.0.amount',
      'entries.1.amount',
      'entries.2.kind',
      'entries.2.amount',
      'entries.2.at',
      'entries.0.account',
      'entries.1.id',
      'bets.0.legs.0.account',
    ]);
  });
});

describe('balanceSheet: accounts by the catalogue’s keys (defect 10)', () => {
  const bet = settleBet(
    {
      ...qualifier(1000, 3, 943, 3.2, 0.02),
      legs: [
        { role: 'qualifying', side: 'back', account: 'Alder Bet', odds: 3, stake: 1000, result: 'pending' },
        { role: 'qualifying', side: 'lay', account: 'Smarkets', odds: 3.2, stake: 943, commission: 0.02, result: 'pending' },
      ],
    },
    { at: day(11, 17), results: ['lost', 'won'] },
  );

  it('matches “Smarkets” and “smarkets” as one exchange, and shows bookmakers by their display names', () => {
    const sheet = balanceSheet({
      accounts: [
        { name: 'smarkets', kind: 'exchange' },
        { name: 'alder-bet', kind: 'bookmaker', restricted: true },
        { name: 'Bet Co', kind: 'bookmaker' },
      ],
      entries: [
        { id: 'e1', account: 'SMARKETS', kind: 'deposit', amount: 10_000, at: day(1) },
        { id: 'e2', account: 'alder bet', kind: 'deposit', amount: 5000, at: day(1) },
        { id: 'e3', account: 'bet-co', kind: 'bonus', amount: 500, at: day(2) },
      ],
      bets: [bet],
    });
    expect(sheet.accounts.map((a) => [a.account, a.displayName, a.balance])).toEqual([
      ['smarkets', 'Smarkets', 10_924],
      ['alder-bet', 'Alder Bet', 4000],
      ['bet-co', 'Bet Co', 500],
    ]);
    expect(sheet.totals.trackerProfit).toBe(-76);
  });

  it('refuses two accounts that name one account, whatever their case', () => {
    expect(
      validationPaths(() =>
        balanceSheet({
          accounts: [
            { name: 'Smarkets', kind: 'exchange' },
            { name: 'smarkets', kind: 'exchange' },
          ],
          entries: [],
          bets: [],
        }),
      ),
    ).toEqual(['accounts.1.name']);
  });

  it('nets legs at one exchange written two ways as one market', () => {
    const legs = (second: string) =>
      settleBet(
        {
          ...qualifier(1000, 3, 943, 3.2, 0.02),
          legs: [
            { role: 'qualifying', side: 'back', account: 'bet-co', odds: 3, stake: 1000, result: 'pending' },
            {
              role: 'qualifying',
              side: 'lay',
              account: 'smarkets',
              odds: 3.2,
              stake: 500,
              commission: 0.02,
              result: 'pending',
              market: 'mo',
            },
            { role: 'qualifying', side: 'back', account: second, odds: 3.1, stake: 200, commission: 0.02, result: 'pending', market: 'mo' },
          ],
        },
        { at: day(11, 17), results: ['lost', 'won', 'lost'] },
      ).settledProfit;
    expect(legs('Smarkets')).toBe(legs('smarkets'));
  });
});
