// A logical backup of every table, as newline-delimited JSON: one header line, then one line per
// row in foreign-key order. The same file restores into PGlite or PostgreSQL (so it also moves
// data between them). The backup reads one consistent snapshot (a REPEATABLE READ transaction);
// a restore writes everything in one transaction into an empty, migrated database, or nothing.
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { asc, getTableColumns, getTableName, sql, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
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

function primaryOrder(table: PgTable) {
  const cols = Object.values(getTableColumns(table)) as Column[];
  const keys = cols.filter((c) => c.primary);
  // Composite keys are declared on the table, not the columns: order by every column then (stable).
  return (keys.length > 0 ? keys : cols).map((c) => asc(c));
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
          const page = await tx.select().from(table).orderBy(...primaryOrder(table)).limit(PAGE).offset(offset);
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
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  const rows: Record<string, number> = {};
  let header = true;
  let lineNo = 0;
  await db.transaction(async (tx) => {
    for (const table of BACKUP_TABLES) {
      const [first] = await tx.select({ one: sql<number>`1` }).from(table).limit(1);
      if (first !== undefined) throw new Error(`restore needs an empty database: table ${getTableName(table)} has rows`);
    }
    // Rows are inserted in batches of up to 200 rows of one table.
    const pending: { table: PgTable | null; values: Record<string, unknown>[] } = { table: null, values: [] };
    const flush = async () => {
      if (pending.table !== null && pending.values.length > 0) await tx.insert(pending.table).values(pending.values as never);
      pending.table = null;
      pending.values = [];
    };
    for await (const line of lines) {
      lineNo += 1;
      if (line.trim() === '') continue;
      const parsed = JSON.parse(line) as { format?: string; version?: number; t?: string; r?: Record<string, unknown> };
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
    // Serial ids continue after the restored ones.
    for (const name of ['outbox', 'pubsub_messages']) {
      await tx.execute(sql`select setval(pg_get_serial_sequence(${name}, 'id'), greatest((select coalesce(max(id), 0) from ${sql.identifier(name)}), 1))`);
    }
  });
  return { rows };
}

/** A row read back from JSON: instants become Dates again. */
function revive(table: PgTable, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table)) as [string, Column][]) {
    const v = row[key];
    if (v === undefined) continue;
    out[key] = column.dataType === 'date' && typeof v === 'string' ? new Date(v) : v;
  }
  return out;
}
