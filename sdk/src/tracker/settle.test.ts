import { describe, expect, it } from 'vitest';
import { validationError, validationPaths } from '../internal/testing/validation';
import { parseBet, parseBets, settleBet, voidBet, type TrackedBetInput } from './index';
import { qualifier } from './testing/arbitraries';

const AT = Date.UTC(2025, 7, 11, 17);

function single(leg: Partial<TrackedBetInput['legs'][number]>): TrackedBetInput {
  return {
    ...qualifier(0, 2, 0, 2, 0),
    legs: [{ role: 'qualifying', side: 'back', account: 'bet-co', odds: 2, stake: 100, result: 'pending', ...leg }],
  };
}

describe('settleBet: hand-worked figures', () => {
  // £10 at 3.0 laid for £9.43 at 3.2, 2% commission.
  it('a qualifier that loses at the bookmaker: -1000 + 943 × 0.98 = -75.86, settled -76', () => {
    const bet = settleBet(qualifier(1000, 3, 943, 3.2, 0.02), { at: AT, results: ['lost', 'won'] });
    expect(bet.status).toBe('settled');
    expect(bet.settledProfit).toBe(-76);
    expect(bet.settledAt).toBe(AT);
  });

  it('a qualifier that wins at the bookmaker: 1000 × 2 - 943 × 2.2 = -74.6, settled -75', () => {
    expect(settleBet(qualifier(1000, 3, 943, 3.2, 0.02), { at: AT, results: ['won', 'lost'] }).settledProfit).toBe(-75);
  });

  it('a £10 SNR free bet at 5.0 laid for £7.72 at 5.2: 4000 - 772 × 4.2 = 757.6 -> 758 if it wins, 772 × 0.98 = 756.56 -> 757 if not', () => {
    const bet: TrackedBetInput = {
      ...qualifier(0, 2, 0, 2, 0),
      legs: [
        { role: 'free-bet', side: 'back', account: 'bet-co', odds: 5, stake: 1000, freeBet: 'snr', result: 'pending' },
        { role: 'free-bet', side: 'lay', account: 'smarkets', odds: 5.2, stake: 772, commission: 0.02, result: 'pending' },
      ],
    };
    expect(settleBet(bet, { at: AT, results: ['won', 'lost'] }).settledProfit).toBe(758);
    expect(settleBet(bet, { at: AT, results: ['lost', 'won'] }).settledProfit).toBe(757);
  });

  it('a free-bet back defaults to SNR: a losing one loses nothing', () => {
    const bet = single({ role: 'free-bet', result: 'lost' });
    expect(settleBet(bet, { at: AT }).settledProfit).toBe(0);
    expect(settleBet(bet, { at: AT }).legs[0]?.freeBet).toBe('snr');
  });

  it('a stake-returned free bet of £10 at 5.0 pays winnings and the stake: 5000', () => {
    expect(settleBet(single({ role: 'free-bet', odds: 5, stake: 1000, freeBet: 'sr', result: 'won' }), { at: AT }).settledProfit).toBe(
      5000,
    );
  });

  it('a cash back with 5% commission on winnings: 1000 × 1.5 × 0.95 = 1425', () => {
    expect(settleBet(single({ odds: 2.5, stake: 1000, commission: 0.05, result: 'won' }), { at: AT }).settledProfit).toBe(1425);
  });

  it('rounds half a penny away from zero, both ways', () => {
    expect(settleBet(single({ odds: 1.5, stake: 1, result: 'won' }), { at: AT }).settledProfit).toBe(1); // +0.5
    const lay = (result: 'won' | 'lost') => ({
      ...qualifier(0, 2, 0, 2, 0),
      legs: [
        { role: 'qualifying' as const, side: 'back' as const, account: 'bet-co', odds: 2, stake: 0, result },
        {
          role: 'qualifying' as const,
          side: 'lay' as const,
          account: 'smarkets',
          odds: 1.5,
          stake: 1,
          commission: 0.5,
          result: result === 'won' ? ('lost' as const) : ('won' as const),
        },
      ],
    });
    expect(settleBet(lay('won'), { at: AT }).settledProfit).toBe(-1); // lay loses its liability 0.5
    expect(settleBet(lay('lost'), { at: AT }).settledProfit).toBe(1); // lay wins 1 × 0.5
  });

  it('rounds once, after summing: two lays winning 0.4p each settle to 1p, not 0p', () => {
    const bet: TrackedBetInput = {
      ...qualifier(0, 2, 0, 2, 0),
      legs: [
        { role: 'qualifying', side: 'back', account: 'bet-co', odds: 2, stake: 0, result: 'lost' },
        { role: 'qualifying', side: 'lay', account: 'smarkets', odds: 2, stake: 1, commission: 0.6, result: 'won' },
        { role: 'qualifying', side: 'lay', account: 'betfair', odds: 2, stake: 1, commission: 0.6, result: 'won' },
      ],
    };
    expect(settleBet(bet, { at: AT }).settledProfit).toBe(1);
  });

  it('takes odds as the decimals written: 100p at 1.005 wins exactly 0.5p (floating point says 0.4999...), settled 1p', () => {
    expect(100 * (1.005 - 1)).toBeLessThan(0.5);
    expect(settleBet(single({ odds: 1.005, stake: 100, result: 'won' }), { at: AT }).settledProfit).toBe(1);
  });

  it('a void leg returns its stake: 0 profit', () => {
    expect(settleBet(qualifier(1000, 3, 943, 3.2, 0.02), { at: AT, results: ['void', 'won'] }).settledProfit).toBe(924);
  });

  it('a bet whose legs are all void becomes void, with no profit', () => {
    const bet = settleBet(qualifier(1000, 3, 943, 3.2, 0.02), { at: AT, results: ['void', 'void'] });
    expect(bet.status).toBe('void');
    expect(bet.settledProfit).toBeNull();
  });

  it('uses the results recorded on the legs when none are given', () => {
    const bet = qualifier(1000, 3, 943, 3.2, 0.02);
    const recorded = { ...bet, legs: bet.legs.map((l, i) => ({ ...l, result: i === 0 ? ('lost' as const) : ('won' as const) })) };
    expect(settleBet(recorded, { at: AT }).settledProfit).toBe(-76);
  });

  it('returns a frozen bet and leaves its input alone', () => {
    const input = qualifier(1000, 3, 943, 3.2, 0.02);
    const bet = settleBet(input, { at: AT, results: ['lost', 'won'] });
    expect(Object.isFrozen(bet) && Object.isFrozen(bet.legs) && Object.isFrozen(bet.legs[0])).toBe(true);
    expect(input.status).toBe('open');
    expect(input.legs[0]?.result).toBe('pending');
  });

  it('nets one market at one account however its name is written, by the balance sheet’s bookAccount key', () => {
    // BetConnect and "Bet Connect" are one exchange of the catalogue. A £5 lay at 3.2 that wins
    // (+500) and a £2 back at 3.1 that loses (-200) in its market net to 300, charged 2%: 294.
    // With the £10 qualifying back at bet-co lost (-1000): -706 (not -710, as two groups would be:
    // 490 - 200 - 1000).
    const bet = (lay: string, back: string): TrackedBetInput => ({
      ...qualifier(0, 2, 0, 2, 0),
      legs: [
        { role: 'qualifying', side: 'back', account: 'bet-co', odds: 3, stake: 1000, result: 'pending' },
        { role: 'qualifying', side: 'lay', account: lay, odds: 3.2, stake: 500, commission: 0.02, result: 'pending', market: 'mo' },
        { role: 'qualifying', side: 'back', account: back, odds: 3.1, stake: 200, commission: 0.02, result: 'pending', market: 'mo' },
      ],
    });
    const results = ['lost', 'won', 'lost'] as const;
    for (const [lay, back] of [
      ['BetConnect', 'BetConnect'],
      ['BetConnect', 'Bet Connect'],
      ['betconnect', 'BET-CONNECT'],
    ] as const) {
      expect(settleBet(bet(lay, back), { at: AT, results: [...results] }).settledProfit).toBe(-706);
    }
    // One group, so one rate: a second rate is refused whichever way the account is written.
    const mixed = bet('BetConnect', 'Bet Connect');
    const legs = mixed.legs.map((l, n) => (n === 2 ? { ...l, commission: 0.05 } : l));
    expect(validationPaths(() => settleBet({ ...mixed, legs }, { at: AT, results: [...results] }))).toEqual(['legs.2.commission']);
  });

  it('voidBet makes a bet void at an instant', () => {
    const bet = voidBet(qualifier(1000, 3, 943, 3.2, 0.02), { at: AT });
    expect([bet.status, bet.settledAt, bet.settledProfit]).toEqual(['void', AT, null]);
  });
});

