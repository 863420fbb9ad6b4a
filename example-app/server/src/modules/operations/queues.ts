// What the console's operations page reads of the delivery queues (the mail outbox and the push
// queue): how many messages are in each state and since when the oldest waits, and the last
// seven days' failures grouped by their error. Administrators only.
import { and, count, gte, isNotNull, min, sql } from 'drizzle-orm';
import type { RequestContext } from '../../kernel';
import { outbox, pushOutbox } from '../../db/schema';
import { requireAdmin } from '../admin/require-admin';

const WEEK_MS = 7 * 86_400_000;
const STATES = ['queued', 'sending', 'sent', 'failed'] as const;

/** Query.adminQueueDepths: every state of both queues, zero included, in a fixed order. */
export async function adminQueueDepths(_: unknown, __: unknown, ctx: RequestContext) {
  await requireAdmin(ctx);
  const [mail, push] = await Promise.all(
    [outbox, pushOutbox].map((table) =>
      ctx.db
        .select({ state: table.state, count: count(), oldestAt: min(table.createdAt) })
        .from(table)
        .groupBy(table.state),
    ),
  );
  return (
    [
      ['mail', mail],
      ['push', push],
    ] as const
  ).flatMap(([queue, rows]) =>
    STATES.map((state) => {
      const row = rows?.find((r) => r.state === state);
      return { queue, state, count: row?.count ?? 0, oldestAt: row?.oldestAt ?? null };
    }),
  );
}

/** Query.adminQueueErrors: failed or retried messages of the last week, by queue and error. */
export async function adminQueueErrors(_: unknown, __: unknown, ctx: RequestContext) {
  await requireAdmin(ctx);
  const since = new Date(ctx.now - WEEK_MS);
  const [mail, push] = await Promise.all(
    [outbox, pushOutbox].map((table) =>
      ctx.db
        .select({
          error: sql<string>`left(${table.lastError}, 200)`,
          count: count(),
          lastAt: sql<Date>`max(${table.createdAt})`.mapWith(table.createdAt),
        })
        .from(table)
        .where(and(isNotNull(table.lastError), gte(table.createdAt, since)))
        .groupBy(sql`1`),
    ),
  );
  return [...(mail ?? []).map((r) => ({ queue: 'mail', ...r })), ...(push ?? []).map((r) => ({ queue: 'push', ...r }))].sort(
    (a, b) => b.count - a.count || (a.queue < b.queue ? -1 : 1),
  );
}
