// The PostgreSQL listener of members' changes (member-changes.ts) on an empty database of its own on
// the test run's PostgreSQL (test/postgres.ts):
// what makes a kept record cheap to use. Requests that wait at the same moment share round trips:
// the one on the wire (which may have started before their caller saw a change) does not answer
// them; the next one, sent when it returns, answers all of them.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../test/postgres';
import { postgresMemberChanges, type PostgresMemberChanges } from './member-changes';

let server: TestPostgresDatabase | null = null;
let changes: PostgresMemberChanges | null = null;
beforeAll(async () => {
  server = await createTestPostgresDatabase({ migrated: false });
}, 120_000);
afterAll(async () => {
  await changes?.close();
  await server?.drop();
});

describe('postgresMemberChanges.sync', () => {
  it('answers false before it listens; then 50 callers at once cost two round trips, not 50', async () => {
    changes = postgresMemberChanges((server as TestPostgresDatabase).url);
    expect(await changes.sync()).toBe(false);
    changes.subscribe(() => undefined);
    await expect.poll(() => changes?.listening).toBe(true);
    const query = vi.spyOn(pg.Client.prototype, 'query');
    try {
      const first = changes.sync();
      const others = Array.from({ length: 49 }, () => changes?.sync());
      expect(await first).toBe(true);
      expect(await Promise.all(others)).toEqual(Array.from({ length: 49 }, () => true));
      // The first caller's round trip, and one more for the 49 that came while it was on the wire.
      expect(query.mock.calls.map(([text]) => text)).toEqual(['', '']);
      // A caller after both have answered sends its own.
      expect(await changes.sync()).toBe(true);
      expect(query).toHaveBeenCalledTimes(3);
    } finally {
      query.mockRestore();
    }
  });
});
