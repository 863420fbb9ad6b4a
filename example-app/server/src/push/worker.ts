// The push worker, one in every server process where push is on: it claims the push queue's
// (queue.ts) due rows one at a time with SELECT ... FOR UPDATE SKIP LOCKED, so two processes never
// claim the same row, marking each 'sending' with a lease in that one transaction; it then reads
// the member's live subscriptions (a device added since the push was queued gets it, one revoked
// does not), leaves out the endpoints the row records as answered, and sends to the rest at once
// through PushDelivery (delivery.ts). Each device's answer is recorded on the row as it comes (a
// 201, or a 404/410 and the subscription pruned, or another answer not worth retrying), so no
// later attempt, by this worker or by one taking over a lapsed lease, pushes that device again.
// When every device has answered the row is 'sent'; a 429, a 5xx or a network failure on any
// device puts it back 'queued' for the devices not answered, after the backoff (1 s, 4 s, 16 s)
// or the push service's Retry-After when longer (at most five minutes). After its last attempt, or once past
// `expires_at` (created + its kind's TTL: an odds alert is stale after 15 minutes), a row is
// 'failed', never sent late.
//
// The crash window, as for mail: a process that dies after claiming a row leaves it 'sending'
// until its lease lapses; the next worker then sends it to the devices not recorded as answered.
// A device whose push service accepted the push just before the crash, before its answer was
// recorded, may get it twice; both carry the same Topic, so the push service replaces an
// undelivered one, and the same tag, so the device shows one notification.
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { Counter } from 'prom-client';
import type { NotificationKind } from '@matchkit/sdk/notifications';
import type { Clock } from '../clock';
import type { Database, Db } from '../db/client';
import { pushOutbox } from '../db/schema';
import { errorText, type Logger } from '../logger';
import type { Metrics } from '../ops/metrics';
import { periodicPass } from '../periodic';
import { queueAgeGauge } from '../ops/queue-age';
import { dueAt, stillClaimed } from '../ops/queue-rows';
import { createQueueLoop, type QueueLoop } from '../ops/queue-loop';
import { notificationAllowed, pushMessage } from '../notifications/settings';
import type { PushAnswer, PushDelivery, PushMessage } from './delivery';
import { PUSH_QUEUED_CHANNEL } from './queue';
import { pushTargetsOf } from './subscriptions';

/** How the push worker retries and paces itself. */
export interface PushPolicy {
  /** Attempts per push before it is marked failed (the first and its retries). */
  readonly maxAttempts: number;
  /** The wait after the first failed attempt; each later one is four times longer, up to maxDelayMs. */
  readonly baseDelayMs: number;
  /** The longest wait before a retry, whatever Retry-After says. */
  readonly maxDelayMs: number;
  /** How long a claim lasts: a 'sending' row older than this is claimed again. */
  readonly leaseMs: number;
  /** How often the worker looks for due pushes when nothing wakes it. */
  readonly pollMs: number;
}

/** The production policy: 4 attempts (retries after 1 s, 4 s and 16 s), 2-minute leases (a request times out in 10 s). */
export const PUSH_POLICY: PushPolicy = {
  maxAttempts: 4,
  baseDelayMs: 1000,
  maxDelayMs: 5 * 60_000,
  leaseMs: 2 * 60_000,
  pollMs: 5_000,
};

/**
 * The wait before the next attempt after attempt `attempt` (>= 1) failed: baseDelayMs times 4 per
 * earlier failure, or the push service's Retry-After when that is longer; at most maxDelayMs. A
 * Retry-After of 0 (or a date already past) never shortens the backoff: the row would be due at
 * once and the same run would spend every attempt within milliseconds.
 */
export function pushRetryDelay(attempt: number, retryAfterMs: number | null, policy: PushPolicy): number {
  if (!Number.isInteger(attempt) || attempt < 1) throw new RangeError(`attempt must be a whole number from 1, got ${attempt}`);
  return Math.min(Math.max(retryAfterMs ?? 0, policy.baseDelayMs * 4 ** (attempt - 1)), policy.maxDelayMs);
}

/**
 * How long after it was queued (created_at, not when it ended) a sent or failed push stays in the
 * queue for operators to read (its attempts and last error) before the worker's hourly pass
 * deletes it: a week.
 */
export const PUSH_KEEP_MS = 7 * 24 * 3_600_000;

/** How often the worker deletes the ended pushes queued more than PUSH_KEEP_MS ago. */
const PRUNE_INTERVAL_MS = 3_600_000;

