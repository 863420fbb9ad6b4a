// Every write to a member's tracked bets publishes `{ change, id, userId }` (ids only: the subscriber
// loads the bet itself) on the member's own topic, after the write is committed.
import type { ChangeKind } from '../../generated/resolvers';
import type { AppDeps } from '../../kernel';

/** The message published on a member's tracker topic. */
export interface BetChangeMessage {
  readonly change: ChangeKind;
  readonly id: string;
  readonly userId: string;
}

/** The topic of one member's tracker changes. */
export function trackerTopic(userId: string): string {
  return `tracker:${userId}`;
}

/** True when a pubsub payload is a tracker change message. */
export function isBetChange(payload: unknown): payload is BetChangeMessage {
  if (typeof payload !== 'object' || payload === null) return false;
  const p = payload as Record<string, unknown>;
  return (
    (p['change'] === 'created' || p['change'] === 'updated' || p['change'] === 'deleted') &&
    typeof p['id'] === 'string' &&
    typeof p['userId'] === 'string'
  );
}

/**
 * Publishes the changes of a committed write. The write stands whatever happens here: a pubsub
 * failure is logged, not returned to the member (a subscriber misses the change and reloads).
 */
export async function publishChanges(
  deps: Pick<AppDeps, 'pubSub' | 'logger'>,
  userId: string,
  changes: readonly { change: ChangeKind; id: string }[],
): Promise<void> {
  for (const { change, id } of changes) {
    try {
      await deps.pubSub.publish(trackerTopic(userId), { change, id, userId });
    } catch (error) {
      deps.logger.warn({ err: error, topic: 'tracker' }, 'publishing a tracked-bet change failed');
    }
  }
}
