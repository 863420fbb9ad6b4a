import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balanceSheet, parseBets, settleBet, trackerTotals, type BalanceEntryInput, type TrackedBet, type TrackedLegInput } from './index';
import { ACCOUNTS, betsArb, instant } from './testing/arbitraries';

const accounts = ACCOUNTS.map((name) => ({
  name,
  kind: name === 'smarkets' || name === 'betfair' ? ('exchange' as const) : ('bookmaker' as const),
}));

const entriesArb: fc.Arbitrary<BalanceEntryInput[]> = fc
  .array(
    fc.record({
      account: fc.constantFrom(...ACCOUNTS),
      kind: fc.constantFrom('deposit' as const, 'withdrawal' as const, 'bonus' as const, 'adjustment' as const),
      amount: fc.integer({ min: 1, max: 100_000 }),
      negative: fc.boolean(),
      at: instant,
    }),
    { maxLength: 10 },
  )
  .map((es) =>
    es.map(({ negative, ...e }, i) => ({ ...e, id: `e${i}`, amount: e.kind === 'adjustment' && negative ? -e.amount : e.amount })),
  );

describe('balance sheet laws', () => {
  it('the accounts’ balances sum to net plus tracker profit, and tracker profit is the bets’ settled profit', () => {
    fc.assert(
      fc.property(betsArb(8), entriesArb, (bets, entries) => {
        const sheet = balanceSheet({ accounts, entries, bets });
        expect(sheet.accounts.reduce((s, a) => s + a.balance, 0)).toBe(sheet.totals.balance);
        expect(sheet.totals.balance).toBe(sheet.totals.net + sheet.totals.trackerProfit);
        expect(sheet.totals.trackerProfit).toBe(trackerTotals(bets).profit);
        const t = sheet.totals;
        expect(t.net).toBe(t.deposits - t.withdrawals + t.bonuses + t.adjustments);
      }),
      { numRuns: 60 },
    );
  });

  it('each running history is in time order, steps by each change, and ends at the balance', () => {
    fc.assert(
      fc.property(betsArb(8), entriesArb, (bets, entries) => {
        for (const a of balanceSheet({ accounts, entries, bets }).accounts) {
          a.history.forEach((h, i) => {
            const before = a.history[i - 1];
            expect(h.balance).toBe((before?.balance ?? 0) + h.change);
            if (before !== undefined) expect(h.at).toBeGreaterThanOrEqual(before.at);
          });
          expect(a.history.at(-1)?.balance ?? 0).toBe(a.balance);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('each account’s share of a settled bet is within a penny of its legs settled as a bet of their own', () => {
    // An account's legs alone, with a void stake-0 back of each role that has lays there (so the
    // bet is valid: a lay needs a back of its role), settled on their own.
    const alone = (bet: TrackedBet, account: string): number => {
      const legs: TrackedLegInput[] = bet.legs.filter((l) => l.account === account);
      for (const role of ['qualifying', 'free-bet'] as const) {
        if (legs.some((l) => l.role === role && l.side === 'lay') && !legs.some((l) => l.role === role && l.side === 'back')) {
          legs.push({ role, side: 'back', account: 'elsewhere', odds: 2, stake: 0, result: 'void' });
        }
      }
      if (legs.length === 0) return 0;
      return (
        settleBet({ ...bet, status: 'open', settledAt: null, settledProfit: null, legs }, { at: bet.settledAt ?? bet.placedAt })
          .settledProfit ?? 0
      );
    };
    fc.assert(
      fc.property(betsArb(1), (bets) => {
        const [bet] = parseBets('primary', bets);
        if (bet === undefined || bet.status !== 'settled') return;
        const sheet = balanceSheet({ accounts, entries: [], bets });
        for (const a of sheet.accounts) expect(Math.abs(a.trackerProfit - alone(bet, a.account))).toBeLessThanOrEqual(1);
        expect(sheet.accounts.reduce((s, a) => s + a.trackerProfit, 0)).toBe(bet.settledProfit);
      }),
      { numRuns: 200 },
    );
  });
});
