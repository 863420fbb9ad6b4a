import { describe, expect, it } from 'vitest';
import { validationError } from '../internal/testing/validation';
import {
  balanceSheet,
  cumulativeProfit,
  goalProgress,
  importBetsCsv,
  parseBet,
  parseBets,
  settleBet,
  totalsBy,
  trackerTotals,
  voidBet,
  type TrackedBetInput,
} from './index';
import { exportBetsCsv } from './csv';
import { qualifier } from './testing/arbitraries';

const AT = Date.UTC(2025, 7, 11, 17);

/** The defect report's bet: £10 back at 3.0 laid for £9.43 at 3.2, 2% commission, both legs won (+£22.58 if stored). */
const bothWon = (): TrackedBetInput => ({
  ...qualifier(1000, 3, 943, 3.2, 0.02),
  status: 'settled',
  settledAt: AT,
  legs: qualifier(1000, 3, 943, 3.2, 0.02).legs.map((l) => ({ ...l, result: 'won' as const })),
});

describe('impossible settlements are refused, naming both legs', () => {
  it('settleBet refuses a matched bet whose back and lay both won', () => {
    const error = validationError(() => settleBet(qualifier(1000, 3, 943, 3.2, 0.02), { at: AT, results: ['won', 'won'] }));
    expect(error.issues.map((i) => i.path)).toEqual(['options.results.0', 'options.results.1']);
    expect(error.issues[0]?.message).toMatch(/legs\.1/);
    expect(error.issues[1]?.message).toMatch(/legs\.0/);
  });

  it('carries the conflict (the back, its lays, the shared result) on each issue, for a client to word', () => {
    const error = validationError(() => settleBet(qualifier(1000, 3, 943, 3.2, 0.02), { at: AT, results: ['won', 'won'] }));
    expect(error.issues.map((i) => i.conflict)).toEqual([
      { back: 0, lays: [1], result: 'won' },
      { back: 0, lays: [1], result: 'won' },
    ]);
    const allLost = validationError(() => settleBet(acca(), { at: AT, results: ['lost', 'lost', 'lost', 'lost'] }));
    expect(allLost.issues.map((i) => i.conflict)).toEqual(Array(4).fill({ back: 0, lays: [1, 2, 3], result: 'lost' }));
  });

  it('sets no conflict on other issues', () => {
    const error = validationError(() => settleBet(qualifier(1000, 3, 943, 3.2, 0.02), { at: AT, results: ['won'] }));
    expect(error.issues.map((i) => i.conflict)).toEqual([undefined]);
  });

  it('settleBet refuses a back and its lay that both lost, whatever the profit type', () => {
    for (const profitType of ['guaranteed', 'potential', 'ev'] as const) {
      const bet = { ...qualifier(1000, 3, 943, 3.2, 0.02), profitType };
      expect(validationError(() => settleBet(bet, { at: AT, results: ['lost', 'lost'] })).issues.map((i) => i.path)).toEqual([
        'options.results.0',
        'options.results.1',
      ]);
    }
  });

  it('settleBet names the legs (legs.n.result) when the results recorded on the legs are used', () => {
    const open = { ...bothWon(), status: 'open' as const, settledAt: null };
    expect(validationError(() => settleBet(open, { at: AT })).issues.map((i) => i.path)).toEqual(['legs.0.result', 'legs.1.result']);
  });

  it('refuses a free bet and its lay that both lost (an SNR free bet that lost pays nothing; its lay then won)', () => {
    const bet: TrackedBetInput = {
      ...qualifier(0, 2, 0, 2, 0),
      legs: [
        { role: 'free-bet', side: 'back', account: 'bet-co', odds: 5, stake: 1000, freeBet: 'snr', result: 'pending' },
        { role: 'free-bet', side: 'lay', account: 'smarkets', odds: 5.2, stake: 772, commission: 0.02, result: 'pending' },
      ],
    };
    expect(validationError(() => settleBet(bet, { at: AT, results: ['lost', 'lost'] })).issues.map((i) => i.path)).toEqual([
      'options.results.0',
      'options.results.1',
    ]);
  });

  it('still settles what can happen: opposite results, void legs, and a back and lay that both won on a potential (2UP) bet', () => {
    const q = qualifier(1000, 3, 943, 3.2, 0.02);
    expect(settleBet(q, { at: AT, results: ['won', 'lost'] }).status).toBe('settled');
    expect(settleBet(q, { at: AT, results: ['void', 'won'] }).status).toBe('settled');
    expect(settleBet(q, { at: AT, results: ['won', 'void'] }).status).toBe('settled');
    // 2UP: the bookmaker paid the back early, then the team failed to win, so the lay won as well.
    expect(settleBet({ ...q, profitType: 'potential' }, { at: AT, results: ['won', 'won'] }).settledProfit).toBe(2924);
  });

  it('leaves bets with several backs of one role alone (each-way, lock-in): which lay hedges which back is not recorded', () => {
    const ew: TrackedBetInput = {
      ...qualifier(0, 2, 0, 2, 0),
      legs: [
        { role: 'qualifying', side: 'back', account: 'bet-co', odds: 6, stake: 1000, result: 'pending' },
        { role: 'qualifying', side: 'back', account: 'bet-co', odds: 2, stake: 1000, result: 'pending' },
        { role: 'qualifying', side: 'lay', account: 'smarkets', odds: 6.2, stake: 1000, result: 'pending', market: 'win' },
        { role: 'qualifying', side: 'lay', account: 'smarkets', odds: 2.1, stake: 1000, result: 'pending', market: 'place' },
      ],
    };
    expect(settleBet(ew, { at: AT, results: ['lost', 'won', 'won', 'lost'] }).status).toBe('settled');
  });

  // The Acca Catcher's bet: one back (the acca) and one lay per leg, each lay on another selection.
  const acca = (): TrackedBetInput => ({
    ...qualifier(0, 2, 0, 2, 0),
    market: '3-fold acca',
    legs: [
      { role: 'qualifying', side: 'back', account: 'bet-co', odds: 8, stake: 1000, result: 'pending' },
      { role: 'qualifying', side: 'lay', account: 'smarkets', odds: 2.1, stake: 380, commission: 0.02, result: 'pending' },
      { role: 'qualifying', side: 'lay', account: 'smarkets', odds: 2.05, stake: 780, commission: 0.02, result: 'pending' },
      { role: 'qualifying', side: 'lay', account: 'smarkets', odds: 2.2, stake: 1500, commission: 0.02, result: 'pending' },
    ],
  });

  it("settles an acca's lost back beside lays that lost, when the lay of the leg that lost won", () => {
    // Leg 1 won (its lay lost), leg 2 lost (its lay won), leg 3's lay was never placed (void).
    expect(settleBet(acca(), { at: AT, results: ['lost', 'lost', 'won', 'void'] }).status).toBe('settled');
    // Leg 3 lost after legs 1 and 2 won.
    expect(settleBet(acca(), { at: AT, results: ['lost', 'lost', 'lost', 'won'] }).status).toBe('settled');
    const stored = { ...settleBet(acca(), { at: AT, results: ['lost', 'lost', 'won', 'void'] }), id: 'acca' };
    expect(trackerTotals([stored]).betCount).toBe(1);
  });

  it("refuses an acca's lost back when every lay lost, and a won back beside a won lay on a guaranteed acca", () => {
    const allLost = validationError(() => settleBet(acca(), { at: AT, results: ['lost', 'lost', 'lost', 'lost'] }));
    expect(allLost.issues.map((i) => i.path)).toEqual(['options.results.0', 'options.results.1', 'options.results.2', 'options.results.3']);
    const wonWon = validationError(() => settleBet(acca(), { at: AT, results: ['won', 'lost', 'won', 'lost'] }));
    expect(wonWon.issues.map((i) => i.path)).toEqual(['options.results.0', 'options.results.2']);
    expect(settleBet(acca(), { at: AT, results: ['won', 'lost', 'lost', 'lost'] }).status).toBe('settled');
  });

  it('parseBet and parseBets refuse a recorded impossible bet', () => {
    expect(validationError(() => parseBet('primary', bothWon())).issues.map((i) => i.path)).toEqual(['legs.0.result', 'legs.1.result']);
    expect(validationError(() => parseBets('primary', [bothWon()])).issues.map((i) => i.path)).toEqual([
      'bets.0.legs.0.result',
      'bets.0.legs.1.result',
    ]);
  });

  it('a CSV import refuses an impossible bet', () => {
    const csv = exportBetsCsv([bothWon()]);
    const issues = validationError(() => importBetsCsv('primary', csv)).issues;
    expect(issues.map((i) => i.path)).toEqual(['line 2.result', 'line 3.result']);
    expect(issues[0]?.message).toMatch(/line 3/);
  });
});

