// The defects a review reproduced in the tracker, each with the reviewer's concrete input.
import { describe, expect, it } from 'vitest';
import { validationError, validationPaths } from '../internal/testing/validation';
import {
  endpointTotals,
  exportBetsCsv,
  importBetsCsv,
  parseBet,
  parseBets,
  settleBet,
  trackerTotals,
  totalsBy,
  type TrackedBetInput,
  type TrackedLegInput,
} from './index';
import { qualifier } from './testing/arbitraries';

const AT = Date.UTC(2025, 7, 11, 17);

const bet = (legs: TrackedLegInput[], extra: Partial<TrackedBetInput> = {}): TrackedBetInput => ({
  ...qualifier(0, 2, 0, 2, 0),
  legs,
  ...extra,
});

describe('CSV formula injection', () => {
  const risky = { ...qualifier(1000, 3, 943, 3.2, 0.02), event: '=HYPERLINK("http://evil","x")', note: '@SUM(1+1)', selection: '+1' };

  it('writes a text cell that starts with =, +, -, @, tab or CR behind a leading apostrophe', () => {
    const row = exportBetsCsv([risky]).split('\r\n')[1] as string;
    expect(row).toContain(`,"'=HYPERLINK(""http://evil"",""x"")",`);
    expect(row).toContain(",'+1,");
    expect(row).toContain(",'@SUM(1+1),");
    const cells = exportBetsCsv([{ ...risky, id: '-1', event: '\tx', market: 'safe', selection: '\rx', note: "it's fine" }]).split(
      '\r\n',
    )[1] as string;
    expect(cells.startsWith("'-1,")).toBe(true);
    expect(cells).toContain(",'\tx,safe,");
    expect(cells).toContain(`,"'\rx",`);
    expect(cells).toContain(",it's fine,");
  });

  it('leaves numeric cells alone: a negative expected profit is written as a number', () => {
    expect(exportBetsCsv([{ ...risky, expectedProfit: -75 }])).toContain(",-0.75,,'@SUM(1+1),"); // expected profit, no settled profit, the note
  });

  it('reads the defused texts back as written, including texts that really start with apostrophes', () => {
    for (const text of ['=1+1', "'=1+1", "''@x", "'", "''", "'a", '-', "'-", '+44 20']) {
      const b = { ...risky, event: text, note: text, selection: text };
      expect(importBetsCsv('primary', exportBetsCsv([b]))).toEqual(parseBets('primary', [b]));
    }
  });
});

