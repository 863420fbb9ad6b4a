// The conditions a durable queue's worker claims by (the mail outbox, the push queue): both tables
// have an id, a state ('queued', 'sending', 'sent', 'failed'), attempts, the next attempt's time
// and a claim's lease.
import { and, eq, lte, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** The columns a queue table claims by. */
export interface QueueColumns {
  readonly id: PgColumn;
  readonly state: PgColumn;
  readonly attempts: PgColumn;
  readonly nextAttemptAt: PgColumn;
  readonly leaseUntil: PgColumn;
}

/** Rows due at `at`: queued and due, or 'sending' with a lapsed lease (their worker died or stalled). */
export function dueAt(table: QueueColumns, at: Date): SQL | undefined {
  return or(and(eq(table.state, 'queued'), lte(table.nextAttemptAt, at)), lapsedClaim(table, at));
}

/** Rows 'sending' whose lease had lapsed by `at`: the next worker claims them again. */
export function lapsedClaim(table: QueueColumns, at: Date): SQL | undefined {
  return and(eq(table.state, 'sending'), lte(table.leaseUntil, at));
}

/**
 * Row `id` while it is still the claim of attempt `attempts`: once its lease lapsed and another
 * worker claimed it (attempts moved on) or finished it, the row is that worker's.
 */
export function stillClaimed(table: QueueColumns, id: number, attempts: number): SQL | undefined {
  return and(eq(table.id, id), eq(table.state, 'sending'), eq(table.attempts, attempts));
}
