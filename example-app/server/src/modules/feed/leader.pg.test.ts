// The feed leader's advisory lock (a shared DATABASE_URL), on a real PostgreSQL on loopback: a claim
// stopped while its connection opens neither leads nor keeps the lock; each holder's term is greater
// than the last, and a holder hearing a newer term lets go (fencing).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../../test/postgres';
import { advisoryLeader } from './leader';

// An empty database of its own on the test run's PostgreSQL (test/postgres.ts): advisory locks are
// per database, so no other file's lock 4242 is this one's.
let postgres: TestPostgresDatabase;
beforeAll(async () => {
  postgres = await createTestPostgresDatabase({ migrated: false });
}, 120_000);
afterAll(async () => {
  await postgres?.drop();
});

describe('the feed leader’s advisory lock', () => {
  it('neither leads nor holds the lock once stopped while it was still connecting', async () => {
    const changes: boolean[] = [];
    const a = advisoryLeader(postgres.url, 4242, { retryMs: 50, onChange: (leader) => changes.push(leader) });
    await a.stop(); // its first attempt is still opening its connection
    await new Promise((resolve) => setTimeout(resolve, 500)); // whatever that attempt does, it has done
    expect(changes).toEqual([]);
    const b = advisoryLeader(postgres.url, 4242, { retryMs: 50 });
    try {
      await vi.waitFor(() => expect(b.isLeader()).toBe(true), { timeout: 5000, interval: 10 });
      expect(a.isLeader()).toBe(false);
      expect(changes).toEqual([]);
    } finally {
      await b.stop();
    }
  });

  it('draws a term above one heard from elsewhere (a Redis-elected leader before DATABASE_URL), not the cluster’s smaller id', async () => {
    const a = advisoryLeader(postgres.url, 4444, { retryMs: 50 });
    try {
      // Heard before it took the lock: a term drawn far from this cluster's transaction ids.
      const elsewhere = Date.now() + 3_600_000;
      expect(a.admit(elsewhere)).toBe(true);
      await vi.waitFor(() => expect(a.isLeader()).toBe(true), { timeout: 5000, interval: 10 });
      expect(a.term()).toBeGreaterThan(elsewhere);
      expect(a.admit(a.term() as number)).toBe(true); // its own messages are not dropped
    } finally {
      await a.stop();
    }
  });

  it('draws a greater term for each successive holder; one hearing a newer term lets go of the lock at once', async () => {
    const a = advisoryLeader(postgres.url, 4343, { retryMs: 50 });
    await vi.waitFor(() => expect(a.isLeader()).toBe(true), { timeout: 5000, interval: 10 });
    const first = a.term() as number;
    expect(Number.isSafeInteger(first) && first > 0).toBe(true);
    const b = advisoryLeader(postgres.url, 4343, { retryMs: 50 });
    const c = advisoryLeader(postgres.url, 4343, { retryMs: 50 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(b.term()).toBeNull();
      expect(c.term()).toBeNull();
      await a.stop();
      await vi.waitFor(() => expect(b.isLeader() || c.isLeader()).toBe(true), { timeout: 5000, interval: 10 });
      const [holder, other] = b.isLeader() ? [b, c] : [c, b];
      const second = holder.term() as number;
      expect(second).toBeGreaterThan(first);
      expect(other.admit(second)).toBe(true);
      expect(other.admit(first)).toBe(false);
      // The holder hears a newer term than its own (another process's, as after a failover it
      // missed): it steps down there and then, and its session ends, so the other takes the lock.
      expect(holder.admit(second + 1)).toBe(true);
      expect(holder.isLeader()).toBe(false);
      await vi.waitFor(() => expect(other.isLeader()).toBe(true), { timeout: 5000, interval: 10 });
      expect(other.term()).toBeGreaterThan(second);
      expect(holder.admit(second)).toBe(false);
    } finally {
      await b.stop();
      await c.stop();
    }
  });
});
