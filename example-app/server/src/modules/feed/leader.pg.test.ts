// The feed leader's advisory lock (a shared DATABASE_URL), on a real PostgreSQL on loopback: a claim
// stopped while its connection opens neither leads nor keeps the lock.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPostgres, type RunningPostgres } from '../../../../../scripts/services.mjs';
import { advisoryLeader } from './leader';

let postgres: RunningPostgres;
beforeAll(async () => {
  postgres = await startPostgres();
}, 120_000);
afterAll(async () => {
  await postgres.stop();
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
});
