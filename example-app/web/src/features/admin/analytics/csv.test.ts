import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('writes a header and rows with CRLF line ends, empty cells for null', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x', 1],
          [null, 2],
        ],
      ),
    ).toBe('a,b\r\nx,1\r\n,2\r\n');
  });

  it('quotes a field with a comma, a quote or a line break, doubling quotes', () => {
    expect(toCsv(['c'], [['spring, 2026'], ['say "hi"'], ['two\nlines']])).toBe('c\r\n"spring, 2026"\r\n"say ""hi"""\r\n"two\nlines"\r\n');
  });

  it('keeps a cell that a spreadsheet would run as a formula as text', () => {
    expect(toCsv(['c'], [['=HYPERLINK("x")'], ['+1'], ['-2'], ['@sum']])).toBe('c\r\n"\'=HYPERLINK(""x"")"\r\n\'+1\r\n\'-2\r\n\'@sum\r\n');
    // Numbers are numbers, never prefixed.
    expect(toCsv(['n'], [[-3]])).toBe('n\r\n-3\r\n');
  });
});
