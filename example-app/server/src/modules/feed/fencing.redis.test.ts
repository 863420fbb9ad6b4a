// Fencing of the feed's patches as a member receives them: a server elected by its lease in a real
// Redis on loopback (REDIS_URL, no DATABASE_URL), its PubSub on that Redis. Once a newer term was
// heard, a patch of an older term (a stalled leader's, published after it lost its lease) never
// reaches a member's oddsPatches stream: the member's feed never goes back.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSimulatedFeed } from '@matchkit/app-contract/feed';
import type { FeedPatch } from '@matchkit/sdk/feed';
import { startRedis, type RunningRedis } from '../../../../../scripts/services.mjs';
import { createRedisPubSub, type PubSubPayload } from '../../pubsub/index';
import { createTestApp, memberWithPlan, testClock } from '../../test/app';
import { eventStream } from '../../test/live-streams';
import { LEADER_LEASE, ODDS_TOPIC } from './index';
import { leaseTermKey } from './leader';

let redis: RunningRedis;
beforeAll(async () => {
  redis = await startRedis();
}, 60_000);
afterAll(async () => {
  await redis.stop();
});

describe('a member’s patch stream, fenced by the leader’s term', () => {
  it('drops a patch of an older term once a newer one was heard', async () => {
    const clock = testClock('2026-03-02T10:00:00Z');
    const feed = createSimulatedFeed({ seed: 7, clock, eventCount: 12 });
    const pubSub = await createRedisPubSub({ url: redis.url });
    const t = await createTestApp({ clock, feed, pubSub, env: { REDIS_URL: redis.url } });
    const other = new Redis(redis.url);
    try {
      const { origin } = await t.app.start(0, '127.0.0.1');
      const member = await memberWithPlan(t, 'u_fenced', 'platinum');
      // This server leads: it took the lease and drew its term.
      await vi.waitFor(async () => expect(await other.get(leaseTermKey(LEADER_LEASE))).not.toBeNull(), { timeout: 5000, interval: 20 });
      const term = Number(await other.get(leaseTermKey(LEADER_LEASE)));
      const stream = await eventStream(origin, member, 'subscription { oddsPatches { seq } }');
      await new Promise((resolve) => setTimeout(resolve, 300)); // the subscription reaches the PubSub
      const start = feed.snapshot().seq;
      clock.advance(feed.intervalMs);
      const own = feed.tick(); // published by this server, with its term
      const publish = (seq: number, at: number) =>
        pubSub.publish(ODDS_TOPIC, { ...own, seq, term: at } satisfies FeedPatch & { term: number } as unknown as PubSubPayload);
      await publish(start + 1001, term + 1); // a newer leader's first patch
      await publish(start + 2, term); // the stalled leader's, of its older term, after it
      await publish(start + 1002, term + 1);
      const seqs = () => stream.events.map((e) => (e.data as { oddsPatches: { seq: number } }).oddsPatches.seq);
      await vi.waitFor(() => expect(seqs().length).toBeGreaterThanOrEqual(3), { timeout: 5000, interval: 20 });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(seqs()).toEqual([start + 1, start + 1001, start + 1002]);
      await stream.cancel();
    } finally {
      other.disconnect();
      await t.stop();
    }
  });
});