describe('settleBet: validation names every bad field', () => {
  it('a pending result, a settlement before placement', () => {
    expect(validationPaths(() => settleBet(qualifier(1000, 3, 943, 3.2, 0.02), { at: Date.UTC(2025, 0, 1) }))).toEqual([
      'options.at',
      'legs.0.result',
      'legs.1.result',
    ]);
  });

  it('a results list of the wrong length, and a pending result given', () => {
    expect(validationPaths(() => settleBet(qualifier(1000, 3, 943, 3.2, 0.02), { at: AT, results: ['won'] }))).toEqual(['options.results']);
    expect(validationPaths(() => settleBet(qualifier(1000, 3, 943, 3.2, 0.02), { at: AT, results: ['won', 'pending'] }))).toEqual([
      'options.results.1',
    ]);
  });

  it('a bad bet and bad options together', () => {
    expect(
      validationPaths(() =>
        settleBet({ ...qualifier(1000, 3, 943, 3.2, 0.02), expectedProfit: 0.5 }, { at: Number.NaN, results: ['won', 'lost'] }),
      ),
    ).toEqual(['expectedProfit', 'options.at']);
  });

  it('a void bet cannot be settled', () => {
    const bet = voidBet(qualifier(1000, 3, 943, 3.2, 0.02), { at: AT });
    expect(validationPaths(() => settleBet(bet, { at: AT, results: ['won', 'lost'] }))).toEqual(['status']);
  });

  it('every bad field of a bet at once', () => {
    const bad = {
      id: '',
      source: 'oddsmatcher',
      profitType: 'cash',
      status: 'open',
      event: 1,
      market: '',
      selection: '',
      legs: [
        { role: 'qualifying', side: 'back', account: '', odds: 1, stake: 10.5, result: 'pending' },
        { role: 'free-bet', side: 'lay', account: 'smarkets', odds: 3, stake: -1, commission: 2, freeBet: 'snr', result: 'maybe' },
      ],
      expectedProfit: Number.NaN,
      placedAt: new Date('nope'),
      settledAt: Date.UTC(2025, 7, 11),
    } as unknown as TrackedBetInput;
    const e = validationError(() => settleBet(bad, { at: AT }));
    expect(e.issues.map((i) => i.path)).toEqual([
      'id',
      'profitType',
      'event',
      'legs.0.account',
      'legs.0.odds',
      'legs.0.stake',
      'legs.1.stake',
      'legs.1.commission',
      'legs.1.result',
      'legs.1.freeBet',
      'expectedProfit',
      'placedAt',
      'settledAt',
      'legs',
      'legs.0.result',
    ]);
    expect(e.issues.find((i) => i.path === 'legs.1.commission')?.message).toBe('commission 2 is not a fraction: did you mean 0.02?');
    expect(e.issues.find((i) => i.path === 'legs')?.message).toBe('a free-bet lay needs a free-bet back leg to hedge');
  });

  it('a settled profit that does not match the legs is named', () => {
    const bet = settleBet(qualifier(1000, 3, 943, 3.2, 0.02), { at: AT, results: ['lost', 'won'] });
    expect(validationError(() => parseBet('primary', { ...bet, settledProfit: -75 })).issues).toEqual([
      { path: 'settledProfit', message: 'must equal what the legs settle to (-76 pence), not -75' },
    ]);
  });
});