describe('commission is netted per exchange market (leg field `market`)', () => {
  // 2UP lock-in: the bookmaker back won; the lay lost; a back at the exchange in the same market won.
  const lockIn = (market: (n: number) => string | null): TrackedBetInput =>
    bet([
      { role: 'qualifying', side: 'back', account: 'bet-co', odds: 2.5, stake: 2000, result: 'won', market: market(0) },
      { role: 'qualifying', side: 'lay', account: 'smarkets', odds: 2.5, stake: 2041, commission: 0.02, result: 'lost', market: market(1) },
      { role: 'qualifying', side: 'back', account: 'smarkets', odds: 1.5, stake: 1000, commission: 0.02, result: 'won', market: market(2) },
    ]);

  it('the 2UP lock-in: netted at smarkets 3000 - 2561.5 = 438.5 -> 439; charged per leg 3000 - 3061.5 + 490 = 428.5 -> 429', () => {
    expect(
      settleBet(
        lockIn(() => 'match-odds'),
        { at: AT },
      ).settledProfit,
    ).toBe(439);
    expect(
      settleBet(
        lockIn(() => null),
        { at: AT },
      ).settledProfit,
    ).toBe(429);
    // Different keys: two markets, no netting.
    expect(
      settleBet(
        lockIn((n) => `m${n}`),
        { at: AT },
      ).settledProfit,
    ).toBe(429);
  });

  it('does not net an each-way bet: the win lay and the place lay are different markets', () => {
    // Win back 1000@6 lost, place back 1000@2 won (1000 at bet-co); win lay 1000@6.2 won (+980), place lay 1000@2.1 lost (-1100).
    const ew = bet([
      { role: 'qualifying', side: 'back', account: 'bet-co', odds: 6, stake: 1000, result: 'lost' },
      { role: 'qualifying', side: 'back', account: 'bet-co', odds: 2, stake: 1000, result: 'won' },
      { role: 'qualifying', side: 'lay', account: 'smarkets', odds: 6.2, stake: 1000, commission: 0.02, result: 'won', market: 'win' },
      { role: 'qualifying', side: 'lay', account: 'smarkets', odds: 2.1, stake: 1000, commission: 0.02, result: 'lost', market: 'place' },
    ]);
    // -1000 + 1000 + 1000 × 0.98 - 1100 = -120 (netting the two lays would give -1000 + 1000 + 1000 - 1100 = -100).
    expect(settleBet(ew, { at: AT }).settledProfit).toBe(-120);
  });

  it('never nets legs of different roles: a qualifier and its free bet with both lays keyed match-odds at one exchange', () => {
    // Qualifying back 1000@2 won (+1000), its lay 1000@2.1 lost (-1100); SNR free bet 1000@5 lost (0),
    // its lay 770@5.2 won (770 × 0.95 = 731.5). 1000 - 1100 + 0 + 731.5 = 631.5 -> 632.
    // Netting the two lays (two markets, two events) would give 1000 + max(-330, ...) = 670.
    const offer = (key: string | null) =>
      bet([
        { role: 'qualifying', side: 'back', account: 'bet-co', odds: 2, stake: 1000, result: 'won' },
        { role: 'qualifying', side: 'lay', account: 'x', odds: 2.1, stake: 1000, commission: 0.05, result: 'lost', market: key },
        { role: 'free-bet', side: 'back', account: 'bet-co', odds: 5, stake: 1000, freeBet: 'snr', result: 'lost' },
        { role: 'free-bet', side: 'lay', account: 'x', odds: 5.2, stake: 770, commission: 0.05, result: 'won', market: key },
      ]);
    expect(settleBet(offer('match-odds'), { at: AT }).settledProfit).toBe(632);
    expect(settleBet(offer(null), { at: AT }).settledProfit).toBe(632);
  });

  it('lets legs of different roles in one keyed market have different rates (they are not one group)', () => {
    const legs: TrackedLegInput[] = [
      { role: 'qualifying', side: 'back', account: 'bet-co', odds: 2, stake: 1000, result: 'pending' },
      { role: 'qualifying', side: 'lay', account: 'x', odds: 2.1, stake: 1000, commission: 0.05, result: 'pending', market: 'match-odds' },
      { role: 'free-bet', side: 'back', account: 'bet-co', odds: 5, stake: 1000, result: 'pending' },
      { role: 'free-bet', side: 'lay', account: 'x', odds: 5.2, stake: 770, commission: 0.02, result: 'pending', market: 'match-odds' },
    ];
    expect(parseBet('primary', bet(legs)).legs.map((l) => l.commission)).toEqual([0, 0.05, 0, 0.02]);
  });

  it('names an unknown result of a settled bet once, not also as pending', () => {
    const settled = {
      ...bet([{ role: 'qualifying', side: 'back', account: 'bet-co', odds: 2, stake: 100, result: 'won' }]),
      status: 'settled' as const,
      settledAt: AT,
    };
    const legs = [{ ...(settled.legs[0] as TrackedLegInput), result: 'maybe' as unknown as 'won' }];
    expect(validationError(() => parseBet('primary', { ...settled, legs })).issues).toEqual([
      { path: 'legs.0.result', message: "must be one of 'pending', 'won', 'lost', 'void'" },
    ]);
  });

  it('names a bad commission in a netted group once, not also as differing from the group', () => {
    const legs = lockIn(() => 'match-odds').legs.map((l, n) => (n === 1 ? { ...l, commission: 1.5 } : l));
    expect(validationError(() => parseBet('primary', bet(legs))).issues.map((i) => i.path)).toEqual(['legs.1.commission']);
  });

  it('requires one commission rate in a netted group, naming the leg', () => {
    const mixed = lockIn(() => 'match-odds');
    const legs = mixed.legs.map((l, n) => (n === 2 ? { ...l, commission: 0.05 } : l));
    const e = validationError(() => parseBet('primary', { ...mixed, legs }));
    expect(e.issues.map((i) => i.path)).toEqual(['legs.2.commission']);
    expect(e.issues[0]?.message).toMatch(/must equal the commission of legs\.1 \(0\.02\)/);
  });

  it('writes the key in the leg_market column and reads it back; an import without the column gives no keys', () => {
    const settled = settleBet(
      lockIn(() => 'match-odds'),
      { at: AT },
    );
    const csv = exportBetsCsv([settled]);
    expect(csv.split('\r\n')[0]?.endsWith(',result,leg_market')).toBe(true);
    expect(csv.split('\r\n')[2]?.endsWith(',lost,match-odds')).toBe(true);
    expect(importBetsCsv('primary', csv)).toEqual(parseBets('primary', [settled]));
    const open = lockIn(() => null);
    const without = exportBetsCsv([open])
      .split('\r\n')
      .map((line) => line.replace(/,[^,]*$/, ''))
      .join('\r\n');
    expect(importBetsCsv('primary', without)).toEqual(parseBets('primary', [open]));
  });
});

