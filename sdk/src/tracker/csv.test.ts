import { describe, expect, it } from 'vitest';
import { validationError } from '../internal/testing/validation';
import {
  TRACKER_CSV_COLUMNS,
  exportBetsCsv,
  importBetsCsv,
  importBetsCsvInPart,
  parseBets,
  settleBet,
  type TrackedBetInput,
} from './index';
import { qualifier } from './testing/arbitraries';

const HEADER = TRACKER_CSV_COLUMNS.join(',');
const settled = settleBet(
  { ...qualifier(1000, 3, 943, 3.2, 0.02), event: 'Arsenal v Spurs, "derby"', note: 'line one\r\nline two' },
  { at: Date.UTC(2025, 7, 11, 17), results: ['lost', 'won'] },
);

describe('exportBetsCsv', () => {
  it('writes one row per leg with the documented columns, CRLF, and RFC 4180 quoting', () => {
    expect(exportBetsCsv([settled])).toBe(
      [
        HEADER,
        'q1,oddsmatcher,guaranteed,settled,"Arsenal v Spurs, ""derby""",Match Odds,Arsenal,2025-08-11T12:00:00.000Z,2025-08-11T17:00:00.000Z,0.00,-0.76,"line one\r\nline two",qualifying,back,bet-co,3,10.00,0,,lost,',
        'q1,oddsmatcher,guaranteed,settled,"Arsenal v Spurs, ""derby""",Match Odds,Arsenal,2025-08-11T12:00:00.000Z,2025-08-11T17:00:00.000Z,0.00,-0.76,"line one\r\nline two",qualifying,lay,smarkets,3.2,9.43,0.02,,won,',
        '',
      ].join('\r\n'),
    );
  });

  it('writes money in pounds with two decimals: stakes, expected and settled profits, negatives with a minus', () => {
    expect(HEADER).toContain(',expected_profit,settled_profit,');
    expect(HEADER).toContain(',stake,');
    const big = settleBet(qualifier(123_456_789, 2, 5, 2, 0), { at: Date.UTC(2025, 7, 11, 17), results: ['lost', 'won'] });
    const [, back] = exportBetsCsv([{ ...big, expectedProfit: -5 }]).split('\r\n');
    expect(back).toContain(',-0.05,-1234567.84,');
    expect(back).toContain(',bet-co,2,1234567.89,0,');
  });

  it('writes only the header for no bets', () => {
    expect(exportBetsCsv([])).toBe(`${HEADER}\r\n`);
  });
});