describe('parseBet and parseBets', () => {
  it('accept the brand’s tracker sources and manual, and name a source the brand lacks', () => {
    expect(parseBet('primary', { ...qualifier(1000, 3, 943, 3.2, 0.02), source: 'golf-master' }).source).toBe('golf-master');
    expect(parseBet('secondary', { ...qualifier(1000, 3, 943, 3.2, 0.02), source: 'manual' }).source).toBe('manual');
    expect(validationPaths(() => parseBet('secondary', { ...qualifier(1000, 3, 943, 3.2, 0.02), source: 'golf-master' }))).toEqual([
      'source',
    ]);
  });

  it('name duplicate ids and every bad bet by index', () => {
    const ok = qualifier(1000, 3, 943, 3.2, 0.02);
    const paths = validationPaths(() =>
      parseBets('primary', [
        ok,
        { ...ok, legs: [{ ...(ok.legs[0] as TrackedBetInput['legs'][number]), odds: 0.5 }] },
        { ...ok, id: 'q2', source: 'nope' },
      ]),
    );
    expect(paths).toEqual(['bets.1.legs.0.odds', 'bets.1.id', 'bets.2.source']);
  });

  it('check a later bet’s settled profit even when an earlier bet is bad', () => {
    const ok = qualifier(1000, 3, 943, 3.2, 0.02);
    const settled = { ...settleBet(ok, { at: AT, results: ['lost', 'won'] }), id: 'q2', settledProfit: 5 };
    expect(validationPaths(() => parseBets('primary', [{ ...ok, expectedProfit: 0.5 }, settled]))).toEqual([
      'bets.0.expectedProfit',
      'bets.1.settledProfit',
    ]);
  });

  it('fill in the defaults and take instants as epoch milliseconds', () => {
    const bet = parseBet('primary', { ...qualifier(1000, 3, 943, 3.2, 0.02), placedAt: new Date('2025-08-11T12:00:00Z'), note: '' });
    expect(bet.placedAt).toBe(Date.UTC(2025, 7, 11, 12));
    expect(bet.legs[0]?.commission).toBe(0);
    expect(bet.legs[0]?.freeBet).toBeNull();
    expect([bet.settledAt, bet.settledProfit, bet.note]).toEqual([null, null, null]);
  });

  it('reject a settled bet without settledAt and an open bet with one', () => {
    const ok = qualifier(1000, 3, 943, 3.2, 0.02);
    const settled = { ...ok, status: 'settled' as const, legs: ok.legs.map((l) => ({ ...l, result: 'won' as const })) };
    expect(validationPaths(() => parseBet('primary', settled))).toEqual(['settledAt']);
    expect(validationPaths(() => parseBet('primary', { ...ok, settledAt: AT }))).toEqual(['settledAt']);
  });
});
