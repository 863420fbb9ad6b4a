// CSV export and import of tracked bets: one row per leg, RFC 4180 quoting, a fixed column set.
// importBetsCsv validates everything first and returns nothing unless every row is good;
// importBetsCsvInPart returns the good bets and lists the refused ones. Every bad value is reported
// by line and column.
import type { BrandRef } from '../brands/schema';
import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';
import { trackerSources, type TrackedBet, type TrackedBetInput } from './model';
import { checkPossible } from './outcomes';
import { readBet, readBets } from './settle';

/**
 * The columns of the tracker's CSV, in the order {@link exportBetsCsv} writes them. One row per leg;
 * the bet's columns (`bet_id` to `note`) are repeated on each of its legs' rows. Money
 * (`expected_profit`, `settled_profit`, `stake`) is pounds with two decimals (`10.50`, `-0.76`),
 * instants ISO 8601 in UTC, odds and commission decimals. `leg_market` is the leg's exchange market
 * key (empty for none); an import accepts a header without it (CSV written before the column
 * existed), every other column is required.
 *
 * @example
 * ```ts
 * import { TRACKER_CSV_COLUMNS } from '@matchkit/sdk/tracker';
 * TRACKER_CSV_COLUMNS[0]; // 'bet_id'
 * ```
 */
export const TRACKER_CSV_COLUMNS = [
  'bet_id',
  'source',
  'profit_type',
  'status',
  'event',
  'market',
  'selection',
  'placed_at',
  'settled_at',
  'expected_profit',
  'settled_profit',
  'note',
  'role',
  'side',
  'account',
  'odds',
  'stake',
  'commission',
  'free_bet',
  'result',
  'leg_market',
] as const;

type Column = (typeof TRACKER_CSV_COLUMNS)[number];

/** Quotes a field when it holds a comma, a quote, a CR or an LF (RFC 4180), doubling its quotes. */
function quote(field: string): string {
  return /[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field;
}

/** The free-text columns: a spreadsheet could run what they hold as a formula. */
const TEXT_COLUMNS: ReadonlySet<Column> = new Set<Column>([
  'bet_id',
  'source',
  'event',
  'market',
  'selection',
  'note',
  'account',
  'leg_market',
]);

/**
 * Texts a spreadsheet would take for a formula start with `=`, `+`, `-`, `@`, a tab or a CR. The
 * export defuses them with a leading `'`, and also prefixes a text that starts with apostrophes
 * followed by one of those, so that the import's rule (drop one `'` from a text of one or more
 * `'` followed by one of those) gives back exactly the text written.
 */
const FORMULA_LIKE = /^'*[=+\-@\t\r]/;
const DEFUSED = /^'+[=+\-@\t\r]/;
const defuse = (text: string): string => (FORMULA_LIKE.test(text) ? `'${text}` : text);
const restore = (text: string): string => (DEFUSED.test(text) ? text.slice(1) : text);

const iso = (ms: number | null): string => (ms === null ? '' : new Date(ms).toISOString());

/** Integer pence as pounds with two decimals (`-76` is `-0.76`), exactly: no floating point. */
function pounds(pence: number): string {
  const abs = Math.abs(pence);
  return `${pence < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Pounds with at most two decimals to integer pence, exactly; null when the text is not such an amount. */
function readPounds(text: string): number | null {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (m === null) return null;
  const pence = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' ? -pence : pence;
}

/**
 * The money columns of a CSV written before money was in pounds (integer pence), which an import
 * still reads: each is its column of today, read as pence.
 */
const PENCE_COLUMNS: Readonly<Record<string, Column>> = {
  expected_profit_pence: 'expected_profit',
  settled_profit_pence: 'settled_profit',
  stake_pence: 'stake',
};

/**
 * Writes tracked bets as CSV: a header row of {@link TRACKER_CSV_COLUMNS}, then one row per leg,
 * bets in the order given and legs in leg order. Rows end with CRLF; a field is quoted (with its
 * quotes doubled) when it holds a comma, a double quote, a CR or an LF (RFC 4180). Empty fields are
 * `settled_at` and `settled_profit` while unsettled, `note` when there is none, `free_bet`
 * except on a free-bet back leg, `leg_market` on a leg without a market key.
 *
 * Formula injection: a text cell (`bet_id`, `source`, `event`, `market`, `selection`, `note`,
 * `account`, `leg_market`) that starts with `=`, `+`, `-`, `@`, a tab or a CR, possibly after
 * apostrophes, is written with one more `'` in front, so that a spreadsheet shows it as text
 * rather than running it. {@link importBetsCsv} drops that `'` again and reads the CSV back to
 * the same bets.
 *
 * @param bets - the bets (validated: every bad field is reported)
 * @returns the CSV text
 * @throws MatchkitValidationError naming every bad field of the bets
 *
 * @example
 * ```ts
 * import { exportBetsCsv } from '@matchkit/sdk/tracker';
 * exportBetsCsv([]).startsWith('bet_id,source,profit_type'); // true
 * ```
 */
export function exportBetsCsv(bets: readonly TrackedBetInput[]): string {
  const rows: string[] = [TRACKER_CSV_COLUMNS.join(',')];
  for (const b of readBets(bets, 'exportBetsCsv input')) {
    for (const l of b.legs) {
      const cells: Record<Column, string> = {
        bet_id: b.id,
        source: b.source,
        profit_type: b.profitType,
        status: b.status,
        event: b.event,
        market: b.market,
        selection: b.selection,
        placed_at: iso(b.placedAt),
        settled_at: iso(b.settledAt),
        expected_profit: pounds(b.expectedProfit),
        settled_profit: b.settledProfit === null ? '' : pounds(b.settledProfit),
        note: b.note ?? '',
        role: l.role,
        side: l.side,
        account: l.account,
        odds: String(l.odds),
        stake: pounds(l.stake),
        commission: String(l.commission),
        free_bet: l.freeBet ?? '',
        result: l.result,
        leg_market: l.market ?? '',
      };
      rows.push(TRACKER_CSV_COLUMNS.map((c) => quote(TEXT_COLUMNS.has(c) ? defuse(cells[c]) : cells[c])).join(','));
    }
  }
  return `${rows.join('\r\n')}\r\n`;
}

interface Record_ {
  /** The physical line the record starts on (1-based). */
  readonly line: number;
  readonly fields: string[];
}

/**
 * The physical line (1-based) of the first CR that is not followed by LF and is not inside a quoted
 * field, or null when there is none. Such a CR ends lines in old Mac files; read as CRLF/LF text,
 * the whole file would be one line. Quoted fields are tracked as RFC 4180 does (a quote opens one
 * only at the start of a field), so a CR a member typed in a quoted note is not counted.
 */
function bareCarriageReturn(text: string): number | null {
  let line = 1;
  let quoted = false;
  let fieldStart = true;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (ch === '\n') line += 1;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') i += 1;
        else quoted = false;
      }
      continue;
    }
    if (ch === '"' && fieldStart) {
      quoted = true;
      fieldStart = false;
      continue;
    }
    if (ch === '\r' && text[i + 1] !== '\n') return line;
    fieldStart = ch === ',' || ch === '\n' || ch === '\r' || ch === '\ufeff';
  }
  return null;
}

