import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_RATE_LIMITS,
  createAuthRateLimits,
  createMemoryRateLimitStore,
  createRedisRateLimitStore,
  retryAfterSeconds,
  type RateLimitStore,
} from './rate-limits';

const policies = { ...AUTH_RATE_LIMITS, 'login:account': { points: 3, durationSeconds: 60 } };

/** The laws every store keeps, run against each. */
function laws(name: string, makeStores: () => Promise<[RateLimitStore, RateLimitStore]>) {
  describe(name, () => {
    let a: RateLimitStore;
    let b: RateLimitStore;
    beforeAll(async () => {
      [a, b] = await makeStores();
    });
    afterAll(async () => {
      await a.close();
      if (b !== a) await b.close();
    });

    it('is not blocked before the limit, blocked at it, with the time left; clear forgets the key', async () => {
      const limits = createAuthRateLimits(a, policies);
      const key = `k-${Math.random()}`;
      expect(await limits.blocked('login:account', key)).toBeNull();
      expect(await limits.hit('login:account', key)).toBeNull();
      expect(await limits.hit('login:account', key)).toBeNull();
      expect(await limits.blocked('login:account', key)).toBeNull();
      expect(await limits.hit('login:account', key)).toBeNull();
      const wait = await limits.blocked('login:account', key);
      expect(wait).not.toBeNull();
      expect(wait as number).toBeGreaterThan(50_000);
      expect(wait as number).toBeLessThanOrEqual(60_000);
      expect(await limits.hit('login:account', key)).not.toBeNull();
      await limits.clear('login:account', key);
      expect(await limits.blocked('login:account', key)).toBeNull();
    });

    it('keeps rules and keys apart', async () => {
      const limits = createAuthRateLimits(a, policies);
      const key = `k-${Math.random()}`;
      for (let i = 0; i < 3; i += 1) await limits.hit('login:account', key);
      expect(await limits.blocked('login:account', key)).not.toBeNull();
      expect(await limits.blocked('login:ip', key)).toBeNull();
      expect(await limits.blocked('login:account', `${key}-other`)).toBeNull();
    });

    it('shares counts between limiters on the same store', async () => {
      const one = createAuthRateLimits(a, policies);
      const two = createAuthRateLimits(b, policies);
      const key = `shared-${Math.random()}`;
      await one.hit('login:account', key);
      await two.hit('login:account', key);
      await one.hit('login:account', key);
      expect(await two.blocked('login:account', key)).not.toBeNull();
    });
  });
}

laws('the memory store', async () => {
  const store = createMemoryRateLimitStore();
  return [store, store];
});

describe('the Redis store', () => {
  let redis: ChildProcess | null = null;
  let port = 0;

  beforeAll(async () => {
    port = await freePort();
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => {});
    for (let i = 0; ; i += 1) {
      try {
        await probe.connect();
        await probe.ping();
        break;
      } catch (error) {
        if (i > 100) throw error;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    probe.disconnect();
  });
  afterAll(async () => {
    if (redis !== null && redis.exitCode === null) {
      const exited = new Promise((r) => redis?.once('exit', r));
      redis.kill('SIGTERM');
      await exited;
    }
  });

  // Two stores with their own connections: two server processes sharing one Redis.
  laws('(two connections)', async () => {
    const one = createRedisRateLimitStore(`redis://127.0.0.1:${port}`);
    const two = createRedisRateLimitStore(`redis://127.0.0.1:${port}`);
    await waitReady();
    return [one, two];
  });

  it('keeps no email address in Redis (keys are hashed)', async () => {
    const store = createRedisRateLimitStore(`redis://127.0.0.1:${port}`);
    await waitReady();
    const limits = createAuthRateLimits(store, policies);
    await limits.hit('reset:account', 'someone@example.com');
    const client = new Redis(port, '127.0.0.1');
    const keys = await client.keys('*');
    client.disconnect();
    await store.close();
    expect(keys.some((k) => k.startsWith('mk:rl:reset-account'))).toBe(true);
    expect(keys.join(' ')).not.toContain('example.com');
  });

  /** Waits until a fresh connection to the server answers (the stores connect on their own). */
  async function waitReady() {
    const c = new Redis(port, '127.0.0.1');
    await c.ping();
    c.disconnect();
    await new Promise((r) => setTimeout(r, 100));
  }
});

describe('retryAfterSeconds', () => {
  it('rounds up to whole seconds, at least 1', () => {
    expect(retryAfterSeconds(1)).toBe(1);
    expect(retryAfterSeconds(1000)).toBe(1);
    expect(retryAfterSeconds(1001)).toBe(2);
    expect(retryAfterSeconds(0)).toBe(1);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}
