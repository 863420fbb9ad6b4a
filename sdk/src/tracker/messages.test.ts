// Every message the tracker's validation gives, pinned with its path and order: the words the
// hand-written readers used, kept when the inputs became valibot schemas (tracker/fields.ts).
import { describe, expect, it } from 'vitest';
import type { ValidationIssue } from '../errors/errors';
import { validationError } from '../internal/testing/validation';
import { qualifier } from './testing/arbitraries';
import { balanceSheet, goalProgress, parseBet, parseBets, settleBet, totalsBy, voidBet } from './index';

function cases(): [string, () => unknown][] {
  const leg = { role: 'qualifying', side: 'back', account: 'bet-co', odds: 3, stake: 1000, result: 'pending' };
  const lay = { role: 'qualifying', side: 'lay', account: 'smarkets', odds: 3.2, stake: 943, commission: 0.02, result: 'pending' };
  const bet = {
    id: 'b1',
    source: 'manual',
    profitType: 'guaranteed',
    status: 'open',
    event: 'Arsenal v Spurs',
    market: 'Match Odds',
    selection: 'Arsenal',
    legs: [leg, lay],
    expectedProfit: -75,
    placedAt: Date.UTC(2025, 7, 11, 12),
  };
  const at = Date.UTC(2025, 7, 11, 17);
  const p = (x: unknown) => () => parseBet('primary', x as never);
  const withLeg = (l: object) => p({ ...bet, legs: [{ ...leg, ...l }, lay] });
  return [
    ['a bet that is not an object', p(null)],
    ['a bet that is an array', p([bet])],
    ['text fields', p({ ...bet, id: 5, source: undefined, event: null, market: 'm'.repeat(201), selection: ['x'] })],
    ['choices', p({ ...bet, profitType: 'cash', status: 'done' })],
    ['legs not a list', p({ ...bet, legs: 'x' })],
    ['no legs', p({ ...bet, legs: [] })],
    ['too many legs', p({ ...bet, legs: Array.from({ length: 101 }, () => leg) })],
    ['pence', p({ ...bet, expectedProfit: 1.5 })],
    ['pence: infinite', p({ ...bet, expectedProfit: Infinity })],
    ['pence: a string', p({ ...bet, expectedProfit: '5' })],
    ['pence: too big', p({ ...bet, expectedProfit: -1e12 })],
    ['instants', p({ ...bet, placedAt: 'today' })],
    ['a leg that is not an object', p({ ...bet, legs: ['x', lay] })],
    ['a renamed role and an unknown side', withLeg({ role: 'cash', side: 'up' })],
    ['odds: a string', withLeg({ odds: '3' })],
    ['odds: 1', withLeg({ odds: 1 })],
    ['odds: too long', withLeg({ odds: 2e6 })],
    ['odds: NaN', withLeg({ odds: NaN })],
    ['commission: 150 and null', p({ ...bet, legs: [leg, { ...lay, commission: 150 }, { ...lay, commission: null }] })],
    ['stake: negative', withLeg({ stake: -1 })],
    ['stake: too much at risk', withLeg({ stake: 1e11, odds: 3 })],
    ['a free bet kind that is not one', p({ ...bet, legs: [{ ...leg, role: 'free-bet', freeBet: 'x' }] })],
    ['a free bet kind on a lay', p({ ...bet, legs: [leg, { ...lay, freeBet: 'snr' }] })],
    ['a market key that is not a string', p({ ...bet, legs: [leg, { ...lay, market: 5 }] })],
    ['a blank account', withLeg({ account: '  ' })],
    ['unknown keys first', p({ ...bet, stauts: 'open', id: '', legs: [{ ...leg, stak: 5, zzzzzz: 1 }, lay] })],
    ['settledAt while open', p({ ...bet, settledAt: at })],
    [
      'settledAt missing when settled',
      p({
        ...bet,
        status: 'settled',
        legs: [
          { ...leg, result: 'won' },
          { ...lay, result: 'lost' },
        ],
      }),
    ],
    ['settledAt before placedAt', p({ ...bet, status: 'void', settledAt: Date.UTC(2025, 0, 1) })],
    ['a pending leg of a settled bet', p({ ...bet, status: 'settled', settledAt: at, legs: [{ ...leg, result: 'won' }, lay] })],
    ['settledProfit while open', p({ ...bet, settledProfit: 5 })],
    [
      'settledProfit not a number',
      p({
        ...bet,
        status: 'settled',
        settledAt: at,
        legs: [
          { ...leg, result: 'won' },
          { ...lay, result: 'lost' },
        ],
        settledProfit: 'x',
      }),
    ],
    ['bets not a list', () => parseBets('primary', 'x' as never)],
    ['a list with a bad bet', () => parseBets('primary', [bet, { ...bet, id: 'b2', legs: [{ ...leg, stake: 0.5 }, lay] }] as never)],
    ['a grouping that is not one', () => totalsBy([], 'week' as never)],
    ['goal options that are not an object', () => goalProgress('primary', [], null as never)],
    ['goal options with blank fields', () => goalProgress('primary', [], { goal: ' ', month: 5 } as never)],
    ['settle options that are not an object', () => settleBet(bet as never, 5 as never)],
    ['settle options without at', () => voidBet(bet as never, {} as never)],
    ['a sheet that is not an object', () => balanceSheet(5 as never)],
    [
      'bad accounts and entries',
      () =>
        balanceSheet({
          accounts: [{ name: 'bet-co', kind: 'bank' }, { name: 'smarkets', kind: 'exchange', restricted: 'yes' }, 'x'],
          entries: [
            { id: 'e1', account: 'bet-co', kind: 'gift', amount: 5, at },
            { id: 'e2', account: 'bet-co', kind: 'withdrawal', amount: -5, at: 'x', note: 5 },
            { id: 'e3', account: 'bet-co', kind: 'adjustment', amount: -5.5, at },
          ],
          bets: [],
        } as never),
    ],
  ];
}