describe('part-lays', () => {
  const extraPlace = (legs: TrackedLegInput[]): number => {
    const [entry] = endpointTotals('primary', [bet(legs, { source: 'extra-place' })]).filter(
      (e) => e.endpoint === 'getPartLayMyBetsTotals',
    );
    return entry?.totals.betCount ?? -1;
  };

  it('an each-way bet (win and place backs, one lay each) is not a part-lay', () => {
    expect(
      extraPlace([
        { role: 'qualifying', side: 'back', account: 'bet-co', odds: 6, stake: 500, result: 'pending' },
        { role: 'qualifying', side: 'back', account: 'bet-co', odds: 2, stake: 500, result: 'pending' },
        { role: 'qualifying', side: 'lay', account: 'smarkets', odds: 6.2, stake: 500, commission: 0.02, result: 'pending', market: 'win' },
        {
          role: 'qualifying',
          side: 'lay',
          account: 'smarkets',
          odds: 2.1,
          stake: 500,
          commission: 0.02,
          result: 'pending',
          market: 'place',
        },
      ]),
    ).toBe(0);
  });

  it('a back with two lays is a part-lay', () => {
    expect(
      extraPlace([
        { role: 'qualifying', side: 'back', account: 'bet-co', odds: 6, stake: 500, result: 'pending' },
        { role: 'qualifying', side: 'lay', account: 'smarkets', odds: 6.2, stake: 250, commission: 0.02, result: 'pending' },
        { role: 'qualifying', side: 'lay', account: 'betfair', odds: 6.4, stake: 240, commission: 0.05, result: 'pending' },
      ]),
    ).toBe(1);
  });
});

