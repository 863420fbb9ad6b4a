// The push queue's writing side: a push is queued in the caller's transaction, so it exists exactly
// when the change that causes it commits (a rolled-back change queues nothing), and nothing is sent
// before that commit. The worker (worker.ts) sends it: the queue's insert trigger (migration 0015)
// NOTIFYs PUSH_QUEUED_CHANNEL once the transaction commits, which wakes every process's worker;
// they poll as well.
import type { NotificationKind } from '@matchkit/sdk/notifications';
import type { Db } from '../db/client';
import { pushOutbox } from '../db/schema';
import type { PushPayload } from '../notifications/settings';

/** The channel migration 0015's trigger notifies when a push is queued. */
export const PUSH_QUEUED_CHANNEL = 'matchkit_push_queued';

/**
 * Queues one push of `kind` to `userId` in `tx`, due at `now` (epoch ms) and stale after
 * `ttlSeconds` (its kind's TTL): past that it is marked failed, never sent late.
 */
export async function queuePush(
  tx: Db,
  push: { readonly userId: string; readonly kind: NotificationKind; readonly payload: PushPayload; readonly ttlSeconds: number },
  now: number,
): Promise<void> {
  const { title, body, url, tag } = push.payload;
  await tx.insert(pushOutbox).values({
    userId: push.userId,
    kind: push.kind,
    payload: { title, body, url, tag },
    state: 'queued',
    nextAttemptAt: new Date(now),
    expiresAt: new Date(now + push.ttlSeconds * 1000),
    createdAt: new Date(now),
  });
}
