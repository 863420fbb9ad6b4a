// CSV export of a dashboard's table (RFC 4180: comma-separated, CRLF line ends, a field quoted when
// it holds a comma, a quote or a line break, quotes doubled). A text cell that a spreadsheet would
// read as a formula (starting with =, +, -, @, a tab or a carriage return) is prefixed with a quote
// mark, so a campaign name chosen by whoever wrote a link cannot run in the analyst's spreadsheet.

/** One cell: text, a number, or empty (null). */
export type CsvCell = string | number | null;

function cell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The CSV text of a header row and the rows under it. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** Offers `text` as a file download named `name` (the browser's own save, nothing sent anywhere). */
export function downloadCsv(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // After the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