/**
 * Deletes the pushes that ended (sent or failed) and were queued before `now − keepMs`; a queued or
 * sending one is never deleted, however old. Resolves with how many went. Safe on several
 * processes at once (a delete of what another deleted finds nothing).
 */
export async function prunePushOutbox(db: Db, now: number, keepMs: number = PUSH_KEEP_MS): Promise<number> {
  const gone = await db
    .delete(pushOutbox)
    .where(and(inArray(pushOutbox.state, ['sent', 'failed']), lt(pushOutbox.createdAt, new Date(now - keepMs))))
    .returning({ id: pushOutbox.id });
  return gone.length;
}

/** The worker's dependencies. */
export interface PushWorkerDeps {
  readonly database: Database;
  readonly delivery: PushDelivery;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly metrics: Metrics;
  readonly policy?: PushPolicy;
}

/** The push worker of one process. */
export type PushWorker = QueueLoop;

type Row = typeof pushOutbox.$inferSelect;

function pushMetrics(deps: PushWorkerDeps) {
  const registers = [deps.metrics.registry];
  return {
    sent: new Counter({ name: 'matchkit_push_sent_total', help: 'Pushes the push service accepted (one per device).', registers }),
    failed: new Counter({
      name: 'matchkit_push_failed_total',
      help: 'Pushes to a device that failed, by outcome: retried (429, 5xx, network: tried again later), dropped (the last attempt failed, or another answer), refused (not an allowed push service) or expired (the push was stale before every device had it).',
      labelNames: ['outcome'] as const,
      registers,
    }),
    pruned: new Counter({
      name: 'matchkit_push_pruned_total',
      help: 'Subscriptions deleted because the push service answered 404 or 410.',
      registers,
    }),
    age: queueAgeGauge({
      name: 'matchkit_push_queue_age_seconds',
      what: 'push',
      registry: deps.metrics.registry,
      clock: deps.clock,
      logger: deps.logger,
      db: deps.database.db,
      table: pushOutbox,
    }),
  };
}

