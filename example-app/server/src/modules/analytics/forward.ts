// Forwarding stored analytics events to an external analytics provider (ANALYTICS_FORWARD_URL,
// its key ANALYTICS_FORWARD_KEY held here and never sent to browsers or logged), in Amplitude's
// Batch Event Upload format: `{ api_key, events: [{ event_type, device_id, user_id, time,
// session_id, insert_id, event_properties }] }`. Events are queued in the upload's own transaction
// (store.ts); a pass leases up to a batch of them (SKIP LOCKED, so processes share the queue),
// posts it, and deletes the rows only once the provider answered 200. A failure (a network error,
// a timeout, 429, 5xx) leaves them to be sent again after a backoff; a process that dies holding
// a lease leaves it to lapse. So no event is lost; one may be sent twice, and the provider drops
// the repeat by its insert_id. A 400 (the provider says the batch is malformed) splits the batch
// until the refused event is alone; that one is marked refused (sending it again would fail the
// same way) and kept, the others go.
// What is sent is what was stored: the device's keyed hash, never the browser's own id.
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analyticsEvents, analyticsForwardQueue } from '../../db/schema';

/** Where and how events are forwarded. */
export interface ForwardTarget {
  readonly url: string;
  readonly key: string;
}

export interface ForwardOptions {
  /** Events a request (default 500: about 150 kB, far under Amplitude's 20 MB). */
  readonly batchSize?: number;
  /** How long a pass holds a batch before another may take it, ms (default 60 s). */
  readonly leaseMs?: number;
  /** A request's time limit, ms (default 10 s). */
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
}

/** What one pass did. */
export type ForwardOutcome =
  | { readonly kind: 'idle' }
  | { readonly kind: 'sent'; readonly events: number }
  | { readonly kind: 'retry'; readonly events: number; readonly reason: string }
  | { readonly kind: 'refused'; readonly events: number; readonly reason: string };

/** The wait before the `attempts`-th retry: 5 s doubling, at most 10 minutes. */
export function forwardBackoffMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 600_000);
}

/** Leases, posts and settles one batch of the queue at `now`. */
export async function forwardOnce(db: Db, target: ForwardTarget, now: number, options: ForwardOptions = {}): Promise<ForwardOutcome> {
  const batchSize = options.batchSize ?? 500;
  const leaseMs = options.leaseMs ?? 60_000;
  const due = db
    .select({ eventId: analyticsForwardQueue.eventId })
    .from(analyticsForwardQueue)
    .where(
      and(
        isNull(analyticsForwardQueue.failedAt),
        or(isNull(analyticsForwardQueue.leaseUntil), lt(analyticsForwardQueue.leaseUntil, new Date(now))),
      ),
    )
    .orderBy(asc(analyticsForwardQueue.eventId))
    .limit(batchSize)
    .for('update', { skipLocked: true });
  const leased = await db
    .update(analyticsForwardQueue)
    .set({ leaseUntil: new Date(now + leaseMs), attempts: sql`${analyticsForwardQueue.attempts} + 1` })
    .where(inArray(analyticsForwardQueue.eventId, due))
    .returning({ eventId: analyticsForwardQueue.eventId, attempts: analyticsForwardQueue.attempts });
  if (leased.length === 0) return { kind: 'idle' };
  const ids = leased.map((r) => r.eventId);
  const rows = await db.select().from(analyticsEvents).where(inArray(analyticsEvents.id, ids)).orderBy(asc(analyticsEvents.id));
  const started = Date.now();
  const attempts = Math.max(...leased.map((r) => r.attempts));
  let sent = 0;
  let refused = 0;
  let retry: string | null = null;
  // A 400 says some event of the batch is malformed: halves are sent apart until the one refused
  // is alone, so one bad event never holds back the good ones.
  const settle = async (part: typeof rows): Promise<void> => {
    const partIds = part.map((e) => e.id);
    const { status, reason } = await post(target, part, options);
    if (status === 200) {
      await db.delete(analyticsForwardQueue).where(inArray(analyticsForwardQueue.eventId, partIds));
      sent += part.length;
    } else if (status === 400 && part.length > 1) {
      const half = Math.ceil(part.length / 2);
      await settle(part.slice(0, half));
      await settle(part.slice(half));
    } else if (status === 400) {
      await db
        .update(analyticsForwardQueue)
        .set({ failedAt: new Date(now), leaseUntil: null, lastError: reason })
        .where(inArray(analyticsForwardQueue.eventId, partIds));
      refused += part.length;
    } else {
      // Sent again once the backoff has passed, counted from when this answer came.
      const answeredAt = now + (Date.now() - started);
      await db
        .update(analyticsForwardQueue)
        .set({ leaseUntil: new Date(answeredAt + forwardBackoffMs(attempts)), lastError: reason })
        .where(inArray(analyticsForwardQueue.eventId, partIds));
      retry = reason;
    }
  };
  await settle(rows);
  if (retry !== null) return { kind: 'retry', events: ids.length - sent - refused, reason: retry };
  if (refused > 0) return { kind: 'refused', events: refused, reason: 'the provider refused these events as malformed' };
  return { kind: 'sent', events: sent };
}

