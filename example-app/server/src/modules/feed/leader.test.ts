// The feed leader's lease in Redis (REDIS_URL without DATABASE_URL), on a real Redis on loopback:
// two processes' claims (two connections), of which one leads at a time.
import { createServer, connect, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startRedis, type RunningRedis } from '../../../../../scripts/services.mjs';
import { leaseTermKey, redisLeader, type Leadership } from './leader';

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
function claim(key: string, leading: number[], options: { ttlMs?: number; onProblem?: (problem: string) => void } = {}): Leadership {
  const c = redisLeader(redis.url, key, {
    ttlMs: options.ttlMs ?? 3000,
    retryMs: 50,
    ...(options.onProblem === undefined ? {} : { onProblem: options.onProblem }),
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

  it('steps down when another process holds the lease (its epoch replaced), and never extends that one', async () => {
    const leading: number[] = [];
    const problems: string[] = [];
    const a = claim('test:lease-fence', leading, { ttlMs: 600, onProblem: (p) => problems.push(p) });
    await vi.waitFor(() => expect(a.isLeader()).toBe(true), { timeout: 5000, interval: 10 });
    // The lease passed to another process (as after a stall longer than the ttl): a new epoch in the key.
    const other = new Redis(redis.url);
    try {
      await other.set('test:lease-fence', 'another-epoch', 'PX', 60_000);
      await vi.waitFor(() => expect(a.isLeader()).toBe(false), { timeout: 2000, interval: 10 });
      expect(problems).toContain('the feed leader lease expired or was taken by another process');
      // Not renewed by the old leader: its ttl left as set.
      expect(await other.get('test:lease-fence')).toBe('another-epoch');
      expect(await other.pttl('test:lease-fence')).toBeGreaterThan(55_000);
    } finally {
      other.disconnect();
    }
  });

  it('never frees another process’s lease when it stops while it still believes it leads', async () => {
    const a = claim('test:lease-free', [], { ttlMs: 3000 });
    await vi.waitFor(() => expect(a.isLeader()).toBe(true), { timeout: 5000, interval: 10 });
    const other = new Redis(redis.url);
    try {
      // Replaced under it, and stopped before its next renewal (a third of 3 s) could tell it.
      await other.set('test:lease-free', 'another-epoch', 'PX', 60_000);
      expect(a.isLeader()).toBe(true);
      await a.stop();
      expect(await other.get('test:lease-free')).toBe('another-epoch');
    } finally {
      other.disconnect();
    }
  });

  it('lets go of a lease taken by the request in flight when it stops', async () => {
    const proxy = await stallingProxy(redis.port);
    const other = new Redis(redis.url);
    try {
      proxy.delayReplies(300);
      const a = redisLeader(proxy.url(redis.url), 'test:lease-inflight', { ttlMs: 3000, retryMs: 50 });
      claims.push(a);
      // The SET NX is at Redis (it takes the lease there); its answer is on its way back.
      await vi.waitFor(() => expect(proxy.sent()).toMatch(/test:lease-inflight/), { timeout: 5000, interval: 5 });
      await a.stop();
      expect(a.isLeader()).toBe(false);
      expect(await other.get('test:lease-inflight')).toBeNull();
    } finally {
      other.disconnect();
      proxy.close();
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

  it('steps down before its lease can end when Redis stops answering (a stalled connection)', async () => {
    const proxy = await stallingProxy(redis.port);
    const other = new Redis(redis.url);
    const problems: string[] = [];
    const a = redisLeader(proxy.url(redis.url), 'test:lease-stall', { ttlMs: 1500, retryMs: 50, onProblem: (p) => problems.push(p) });
    claims.push(a);
    try {
      await vi.waitFor(() => expect(a.isLeader()).toBe(true), { timeout: 5000, interval: 10 });
      const epoch = await other.get('test:lease-stall');
      proxy.stall(); // the renewals are sent and never answered
      const stalledAt = performance.now();
      await vi.waitFor(() => expect(a.isLeader()).toBe(false), { timeout: 3000, interval: 10 });
      // Stepped down while the lease it last set still held: nobody else could have led yet.
      expect(performance.now() - stalledAt).toBeLessThan(1500);
      expect(await other.get('test:lease-stall')).toBe(epoch);
      // Told why, by the error's name (never the URL and its password).
      expect(problems.join('\n')).toMatch(/could not be renewed/);
      expect(problems.join('\n')).not.toContain(String(redis.password));
    } finally {
      other.disconnect();
      await a.stop();
      proxy.close();
    }
  });
});

/** What Redis loses on a restart without persistence: the lease at `key` and its term counter. */
async function forgetLease(key: string): Promise<void> {
  const other = new Redis(redis.url);
  try {
    await other.del(key, leaseTermKey(key));
  } finally {
    other.disconnect();
  }
}

describe('the feed leader’s term in Redis (fencing)', () => {
  it('draws a greater term for each successive leader, past the highest it heard should Redis lose its counter', async () => {
    const key = 'test:term-rise';
    const a = claim(key, []);
    await vi.waitFor(() => expect(a.isLeader()).toBe(true), { timeout: 5000, interval: 10 });
    const first = a.term() as number;
    expect(Number.isSafeInteger(first) && first > 0).toBe(true);
    const b = claim(key, []);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(b.term()).toBeNull(); // a follower has no term
    await a.stop();
    expect(a.term()).toBeNull();
    await vi.waitFor(() => expect(b.isLeader()).toBe(true), { timeout: 2000, interval: 10 });
    const second = b.term() as number;
    expect(second).toBeGreaterThan(first);
    // Redis lost its data (a restart without persistence): the counter starts again at 1, yet a
    // process that heard the last leader's term draws a greater one.
    const c = claim(key, []);
    expect(c.admit(second)).toBe(true);
    await b.stop();
    await forgetLease(key);
    await vi.waitFor(() => expect(c.isLeader()).toBe(true), { timeout: 2000, interval: 10 });
    expect(c.term()).toBeGreaterThan(second);
  });

  it('draws a term above every earlier one when Redis lost its counter and the new leader heard no term', async () => {
    const key = 'test:term-amnesia';
    const a = claim(key, []);
    await vi.waitFor(() => expect(a.isLeader()).toBe(true), { timeout: 5000, interval: 10 });
    const first = a.term() as number;
    await a.stop();
    await forgetLease(key);
    // A fresh process (it heard nothing): without the clock its term would be 1, below what the
    // followers remember, and they would drop every message it publishes.
    const b = claim(key, []);
    await vi.waitFor(() => expect(b.isLeader()).toBe(true), { timeout: 5000, interval: 10 });
    expect(b.term()).toBeGreaterThan(first);
  });

  it('drops an older term once it heard a newer one; a leader hearing a newer term steps down at once', async () => {
    const key = 'test:term-fence';
    const problems: string[] = [];
    const changes: boolean[] = [];
    const a = redisLeader(redis.url, key, {
      ttlMs: 30_000, // its next renewal, 10 s away, tells it nothing during the test
      retryMs: 50,
      onProblem: (p) => problems.push(p),
      onChange: (leader) => changes.push(leader),
    });
    claims.push(a);
    await vi.waitFor(() => expect(a.isLeader()).toBe(true), { timeout: 5000, interval: 10 });
    const old = a.term() as number;
    const b = claim(key, [], { ttlMs: 30_000 });
    expect(b.admit(old)).toBe(true); // b hears a's messages
    // a stalls and its lease lapses (deleted here, as if its ttl ended): b takes it, a still believes it leads.
    const other = new Redis(redis.url);
    try {
      await other.del(key);
      await vi.waitFor(() => expect(b.isLeader()).toBe(true), { timeout: 2000, interval: 10 });
      const newer = b.term() as number;
      expect(newer).toBeGreaterThan(old);
      expect(a.isLeader()).toBe(true);
      const lease = await other.get(key);
      // Every process drops a's messages once it heard b's term: b, and a itself.
      expect(b.admit(newer)).toBe(true);
      expect(b.admit(old)).toBe(false);
      // a hears b's term: it steps down there and then, and drops its own term's messages after.
      expect(a.admit(newer)).toBe(true);
      expect(a.isLeader()).toBe(false);
      expect(a.term()).toBeNull();
      expect(changes).toEqual([true, false]);
      expect(problems).toContain('another process leads the feed with a newer term');
      expect(a.admit(old)).toBe(false);
      // It left b's lease alone, and does not lead again while b holds it.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(a.isLeader()).toBe(false);
      expect(b.isLeader()).toBe(true);
      expect(await other.get(key)).toBe(lease);
    } finally {
      other.disconnect();
    }
  });
});

/** A TCP proxy to `port` on loopback that forwards (replies after a delay if asked) until stall(). */
async function stallingProxy(
  port: number,
): Promise<{ url(target: string): string; stall(): void; delayReplies(ms: number): void; sent(): string; close(): void }> {
  let stalled = false;
  let replyDelayMs = 0;
  let sent = '';
  const sockets: Socket[] = [];
  const server: Server = createServer((down) => {
    const up = connect(port, '127.0.0.1');
    sockets.push(down, up);
    down.on('data', (chunk: Buffer) => {
      if (stalled) return;
      sent += chunk.toString('latin1');
      up.write(chunk);
    });
    up.on('data', (chunk: Buffer) => {
      if (stalled) return;
      if (replyDelayMs === 0) down.write(chunk);
      else setTimeout(() => stalled || down.write(chunk), replyDelayMs);
    });
    down.on('error', () => undefined);
    up.on('error', () => undefined);
    down.on('close', () => up.destroy());
    up.on('close', () => down.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the stalling proxy has no port');
  return {
    url: (target) => target.replace(`:${port}`, `:${address.port}`),
    stall: () => {
      stalled = true;
    },
    delayReplies: (ms) => {
      replyDelayMs = ms;
    },
    sent: () => sent,
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}