/** Splits RFC 4180 text into records, recording malformed quoting by line. Accepts CRLF or LF. */
function parseRecords(text: string, issues: ValidationIssue[]): Record_[] {
  const records: Record_[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  while (i < text.length) {
    const start = line;
    const fields: string[] = [];
    let broken = false;
    for (;;) {
      let field = '';
      if (text[i] === '"') {
        i += 1;
        for (;;) {
          if (i >= text.length) {
            issues.push({ path: `line ${start}`, message: 'a quoted field is never closed' });
            broken = true;
            break;
          }
          const ch = text[i] as string;
          if (ch === '"') {
            if (text[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i += 1;
            break;
          }
          if (ch === '\n') line += 1;
          field += ch;
          i += 1;
        }
        if (!broken && i < text.length && text[i] !== ',' && text[i] !== '\n' && !(text[i] === '\r' && text[i + 1] === '\n')) {
          issues.push({ path: `line ${line}`, message: 'a closing quote must end its field' });
          broken = true;
        }
      } else {
        while (i < text.length && text[i] !== ',' && text[i] !== '\n' && !(text[i] === '\r' && text[i + 1] === '\n')) {
          if (text[i] === '"' && !broken) {
            issues.push({ path: `line ${line}`, message: 'a quote inside an unquoted field (quote the field and double the quote)' });
            broken = true;
          }
          field += text[i] as string;
          i += 1;
        }
      }
      fields.push(field);
      if (broken) {
        // Skip to the end of the physical line and drop the record.
        while (i < text.length && text[i] !== '\n') i += 1;
        break;
      }
      if (text[i] === ',') {
        i += 1;
        continue;
      }
      break;
    }
    if (text[i] === '\r') i += 1;
    if (text[i] === '\n') {
      i += 1;
      line += 1;
    }
    if (!broken && !(fields.length === 1 && fields[0] === '')) records.push({ line: start, fields });
  }
  return records;
}

const BET_COLUMNS: readonly Column[] = TRACKER_CSV_COLUMNS.slice(0, 12);

/** The field a column holds: its words in camel case (`profit_type` holds profitType), but `bet_id` holds the id and `leg_market` the leg's market. */
const fieldOf = (c: Column): string =>
  c === 'bet_id' ? 'id' : c === 'leg_market' ? 'market' : c.replace(/_(\w)/g, (_, w: string) => w.toUpperCase());

/**
 * The column of each bet field and of each leg field, in the order they are read: what a bet is
 * read from, and where a readBet issue is reported by line and column (an issue about the legs as
 * a whole at `role`).
 */
const BET_FIELD: Readonly<Record<string, Column>> = /* @__PURE__ */ Object.fromEntries(BET_COLUMNS.map((c) => [fieldOf(c), c]));
const LEG_FIELD: Readonly<Record<string, Column>> = /* @__PURE__ */ Object.fromEntries(
  TRACKER_CSV_COLUMNS.slice(BET_COLUMNS.length).map((c) => [fieldOf(c), c]),
);

type Cells = Record<Column, string>;

/**
 * The instant an ISO 8601 date-time with an offset names, or null when it is malformed or names no
 * real date and time (2025-02-30, 24:00, minute 60): the written fields must read back from the
 * parsed instant at the written offset.
 */
function writtenInstant(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,3})?)?(Z|([+-])(\d{2}):(\d{2}))$/.exec(text);
  if (m === null) return null;
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) return null;
  const [, y, mo, d, h, mi, sec = '00'] = m;
  const offsetMin = m[8] === 'Z' ? 0 : (m[9] === '-' ? -1 : 1) * (Number(m[10]) * 60 + Number(m[11]));
  if (Number(m[10] ?? 0) > 23 || Number(m[11] ?? 0) > 59) return null;
  const wall = new Date(ms + offsetMin * 60_000);
  const same =
    wall.getUTCFullYear() === Number(y) &&
    wall.getUTCMonth() + 1 === Number(mo) &&
    wall.getUTCDate() === Number(d) &&
    wall.getUTCHours() === Number(h) &&
    wall.getUTCMinutes() === Number(mi) &&
    wall.getUTCSeconds() === Number(sec);
  return same ? ms : null;
}