describe('importBetsCsv', () => {
  it('reads back what it exported', () => {
    expect(importBetsCsv('primary', exportBetsCsv([settled]))).toEqual(parseBets('primary', [settled]));
  });

  it('accepts LF line ends, a byte-order mark, blank lines, and columns in any order', () => {
    const cols = [...TRACKER_CSV_COLUMNS].reverse();
    const row: Record<string, string> = {
      bet_id: 'm1',
      source: 'manual',
      profit_type: 'ev',
      status: 'open',
      event: 'Race',
      market: 'Win',
      selection: 'Horse',
      placed_at: '2025-08-11T13:00:00+01:00',
      settled_at: '',
      expected_profit: '0.4',
      settled_profit: '',
      note: '',
      role: 'qualifying',
      side: 'back',
      account: 'punt-hub',
      odds: '6.5',
      stake: '5',
      commission: '0',
      free_bet: '',
      result: 'pending',
    };
    const text = `\uFEFF${cols.join(',')}\n\n${cols.map((c) => row[c]).join(',')}\n`;
    const [bet] = importBetsCsv('primary', text);
    expect(bet).toMatchObject({
      id: 'm1',
      placedAt: Date.UTC(2025, 7, 11, 12),
      expectedProfit: 40,
      legs: [{ odds: 6.5, stake: 500, freeBet: null }],
    });
  });

  it('reads a CSV written before money was in pounds (the _pence columns, integer pence)', () => {
    const old = exportBetsCsv([settled])
      .replace(',expected_profit,settled_profit,', ',expected_profit_pence,settled_profit_pence,')
      .replace(',stake,', ',stake_pence,')
      .replaceAll(',0.00,-0.76,', ',0,-76,')
      .replace(',10.00,', ',1000,')
      .replace(',9.43,', ',943,');
    expect(importBetsCsv('primary', old)).toEqual(parseBets('primary', [settled]));
  });

  it('imports nothing when a row is bad, and lists every bad value by line and column', () => {
    const good = exportBetsCsv([{ ...settled, note: null, event: 'Arsenal v Spurs' }]).split('\r\n');
    const other = exportBetsCsv([{ ...qualifier(500, 2.5, 490, 2.6, 0.02), id: 'q2' }]).split('\r\n');
    const lines = [
      good[0],
      good[1], // line 2: fine
      (good[2] as string).replace(',3.2,9.43,', ',3.2x,9.435,'), // line 3: odds and stake
      (other[1] as string).replace(',oddsmatcher,', ',golf-master-x,'), // line 4: unknown source
      (other[2] as string).replace(',pending', ',maybe').replace(',qualifying,lay,smarkets,', ',qualifying,lay,,'), // line 5: account, result
      'q3,manual,ev,open', // line 6: too few fields
      '',
    ];
    const e = validationError(() => importBetsCsv('primary', lines.join('\r\n')));
    expect(e.issues.map((i) => i.path)).toEqual([
      'line 3.odds',
      'line 3.stake',
      'line 4.source',
      'line 5.source',
      'line 5.account',
      'line 5.result',
      'line 6',
    ]);
    expect(e.issues[0]?.message).toBe('must be a decimal number, such as 3.25');
    expect(e.issues[1]?.message).toBe('must be an amount in pounds with at most two decimals, such as 10.50');
    expect(e.issues.at(-1)?.message).toBe('has 4 fields, the header 21');
  });

  it('numbers lines as physical lines: a quoted line break moves the next record down', () => {
    const text = exportBetsCsv([settled]).replace(',3.2,9.43,', ',0.5,9.43,');
    // Each record of `settled` spans two physical lines (its note holds CRLF): records start on lines 2 and 4.
    expect(validationError(() => importBetsCsv('primary', text)).issues.map((i) => i.path)).toEqual(['line 4.odds']);
  });

  it('names a bet column on which the rows of one bet disagree', () => {
    const [h, a, b] = exportBetsCsv([{ ...qualifier(1000, 3, 943, 3.2, 0.02) }]).split('\r\n');
    const text = [h, a, (b as string).replace('Match Odds', 'Both Teams To Score'), ''].join('\r\n');
    expect(validationError(() => importBetsCsv('primary', text)).issues).toEqual([
      { path: 'line 3.market', message: 'differs from line 2 of the same bet' },
    ]);
  });

  it('names a settled profit that the legs do not settle to', () => {
    const text = exportBetsCsv([settled]).replaceAll(',-0.76,', ',-0.75,');
    expect(validationError(() => importBetsCsv('primary', text)).issues).toEqual([
      { path: 'line 2.settled_profit', message: 'must equal what the legs settle to (-76 pence), not -75' },
    ]);
  });

  it('names a broken header and malformed quoting', () => {
    expect(validationError(() => importBetsCsv('primary', 'bet_id,source,colour\r\n')).issues.map((i) => i.path)).toEqual([
      'line 1.colour',
      ...TRACKER_CSV_COLUMNS.filter((c) => c !== 'bet_id' && c !== 'source' && c !== 'leg_market').map((c) => `line 1.${c}`),
    ]);
    const text = `${HEADER}\r\nq1,"oddsmatcher"x,guaranteed\r\nq2,odds"matcher\r\n`;
    expect(validationError(() => importBetsCsv('primary', text)).issues).toEqual([
      { path: 'line 2', message: 'a closing quote must end its field' },
      { path: 'line 3', message: 'a quote inside an unquoted field (quote the field and double the quote)' },
    ]);
    expect(validationError(() => importBetsCsv('primary', `${HEADER}\r\nq1,"open`)).issues).toEqual([
      { path: 'line 2', message: 'a quoted field is never closed' },
    ]);
    expect(validationError(() => importBetsCsv('primary', '')).issues.map((i) => i.path)).toEqual(['line 1']);
  });

  it('names CR-only line endings once, on the first line that has one, and not a CR inside a quoted note', () => {
    const crlf = exportBetsCsv([settled, { ...qualifier(500, 2.5, 490, 2.6, 0.02), id: 'q2' }]);
    expect(validationError(() => importBetsCsv('primary', crlf.replaceAll('\r\n', '\r'))).issues).toEqual([
      { path: 'line 1', message: 'line endings must be LF or CRLF, not CR alone (as old Mac files have)' },
    ]);
    // A CR alone typed in a quoted note is text, not a line ending.
    const withCr = exportBetsCsv([{ ...settled, note: 'a\rb' }]);
    expect(importBetsCsv('primary', withCr)[0]?.note).toBe('a\rb');
    // One bare CR after a good header and row: named on its own physical line (the note's CRLF counts).
    const lines = exportBetsCsv([{ ...qualifier(500, 2.5, 490, 2.6, 0.02), note: 'x\r\ny' }]).split('\r\n');
    const mixed = `${lines[0]}\r\n${lines[1]}\r\n${lines[2]}\r${lines[3]}\r\n`;
    expect(validationError(() => importBetsCsv('primary', mixed)).issues.map((i) => i.path)).toEqual(['line 3']);
  });

  it('an empty text or a byte-order mark alone is an error (no header); a header alone is no bets', () => {
    for (const text of ['', '\uFEFF', '\r\n']) {
      expect(validationError(() => importBetsCsv('primary', text)).issues.map((i) => i.path)).toEqual(['line 1']);
    }
    expect(importBetsCsv('primary', HEADER)).toEqual([]);
    expect(importBetsCsv('primary', `\uFEFF${HEADER}\r\n`)).toEqual([]);
  });

  it('checks sources against the brand', () => {
    const golf: TrackedBetInput = { ...qualifier(1000, 3, 943, 3.2, 0.02), source: 'golf-master' };
    expect(importBetsCsv('primary', exportBetsCsv([golf]))).toHaveLength(1);
    expect(validationError(() => importBetsCsv('secondary', exportBetsCsv([golf]))).issues.map((i) => i.path)).toEqual(['line 2.source']);
  });
});

