// Fencing of the feed's leader (modules/feed/leader.ts, "Fencing") with three processes' feeds on one
// PubSub, each elected by its own lease claim on a real Redis on loopback: a stalled leader whose
// lease another process took keeps believing it leads until it hears the newer term; its messages
// of the older term never take a follower's mirror back, and hearing the newer term makes it step
// down at once (long before its next renewal would have told it).
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FeedPatch } from '@matchkit/sdk/feed';
import { startRedis, type RunningRedis } from '../../../../scripts/services.mjs';
import { createMemoryPubSub, type PubSub, type PubSubPayload } from '../pubsub/index';
import { redisLeader, type Leadership } from '../modules/feed/leader';
import { SNAPSHOT_TOPIC, type LeaderFeed } from './leader-feed';
import type { ProviderFeed } from './provider-feed';
import { footballMatch, manualLeaderFeed, type ManualProvider } from './testing';

const TOPIC = 'odds:patches';
const KICK_OFF = Date.parse('2026-12-05T15:00:00Z');
const NOW = KICK_OFF - 3_600_000;
/** Long enough that no renewal (every third of it) tells the stalled leader anything during a test. */
const TTL_MS = 30_000;

let redis: RunningRedis;
const open: { feed: LeaderFeed; claim: Leadership }[] = [];
const pubSubs: PubSub[] = [];
beforeAll(async () => {
  redis = await startRedis();
}, 60_000);
afterEach(async () => {
  for (const { feed, claim } of open.splice(0)) {
    feed.stop();
    await claim.stop();
  }
  for (const p of pubSubs.splice(0)) await p.close();
});
afterAll(async () => {
  await redis.stop();
});

interface Process {
  readonly claim: Leadership;
  readonly feed: LeaderFeed;
  /** The provider of the feed of real prices built last (a new one each time the process leads). */
  readonly provider: ManualProvider;
  readonly real: ProviderFeed;
}

/** A process: its feed elected by its claim on `key`, its patches published with its term (as the feed module does). */
function process(pubSub: PubSub, key: string, clock: () => number): Process {
  const built = manualLeaderFeed({ pubSub, patchTopic: TOPIC, clock, healthEveryMs: 60_000 });
  const { feed } = built;
  const claim = redisLeader(redis.url, key, { ttlMs: TTL_MS, retryMs: 50, onChange: (leader) => feed.setLeader(leader) });
  feed.fenceWith(claim);
  feed.onPatch((patch: FeedPatch) => {
    const term = claim.term();
    if (term !== null) pubSub.publish(TOPIC, { ...patch, term } as unknown as PubSubPayload).catch(() => undefined);
  });
  feed.start();
  open.push({ feed, claim });
  return {
    claim,
    feed,
    get provider() {
      return built.provider;
    },
    get real() {
      return built.real;
    },
  };
}

const settled = (check: () => void) => vi.waitFor(check, { timeout: 5000, interval: 10 });
const events = (p: Process) => p.feed.snapshot().market.events.map((e) => e.id);

describe('fencing the feed’s leader by its term', () => {
  it('drops an older term’s snapshot once a newer one is heard, and the old leader steps down on hearing it', async () => {
    let now = NOW;
    const clock = () => now;
    const key = 'test:fence-feed';
    const pubSub = createMemoryPubSub({ maxPayloadBytes: 2500 });
    pubSubs.push(pubSub);
    // Every snapshot part published, with its term.
    const parts: PubSubPayload[] = [];
    const heard = pubSub.subscribe(SNAPSHOT_TOPIC);
    await heard.ready;
    void (async () => {
      for await (const part of heard) parts.push(part);
    })();

    const a = process(pubSub, key, clock);
    await settled(() => expect(a.claim.isLeader()).toBe(true));
    const oldTerm = a.claim.term() as number;
    a.provider.send([footballMatch('a1', 'Arsenal', 'Chelsea', KICK_OFF, NOW)]);
    now += 500;
    a.real.tick();
    const b = process(pubSub, key, clock);
    const c = process(pubSub, key, clock);
    await settled(() => expect(events(b)).toEqual(['football/2026-12-05/arsenal-v-chelsea']));
    await settled(() => expect(events(c)).toEqual(events(a)));
    // a's answers carry its term.
    const oldParts = parts.filter((p) => (p as { term?: unknown }).term === oldTerm);
    expect(oldParts.length).toBeGreaterThan(0);
    expect(parts.length).toBe(oldParts.length);

    // a stalls; its lease lapses (deleted here, as if its ttl ended) and another process takes it.
    const other = new Redis(redis.url);
    try {
      await other.del(key);
    } finally {
      other.disconnect();
    }
    await settled(() => expect(b.claim.isLeader() || c.claim.isLeader()).toBe(true));
    const [nu, follower] = b.claim.isLeader() ? [b, c] : [c, b];
    const newTerm = nu.claim.term() as number;
    expect(newTerm).toBeGreaterThan(oldTerm);
    nu.provider.send([footballMatch('b1', 'Spurs', 'Fulham', KICK_OFF, NOW + 2000)]);
    now += 500;
    nu.real.tick();
    await settled(() => expect(events(follower)).toEqual(['football/2026-12-05/tottenham-hotspur-v-fulham']));

    // a heard the newer term: it stepped down at once (its next renewal is 10 s away) and stopped its providers.
    await settled(() => expect(a.claim.isLeader()).toBe(false));
    expect(a.provider.running).toBe(false);
    expect(a.claim.admit(oldTerm)).toBe(false);

    // a's snapshot of its older term, arriving now (published by a before it heard): dropped by
    // every process, so no mirror goes back to a's prices (another epoch's snapshot is otherwise
    // taken whatever its seq).
    const before = follower.feed.snapshot();
    for (const part of oldParts) await pubSub.publish(SNAPSHOT_TOPIC, part);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(follower.feed.snapshot()).toBe(before);
    expect(a.feed.snapshot()).toEqual(nu.feed.snapshot());
    // The newer leader's patches still reach both.
    nu.provider.send([footballMatch('b2', 'Leeds', 'Hull', KICK_OFF, NOW + 3000)]);
    now += 500;
    nu.real.tick();
    await settled(() => expect(follower.feed.snapshot()).toEqual(nu.feed.snapshot()));
    expect(events(follower)).toEqual(['football/2026-12-05/leeds-v-hull']);
    await settled(() => expect(events(a)).toEqual(['football/2026-12-05/leeds-v-hull']));
    expect(a.claim.isLeader()).toBe(false);
  });
});