/** Reads one typed cell: the value, or the raw text after recording why it is bad. */
function typed(cells: Cells, column: Column, line: number, issues: Map<string, ValidationIssue>, inPence: ReadonlySet<Column>): unknown {
  const text = cells[column];
  const bad = (message: string) => {
    const path = `line ${line}.${column}`;
    if (!issues.has(path)) issues.set(path, { path, message });
    return text;
  };
  switch (column) {
    case 'placed_at':
    case 'settled_at':
      if (text === '') return column === 'settled_at' ? null : bad('is required');
      {
        const ms = writtenInstant(text);
        return ms === null
          ? bad('must be an ISO 8601 date-time with an offset, such as 2025-08-11T12:00:00.000Z, naming a real date and time')
          : ms;
      }
    case 'expected_profit':
    case 'settled_profit':
    case 'stake':
      if (text === '') return column === 'settled_profit' ? null : bad('is required');
      if (inPence.has(column)) return /^-?\d+$/.test(text) ? Number(text) : bad('must be a whole number of pence, such as 1050 for £10.50');
      return readPounds(text) ?? bad('must be an amount in pounds with at most two decimals, such as 10.50');
    case 'odds':
    case 'commission':
      if (text === '') return bad('is required');
      return /^\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text) ? Number(text) : bad('must be a decimal number, such as 3.25');
    case 'free_bet':
      return text === '' ? null : text;
    case 'note':
    case 'leg_market':
      return text === '' ? null : restore(text);
    default:
      return TEXT_COLUMNS.has(column) ? restore(text) : text;
  }
}

/**
 * Reads tracked bets from CSV written with {@link TRACKER_CSV_COLUMNS} (as {@link exportBetsCsv}
 * writes it): a header row naming every column exactly once, in any order (`leg_market` may be
 * left out: no leg then has a market key), then one row per leg. A text cell of one or more `'`
 * followed by `=`, `+`, `-`, `@`, a tab or a CR loses one `'` (the export's formula-injection
 * guard); instants must name a real date and time (`2025-02-30` and `24:00` are rejected).
 * Rows with the same `bet_id` are one bet, its legs in row order, and must agree on the bet's
 * columns. Quoting is RFC 4180 (a quoted field may hold commas, doubled quotes and line breaks);
 * rows may end with CRLF or LF, not CR alone (one issue names the first such line); a leading
 * byte-order mark and blank lines are ignored. An empty text (or a byte-order mark alone) has no
 * header and is an error; a header without rows gives no bets. Every bet is validated as
 * {@link parseBet} does, its source against the brand.
 *
 * All or nothing: when any row is bad nothing is imported, and the error lists every bad value by
 * line (the physical line its record starts on, the header being line 1) and column, with paths
 * such as `line 3.odds`.
 *
 * @param brand - the brand whose tracker sources the bets' sources must be one of
 * @param text - the CSV text
 * @returns the bets, in the order of their first rows
 * @throws MatchkitValidationError listing every bad row by line and column
 *
 * @example
 * ```ts
 * import { exportBetsCsv, importBetsCsv } from '@matchkit/sdk/tracker';
 * importBetsCsv('primary', exportBetsCsv([])); // []
 * ```
 */