describe('amount bounds', () => {
  const huge = bet([
    { role: 'qualifying', side: 'back', account: 'bet-co', odds: 2, stake: 100, result: 'won' },
    { role: 'qualifying', side: 'lay', account: 'smarkets', odds: 1e6, stake: 1e11, result: 'lost' },
  ]);

  it('rejects a leg whose liability stake × (odds − 1) is over MAX_PENCE, naming its stake', () => {
    const e = validationError(() => settleBet(huge, { at: AT }));
    expect(e.issues.map((i) => i.path)).toEqual(['legs.1.stake']);
    expect(e.issues[0]?.message).toMatch(/stake × \(odds − 1\) = 99999900000000000 pence .* at most 100000000000/);
  });

  it('reports a settled profit that is itself out of range once, without a bogus "not 0"', () => {
    const settled = settleBet(qualifier(1000, 3, 943, 3.2, 0.02), { at: AT, results: ['lost', 'won'] });
    const e = validationError(() => parseBet('primary', { ...settled, settledProfit: 1e17 }));
    expect(e.issues).toHaveLength(1);
    expect(e.issues[0]).toMatchObject({ path: 'settledProfit' });
    expect(e.issues[0]?.message).not.toMatch(/not 0/);
  });

  it('accepts the largest legs, and a bet settled to more than MAX_PENCE reads back', () => {
    const big = bet(
      Array.from({ length: 3 }, () => ({
        role: 'free-bet' as const,
        side: 'back' as const,
        account: 'bet-co',
        odds: 2,
        stake: 1e11,
        freeBet: 'sr' as const,
        result: 'won' as const,
      })),
    );
    const settled = settleBet(big, { at: AT });
    expect(settled.settledProfit).toBe(6e11);
    expect(parseBets('primary', [settled])).toHaveLength(1);
    expect(trackerTotals([settled]).profit).toBe(6e11);
  });

  it('throws rather than return an inexact total past 2^53 pence', () => {
    const leg = {
      role: 'free-bet' as const,
      side: 'back' as const,
      account: 'bet-co',
      odds: 2,
      stake: 1e11,
      freeBet: 'sr' as const,
      result: 'won' as const,
    };
    const one = settleBet(bet(Array.from({ length: 100 }, () => leg)), { at: AT }); // 2e13 pence
    const many = Array.from({ length: 451 }, (_, n) => ({ ...one, id: `b${n}` })); // 9.02e15 > 2^53
    const e = validationError(() => trackerTotals(many));
    expect(e.issues[0]?.message).toMatch(/exceed 2\^53/);
    expect(trackerTotals(many.slice(0, 450)).profit).toBe(450 * 2e13);
  });

  it('keeps a stake of -0 as 0', () => {
    const b = bet([{ role: 'qualifying', side: 'back', account: 'bet-co', odds: 2, stake: -0, result: 'pending' }]);
    expect(Object.is(parseBet('primary', b).legs[0]?.stake, 0)).toBe(true);
    expect(importBetsCsv('primary', exportBetsCsv([b]))).toEqual(parseBets('primary', [b]));
  });
});

describe('instants are range-checked', () => {
  it('rejects instants outside 1970-01-01 to 9999-12-31 by field, with a clear message', () => {
    const e = validationError(() => parseBet('primary', { ...qualifier(1000, 3, 943, 3.2, 0.02), placedAt: 1e16 }));
    expect(e.issues).toEqual([{ path: 'placedAt', message: 'must be from 1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z' }]);
    expect(validationPaths(() => parseBet('primary', { ...qualifier(1000, 3, 943, 3.2, 0.02), placedAt: Date.UTC(10000, 0, 1) }))).toEqual([
      'placedAt',
    ]);
    expect(validationPaths(() => parseBet('primary', { ...qualifier(1000, 3, 943, 3.2, 0.02), placedAt: new Date(-1) }))).toEqual([
      'placedAt',
    ]);
    expect(validationPaths(() => totalsBy([{ ...qualifier(1000, 3, 943, 3.2, 0.02), placedAt: 1e16 }], 'day'))).toEqual([
      'bets.0.placedAt',
    ]);
    expect(validationPaths(() => settleBet(qualifier(1000, 3, 943, 3.2, 0.02), { at: 1e16, results: ['won', 'lost'] }))).toEqual([
      'options.at',
    ]);
  });

  it('accepts both ends of the range, and the CSV round trip keeps them', () => {
    const last = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
    const b = { ...qualifier(1000, 3, 943, 3.2, 0.02), placedAt: 0 };
    const s = settleBet(b, { at: last, results: ['won', 'lost'] });
    expect(importBetsCsv('primary', exportBetsCsv([b, { ...s, id: 'q2' }]))).toEqual(parseBets('primary', [b, { ...s, id: 'q2' }]));
  });
});