const EXPECTED: Readonly<Record<string, readonly [string, readonly ValidationIssue[]]>> = {
  'a bet that is not an object': ['tracked bet', [{ path: '', message: 'expected an object, received null' }]],
  'a bet that is an array': ['tracked bet', [{ path: '', message: 'expected an object, received an array' }]],
  'text fields': [
    'tracked bet',
    [
      { path: 'id', message: 'expected a string, received number' },
      { path: 'source', message: 'is required' },
      { path: 'event', message: 'expected a string, received null' },
      { path: 'market', message: 'must be at most 200 characters long (it has 201)' },
      { path: 'selection', message: 'expected a string, received an array' },
    ],
  ],
  choices: [
    'tracked bet',
    [
      { path: 'profitType', message: "must be one of 'guaranteed', 'potential', 'training', 'ev'" },
      { path: 'status', message: "must be one of 'open', 'settled', 'void'" },
    ],
  ],
  'legs not a list': ['tracked bet', [{ path: 'legs', message: 'expected an array, received string' }]],
  'no legs': ['tracked bet', [{ path: 'legs', message: 'must have at least 1 item' }]],
  'too many legs': ['tracked bet', [{ path: 'legs', message: 'must have at most 100 items' }]],
  pence: ['tracked bet', [{ path: 'expectedProfit', message: 'must be a whole number of pence' }]],
  'pence: infinite': ['tracked bet', [{ path: 'expectedProfit', message: 'must be a finite number' }]],
  'pence: a string': ['tracked bet', [{ path: 'expectedProfit', message: 'expected a number, received string' }]],
  'pence: too big': ['tracked bet', [{ path: 'expectedProfit', message: 'must be at most 100000000000 pence in size' }]],
  instants: ['tracked bet', [{ path: 'placedAt', message: 'must be a valid Date or a finite number of epoch milliseconds' }]],
  'a leg that is not an object': ['tracked bet', [{ path: 'legs.0', message: 'expected an object, received string' }]],
  'a renamed role and an unknown side': [
    'tracked bet',
    [
      { path: 'legs.0.role', message: "'cash' was renamed 'qualifying' in 1.0" },
      { path: 'legs.0.side', message: "must be one of 'back', 'lay'" },
    ],
  ],
  'odds: a string': ['tracked bet', [{ path: 'legs.0.odds', message: 'expected a number, received string' }]],
  'odds: 1': ['tracked bet', [{ path: 'legs.0.odds', message: 'must be greater than 1' }]],
  'odds: too long': ['tracked bet', [{ path: 'legs.0.odds', message: 'must be at most 1000000' }]],
  'odds: NaN': ['tracked bet', [{ path: 'legs.0.odds', message: 'expected a number, received NaN' }]],
  'commission: 150 and null': [
    'tracked bet',
    [
      { path: 'legs.1.commission', message: 'must be less than 1' },
      { path: 'legs.2.commission', message: 'expected a number, received null' },
    ],
  ],
  'stake: negative': ['tracked bet', [{ path: 'legs.0.stake', message: 'must not be negative' }]],
  'stake: too much at risk': [
    'tracked bet',
    [
      {
        path: 'legs.0.stake',
        message: 'with odds 3, puts stake × (odds − 1) = 200000000000 pence at risk or to win; it must be at most 100000000000',
      },
    ],
  ],
  'a free bet kind that is not one': ['tracked bet', [{ path: 'legs.0.freeBet', message: "must be one of 'snr', 'sr'" }]],
  'a free bet kind on a lay': ['tracked bet', [{ path: 'legs.1.freeBet', message: 'is only allowed on a free-bet back leg' }]],
  'a market key that is not a string': ['tracked bet', [{ path: 'legs.1.market', message: 'expected a string, received number' }]],
  'a blank account': ['tracked bet', [{ path: 'legs.0.account', message: 'must not be empty' }]],
  'unknown keys first': [
    'tracked bet',
    [
      { path: 'stauts', message: 'is not a field of a tracked bet; did you mean status?' },
      { path: 'id', message: 'must not be empty' },
      { path: 'legs.0.stak', message: 'is not a field of a tracked leg; did you mean stake?' },
      { path: 'legs.0.zzzzzz', message: 'is not a field of a tracked leg' },
    ],
  ],
  'settledAt while open': ['tracked bet', [{ path: 'settledAt', message: 'must be absent while the bet is open' }]],
  'settledAt missing when settled': ['tracked bet', [{ path: 'settledAt', message: 'is required when the bet is settled' }]],
  'settledAt before placedAt': ['tracked bet', [{ path: 'settledAt', message: 'must not be before placedAt' }]],
  'a pending leg of a settled bet': [
    'tracked bet',
    [{ path: 'legs.1.result', message: 'must be known (not pending) when the bet is settled' }],
  ],
  'settledProfit while open': [
    'tracked bet',
    [{ path: 'settledProfit', message: 'must be absent unless the bet is settled (it is open)' }],
  ],
  'settledProfit not a number': ['tracked bet', [{ path: 'settledProfit', message: 'expected a number, received string' }]],
  'bets not a list': ['tracked bets', [{ path: 'bets', message: 'expected an array, received string' }]],
  'a list with a bad bet': ['tracked bets', [{ path: 'bets.1.legs.0.stake', message: 'must be a whole number of pence' }]],
  'a grouping that is not one': ['totalsBy input', [{ path: 'by', message: "must be one of 'profitType', 'source', 'day', 'month'" }]],
  'goal options that are not an object': ['goalProgress input', [{ path: 'options', message: 'expected an object, received null' }]],
  'goal options with blank fields': [
    'goalProgress input',
    [
      { path: 'options.goal', message: 'must not be empty' },
      { path: 'options.month', message: 'expected a string, received number' },
    ],
  ],
  'settle options that are not an object': [
    'settleBet input',
    [
      { path: 'options', message: 'expected an object, received number' },
      { path: 'legs.0.result', message: 'must be known (won, lost or void) to settle' },
      { path: 'legs.1.result', message: 'must be known (won, lost or void) to settle' },
    ],
  ],
  'settle options without at': ['voidBet input', [{ path: 'options.at', message: 'is required' }]],
  'a sheet that is not an object': [
    'balanceSheet input',
    [
      { path: '', message: 'expected an object, received number' },
      { path: 'accounts', message: 'expected an array of accounts' },
      { path: 'entries', message: 'expected an array of entries' },
      { path: 'bets', message: 'expected an array, received undefined' },
    ],
  ],
  'bad accounts and entries': [
    'balanceSheet input',
    [
      { path: 'accounts.0.kind', message: "must be one of 'bookmaker', 'exchange'" },
      { path: 'accounts.1.restricted', message: 'expected a boolean' },
      { path: 'accounts.2', message: 'expected an object, received string' },
      { path: 'entries.0.kind', message: "must be one of 'deposit', 'withdrawal', 'bonus', 'adjustment'" },
      { path: 'entries.1.amount', message: 'must not be negative' },
      { path: 'entries.1.at', message: 'must be a valid Date or a finite number of epoch milliseconds' },
      { path: 'entries.1.note', message: 'expected a string, received number' },
      { path: 'entries.2.amount', message: 'must be a whole number of pence' },
    ],
  ],
};

describe('the tracker names every bad field in its own words', () => {
  it.each(cases())('%s', (name, fn) => {
    const e = validationError(fn);
    expect([e.subject, e.issues]).toEqual(EXPECTED[name]);
  });

  it('refuses a hole in a list of legs, as it refuses an undefined leg', () => {
    const bet = qualifier(1000, 3, 943, 3.2, 0.02);
    const legs: unknown[] = [...bet.legs];
    legs.length = 3; // legs.2 is a hole
    expect(validationError(() => parseBet('primary', { ...bet, legs } as never)).issues).toEqual([
      { path: 'legs.2', message: 'expected an object, received undefined' },
    ]);
  });

  it('pins every case', () => {
    expect(cases().map(([name]) => name)).toEqual(Object.keys(EXPECTED));
  });
});
