// The mail worker, one in every server process: it claims the queue's (queue.ts) due messages one
// at a time with SELECT ... FOR UPDATE SKIP LOCKED, so two processes never claim the same row,
// marking each 'sending' with a lease in that one transaction, sends it through the configured
// Mailer, then marks it 'sent' (clearing its body unless the transport is the development
// outbox). A failed send is retried with exponential backoff and jitter up to
// MAIL_POLICY.maxAttempts, then marked 'failed' and logged at error level (the row's id, kind and
// error code: never an address, a body or a link).
//
// The crash window. A process that dies after claiming a row and before marking it sent leaves it
// 'sending' (only that row: claims are one at a time); once its lease lapses another worker claims
// it again (at least once). If SMTP had accepted the message before the crash, the member receives
// it twice; the window is one SMTP transaction (milliseconds to seconds, at most
// SMTP_SEND_DEADLINE_MS, far inside the lease), and both copies carry the row's stable Message-ID
// (`<mail-{id}@{host}>`), so receiving servers and clients that de-duplicate by Message-ID show
// one. We chose this over at most once (marking a lapsed row failed) because a lost password-reset
// or receipt costs a member more than a rare repeat. A live process keeps its lease (a send is
// given up at SMTP_SEND_DEADLINE_MS); should one outlive it all the same (a paused process), a
// failure it then records changes the row only while the claim is still its own (same attempt), so
// it never hands back a row another worker is sending; a success it records marks the row sent,
// which it is.
import { asc, eq } from 'drizzle-orm';
import { Counter } from 'prom-client';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { outbox } from '../db/schema';
import type { Logger } from '../logger';
import type { Metrics } from '../ops/metrics';
import { queueAgeGauge } from '../ops/queue-age';
import { dueAt, stillClaimed } from '../ops/queue-rows';
import { createQueueLoop, type QueueLoop } from '../ops/queue-loop';
import type { MailKind, Mailer } from './mailer';
import { MAIL_QUEUED_CHANNEL } from './queue';

/** How the worker retries and paces itself. */
export interface MailPolicy {
  /** Sends tried per message before it is marked failed. */
  readonly maxAttempts: number;
  /** The wait after the first failure; each later one doubles it (with jitter), up to maxDelayMs. */
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** How long a claim lasts: a 'sending' row older than this is claimed again. */
  readonly leaseMs: number;
  /** How often the worker looks for due mail when nothing wakes it. */
  readonly pollMs: number;
}

/** The production policy: 6 attempts over about half an hour, 10-minute leases (SMTP times out in 2). */
export const MAIL_POLICY: MailPolicy = {
  maxAttempts: 6,
  baseDelayMs: 60_000,
  maxDelayMs: 60 * 60_000,
  leaseMs: 10 * 60_000,
  pollMs: 5_000,
};

/**
 * The wait before attempt `attempt + 1` after `attempt` (>= 1) failed: baseDelayMs doubled per
 * earlier failure, capped at maxDelayMs, then "equal jitter" (between half and all of it), so that
 * processes retrying together spread out. `random` returns [0, 1).
 */
export function retryDelay(attempt: number, policy: MailPolicy, random: () => number = Math.random): number {
  if (!Number.isInteger(attempt) || attempt < 1) throw new RangeError(`attempt must be a whole number from 1, got ${attempt}`);
  const full = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(full / 2 + (full / 2) * random());
}

/** The Message-ID of queued row `id`: the same on every attempt. */
export function messageIdOf(id: number, publicOrigin: string): string {
  return `<mail-${id}@${new URL(publicOrigin).hostname}>`;
}

/** What a failed send is recorded as: codes only (an SMTP reply may quote the address). */
export function errorCode(error: unknown): string {
  const e = error as { code?: unknown; responseCode?: unknown } | null;
  const parts: string[] = [];
  if (typeof e?.responseCode === 'number') parts.push(`SMTP ${e.responseCode}`);
  if (typeof e?.code === 'string' && /^[A-Z0-9_]{2,40}$/.test(e.code)) parts.push(e.code);
  return parts.length > 0 ? parts.join(' ') : 'send failed';
}

/** The worker's dependencies. */
export interface MailWorkerDeps {
  readonly database: Database;
  readonly mail: Mailer;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly metrics: Metrics;
  readonly publicOrigin: string;
  /** The headers of a message a member can turn off (List-Unsubscribe...); unsubscribe.ts builds them. */
  readonly unsubscribeHeaders: (userId: string, kind: MailKind) => Readonly<Record<string, string>>;
  readonly policy?: MailPolicy;
  readonly random?: () => number;
}

/** The mail worker of one process. */
export type MailWorker = QueueLoop;

type Row = typeof outbox.$inferSelect;

function mailMetrics(metrics: Metrics, database: Database, clock: Clock, logger: Logger) {
  const registers = [metrics.registry];
  const labelNames = ['kind'] as const;
  return {
    queued: new Counter({
      name: 'matchkit_mail_queued_total',
      help: 'Messages this process found queued and claimed for a first attempt, by kind.',
      labelNames,
      registers,
    }),
    sent: new Counter({ name: 'matchkit_mail_sent_total', help: 'Messages sent by this process, by kind.', labelNames, registers }),
    retried: new Counter({
      name: 'matchkit_mail_retried_total',
      help: 'Failed sends this process will try again, by kind.',
      labelNames,
      registers,
    }),
    failed: new Counter({
      name: 'matchkit_mail_failed_total',
      help: 'Messages this process gave up on after their last attempt, by kind.',
      labelNames,
      registers,
    }),
    age: queueAgeGauge({
      name: 'matchkit_mail_queue_age_seconds',
      what: 'message',
      registry: metrics.registry,
      clock,
      logger,
      db: database.db,
      table: outbox,
    }),
  };
}

