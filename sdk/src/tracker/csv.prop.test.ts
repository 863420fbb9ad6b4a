import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validationError } from '../internal/testing/validation';
import { TRACKER_CSV_COLUMNS, exportBetsCsv, importBetsCsv, parseBets } from './index';
import { betArb, betsArb } from './testing/arbitraries';

/** Text with the characters RFC 4180 quoting is about, those the formula-injection guard is about, and some that neither is. */
const awkward = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', ',', '"', '\r', '\n', '\r\n', 'é', '£', '😀', '\t', "'", '=', '+', '-', '@'), maxLength: 12 });

const betsWithAwkwardText = betsArb(6).chain((bets) =>
  fc.tuple(...bets.map((b) => fc
          .record({ event: awkward, market: awkward, selection: awkward, note: awkward, account: awkward.filter((t) => t.trim() !== ''), legMarket: awkward })
          .map(({ account, legMarket, ...t }) => ({ ...b, ...t, legs: b.legs.map((l, n) => ({ ...l, account, market: n === 0 ? legMarket : null, commission: 0 })) })))),
);

describe('CSV laws', () => {
  it('export then import gives the same bets', () => {
    fc.assert(
      fc.property(betsWithAwkwardText, (bets) => {
        expect(importBetsCsv('primary', exportBetsCsv(bets))).toEqual(parseBets('primary', bets));
      }),
      { numRuns: 150 },
    );
  });

  it('an import with bad rows imports nothing and lists every bad row by line and column', () => {
    fc.assert(
      fc.property(
        fc.array(betArb('x'), { minLength: 1, maxLength: 6 }).map((bs) => bs.map((b, i) => ({ ...b, id: `bet-${i}`, event: 'e', market: 'm', selection: 's', note: null }))),
        fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
        (bets, picks) => {
          // No quoted line breaks here, so record n is on line n + 1.
          const lines = exportBetsCsv(bets).split('\r\n');
          const rows = lines.length - 2; // header and the final empty string
          const bad = [...new Set(picks.map((p) => 2 + (p % rows)))].sort((a, b) => a - b);
          const oddsAt = TRACKER_CSV_COLUMNS.indexOf('odds');
          for (const line of bad) {
            const cells = (lines[line - 1] as string).split(',');
            cells[oddsAt] = 'evens';
            lines[line - 1] = cells.join(',');
          }
          const e = validationError(() => importBetsCsv('primary', lines.join('\r\n')));
          expect(e.issues.map((i) => i.path)).toEqual(bad.map((line) => `line ${line}.odds`));
        },
      ),
      { numRuns: 100 },
    );
  });
});
