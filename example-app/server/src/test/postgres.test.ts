// The databases test files get on the test run's one PostgreSQL cluster (postgres.ts): each file's
// isolation is as strong as when it had a cluster of its own. Rows, advisory locks and LISTEN/NOTIFY
// channels of one database are not another's; a migrated one has the schema and no rows, an empty
// one nothing; drop() ends the connections still on it and removes it.
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createTestPostgresDatabase, type TestPostgresDatabase } from './postgres';

const made: TestPostgresDatabase[] = [];
const clients: pg.Client[] = [];
afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((c) => c.end()));
});
afterAll(async () => {
  await Promise.all(made.splice(0).map((d) => d.drop()));
});

async function database(migrated: boolean): Promise<TestPostgresDatabase> {
  const d = await createTestPostgresDatabase({ migrated });
  made.push(d);
  return d;
}

async function connect(d: TestPostgresDatabase): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: d.url });
  client.on('error', () => undefined);
  await client.connect();
  clients.push(client);
  return client;
}

const tables = async (c: pg.Client): Promise<string[]> =>
  (await c.query<{ t: string }>(`select table_name as t from information_schema.tables where table_schema = 'public' order by 1`)).rows.map(
    (r) => r.t,
  );

describe('a database of its own on the shared cluster', () => {
  it('migrated: the schema of the migrations and no rows; empty: no table at all', async () => {
    const [migrated, empty] = await Promise.all([database(true), database(false)]);
    const m = await connect(migrated);
    expect(await tables(m)).toEqual(expect.arrayContaining(['users', 'tracked_bets', 'outbox']));
    expect((await m.query<{ n: number }>('select count(*)::int as n from users')).rows).toEqual([{ n: 0 }]);
    expect(await tables(await connect(empty))).toEqual([]);
  });

  it("two files' databases: neither sees the other's rows, advisory locks or notifications", async () => {
    const [a, b] = await Promise.all([database(true), database(true)]);
    expect(a.database).not.toBe(b.database);
    const [onA, onB, listenerB] = await Promise.all([connect(a), connect(b), connect(b)]);

    await onA.query(
      `insert into users (id, email, username, first_name, last_name, password_hash, referral_code, adult_confirmed_at, created_at)
       values ('u_a', 'a@example.test', 'a', 'A', 'A', 'x', 'A', now(), now())`,
    );
    expect((await onB.query('select id from users')).rows).toEqual([]);

    expect((await onA.query<{ ok: boolean }>('select pg_try_advisory_lock(4242) as ok')).rows).toEqual([{ ok: true }]);
    expect((await onB.query<{ ok: boolean }>('select pg_try_advisory_lock(4242) as ok')).rows).toEqual([{ ok: true }]);

    const heard: string[] = [];
    listenerB.on('notification', (n) => heard.push(`${n.channel}:${n.payload ?? ''}`));
    await listenerB.query('listen matchkit_isolation');
    await onA.query(`notify matchkit_isolation, 'from a'`);
    await onB.query(`notify matchkit_isolation, 'from b'`);
    await expect.poll(() => heard).toEqual(['matchkit_isolation:from b']);
  });

  it('drop() ends the connections still on the database and removes it; a second drop() is fine', async () => {
    const d = await createTestPostgresDatabase({ migrated: false });
    const left = await connect(d);
    const ended = new Promise<void>((resolve) => left.once('end', resolve));
    await d.drop();
    await ended;
    await d.drop();
    await expect(connect(d)).rejects.toThrow(/does not exist/);
  });
});
