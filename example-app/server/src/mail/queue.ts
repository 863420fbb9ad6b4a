// The mail queue's writing side: a message is queued in the caller's transaction, so it exists
// exactly when the change that causes it commits (a rolled-back change queues nothing). The worker
// (worker.ts) sends it: the outbox's insert trigger (migration 0012) NOTIFYs MAIL_QUEUED_CHANNEL
// once the transaction commits, which wakes every process's worker; they poll as well.
import type { Db } from '../db/client';
import { outbox } from '../db/schema';
import { OPTIONAL_MAIL_KINDS } from './kinds';
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
