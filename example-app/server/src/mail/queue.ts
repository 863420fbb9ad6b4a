// The mail queue's writing side: a message is queued in the caller's transaction, so it exists
// exactly when the change that causes it commits (a rolled-back change queues nothing). The worker
// (worker.ts) sends it: the outbox's insert trigger (migration 0012) NOTIFYs MAIL_QUEUED_CHANNEL
// once the transaction commits, which wakes every process's worker; they poll as well.
import { and, eq, inArray, or } from 'drizzle-orm';
import type { NotificationKind } from '@matchkit/sdk/notifications';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';
import { lapsedClaim } from '../ops/queue-rows';
import { MAIL_KINDS, MAIL_SETTING, OPTIONAL_MAIL_KINDS } from './kinds';
import type { MailMessage } from './mailer';

/** The channel migration 0012's trigger notifies when a message is queued. */
export const MAIL_QUEUED_CHANNEL = 'matchkit_mail_queued';

/**
 * Queues `message` in `tx` (the transaction of the change that causes it), due at `now` (epoch
 * ms). Mail of an optional kind to a member carries a one-click unsubscribe when it is sent.
 */
export async function queueMail(tx: Db, message: MailMessage, now: number): Promise<void> {
  await tx.insert(outbox).values({
    to: message.to,
    kind: message.kind,
    userId: message.userId,
    subject: message.subject,
    text: message.text,
    html: message.html,
    unsubscribable: OPTIONAL_MAIL_KINDS.has(message.kind) && message.userId !== null,
    state: 'queued',
    nextAttemptAt: new Date(now),
    createdAt: new Date(now),
  });
}

/**
 * Deletes, in `tx`, the mail of setting `setting` not sent yet to `userId` that the member can turn
 * off: still queued, or claimed by a worker whose lease had lapsed by `now` (its process died; the
 * next worker would send it again). Called when they turn that setting's email off, so that an
 * unsubscribe stops what was queued before it too (a weekly summary waiting out a retry). A
 * message a worker is sending at that moment goes. Returns how many were withdrawn.
 */
export async function withdrawQueuedMail(tx: Db, userId: string, setting: NotificationKind, now: number): Promise<number> {
  const kinds = MAIL_KINDS.filter((kind) => MAIL_SETTING[kind] === setting && OPTIONAL_MAIL_KINDS.has(kind));
  if (kinds.length === 0) return 0;
  const notSent = or(eq(outbox.state, 'queued'), lapsedClaim(outbox, new Date(now)));
  const gone = await tx
    .delete(outbox)
    .where(and(eq(outbox.userId, userId), notSent, eq(outbox.unsubscribable, true), inArray(outbox.kind, kinds)))
    .returning({ id: outbox.id });
  return gone.length;
}