/** Creates the worker (nothing runs until start()). */
export function createMailWorker(deps: MailWorkerDeps): MailWorker {
  const policy = deps.policy ?? MAIL_POLICY;
  const random = deps.random ?? Math.random;
  const { db } = deps.database;
  const counters = mailMetrics(deps.metrics, deps.database, deps.clock, deps.logger);
  /**
   * Claims the next due row (queued and due, or 'sending' with a lapsed lease), or resolves with
   * null when none is. One at a time: a process that dies holds only the message it was sending,
   * never others claimed with it and left waiting out the lease.
   */
  async function claim(now: number): Promise<Row | null> {
    const at = new Date(now);
    return db.transaction(async (tx) => {
      for (;;) {
        const [row] = await tx
          .select()
          .from(outbox)
          .where(dueAt(outbox, at))
          .orderBy(asc(outbox.id))
          .limit(1)
          .for('update', { skipLocked: true });
        if (row === undefined) return null;
        if (row.attempts >= policy.maxAttempts) {
          // Its last attempt's process died while sending: no attempt is left.
          await tx.update(outbox).set({ state: 'failed', leaseUntil: null, lastError: 'lease lapsed' }).where(eq(outbox.id, row.id));
          counters.failed.inc({ kind: row.kind });
          deps.logger.error({ mailId: row.id, kind: row.kind, attempts: row.attempts }, 'mail failed: its last attempt did not finish');
          continue;
        }
        const leaseUntil = new Date(now + policy.leaseMs);
        await tx
          .update(outbox)
          .set({ state: 'sending', leaseUntil, attempts: row.attempts + 1 })
          .where(eq(outbox.id, row.id));
        if (row.attempts === 0) counters.queued.inc({ kind: row.kind });
        return { ...row, state: 'sending', leaseUntil, attempts: row.attempts + 1 };
      }
    });
  }

  /** A failed send whose claim another worker has taken over (its lease lapsed): logged, the row left alone. */
  function lapsed(row: Row, error: string): false {
    deps.logger.warn({ mailId: row.id, kind: row.kind, attempts: row.attempts, error }, 'mail not sent; its lease had lapsed');
    return false;
  }

  async function deliver(row: Row): Promise<boolean> {
    try {
      await deps.mail.send({
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        kind: row.kind as MailKind,
        userId: row.userId,
        messageId: messageIdOf(row.id, deps.publicOrigin),
        headers: row.unsubscribable && row.userId !== null ? deps.unsubscribeHeaders(row.userId, row.kind as MailKind) : {},
      });
    } catch (error) {
      const lastError = errorCode(error);
      // Still this attempt's claim: if the lease lapsed meanwhile and another worker claimed the
      // row (attempts moved on) or sent it, the row is that worker's and this failure changes nothing.
      const mine = stillClaimed(outbox, row.id, row.attempts);
      if (row.attempts >= policy.maxAttempts) {
        const failed = await db
          .update(outbox)
          .set({ state: 'failed', leaseUntil: null, lastError })
          .where(mine)
          .returning({ id: outbox.id });
        if (failed.length === 0) return lapsed(row, lastError);
        counters.failed.inc({ kind: row.kind });
        deps.logger.error(
          { mailId: row.id, kind: row.kind, attempts: row.attempts, error: lastError },
          'mail failed after its last attempt',
        );
      } else {
        const wait = retryDelay(row.attempts, policy, random);
        const queued = await db
          .update(outbox)
          .set({ state: 'queued', leaseUntil: null, lastError, nextAttemptAt: new Date(deps.clock() + wait) })
          .where(mine)
          .returning({ id: outbox.id });
        if (queued.length === 0) return lapsed(row, lastError);
        counters.retried.inc({ kind: row.kind });
        deps.logger.warn(
          { mailId: row.id, kind: row.kind, attempts: row.attempts, error: lastError, retryInMs: wait },
          'mail not sent; will retry',
        );
      }
      return false;
    }
    await db
      .update(outbox)
      .set({
        state: 'sent',
        sentAt: new Date(deps.clock()),
        leaseUntil: null,
        lastError: null,
        ...(deps.mail.keepsBody ? {} : { text: '', html: null }),
      })
      .where(eq(outbox.id, row.id));
    counters.sent.inc({ kind: row.kind });
    deps.logger.info({ mailId: row.id, kind: row.kind, attempts: row.attempts }, 'mail sent');
    return true;
  }

  return createQueueLoop({
    database: deps.database,
    channel: MAIL_QUEUED_CHANNEL,
    pollMs: policy.pollMs,
    async next() {
      const row = await claim(deps.clock());
      return row === null ? null : deliver(row);
    },
    onError: (error) => deps.logger.error({ error: errorCode(error) }, 'mail worker: a run failed'),
  });
}