export function importBetsCsv(brand: BrandRef, text: string): readonly TrackedBet[] {
  const subject = 'tracker CSV';
  const read = readCsv(brand, text);
  const issues = [...read.fileIssues, ...read.bets.flatMap((b) => b.issues)];
  if (issues.length > 0) return throwAll(sortByLine(issues), subject);
  return readBets(
    read.bets.map((b) => b.bet),
    subject,
  );
}

/**
 * What {@link importBetsCsvInPart} reads: the good bets, and every bet it refused with the issues
 * that refused it.
 *
 * @example
 * ```ts
 * import type { CsvImport } from '@matchkit/sdk/tracker';
 * const refusedLines = (r: CsvImport) => r.refused.flatMap((b) => b.issues.map((i) => i.path));
 * ```
 */
export interface CsvImport {
  /** The bets whose every value is good, in the order of their first rows. */
  readonly bets: readonly TrackedBet[];
  /** The bets refused, in the order of their first rows: the bet's id as written and its issues (`line 3.result`). */
  readonly refused: readonly { readonly id: string; readonly issues: readonly ValidationIssue[] }[];
}

/**
 * Reads tracked bets from the tracker's CSV as {@link importBetsCsv} does, but bet by bet: a bet
 * with a bad value (a bad cell, results that cannot happen together, a source the brand does not
 * have) is refused and listed with its issues, and the other bets are read. A restore of an export
 * that holds one bad bet (a bet stored before a rule that now refuses it) then brings back every
 * other bet. The file itself must be readable: a bad header, broken quoting, a row with the wrong
 * number of fields or CR line endings refuse the whole file (a row that cannot be read may be a leg
 * of any bet), as {@link importBetsCsv} does.
 *
 * @param brand - the brand whose tracker sources the bets' sources must be one of
 * @param text - the CSV text
 * @returns the good bets and the refused ones
 * @throws MatchkitValidationError when the file cannot be read, listing every problem by line (the
 *   bets' problems too, as {@link importBetsCsv} lists them)
 *
 * @example
 * ```ts
 * import { exportBetsCsv, importBetsCsvInPart } from '@matchkit/sdk/tracker';
 * importBetsCsvInPart('primary', exportBetsCsv([])); // { bets: [], refused: [] }
 * ```
 */
export function importBetsCsvInPart(brand: BrandRef, text: string): CsvImport {
  const subject = 'tracker CSV';
  const read = readCsv(brand, text);
  // A file that cannot be read is refused whole, with every problem (its bets' too), as importBetsCsv refuses it.
  if (read.fileIssues.length > 0) return throwAll(sortByLine([...read.fileIssues, ...read.bets.flatMap((b) => b.issues)]), subject);
  const good = read.bets.filter((b) => b.issues.length === 0).map((b) => b.bet);
  return Object.freeze({
    bets: readBets(good, subject),
    refused: Object.freeze(
      read.bets.filter((b) => b.issues.length > 0).map((b) => Object.freeze({ id: b.id, issues: Object.freeze(sortByLine(b.issues)) })),
    ),
  });
}

const lineOfPath = (p: string) => Number(/^line (\d+)/.exec(p)?.[1] ?? 0);
const sortByLine = (issues: readonly ValidationIssue[]) => [...issues].sort((a, b) => lineOfPath(a.path) - lineOfPath(b.path));