/** Creates the worker (nothing runs until start()). */
export function createPushWorker(deps: PushWorkerDeps): PushWorker {
  const policy = deps.policy ?? PUSH_POLICY;
  const { db } = deps.database;
  const counters = pushMetrics(deps);

  /** Marks `row` failed (only while its claim is `attempts`, when given), logging why. */
  async function fail(tx: typeof db, row: Row, lastError: string, attempts: number | null): Promise<boolean> {
    const where = attempts === null ? eq(pushOutbox.id, row.id) : stillClaimed(pushOutbox, row.id, attempts);
    const done = await tx
      .update(pushOutbox)
      .set({ state: 'failed', leaseUntil: null, lastError })
      .where(where)
      .returning({ id: pushOutbox.id });
    if (done.length > 0) deps.logger.warn({ pushId: row.id, kind: row.kind, attempts: row.attempts, error: lastError }, 'push failed');
    return done.length > 0;
  }

  /**
   * Claims the next due row (queued and due, or 'sending' with a lapsed lease), or resolves with
   * null when none is. A stale row (past expires_at) or one whose last attempt's process died is
   * marked failed on the way.
   */
  async function claim(now: number): Promise<Row | null> {
    const at = new Date(now);
    return db.transaction(async (tx) => {
      for (;;) {
        const [row] = await tx
          .select()
          .from(pushOutbox)
          .where(dueAt(pushOutbox, at))
          .orderBy(asc(pushOutbox.id))
          .limit(1)
          .for('update', { skipLocked: true });
        if (row === undefined) return null;
        if (row.expiresAt.getTime() <= now) {
          await fail(tx, row, 'expired', null);
          counters.failed.inc({ outcome: 'expired' });
          continue;
        }
        if (row.attempts >= policy.maxAttempts) {
          await fail(tx, row, row.lastError ?? 'lease lapsed', null);
          counters.failed.inc({ outcome: 'dropped' });
          continue;
        }
        const leaseUntil = new Date(now + policy.leaseMs);
        const attempts = row.attempts + 1;
        await tx.update(pushOutbox).set({ state: 'sending', leaseUntil, attempts }).where(eq(pushOutbox.id, row.id));
        return { ...row, state: 'sending', leaseUntil, attempts };
      }
    });
  }

  /** Records that `endpoint` answered: no later attempt of this row pushes it again. */
  async function answered(row: Row, endpoint: string): Promise<void> {
    await db
      .update(pushOutbox)
      .set({ answered: sql`${pushOutbox.answered} || ${JSON.stringify([endpoint])}::jsonb` })
      .where(eq(pushOutbox.id, row.id));
  }

  function count(answer: PushAnswer): void {
    if (answer.outcome === 'sent') counters.sent.inc();
    else if (answer.outcome === 'gone') counters.pruned.inc();
    else if (answer.outcome === 'refused' || answer.outcome === 'dropped') counters.failed.inc({ outcome: answer.outcome });
  }

  /** The message of a row: its payload checked again (a bad row fails), its TTL what is left of the row's. */
  function messageOf(row: Row, now: number): PushMessage {
    const message = pushMessage(row.kind as NotificationKind, row.payload);
    return { ...message, ttlSeconds: Math.max(1, Math.ceil((row.expiresAt.getTime() - now) / 1000)) };
  }

  async function deliver(row: Row): Promise<boolean> {
    const now = deps.clock();
    let message: PushMessage;
    try {
      message = messageOf(row, now);
    } catch {
      await fail(db, row, 'bad payload', row.attempts);
      counters.failed.inc({ outcome: 'dropped' });
      return false;
    }
    // The member may have turned this kind's push off since it was queued: send nothing then.
    if (!(await notificationAllowed(db, row.userId, row.kind as NotificationKind, 'push'))) {
      await fail(db, row, 'setting off', row.attempts);
      counters.failed.inc({ outcome: 'dropped' });
      return false;
    }
    const done = new Set(row.answered);
    const targets = (await pushTargetsOf(db, row.userId, now)).filter((t) => !done.has(t.endpoint));
    // allSettled: one device's failure (a delivery breaking its promise never to reject, or the
    // answer not recorded) must not leave the row 'sending' until its lease lapses; that device
    // is retried.
    const settled = await Promise.allSettled(
      targets.map(async (target) => {
        const answer = await deps.delivery.send(target, message);
        count(answer);
        if (answer.outcome !== 'retry') await answered(row, target.endpoint);
        return answer;
      }),
    );
    const answers = settled.map((s): PushAnswer => {
      if (s.status === 'fulfilled') return s.value;
      deps.logger.error({ pushId: row.id, error: errorText(s.reason) }, 'push: a send failed');
      return { outcome: 'retry', error: 'send failed', retryAfterMs: null };
    });
    const retry = answers.filter((a) => a.outcome === 'retry');
    if (retry.length === 0) {
      await db
        .update(pushOutbox)
        .set({ state: 'sent', leaseUntil: null, lastError: null })
        .where(stillClaimed(pushOutbox, row.id, row.attempts));
      deps.logger.info({ pushId: row.id, kind: row.kind, attempts: row.attempts, devices: targets.length }, 'push sent');
      return true;
    }
    const lastError = retry[0]?.error ?? 'retry';
    const retryAfter = retry.reduce<number | null>(
      (most, a) => (a.retryAfterMs === null ? most : Math.max(most ?? 0, a.retryAfterMs)),
      null,
    );
    const wait = pushRetryDelay(row.attempts, retryAfter, policy);
    const nextAttemptAt = deps.clock() + wait;
    if (row.attempts >= policy.maxAttempts || nextAttemptAt >= row.expiresAt.getTime()) {
      if (await fail(db, row, lastError, row.attempts)) counters.failed.inc({ outcome: 'dropped' }, retry.length);
      return false;
    }
    const queued = await db
      .update(pushOutbox)
      .set({ state: 'queued', leaseUntil: null, lastError, nextAttemptAt: new Date(nextAttemptAt) })
      .where(stillClaimed(pushOutbox, row.id, row.attempts))
      .returning({ id: pushOutbox.id });
    if (queued.length > 0) {
      counters.failed.inc({ outcome: 'retried' }, retry.length);
      deps.logger.warn(
        { pushId: row.id, kind: row.kind, attempts: row.attempts, devices: retry.length, error: lastError, retryInMs: wait },
        'push not delivered to every device; will retry',
      );
    }
    return false;
  }

  const loop = createQueueLoop({
    database: deps.database,
    channel: PUSH_QUEUED_CHANNEL,
    pollMs: policy.pollMs,
    async next() {
      const row = await claim(deps.clock());
      return row === null ? null : deliver(row);
    },
    onError: (error) => deps.logger.error({ err: error }, 'push worker: a run failed'),
  });
  const prune = periodicPass('push queue prune', PRUNE_INTERVAL_MS, deps.logger, () => prunePushOutbox(db, deps.clock()));
  return {
    async start() {
      await loop.start();
      prune.start();
    },
    runOnce: () => loop.runOnce(),
    async stop() {
      await prune.stop();
      await loop.stop();
    },
  };
}