type EventRow = typeof analyticsEvents.$inferSelect;

/** Posts `rows` in the provider's batch format: its status (null: no answer) and a short reason. */
async function post(
  target: ForwardTarget,
  rows: readonly EventRow[],
  options: ForwardOptions,
): Promise<{ status: number | null; reason: string }> {
  const body = JSON.stringify({
    api_key: target.key,
    events: rows.map((e) => ({
      event_type: e.eventType,
      ...(e.device === null ? {} : { device_id: e.device }),
      ...(e.userId === null ? {} : { user_id: e.userId }),
      time: e.at.getTime(),
      ...(e.sessionId === null ? {} : { session_id: e.sessionId }),
      insert_id: e.insertId,
      event_properties: { ...e.properties, ...(e.page === null ? {} : { page: e.page }) },
    })),
  });
  try {
    const response = await (options.fetch ?? fetch)(target.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: '*/*' },
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    return { status: response.status, reason: `HTTP ${response.status}: ${(await response.text()).slice(0, 200)}` };
  } catch (error) {
    return { status: null, reason: error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 200) : 'the request failed' };
  }
}

/** The forward queue as the console's operations page shows it. */
export interface ForwardQueueDepth {
  /** Events still to be sent (retrying ones included). */
  readonly waiting: number;
  /** Of those, events whose last attempt failed and wait for their backoff to pass. */
  readonly retrying: number;
  /** Events the provider refused as malformed: kept, not sent again until an administrator asks. */
  readonly refused: number;
  /** When the oldest waiting event reached the server (null: none waits). */
  readonly oldestWaitingAt: Date | null;
  /** Why a waiting event's last attempt failed: of the event to be retried last (null: none failed). */
  readonly lastError: string | null;
}

/** How many events wait to be forwarded, how many are retrying, and how many the provider refused. */
export async function forwardQueueDepth(db: Db): Promise<ForwardQueueDepth> {
  const q = analyticsForwardQueue;
  const [row] = await db
    .select({
      waiting: sql<number>`count(*) filter (where ${q.failedAt} is null)`.mapWith(Number),
      retrying: sql<number>`count(*) filter (where ${q.failedAt} is null and ${q.lastError} is not null)`.mapWith(Number),
      refused: sql<number>`count(*) filter (where ${q.failedAt} is not null)`.mapWith(Number),
      oldestWaitingAt: sql<Date | null>`min(${analyticsEvents.receivedAt}) filter (where ${q.failedAt} is null)`.mapWith(
        analyticsEvents.receivedAt,
      ),
    })
    .from(q)
    .innerJoin(analyticsEvents, eq(analyticsEvents.id, q.eventId));
  const [last] = await db
    .select({ lastError: q.lastError })
    .from(q)
    .where(and(isNull(q.failedAt), isNotNull(q.lastError)))
    .orderBy(desc(q.leaseUntil))
    .limit(1);
  return {
    waiting: row?.waiting ?? 0,
    retrying: row?.retrying ?? 0,
    refused: row?.refused ?? 0,
    oldestWaitingAt: row?.oldestWaitingAt ?? null,
    lastError: last?.lastError ?? null,
  };
}

/**
 * Puts the events the provider refused back in the queue, to be sent at the next pass (after the
 * provider's fix, or the server's). Returns how many. In `db`'s transaction when given one.
 */
export async function requeueRefused(db: Db): Promise<number> {
  const q = analyticsForwardQueue;
  const rows = await db
    .update(q)
    .set({ failedAt: null, leaseUntil: null, attempts: 0, lastError: null })
    .where(isNotNull(q.failedAt))
    .returning({ eventId: q.eventId });
  return rows.length;
}