describe('a stored impossible bet counts for nothing, and can be mended', () => {
  it('trackerTotals leaves it out (no +£22.58, not in betCount)', () => {
    const fine = { ...settleBet(qualifier(1000, 3, 943, 3.2, 0.02), { at: AT, results: ['won', 'lost'] }), id: 'fine' };
    const totals = trackerTotals([fine, { ...bothWon(), id: 'bad' }]);
    expect(totals.betCount).toBe(1);
    expect(totals.profit).toBe(-75);
    expect(totals.guaranteed).toBe(-75);
  });

  it('the grouped totals, the profit chart and the monthly goal leave it out too', () => {
    const fine = { ...settleBet(qualifier(1000, 3, 943, 3.2, 0.02), { at: AT, results: ['won', 'lost'] }), id: 'fine' };
    const bets = [fine, { ...bothWon(), id: 'bad' }];
    expect(totalsBy(bets, 'profitType').map((g) => [g.key, g.totals.betCount, g.totals.profit])).toEqual([['guaranteed', 1, -75]]);
    // Settled in another month, it makes no group of its own.
    const later = [fine, { ...bothWon(), id: 'bad', settledAt: Date.UTC(2025, 8, 2, 12) }];
    expect(totalsBy(later, 'month').map((g) => g.key)).toEqual(['2025-08']);
    expect(cumulativeProfit(bets)).toEqual([{ day: '2025-08-11', profit: -75, cumulative: -75 }]);
    expect(goalProgress('primary', bets, { goal: 'goal-300-600', month: '2025-08' }).profit).toBe(-75);
  });

  it('balanceSheet moves no account for it', () => {
    const sheet = balanceSheet({
      accounts: [
        { name: 'bet-co', kind: 'bookmaker' },
        { name: 'smarkets', kind: 'exchange' },
      ],
      entries: [],
      bets: [bothWon()],
    });
    expect(sheet.totals.balance).toBe(0);
    expect(sheet.accounts.map((a) => a.balance)).toEqual([0, 0]);
  });

  it('can be settled again with possible results, or voided', () => {
    expect(settleBet(bothWon(), { at: AT, results: ['won', 'lost'] }).settledProfit).toBe(-75);
    expect(voidBet(bothWon(), { at: AT }).status).toBe('void');
  });
});