describe('CSV dates must be real', () => {
  const csv = exportBetsCsv([qualifier(1000, 3, 943, 3.2, 0.02)]);
  for (const bad of [
    '2025-02-30T00:00:00Z',
    '2025-08-11T24:00:00Z',
    '2025-08-11T12:60:00Z',
    '2025-08-11T12:00:60Z',
    '2025-08-11T12:00:00+24:00',
  ]) {
    it(`rejects ${bad}, naming line and column`, () => {
      const e = validationError(() => importBetsCsv('primary', csv.replaceAll('2025-08-11T12:00:00.000Z', bad)));
      expect(e.issues.map((i) => i.path)).toEqual(['line 2.placed_at']);
    });
  }

  it('accepts a real date with an offset and a leap day', () => {
    const [b] = importBetsCsv('primary', csv.replaceAll('2025-08-11T12:00:00.000Z', '2024-02-29T23:30:00-01:00'));
    expect(b?.placedAt).toBe(Date.UTC(2024, 2, 1, 0, 30));
  });
});

describe('a settled bet whose every leg is void', () => {
  it('is rejected on its status (settleBet makes such a bet void)', () => {
    const b: TrackedBetInput = {
      ...qualifier(1000, 3, 2000, 3.2, 0.02),
      status: 'settled',
      settledAt: AT,
      legs: qualifier(1000, 3, 2000, 3.2, 0.02).legs.map((l) => ({ ...l, result: 'void' as const })),
    };
    const e = validationError(() => trackerTotals([b]));
    expect(e.issues).toEqual([{ path: 'bets.0.status', message: 'must be void, not settled: a bet whose every leg is void is void' }]);
    expect(settleBet({ ...b, status: 'open', settledAt: null }, { at: AT }).status).toBe('void');
  });
});

describe('text length limits', () => {
  const base = qualifier(1000, 3, 943, 3.2, 0.02);
  const long = (n: number) => 'x'.repeat(n);
  it('accepts text at the limits, counting characters (an emoji is one)', () => {
    const legs = base.legs.map((l, n) => ({ ...l, account: `${n}${long(99)}`, market: long(100) }));
    const b = { ...base, id: long(100), event: long(200), market: long(200), selection: '😀'.repeat(200), note: long(2000), legs };
    expect(() => parseBets('primary', [b])).not.toThrow();
  });

  it('names every field over its limit', () => {
    const legs = base.legs.map((l, n) => (n === 1 ? { ...l, account: long(101), market: long(101) } : l));
    const b = { ...base, id: long(101), event: long(201), market: long(201), selection: long(201), note: long(2001), legs };
    const e = validationError(() => parseBet('primary', b));
    expect(e.issues.map((i) => i.path)).toEqual(['id', 'event', 'market', 'selection', 'legs.1.account', 'legs.1.market', 'note']);
    expect(e.issues[0]?.message).toBe('must be at most 100 characters long (it has 101)');
    expect(validationPaths(() => parseBet('primary', { ...base, source: long(101) }))).toEqual(['source']);
  });
});

describe('unknown fields (a review of the installed package)', () => {
  it('refuses a misspelled leg or bet field instead of reading it as absent (a lost 2% commission)', () => {
    const good = qualifier(1000, 3, 943, 3.2, 0.02);
    const [back, lay] = good.legs as [TrackedLegInput, TrackedLegInput];
    const { commission, ...layWithout } = lay;
    const misspelled = { ...good, notes: 'x', legs: [back, { ...layWithout, comission: commission }] } as unknown as TrackedBetInput;
    expect(validationError(() => parseBet('primary', misspelled)).issues).toEqual([
      { path: 'notes', message: 'is not a field of a tracked bet; did you mean note?' },
      { path: 'legs.1.comission', message: 'is not a field of a tracked leg; did you mean commission?' },
    ]);
  });
});
