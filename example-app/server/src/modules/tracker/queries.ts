// The tracker's queries. Each takes the database (or a transaction) first and the member's id
// second, and every statement filters on that id: a member can neither read nor change another
// member's rows, and a missing row looks the same whether it is someone else's or nobody's.
import { and, asc, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { BetStatus, TrackedBet } from '@matchkit/sdk/tracker';
import type { ProfitType } from '@matchkit/sdk/model';
import type { Db } from '../../db/client';
import { accounts, balanceEntries, trackedBets } from '../../db/schema';
import type { BetCursor } from './cursor';
import { betToRow, rowToBet } from './mapper';

/** Which bets a list or a total covers. `from` (inclusive) and `to` (exclusive) bound placedAt. */
export interface BetFilter {
  readonly source?: string | null;
  readonly profitTypes?: readonly ProfitType[] | null;
  readonly status?: BetStatus | null;
  readonly from?: Date | null;
  readonly to?: Date | null;
}

function whereBets(userId: string, filter: BetFilter): SQL {
  const conditions: SQL[] = [eq(trackedBets.userId, userId)];
  if (filter.source !== undefined && filter.source !== null) conditions.push(eq(trackedBets.source, filter.source));
  if (filter.profitTypes !== undefined && filter.profitTypes !== null) {
    conditions.push(filter.profitTypes.length === 0 ? sql`false` : inArray(trackedBets.profitType, [...filter.profitTypes]));
  }
  if (filter.status !== undefined && filter.status !== null) conditions.push(eq(trackedBets.status, filter.status));
  if (filter.from !== undefined && filter.from !== null) conditions.push(gte(trackedBets.placedAt, filter.from));
  if (filter.to !== undefined && filter.to !== null) conditions.push(lt(trackedBets.placedAt, filter.to));
  return and(...conditions) as SQL;
}

/**
 * One page of the member's bets, newest first by (placedAt, id), after `cursor` (a keyset: a bet
 * recorded while the member pages does not shift the pages they have not read yet).
 */
export async function pageOfBets(
  db: Db,
  userId: string,
  filter: BetFilter,
  first: number,
  cursor: BetCursor | null,
): Promise<{ bets: TrackedBet[]; hasNextPage: boolean }> {
  let where = whereBets(userId, filter);
  if (cursor !== null) {
    const at = new Date(cursor.placedAt);
    where = and(where, or(lt(trackedBets.placedAt, at), and(eq(trackedBets.placedAt, at), lt(trackedBets.id, cursor.id)))) as SQL;
  }
  const rows = await db
    .select()
    .from(trackedBets)
    .where(where)
    .orderBy(desc(trackedBets.placedAt), desc(trackedBets.id))
    .limit(first + 1);
  return { bets: rows.slice(0, first).map(rowToBet), hasNextPage: rows.length > first };
}

/** How many of the member's bets match the filter. */
export async function countBets(db: Db, userId: string, filter: BetFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(trackedBets).where(whereBets(userId, filter));
  return row?.n ?? 0;
}

/** Every bet of the member that matches the filter, oldest first by (placedAt, id). */
export async function loadBets(db: Db, userId: string, filter: BetFilter = {}): Promise<TrackedBet[]> {
  const rows = await db.select().from(trackedBets).where(whereBets(userId, filter)).orderBy(asc(trackedBets.placedAt), asc(trackedBets.id));
  return rows.map(rowToBet);
}

/** The member's settled bets settled in [from, to) (either bound may be open). */
export async function loadBetsSettledIn(db: Db, userId: string, from: Date | null, to: Date | null): Promise<TrackedBet[]> {
  const conditions: SQL[] = [eq(trackedBets.userId, userId), eq(trackedBets.status, 'settled')];
  if (from !== null) conditions.push(gte(trackedBets.settledAt, from));
  if (to !== null) conditions.push(lt(trackedBets.settledAt, to));
  const rows = await db
    .select()
    .from(trackedBets)
    .where(and(...conditions))
    .orderBy(asc(trackedBets.settledAt), asc(trackedBets.id));
  return rows.map(rowToBet);
}

/** One of the member's bets, or null. */
export async function findBet(db: Db, userId: string, id: string): Promise<TrackedBet | null> {
  const [row] = await db
    .select()
    .from(trackedBets)
    .where(and(eq(trackedBets.userId, userId), eq(trackedBets.id, id)))
    .limit(1);
  return row === undefined ? null : rowToBet(row);
}

/**
 * One of the member's bets, locked until the transaction `tx` ends (SELECT ... FOR UPDATE), or null.
 * Only call it inside a transaction.
 */
export async function lockBet(tx: Db, userId: string, id: string): Promise<TrackedBet | null> {
  const [row] = await tx
    .select()
    .from(trackedBets)
    .where(and(eq(trackedBets.userId, userId), eq(trackedBets.id, id)))
    .limit(1)
    .for('update');
  return row === undefined ? null : rowToBet(row);
}

/** Stores a new bet (the sdk validated it). */
export async function insertBet(db: Db, userId: string, bet: TrackedBet, now: Date): Promise<void> {
  await db.insert(trackedBets).values(betToRow(userId, bet, now));
}

/** Replaces a stored bet's fields with `bet` (same id); keeps its created_at. */
export async function updateBet(db: Db, userId: string, bet: TrackedBet, now: Date): Promise<void> {
  const { userId: _u, id: _i, createdAt: _c, ...fields } = betToRow(userId, bet, now);
  await db
    .update(trackedBets)
    .set(fields)
    .where(and(eq(trackedBets.userId, userId), eq(trackedBets.id, bet.id)));
}

/** Deletes one of the member's bets; true when there was one. */
export async function deleteBet(db: Db, userId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(trackedBets)
    .where(and(eq(trackedBets.userId, userId), eq(trackedBets.id, id)))
    .returning({ id: trackedBets.id });
  return gone.length > 0;
}

/** The columns an upsert replaces (everything but the key and created_at). */
const REPLACED = [
  'source',
  'profit_type',
  'status',
  'event',
  'market',
  'selection',
  'legs',
  'expected_profit',
  'settled_profit',
  'placed_at',
  'settled_at',
  'note',
  'updated_at',
];

/**
 * Stores bets by id: a new id is inserted, a stored one replaced (created_at kept). Returns, per bet
 * in input order, whether it was created. Run it in a transaction to make a batch all or nothing.
 */
export async function upsertBets(
  db: Db,
  userId: string,
  bets: readonly TrackedBet[],
  now: Date,
): Promise<{ id: string; created: boolean }[]> {
  const out: { id: string; created: boolean }[] = [];
  const set = Object.fromEntries(REPLACED.map((c) => [c, sql.raw(`excluded.${c}`)]));
  // Chunks keep each statement's parameter count well inside PostgreSQL's 65535.
  for (let i = 0; i < bets.length; i += 500) {
    const chunk = bets.slice(i, i + 500);
    const rows = await db
      .insert(trackedBets)
      .values(chunk.map((b) => betToRow(userId, b, now)))
      .onConflictDoUpdate({ target: [trackedBets.userId, trackedBets.id], set })
      // xmax is 0 on a freshly inserted row version and the updating transaction's id on a replaced one.
      .returning({ id: trackedBets.id, created: sql<boolean>`(xmax = 0)` });
    const created = new Map(rows.map((r) => [r.id, r.created]));
    for (const b of chunk) out.push({ id: b.id, created: created.get(b.id) === true });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Balance-sheet accounts and entries
// ---------------------------------------------------------------------------------------------

export type AccountRow = typeof accounts.$inferSelect;
export type BalanceEntryRow = typeof balanceEntries.$inferSelect;

/** The member's accounts, by name. */
export async function loadAccounts(db: Db, userId: string): Promise<AccountRow[]> {
  return db.select().from(accounts).where(eq(accounts.userId, userId)).orderBy(asc(accounts.name));
}

/** One of the member's accounts, locked until the transaction ends, or null. */
export async function lockAccount(tx: Db, userId: string, name: string): Promise<AccountRow | null> {
  const [row] = await tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.name, name)))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** Creates or updates an account. */
export async function saveAccount(
  db: Db,
  userId: string,
  account: { name: string; kind: 'bookmaker' | 'exchange'; restricted: boolean },
): Promise<void> {
  await db
    .insert(accounts)
    .values({ userId, ...account })
    .onConflictDoUpdate({ target: [accounts.userId, accounts.name], set: { kind: account.kind, restricted: account.restricted } });
}

/** Stores a balance entry. */
export async function insertEntry(db: Db, entry: BalanceEntryRow): Promise<void> {
  await db.insert(balanceEntries).values(entry);
}

/** The member's entries at instants in [from, to) (either bound may be open), in time order. */
export async function loadEntries(db: Db, userId: string, from: Date | null, to: Date | null): Promise<BalanceEntryRow[]> {
  const conditions: SQL[] = [eq(balanceEntries.userId, userId)];
  if (from !== null) conditions.push(gte(balanceEntries.at, from));
  if (to !== null) conditions.push(lt(balanceEntries.at, to));
  return db
    .select()
    .from(balanceEntries)
    .where(and(...conditions))
    .orderBy(asc(balanceEntries.at), asc(balanceEntries.id));
}
