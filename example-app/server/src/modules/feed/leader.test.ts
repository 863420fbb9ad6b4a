// The feed leader's lease in Redis (REDIS_URL without DATABASE_URL), on a real Redis on loopback:
// two processes' claims (two connections), of which one leads at a time.
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startRedis, type RunningRedis } from '../../../../../scripts/services.mjs';
import { redisLeader, type Leadership } from './leader';

let redis: RunningRedis;
const claims: Leadership[] = [];
beforeAll(async () => {
  redis = await startRedis();
}, 60_000);
afterEach(async () => {
  for (const claim of claims.splice(0)) await claim.stop();
});
afterAll(async () => {
  await redis.stop();
});

/** A claim on `key` that records, on every change, how many claims lead at that moment. */
function claim(key: string, leading: number[], options: { ttlMs?: number } = {}): Leadership {
  const c = redisLeader(redis.url, key, {
    ttlMs: options.ttlMs ?? 3000,
    retryMs: 50,
    onChange: () => queueMicrotask(() => leading.push(claims.filter((x) => x.isLeader()).length)),
  });
  claims.push(c);
  return c;
}

describe('the feed leader’s lease in Redis', () => {
  it('lets one of two processes lead, and the other once the first stops (its lease released)', async () => {
    const leading: number[] = [];
    const a = claim('test:lease-stop', leading);
    const b = claim('test:lease-stop', leading);
    await vi.waitFor(() => expect(a.isLeader() || b.isLeader()).toBe(true), { timeout: 5000, interval: 10 });
    await new Promise((resolve) => setTimeout(resolve, 300)); // several retries of the other: still one
    expect([a, b].filter((c) => c.isLeader())).toHaveLength(1);
    const [first, second] = a.isLeader() ? [a, b] : [b, a];
    const stoppedAt = Date.now();
    await first.stop();
    // Released: taken at the other's next try, well within the lease's 3 s.
    await vi.waitFor(() => expect(second.isLeader()).toBe(true), { timeout: 2000, interval: 10 });
    expect(Date.now() - stoppedAt).toBeLessThan(2000);
    expect(first.isLeader()).toBe(false);
    expect(Math.max(...leading)).toBe(1);
  });

  it('steps down when another process holds the lease (its epoch replaced), and never extends or frees that one', async () => {
    const leading: number[] = [];
    const a = claim('test:lease-fence', leading, { ttlMs: 600 });
    await vi.waitFor(() => expect(a.isLeader()).toBe(true), { timeout: 5000, interval: 10 });
    // The lease passed to another process (as after a stall longer than the ttl): a new epoch in the key.
    const other = new Redis(redis.url);
    try {
      await other.set('test:lease-fence', 'another-epoch', 'PX', 60_000);
      await vi.waitFor(() => expect(a.isLeader()).toBe(false), { timeout: 2000, interval: 10 });
      await a.stop();
      // Neither renewed (its ttl left as set) nor deleted by the old leader.
      expect(await other.get('test:lease-fence')).toBe('another-epoch');
      expect(await other.pttl('test:lease-fence')).toBeGreaterThan(55_000);
    } finally {
      other.disconnect();
    }
  });

  it('takes a lease its dead holder never released once its ttl has passed', async () => {
    const leading: number[] = [];
    const other = new Redis(redis.url);
    try {
      // A holder that died: its epoch stays until the ttl ends, and nobody renews it.
      await other.set('test:lease-dead', 'dead-epoch', 'PX', 500);
      const b = claim('test:lease-dead', leading);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(b.isLeader()).toBe(false);
      await vi.waitFor(() => expect(b.isLeader()).toBe(true), { timeout: 3000, interval: 10 });
      expect(await other.get('test:lease-dead')).not.toBe('dead-epoch');
    } finally {
      other.disconnect();
    }
  });
});
