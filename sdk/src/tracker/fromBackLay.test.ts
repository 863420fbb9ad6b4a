import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { getBrand } from '../brands/brands';
import { isMatchkitError } from '../errors/errors';
import { backLayBet, parseBet, settleBet, type BackLayBetInput } from './index';

const WHERE = {
  source: 'oddsmatcher',
  event: 'Arsenal v Spurs',
  market: 'Match Odds',
  selection: 'Arsenal',
  bookmaker: 'bet-co',
  exchange: 'smarkets',
  placedAt: '2025-08-16T12:00:00Z',
} as const;

const AT = Date.UTC(2025, 7, 17);

/** The recorded bet as the tracker stores it, settled with the back leg `back` and the lay the other way. */
function settledIf(input: BackLayBetInput, back: 'won' | 'lost'): number {
  const bet = backLayBet(input);
  const stored = parseBet('primary', { ...bet, id: 'b1', status: 'open', placedAt: Date.parse(bet.placedAt) });
  const settled = settleBet(stored, { at: AT, results: back === 'won' ? ['won', 'lost'] : ['lost', 'won'] });
  return settled.settledProfit ?? Number.NaN;
}

describe('backLayBet: hand-worked figures', () => {
  it('a £10 qualifier at 3.0 laid at 3.2 with 2%: lay £9.43, expected -76p (the worse outcome: -76 if it loses, -75 if it wins)', () => {
    const bet = backLayBet({ ...WHERE, calculation: { backStake: 1000, backOdds: 3, layOdds: 3.2, layCommission: 0.02 } });
    expect(bet.legs).toEqual([
      { role: 'qualifying', side: 'back', account: 'bet-co', odds: 3, stake: 1000, result: 'pending' },
      { role: 'qualifying', side: 'lay', account: 'smarkets', odds: 3.2, stake: 943, commission: 0.02, result: 'pending' },
    ]);
    expect(bet.expectedProfit).toBe(-76);
    expect(bet.profitType).toBe('guaranteed');
    expect(bet.placedAt).toBe('2025-08-16T12:00:00.000Z');
  });

  it('a £10 SNR free bet at 5.0 laid at 5.2 with 2%: free-bet legs, lay £7.72, expected 757p', () => {
    const bet = backLayBet({ ...WHERE, calculation: { betType: 'snr', backStake: 1000, backOdds: 5, layOdds: 5.2, layCommission: 0.02 } });
    expect(bet.legs.map((l) => [l.role, l.side, l.stake, l.freeBet])).toEqual([
      ['free-bet', 'back', 1000, 'snr'],
      ['free-bet', 'lay', 772, undefined],
    ]);
    expect(bet.expectedProfit).toBe(757);
  });

  it('a refund offer adds amount × retention to the losing side', () => {
    const calculation = {
      betType: 'refund' as const,
      backStake: 1000,
      backOdds: 3,
      layOdds: 3.2,
      layCommission: 0.02,
      refund: { amount: 1000, retention: 0.8 },
    };
    const bet = backLayBet({ ...WHERE, calculation });
    const { legs } = bet;
    const stored = parseBet('primary', { ...bet, id: 'b1', status: 'open', placedAt: Date.parse(bet.placedAt) });
    const ifWins = settleBet(stored, { at: AT, results: ['won', 'lost'] }).settledProfit ?? 0;
    const ifLoses = (settleBet(stored, { at: AT, results: ['lost', 'won'] }).settledProfit ?? 0) + 800;
    expect(legs[0]?.role).toBe('qualifying');
    expect(bet.expectedProfit).toBe(Math.min(ifWins, ifLoses));
  });

  it('names every bad field, the calculation’s under calculation.', () => {
    try {
      backLayBet({
        ...WHERE,
        event: ' ',
        placedAt: 'yesterday',
        calculation: { backStake: 10.5, backOdds: 1, layOdds: 3, layCommission: 0.02 },
      });
      expect.unreachable();
    } catch (error) {
      expect(isMatchkitError(error)).toBe(true);
      const paths = (error as { issues: { path: string }[] }).issues.map((i) => i.path);
      expect(paths).toEqual(expect.arrayContaining(['event', 'placedAt', 'calculation.backStake', 'calculation.backOdds']));
    }
  });
});

describe('backLayBet: laws', () => {
  it('the expected profit is what the tracker settles the worse outcome to, and the lay stake is the calculator’s to the penny', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 100_000 }),
        fc.integer({ min: 110, max: 1500 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 5 }),
        fc.constantFrom('qualifying', 'snr', 'sr'),
        (stake, backHundredths, spread, commissionPercent, betType) => {
          const backOdds = backHundredths / 100;
          const layOdds = (backHundredths + spread) / 100;
          const input: BackLayBetInput = {
            ...WHERE,
            calculation: {
              betType: betType as 'qualifying' | 'snr' | 'sr',
              backStake: stake,
              backOdds,
              layOdds,
              layCommission: commissionPercent / 100,
            },
          };
          const bet = backLayBet(input);
          expect(bet.expectedProfit).toBe(Math.min(settledIf(input, 'won'), settledIf(input, 'lost')));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('backLayBet: a 2UP bet is recorded as potential (its early payout lets the back and the lay both win)', () => {
  const calculation = { backStake: 1000, backOdds: 3, layOdds: 3.2, layCommission: 0.02 };

  it('records a bet from a 2UP tool as potential, so the member can settle it [won, won] when it paid early', () => {
    const bet = backLayBet({ ...WHERE, source: 'two-up', calculation });
    expect(bet.profitType).toBe('potential');
    const stored = parseBet('primary', { ...bet, id: 'b1', status: 'open', placedAt: Date.parse(bet.placedAt) });
    // Paid early at 2 goals up (the back won), then the team lost (the lay won): 2000 + 943 × 0.98.
    expect(settleBet(stored, { at: AT, results: ['won', 'won'] }).settledProfit).toBe(2000 + 924);
  });

  it('every 2UP tool of both brands records under that source', () => {
    for (const brand of ['primary', 'secondary'] as const) {
      const twoUp = getBrand(brand).tools.filter((t) => /^twoUp/.test(t.key) && t.key !== 'twoUpExpectedValue');
      expect(twoUp.length).toBeGreaterThan(0);
      for (const t of twoUp)
        expect(backLayBet({ ...WHERE, source: t.profitTrackerSource ?? '', calculation }).profitType).toBe('potential');
    }
  });

  it('records a bet from any other source as guaranteed', () => {
    for (const source of ['oddsmatcher', 'match-catcher', 'manual'])
      expect(backLayBet({ ...WHERE, source, calculation }).profitType).toBe('guaranteed');
  });
});