/** Reads the CSV: the problems of the file itself (nothing can be read), and each bet with its own problems. */
function readCsv(
  brand: BrandRef,
  text: string,
): { fileIssues: ValidationIssue[]; bets: { id: string; bet: TrackedBet; issues: ValidationIssue[] }[] } {
  const sources = trackerSources(brand);
  const issues: ValidationIssue[] = [];
  const none = (list: ValidationIssue[]) => ({ fileIssues: list, bets: [] });
  if (typeof text !== 'string') return none([{ path: '', message: 'expected the CSV text as a string' }]);
  const bareCr = bareCarriageReturn(text);
  if (bareCr !== null) {
    return none([{ path: `line ${bareCr}`, message: 'line endings must be LF or CRLF, not CR alone (as old Mac files have)' }]);
  }
  const records = parseRecords(text, issues);
  const header = records[0];
  if (header === undefined) {
    issues.push({ path: 'line 1', message: `must be a header row naming the columns ${TRACKER_CSV_COLUMNS.join(',')}` });
    return none(issues);
  }
  const at = new Map<string, number>();
  const inPence = new Set<Column>();
  header.fields.forEach((written, n) => {
    const old = PENCE_COLUMNS[written];
    const name = old ?? written;
    if (old !== undefined) inPence.add(old);
    if (!(TRACKER_CSV_COLUMNS as readonly string[]).includes(name))
      issues.push({ path: `line ${header.line}.${name}`, message: 'is not a column of the tracker CSV' });
    else if (at.has(name)) issues.push({ path: `line ${header.line}.${name}`, message: 'is named twice' });
    else at.set(name, n);
  });
  const required = TRACKER_CSV_COLUMNS.filter((c) => c !== 'leg_market');
  for (const c of required) if (!at.has(c)) issues.push({ path: `line ${header.line}.${c}`, message: 'is missing from the header' });
  if (issues.length > 0 && required.some((c) => !at.has(c))) return none(issues);

  const bets = new Map<string, { rows: { line: number; cells: Cells }[] }>();
  for (const r of records.slice(1)) {
    if (r.fields.length !== header.fields.length) {
      issues.push({ path: `line ${r.line}`, message: `has ${r.fields.length} fields, the header ${header.fields.length}` });
      continue;
    }
    const cells = Object.fromEntries(
      TRACKER_CSV_COLUMNS.map((c) => [c, (at.has(c) ? r.fields[at.get(c) as number] : undefined) ?? '']),
    ) as Cells;
    const group = bets.get(cells.bet_id) ?? { rows: [] };
    group.rows.push({ line: r.line, cells });
    bets.set(cells.bet_id, group);
  }

  const out: { id: string; bet: TrackedBet; issues: ValidationIssue[] }[] = [];
  for (const [id, { rows }] of bets) {
    const own: ValidationIssue[] = [];
    const cellIssues = new Map<string, ValidationIssue>();
    const first = rows[0] as { line: number; cells: Cells };
    for (const row of rows.slice(1)) {
      for (const c of BET_COLUMNS) {
        if (row.cells[c] !== first.cells[c]) {
          own.push({ path: `line ${row.line}.${c}`, message: `differs from line ${first.line} of the same bet` });
        }
      }
    }
    // The bet's fields from its first row, then its legs from every row, each field from its column.
    const read = (fields: Readonly<Record<string, Column>>, cells: Cells, line: number) =>
      Object.fromEntries(Object.entries(fields).map(([field, c]) => [field, typed(cells, c, line, cellIssues, inPence)]));
    const input: Record<string, unknown> = {
      ...read(BET_FIELD, first.cells, first.line),
      legs: rows.map(({ line, cells }) => read(LEG_FIELD, cells, line)),
    };
    const local: ValidationIssue[] = [];
    const bet = readBet(input, local);
    if (local.length === 0 && bet.status !== 'void') {
      const lineOf = (n: number) => `line ${(rows[n] as { line: number }).line}`;
      checkPossible(
        bet.profitType,
        bet.legs,
        bet.legs.map((l) => l.result),
        local,
        (n) => `legs.${n}.result`,
        lineOf,
      );
    }
    const source = input['source'];
    if (typeof source === 'string' && source !== '' && !sources.includes(source)) {
      local.push({ path: 'source', message: `must be one of the brand's tracker sources (${sources.join(', ')})` });
    }
    for (const issue of local) {
      const [head = '', n, field] = issue.path.split('.');
      const leg = head === 'legs' && n !== undefined && field !== undefined ? rows[Number(n)] : undefined;
      const path =
        leg !== undefined
          ? `line ${leg.line}.${LEG_FIELD[field as string] ?? field}`
          : `line ${first.line}.${head === 'legs' ? 'role' : (BET_FIELD[head] ?? head)}`;
      if (!cellIssues.has(path)) own.push({ path, message: issue.message });
    }
    own.push(...cellIssues.values());
    out.push({ id, bet, issues: own });
  }
  return { fileIssues: issues, bets: out };
}

function throwAll(issues: readonly ValidationIssue[], subject: string): never {
  throw new MatchkitValidationError(subject, issues);
}
