import { betToWire } from '@matchkit/app-contract';
import type { RequestContext } from '../../kernel';
import type { PubSubPayload } from '../../pubsub/index';
import type { SubscriptionResolvers } from '../../generated/resolvers';
import { canUseTracker, requireTracker } from './access';
import { accessRecheck } from '../members/access';
import { isBetChange, trackerTopic, type BetChangeMessage } from './publish';
import { findBet } from './queries';

/**
 * The viewer's own change messages: only well-formed ones whose userId is the viewer's (the topic
 * is theirs already; the check keeps a misrouted message from ever reaching another member).
 * return() stops the underlying subscription at once, even while a next() is waiting.
 */
function ownChanges(
  source: AsyncIterableIterator<PubSubPayload>,
  userId: string,
  stop: AbortController,
  recheck: () => Promise<void> | undefined,
): AsyncIterableIterator<BetChangeMessage> {
  const done = async (): Promise<IteratorResult<BetChangeMessage>> => {
    stop.abort();
    await source.return?.();
    return { value: undefined, done: true };
  };
  const it: AsyncIterableIterator<BetChangeMessage> = {
    [Symbol.asyncIterator]: () => it,
    async next() {
      for (;;) {
        const r = await source.next();
        if (r.done === true) return { value: undefined, done: true };
        if (isBetChange(r.value) && r.value.userId === userId) {
          await recheck();
          return { value: r.value, done: false };
        }
      }
    },
    return: done,
    throw: async (error: unknown) => {
      await done();
      throw error;
    },
  };
  return it;
}

/**
 * Subscription.trackedBetChanged: the viewer's own bet changes (the viewer must be allowed the
 * profit tracker when subscribing). Messages carry ids only; each event loads the bet from the
 * database (null once deleted).
 */
export const trackedBetChanged: Required<SubscriptionResolvers>['trackedBetChanged'] = {
  async subscribe(_: unknown, __: unknown, ctx: RequestContext) {
    const userId = await requireTracker(ctx);
    const stop = new AbortController();
    const source = ctx.deps.pubSub.subscribe(trackerTopic(userId), stop.signal);
    // The pubsub module's subscriptions resolve `ready` once the transport (Redis, PostgreSQL) has
    // registered them: waiting for it means no change published after this resolver returns is missed.
    await source.ready;
    // A refund or a lapse ends the stream (checked at most every 30 s of the app's clock).
    return ownChanges(
      source,
      userId,
      stop,
      accessRecheck(ctx, (access) => canUseTracker(ctx.brand, access.entitled)),
    );
  },
  async resolve(event: BetChangeMessage, _: unknown, ctx: RequestContext) {
    const bet = event.change === 'deleted' ? null : await findBet(ctx.db, event.userId, event.id);
    return { change: event.change, id: event.id, bet: bet === null ? null : betToWire(bet) };
  },
};
