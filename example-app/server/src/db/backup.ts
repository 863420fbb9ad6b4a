// A logical backup of every table, as newline-delimited JSON: one header line, then one line per
// row in foreign-key order. The same file restores into PGlite or PostgreSQL (so it also moves
// data between them). The backup reads one consistent snapshot (a REPEATABLE READ transaction);
// a restore writes everything in one transaction into an empty, migrated database, or nothing.
//
// Values keep their exact database meaning on either engine: instants are written as UTC ISO 8601
// with all six fractional digits PostgreSQL keeps (a JavaScript Date would drop the microseconds)
// and cast back with ::timestamptz, whatever the session time zone of either server; bigint pence
// are JSON numbers (the schema bounds them to ±2e13, well inside 2^53); jsonb and text[] as JSON.
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { asc, getTableColumns, getTableName, sql, type Column, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import * as s from './schema';

/** The tables a backup holds, parents before children. (pubsub_messages is transient and left out.) */
export const BACKUP_TABLES: readonly PgTable[] = [
  s.users,
  s.passwordResets,
  s.outbox,
  s.subscriptions,
  s.checkouts,
  s.ledger,
  s.refunds,
  s.receipts,
  s.receiptNumbers,
  s.billingNotices,
  s.webhookEvents,
  s.affiliateEntries,
  s.trackedBets,
  s.accounts,
  s.balanceEntries,
  s.exchangeSettings,
  s.integrations,
  s.offers,
  s.guides,
  s.offerCompletions,
];

const FORMAT = 'matchkit-backup';
const VERSION = 1;
const PAGE = 1000;

/** What a backup or restore did. */
export interface BackupSummary {
  readonly rows: Readonly<Record<string, number>>;
}

/** The table's primary key columns (a single-column key or a composite one declared on the table). */
function primaryOrder(table: PgTable) {
  const cols = Object.values(getTableColumns(table)) as Column[];
  const single = cols.filter((c) => c.primary);
  const composite = getTableConfig(table).primaryKeys[0]?.columns ?? [];
  const keys = single.length > 0 ? single : composite;
  if (keys.length === 0) throw new Error(`table ${getTableName(table)} has no primary key to page a backup by`);
  return keys.map((c) => asc(c));
}

/** An instant as UTC ISO 8601 with microseconds, computed by the database (exact on either engine). */
const ISO_MICROS = 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"';

/** What a backup selects from `table`: every column, instants as exact UTC text. */
function backupSelection(table: PgTable): Record<string, PgColumn | SQL> {
  const out: Record<string, PgColumn | SQL> = {};
  for (const [key, column] of Object.entries(getTableColumns(table)) as [string, PgColumn][]) {
    out[key] =
      column.dataType === 'date' ? sql<string | null>`to_char(${column} at time zone 'UTC', ${sql.raw(`'${ISO_MICROS}'`)})` : column;
  }
  return out;
}

/** Writes a backup of `db` to `file`. */
export async function backupDatabase(db: Db, file: string, now: number): Promise<BackupSummary> {
  const out = createWriteStream(file, { encoding: 'utf8', mode: 0o600 });
  const write = async (line: unknown) => {
    if (!out.write(`${JSON.stringify(line)}\n`)) await once(out, 'drain');
  };
  const rows: Record<string, number> = {};
  await write({ format: FORMAT, version: VERSION, createdAt: new Date(now).toISOString(), tables: BACKUP_TABLES.map(getTableName) });
  await db.transaction(
    async (tx) => {
      for (const table of BACKUP_TABLES) {
        const name = getTableName(table);
        rows[name] = 0;
        for (let offset = 0; ; offset += PAGE) {
          const page = await tx
            .select(backupSelection(table))
            .from(table)
            .orderBy(...primaryOrder(table))
            .limit(PAGE)
            .offset(offset);
          for (const row of page) await write({ t: name, r: row });
          rows[name] += page.length;
          if (page.length < PAGE) break;
        }
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  out.end();
  await once(out, 'finish');
  return { rows };
}

/** Restores `file` into `db`, which must be migrated and empty; all or nothing. */
export async function restoreDatabase(db: Db, file: string): Promise<BackupSummary> {
  const byName = new Map(BACKUP_TABLES.map((t) => [getTableName(t), t]));
  const rows: Record<string, number> = {};
  let header = true;
  let lineNo = 0;
  await db.transaction(async (tx) => {
    for (const table of BACKUP_TABLES) {
      const [first] = await tx
        .select({ one: sql<number>`1` })
        .from(table)
        .limit(1);
      if (first !== undefined) throw new Error(`restore needs an empty database: table ${getTableName(table)} has rows`);
    }
    // Rows are inserted in batches of up to 200 rows of one table.
    const pending: { table: PgTable | null; values: Record<string, unknown>[] } = { table: null, values: [] };
    const flush = async () => {
      if (pending.table !== null && pending.values.length > 0) await tx.insert(pending.table).values(pending.values as never);
      pending.table = null;
      pending.values = [];
    };
    // The file is opened only now, right before it is read: a readline interface emits its lines
    // as soon as the stream flows, and lines emitted before the loop below attaches are lost (on
    // PostgreSQL the transaction's round trips above took long enough to lose the whole file).
    const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
    for await (const line of lines) {
      lineNo += 1;
      if (line.trim() === '') continue;
      let parsed: { format?: string; version?: number; t?: string; r?: Record<string, unknown> };
      try {
        parsed = JSON.parse(line) as typeof parsed;
      } catch {
        throw new Error(`line ${lineNo}: not JSON`);
      }
      if (header) {
        if (parsed.format !== FORMAT || parsed.version !== VERSION) throw new Error(`line 1: not a ${FORMAT} version ${VERSION} file`);
        header = false;
        continue;
      }
      const table = parsed.t === undefined ? undefined : byName.get(parsed.t);
      if (table === undefined || parsed.r === undefined) throw new Error(`line ${lineNo}: unknown table ${JSON.stringify(parsed.t)}`);
      if (pending.table !== table || pending.values.length >= 200) {
        await flush();
        pending.table = table;
      }
      pending.values.push(revive(table, parsed.r));
      rows[parsed.t as string] = (rows[parsed.t as string] ?? 0) + 1;
    }
    await flush();
    if (header) throw new Error('the file is empty');
    // Serial ids continue after the restored ones (from 1 when the table is empty).
    for (const name of ['outbox', 'pubsub_messages']) {
      const max = sql`(select max(id) from ${sql.identifier(name)})`;
      await tx.execute(sql`select setval(pg_get_serial_sequence(${name}, 'id'), coalesce(${max}, 1), ${max} is not null)`);
    }
  });
  return { rows };
}

/** A row read back from JSON: instants are cast by the database from their text (exact to the microsecond). */
function revive(table: PgTable, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table)) as [string, Column][]) {
    const v = row[key];
    if (v === undefined) continue;
    out[key] = column.dataType === 'date' && typeof v === 'string' ? sql`${v}::timestamptz` : v;
  }
  return out;
}