describe('importBetsCsvInPart', () => {
  // An export holding a bet stored before the impossible-settlement rule: its back and its lay both won.
  const good = settleBet(qualifier(1000, 3, 943, 3.2, 0.02), { at: Date.UTC(2025, 7, 11, 17), results: ['lost', 'won'] });
  const [header, back, lay] = exportBetsCsv([good]).split('\r\n');
  const impossible = [back, lay].map((row) =>
    (row as string).replace(/^q1,/, 'old,').replace(',bet-co,3,10.00,0,,lost,', ',bet-co,3,10.00,0,,won,').replace(',-0.76,', ',,'),
  );
  const text = [header, back, lay, ...impossible, ''].join('\r\n');

  it('reads the good bets and lists the refused one with its lines and reasons', () => {
    expect(() => importBetsCsv('primary', text)).toThrow(/line 4/);
    const read = importBetsCsvInPart('primary', text);
    expect(read.bets).toEqual(parseBets('primary', [good]));
    expect(read.refused.map((r) => r.id)).toEqual(['old']);
    expect(read.refused[0]?.issues.map((i) => i.path)).toEqual(expect.arrayContaining(['line 4.result', 'line 5.result']));
    expect(read.refused[0]?.issues.find((i) => i.path === 'line 4.result')?.message).toMatch(
      /cannot be won while line 5 \(its lay\) is won too/,
    );
  });

  it('refuses the whole file when a row cannot be read (it may be a leg of any bet)', () => {
    const short = [header, back, lay, 'old,oddsmatcher', ''].join('\r\n');
    expect(validationError(() => importBetsCsvInPart('primary', short)).issues.map((i) => i.path)).toEqual(['line 4']);
  });

  it('lists every problem of a file it cannot read, as importBetsCsv does', () => {
    const both = [header, ...impossible, 'old,oddsmatcher', ''].join('\r\n');
    const paths = (fn: () => unknown) => validationError(fn).issues.map((i) => i.path);
    expect(paths(() => importBetsCsvInPart('primary', both))).toEqual(paths(() => importBetsCsv('primary', both)));
    expect(paths(() => importBetsCsvInPart('primary', both))).toEqual(expect.arrayContaining(['line 2.result', 'line 4']));
  });

  it('reads what importBetsCsv reads when every bet is good', () => {
    expect(importBetsCsvInPart('primary', exportBetsCsv([settled]))).toEqual({
      bets: importBetsCsv('primary', exportBetsCsv([settled])),
      refused: [],
    });
  });
});
