import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validationError } from '../internal/testing/validation';
import { TRACKER_CSV_COLUMNS, exportBetsCsv, importBetsCsv, parseBets } from './index';
import { betArb, betsArb } from './testing/arbitraries';

/** Text with the characters RFC 4180 quoting is about, those the formula-injection guard is about, and some that neither is. */
const awkward = fc.string({
  unit: fc.constantFrom('a', 'Z', ' ', ',', '"', '\r', '\n', '\r\n', 'é', '£', '😀', '\t', "'", '=', '+', '-', '@'),
  maxLength: 12,
});

const betsWithAwkwardText = betsArb(6).chain((bets) =>
  fc.tuple(
    ...bets.map((b) =>
      fc
        .record({
          event: awkward,
          market: awkward,
          selection: awkward,
          note: awkward,
          account: awkward.filter((t) => t.trim() !== ''),
          legMarket: awkward,
        })
        .map(({ account, legMarket, ...t }) => ({
          ...b,
          ...t,
          legs: b.legs.map((l, n) => ({ ...l, account, market: n === 0 ? legMarket : null, commission: 0 })),
        })),
    ),
  ),
);

describe('CSV laws', () => {
  it('money is written in pounds with two decimals, and each amount names exactly the pence it was', () => {
    const money = ['expected_profit', 'settled_profit', 'stake'] as const;
    // Plain texts, so that a row splits on its commas.
    const plain = betsArb(6).map((bets) => bets.map((b) => ({ ...b, event: 'e', market: 'm', selection: 's', note: null })));
    fc.assert(
      fc.property(plain, (bets) => {
        const [header = '', ...rows] = exportBetsCsv(bets).trimEnd().split('\r\n');
        const at = money.map((c) => header.split(',').indexOf(c));
        const parsed = parseBets('primary', bets);
        const amounts = parsed.flatMap((b) => b.legs.map((l) => [b.expectedProfit, b.settledProfit, l.stake] as const));
        expect(rows.length).toBe(amounts.length);
        rows.forEach((row, n) => {
          const cells = row.split(',');
          at.forEach((i, k) => {
            const cell = cells[i] ?? '';
            const pence = amounts[n]?.[k];
            if (pence === null) expect(cell).toBe('');
            else {
              expect(cell).toMatch(/^-?\d+\.\d{2}$/);
              const [whole = '', dec = ''] = cell.replace('-', '').split('.');
              expect((cell.startsWith('-') ? -1 : 1) * (Number(whole) * 100 + Number(dec))).toBe(pence);
            }
          });
        });
        expect(importBetsCsv('primary', exportBetsCsv(bets))).toEqual(parsed);
      }),
      { numRuns: 150 },
    );
  });

  it('export then import gives the same bets', () => {
    fc.assert(
      fc.property(betsWithAwkwardText, (bets) => {
        expect(importBetsCsv('primary', exportBetsCsv(bets))).toEqual(parseBets('primary', bets));
      }),
      { numRuns: 150 },
    );
  });

  it('an import with bad rows imports nothing and lists every bad row by line and column', () => {
    // One bad cell per picked row, in one of several columns. A bet column is the bet's, so it is
    // spoilt on every row of the bet and named once, on the bet's first row. Notes hold quoted
    // line breaks (the first bet's always), so records and physical lines differ.
    const spoil = {
      odds: 'evens',
      stake: '10.505',
      side: 'sideways',
      result: 'maybe',
      commission: '5%',
      placed_at: '2025-02-30T12:00:00Z',
      expected_profit: '£3',
    } as const;
    type Spoilt = keyof typeof spoil;
    const betColumn = (c: Spoilt) => c === 'placed_at' || c === 'expected_profit';
    fc.assert(
      fc.property(
        fc.array(fc.tuple(betArb('x'), fc.constantFrom(null, 'a\nb', 'x\r\ny\r\nz', 'plain')), { minLength: 1, maxLength: 6 }).map((bs) =>
          bs.map(([b, note], i) => ({
            ...b,
            id: `bet-${i}`,
            event: 'e',
            market: 'm',
            selection: 's',
            note: i === 0 ? 'first\r\nsecond' : note,
          })),
        ),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom(...(Object.keys(spoil) as Spoilt[]))), { minLength: 1, maxLength: 4 }),
        (bets, picks) => {
          const text = exportBetsCsv(bets);
          // Records: the only quoted cells are notes, which hold no quotes or commas.
          const records = text.match(/(?:"[^"]*"|[^"\r\n])*\r\n/g) ?? [];
          expect(records.join('')).toBe(text);
          const lineOf: number[] = [];
          records.reduce((line, r) => (lineOf.push(line), line + (r.match(/\n/g) ?? []).length), 1);
          const cells = records.map((r) => r.slice(0, -2).split(','));
          const col = (c: string) => TRACKER_CSV_COLUMNS.indexOf(c as (typeof TRACKER_CSV_COLUMNS)[number]);
          const expected = new Set<string>();
          for (const [p, column] of picks) {
            const row = 1 + (p % (records.length - 1));
            const id = cells[row]?.[col('bet_id')];
            // A lay's side only: a back spoilt would leave its lays without a back, a second issue.
            if (column === 'side' && cells[row]?.[col('side')] !== 'lay') continue;
            if (betColumn(column)) {
              const rows = cells.map((c, n) => (n > 0 && c[col('bet_id')] === id ? n : -1)).filter((n) => n > 0);
              for (const n of rows) (cells[n] as string[])[col(column)] = spoil[column];
              expected.add(`line ${lineOf[rows[0] as number]}.${column}`);
            } else {
              (cells[row] as string[])[col(column)] = spoil[column];
              expected.add(`line ${lineOf[row]}.${column}`);
            }
          }
          fc.pre(expected.size > 0);
          const spoilt = cells.map((c) => `${c.join(',')}\r\n`).join('');
          const e = validationError(() => importBetsCsv('primary', spoilt));
          const paths = e.issues.map((i) => i.path);
          expect([...paths].sort()).toEqual([...expected].sort());
          const lines = paths.map((x) => Number(/^line (\d+)\./.exec(x)?.[1]));
          expect(lines).toEqual([...lines].sort((a, b) => a - b));
        },
      ),
      { numRuns: 150 },
    );
  });
});
